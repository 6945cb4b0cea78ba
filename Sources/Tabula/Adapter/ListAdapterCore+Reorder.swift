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
            let before = driver.latestSnapshot
            let next = try driver.applyEdit { try $0.apply(reorder) }
            record(reorder, before: before)
            onMove?(reorder, next)
        }
    }

    /// Keeps `made`, applied to `before`, for undo, and tells the glue.
    func record(_ made: Reorder<SectionID, Item.ID>, before: Snapshot<SectionID, Item>) {
        record(.move(made), inverse: .reorders(before.inverse(of: made)))
    }

    /// What a drag of the items the view shows at `paths` carries: their identifiers, those that
    /// ``canMove`` allows, in the order given. Empty: the drag does not start.
    package func dragItems(at paths: [ItemPath]) -> [Item.ID] {
        var seen = Set<Item.ID>()
        return paths.compactMap(item(at:)).filter { canMove($0) && seen.insert($0.id).inserted }.map { $0.id }
    }

    /// What marks the drags this list starts, so a drop can tell them from drags of another list
    /// or app: the UIKit and AppKit glue store it with each dragged identifier.
    package var dragSource: ObjectIdentifier { ObjectIdentifier(self) }

    /// Where a drop the view proposes at `proposed` goes: the position itself when the list has
    /// it (from a section's first row to just after its last), or, for a drop with no position
    /// (below the last row), the end of the last section. `nil` when the list has no section or
    /// no such position.
    package func dropPosition(for proposed: ItemPath?) -> ItemPath? {
        let shown = driver.snapshot
        guard let proposed else {
            let last = shown.numberOfSections - 1
            return last >= 0 ? ItemPath(item: shown.numberOfItems(inSectionAt: last), section: last) : nil
        }
        guard proposed.section >= 0, proposed.section < shown.numberOfSections,
            (0...shown.numberOfItems(inSectionAt: proposed.section)).contains(proposed.item)
        else { return nil }
        return proposed
    }

    /// Whether a drop of a drag that `source` started, at `proposed`, is a move this list
    /// accepts: the drag is one of its own and the position exists. Drags from other lists and
    /// apps are refused.
    package func acceptsDrop(from source: ObjectIdentifier?, at proposed: ItemPath?) -> Bool {
        source == dragSource && dropPosition(for: proposed) != nil
    }

    /// Drops the dragged items `ids` at `destination`, a position in the list as the view shows
    /// it now (the dragged rows still in place, as a drop location is), and tells ``onMove``. A
    /// drop an outline section is part of is an ``OutlineMove`` instead
    /// (``dropInOutline(_:at:into:)``), and returns `nil`.
    ///
    /// Items a live update removed during the drag are left out of the reorder and reported as a
    /// ``ListDiagnostic/Kind/staleEdit(_:)``; the others move.
    ///
    /// - Returns: the reorder applied, or `nil` when nothing was left to move.
    /// - Throws: `SnapshotError.itemPathOutOfRange` naming `destination` when the list has no such
    ///   position; nothing changes then.
    @discardableResult
    package func drop(_ ids: [Item.ID], at destination: ItemPath) throws -> Reorder<SectionID, Item.ID>? {
        // A drop that an outline section is part of moves items in its tree instead.
        if try dropInOutline(ids, at: destination, into: false) != nil { return nil }
        let shown = driver.snapshot, latest = driver.latestSnapshot
        let present = ids.filter { latest.contains($0) && shown.contains($0) }
        if present.count < ids.count {
            let gone = ids.filter { !present.contains($0) }
            driver.report(ListDiagnostic(.staleEdit("dropped items no longer in the list: \(gone)")))
        }
        guard !present.isEmpty else { return nil }
        // The position is in the list on screen; the reorder goes on top of the newest snapshot,
        // so neighbours that a waiting update removes are passed over.
        guard let target = shown.reorderDestination(forDropAt: destination, moving: Set(present), present: latest.contains) else {
            throw SnapshotError<SectionID, Item.ID>.itemPathOutOfRange(destination, itemsInSection: shown.section(at: destination.section)?.items.count)
        }
        if case .endOfSection(let section) = target, latest.sectionIndex(of: section) == nil {
            driver.report(ListDiagnostic(.staleEdit("the drop's section \(section) is no longer in the list")))
            return nil
        }
        let made = Reorder(present, to: target)
        try reorder(made)
        return made
    }
}
