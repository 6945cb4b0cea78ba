/// What the user did to the list, which the driver keeps in step with what waits: an edit such as
/// a swipe to delete, made on top of the newest snapshot, and a row the view moved itself.
extension ListDriver {
    /// Applies an edit the user made (a swipe to delete, say) on top of ``latestSnapshot``, so a
    /// live update that is still waiting is kept, not replaced.
    ///
    /// - Returns: the snapshot applied.
    /// - Throws: whatever `edit` throws (a ``SnapshotError`` when the item is already gone from the
    ///   newest state); nothing is applied then.
    @discardableResult
    package func applyEdit(_ edit: (inout Snapshot<SectionID, Item>) throws -> Void) rethrows -> Snapshot<SectionID, Item> {
        var next = latestSnapshot
        try edit(&next)
        apply(next, animatingDifferences: true, completion: nil)
        return next
    }

    /// Records a move the view made itself (an interactive reorder has already moved the row):
    /// the snapshot on screen gets it at once, without touching the view, and a snapshot still
    /// waiting gets the same move by identity (next to the same neighbour), so neither the move
    /// nor the waiting update is lost.
    ///
    /// In a section shown as an outline (``SectionSnapshots/apply(_:to:animatingDifferences:completion:)``),
    /// the item moves among its siblings, where its row landed, and its children follow it; a move
    /// into or out of such a section is animated back and reported as
    /// ``ListDiagnostic/Kind/refusedMove(item:from:to:)``. Adapters keep rows where they may
    /// land while the user drags them.
    ///
    /// - Returns: the snapshot now on screen.
    /// - Throws: ``SnapshotError/itemPathOutOfRange(_:itemsInSection:)`` for a bad path; nothing
    ///   changes then.
    @discardableResult
    public func acknowledgeMove(from source: ItemPath, to destination: ItemPath) throws -> Snapshot<SectionID, Item> {
        let item = try snapshot.existingItem(at: source)
        let shown = snapshot
        var next = snapshot
        try next.moveItem(at: source, to: destination)
        snapshot = next
        if running { viewChangedUnderneath = true }
        if let jobFollower, jobFollower.viewMoved(item.id, from: source, to: destination, before: shown) { return next }
        if !running { jobFollower?.shownAtOnce(next) }
        if var waiting = pending, let path = next.itemPath(for: item.id), let section = next.section(at: path.section) {
            let before = path.item > 0 ? section.items[path.item - 1].id : nil
            let after = path.item + 1 < section.items.count ? section.items[path.item + 1].id : nil
            // A neighbour counts only where the waiting snapshot has it in the section the row
            // landed in: a row the view shows out of its section (a refused move not yet undone)
            // would carry the item into another section, an outline's tree among them.
            func isBeside(_ neighbour: Item.ID?) -> Bool {
                neighbour.map { waiting.snapshot.sectionIdentifier(containingItem: $0) == section.id } ?? false
            }
            if isBeside(before), let before, (try? waiting.snapshot.moveItem(item.id, afterItem: before)) != nil {
                pending = waiting
            } else if isBeside(after), let after, (try? waiting.snapshot.moveItem(item.id, beforeItem: after)) != nil {
                pending = waiting
            }
        }
        if let waiting = pending { jobFollower?.queued(waiting.snapshot) }
        return next
    }

    /// Replaces the snapshot of the job that waits with `next`, when one waits.
    ///
    /// - Returns: whether a job waits.
    func replaceWaitingSnapshot(with next: Snapshot<SectionID, Item>) -> Bool {
        guard var waiting = pending else { return false }
        waiting.snapshot = next
        pending = waiting
        jobFollower?.queued(next)
        return true
    }
}
