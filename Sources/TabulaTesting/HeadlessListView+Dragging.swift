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
}

/// A drag in progress in a ``HeadlessListView``: what it carries, fixed when it began, while the
/// list may change under it.
public struct HeadlessDrag {
    /// What the drag carries, as the drag delegate described it.
    public let items: [AnyHashable]
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
        return HeadlessDrag(items: items)
    }

    /// Ends `drag` with a drop at `destination`, a position in the list as it is now (from the
    /// first row of a section to just after its last).
    ///
    /// - Throws: ``ListViewError/itemPathOutOfRange(_:operation:)`` for a position the view lacks;
    ///   what the drag delegate throws.
    public func drop(_ drag: HeadlessDrag, at destination: ItemPath) throws {
        guard sectionCounts.indices.contains(destination.section), (0...sectionCounts[destination.section]).contains(destination.item) else {
            throw ListViewError.itemPathOutOfRange(destination, operation: "drop at")
        }
        try dragDelegate?.listView(self, performDropOf: drag.items, at: destination)
    }
}
