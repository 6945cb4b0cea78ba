import Tabula

extension HeadlessListView {
    // MARK: Swipe actions, context menus and editing

    /// The swipe actions the delegate offers for the item at `path` on `edge`, as a user's swipe
    /// shows them (empty when it offers none).
    ///
    /// - Throws: ``ListViewError/itemPathOutOfRange(_:operation:)`` for a path the view lacks.
    public func swipeActions(at path: ItemPath, edge: HeadlessAction.Edge = .trailing) throws -> [HeadlessAction] {
        guard contains(path) else { throw ListViewError.itemPathOutOfRange(path, operation: "swipe") }
        return delegate?.listView(self, swipeActionsForItemAt: path, edge: edge) ?? []
    }

    /// The context menu the delegate offers for the item at `path`, as a long press shows it
    /// (empty when it offers none).
    ///
    /// - Throws: ``ListViewError/itemPathOutOfRange(_:operation:)`` for a path the view lacks.
    public func contextMenu(at path: ItemPath) throws -> [HeadlessAction] {
        guard contains(path) else { throw ListViewError.itemPathOutOfRange(path, operation: "open the menu of") }
        return delegate?.listView(self, contextMenuForItemAt: path) ?? []
    }

    /// Deletes `path` as a swipe-to-delete would: asks the data source, which must update its model
    /// and the view.
    public func commitDelete(at path: ItemPath) throws {
        guard contains(path) else { throw ListViewError.itemPathOutOfRange(path, operation: "delete") }
        guard let dataSource, dataSource.listView(self, canEditItemAt: path) else { return }
        try dataSource.listView(self, commitDeleteOfItemAt: path)
    }

    /// Moves an item as a drag in editing mode does: the delegate may retarget the drop
    /// (``HeadlessListDelegate/listView(_:targetPathForMoveFrom:proposed:)``), the view moves the
    /// cell itself, then tells the data source, which must update its model only.
    ///
    /// - Returns: where the row landed.
    /// - Throws: ``ListViewError/itemPathOutOfRange(_:operation:)`` for a bad path.
    @discardableResult
    public func interactiveMove(from source: ItemPath, to proposed: ItemPath) throws -> ItemPath {
        guard contains(source) else { throw ListViewError.itemPathOutOfRange(source, operation: "move from") }
        guard let dataSource, dataSource.listView(self, canMoveItemAt: source) else { return source }
        let destination = delegate?.listView(self, targetPathForMoveFrom: source, proposed: proposed) ?? proposed
        // Dropped where it was picked up: nothing moved.
        guard destination != source else { return source }
        var after = sectionCounts
        after[source.section] -= 1
        guard after.indices.contains(destination.section), (0...after[destination.section]).contains(destination.item) else {
            throw ListViewError.itemPathOutOfRange(destination, operation: "move to")
        }
        after[destination.section] += 1
        let move = BatchUpdate(movedItems: [.init(from: source, to: destination)])
        let outcome = try move.validate(before: sectionCounts, after: after, flavor: flavor)
        var kept: [ItemPath: HeadlessCell] = [:]
        for (path, cell) in visibleCells {
            if let to = outcome.destination(of: path) { kept[to] = cell } else { enqueue(cell, at: path) }
        }
        visibleCells = kept
        selected = Set(selected.compactMap { outcome.destination(of: $0) })
        sectionCounts = after
        try dataSource.listView(self, moveItemAt: source, to: destination)
        try layout()
        return destination
    }
}
