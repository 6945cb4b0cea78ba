import Tabula

/// Answers a ``HeadlessListView``'s questions about drag and drop, as `UITableViewDragDelegate`
/// and `UITableViewDropDelegate` answer a table view's.
@MainActor
public protocol HeadlessListDragDelegate: AnyObject {
    /// What a drag of the items at `paths` carries: one value per dragged item (an identifier,
    /// say). Empty: the drag does not start.
    func listView(_ listView: HeadlessListView, itemsForBeginningDragAt paths: [ItemPath]) -> [AnyHashable]
    /// The user dropped the drag's `items` at `destination`, a position in the list as it is now,
    /// the dragged rows still in place. Update the model and the view (with a batch update).
    func listView(_ listView: HeadlessListView, performDropOf items: [AnyHashable], at destination: ItemPath) throws
    /// What marks the drags of this view, so that a view a drag is dropped in can tell which
    /// list it began in (the adapters' drag source). `nil` by default.
    func dragSource(for listView: HeadlessListView) -> ObjectIdentifier?
    /// The user dropped `items`, carried by a drag that began in another view (marked `source`),
    /// at `destination`. By default, nothing happens.
    func listView(_ listView: HeadlessListView, performDropOf items: [AnyHashable], from source: ObjectIdentifier?, at destination: ItemPath) throws
    /// The user dropped `contents` from another app at `destination`. By default, nothing happens.
    func listView(_ listView: HeadlessListView, performDropOf contents: [DroppedContent], at destination: ItemPath) throws
    /// The user dropped `items` from another app at `destination`; each loads, or fails to, as
    /// it describes. By default, nothing happens.
    func listView(_ listView: HeadlessListView, performDropOf items: [HeadlessDroppedItem], at destination: ItemPath) throws
    /// The user dropped the drag's `items` onto the item at `path` (into it, as into a folder),
    /// a drag of this view's own items. By default, nothing happens.
    func listView(_ listView: HeadlessListView, performDropOf items: [AnyHashable], into path: ItemPath) throws
    /// A drag rests over the item at `path` (`nil`: off the rows). By default, nothing happens.
    func listView(_ listView: HeadlessListView, dragHoversOver path: ItemPath?)
}

extension HeadlessListDragDelegate {
    public func dragSource(for listView: HeadlessListView) -> ObjectIdentifier? { nil }
    public func listView(_ listView: HeadlessListView, performDropOf items: [AnyHashable], from source: ObjectIdentifier?, at destination: ItemPath) throws {}
    public func listView(_ listView: HeadlessListView, performDropOf contents: [DroppedContent], at destination: ItemPath) throws {}
    public func listView(_ listView: HeadlessListView, performDropOf items: [HeadlessDroppedItem], at destination: ItemPath) throws {}
    public func listView(_ listView: HeadlessListView, performDropOf items: [AnyHashable], into path: ItemPath) throws {}
    public func listView(_ listView: HeadlessListView, dragHoversOver path: ItemPath?) {}
}

/// A drag in progress in a ``HeadlessListView``: what it carries, fixed when it began, while the
/// list may change under it.
public struct HeadlessDrag {
    /// What the drag carries, as the drag delegate described it.
    public let items: [AnyHashable]
    /// What marks the list the drag began in (its drag delegate's ``HeadlessListDragDelegate/dragSource(for:)``).
    public let source: ObjectIdentifier?
}

extension HeadlessListView {
    /// Begins a drag of the items at `paths`, as a long press and a pan do (several paths: a drag
    /// the user added items to).
    ///
    /// - Returns: the drag, or `nil` when the drag delegate gives it nothing to carry.
    /// - Throws: ``ListViewError/itemPathOutOfRange(_:operation:)`` for a path the view lacks.
    public func beginDrag(itemsAt paths: [ItemPath]) throws -> HeadlessDrag? {
        for path in paths where !contains(path) { throw ListViewError.itemPathOutOfRange(path, operation: "drag") }
        guard let items = dragDelegate?.listView(self, itemsForBeginningDragAt: paths), !items.isEmpty else { return nil }
        return HeadlessDrag(items: items, source: dragDelegate?.dragSource(for: self))
    }

    /// Ends `drag` with a drop at `destination`, a position in the list as it is now (from the
    /// first row of a section to just after its last). A drag begun in another view is a drag
    /// between two lists: the delegate hears where it came from.
    ///
    /// - Throws: ``ListViewError/itemPathOutOfRange(_:operation:)`` for a position the view lacks;
    ///   what the drag delegate throws.
    public func drop(_ drag: HeadlessDrag, at destination: ItemPath) throws {
        try checkDropPosition(destination)
        guard let delegate = dragDelegate else { return }
        if drag.source == nil || drag.source == delegate.dragSource(for: self) {
            try delegate.listView(self, performDropOf: drag.items, at: destination)
        } else {
            try delegate.listView(self, performDropOf: drag.items, from: drag.source, at: destination)
        }
    }

    /// Ends `drag`, begun in this view, with a drop onto the item at `path` (into it, as into a
    /// folder), as a drag held over a row until it highlights does. A drag begun in another
    /// view is not dropped.
    ///
    /// - Throws: ``ListViewError/itemPathOutOfRange(_:operation:)`` for an item the view lacks;
    ///   what the drag delegate throws.
    public func drop(_ drag: HeadlessDrag, into path: ItemPath) throws {
        guard contains(path) else { throw ListViewError.itemPathOutOfRange(path, operation: "drop into") }
        guard let delegate = dragDelegate, drag.source == nil || drag.source == delegate.dragSource(for: self) else { return }
        try delegate.listView(self, performDropOf: drag.items, into: path)
    }

    /// Holds `drag` still over the item at `path` (`nil`: off the rows, or out of the view), as a
    /// pointer resting there does: a collapsed outline folder that takes drops springs open once
    /// the drag has rested over it for the adapter's `springLoadingDelay`, measured on ``clock``
    /// (move it with ``HeadlessClock/advance(by:)``).
    ///
    /// - Throws: ``ListViewError/itemPathOutOfRange(_:operation:)`` for an item the view lacks.
    public func hover(_ drag: HeadlessDrag, over path: ItemPath?) throws {
        if let path, !contains(path) { throw ListViewError.itemPathOutOfRange(path, operation: "hover over") }
        dragDelegate?.listView(self, dragHoversOver: path)
    }

    /// Drops content from another app at `destination`, a position in the list as it is now, as
    /// a drag from another app ending over the view does.
    ///
    /// - Throws: ``ListViewError/itemPathOutOfRange(_:operation:)`` for a position the view lacks;
    ///   what the drag delegate throws.
    public func drop(_ contents: [DroppedContent], at destination: ItemPath) throws {
        try checkDropPosition(destination)
        try dragDelegate?.listView(self, performDropOf: contents, at: destination)
    }

    /// Drops `items` from another app at `destination`, a position in the list as it is now:
    /// each offers its types and loads (or fails to) as it describes, as the content of a drag
    /// from another app does once dropped over the view.
    ///
    /// - Throws: ``ListViewError/itemPathOutOfRange(_:operation:)`` for a position the view lacks;
    ///   what the drag delegate throws.
    public func drop(_ items: [HeadlessDroppedItem], at destination: ItemPath) throws {
        try checkDropPosition(destination)
        try dragDelegate?.listView(self, performDropOf: items, at: destination)
    }

    private func checkDropPosition(_ destination: ItemPath) throws {
        guard sectionCounts.indices.contains(destination.section), (0...sectionCounts[destination.section]).contains(destination.item) else {
            throw ListViewError.itemPathOutOfRange(destination, operation: "drop at")
        }
    }
}
