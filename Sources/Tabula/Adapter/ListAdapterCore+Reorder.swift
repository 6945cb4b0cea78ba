/// Reorders the user makes without the view moving rows itself: a drag of one or many items
/// dropped somewhere in the list, the terminal's move keys, the headless view's simulated drag.
/// Each ends as a ``Reorder`` by identifier, applied on top of the newest snapshot, so a live
/// update that arrives during the drag is neither lost nor able to misplace the drop.
extension ListAdapterCore {
    /// Applies a reorder the user made on top of the newest snapshot, animated, and tells
    /// ``onMove``.
    ///
    /// - Throws: `SnapshotError` naming an item or section the newest snapshot lacks; nothing
    ///   changes then, and the error is reported as a diagnostic too.
    package func reorder(_ reorder: Reorder<SectionID, Item.ID>) throws {
        try reporting {
            let next = try driver.applyEdit { try $0.apply(reorder) }
            onMove?(reorder, next)
        }
    }

    /// What a drag of the items the view shows at `paths` carries: their identifiers, those that
    /// ``canMove`` allows, in the order given. Empty: the drag does not start.
    package func dragItems(at paths: [ItemPath]) -> [Item.ID] {
        var seen = Set<Item.ID>()
        return paths.compactMap(item(at:)).filter { canMove($0) && seen.insert($0.id).inserted }.map(\.id)
    }

    /// Drops the dragged items `ids` at `destination`, a position in the list as the view shows
    /// it now (the dragged rows still in place, as a drop location is), and tells ``onMove``.
    ///
    /// Items a live update removed during the drag are left out of the reorder and reported as a
    /// ``ListDiagnostic/Kind/staleEdit(_:)``; the others move.
    ///
    /// - Returns: the reorder applied, or `nil` when nothing was left to move.
    /// - Throws: `SnapshotError.itemPathOutOfRange` naming `destination` when the list has no such
    ///   position; nothing changes then.
    @discardableResult
    package func drop(_ ids: [Item.ID], at destination: ItemPath) throws -> Reorder<SectionID, Item.ID>? {
        let shown = driver.snapshot
        let present = ids.filter { driver.latestSnapshot.contains($0) && shown.contains($0) }
        if present.count < ids.count {
            let gone = ids.filter { !present.contains($0) }
            driver.report(ListDiagnostic(.staleEdit("dropped items no longer in the list: \(gone)")))
        }
        guard !present.isEmpty else { return nil }
        guard let target = shown.reorderDestination(forDropAt: destination, moving: Set(present)) else {
            throw SnapshotError<SectionID, Item.ID>.itemPathOutOfRange(destination, itemsInSection: shown.section(at: destination.section)?.items.count)
        }
        let made = Reorder(present, to: target)
        try reorder(made)
        return made
    }
}
