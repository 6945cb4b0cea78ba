// The last phases of the diff: the rules that make an update wait, and the stages of the
// changeset, in the order UIKit needs.

extension DiffEngine {
    /// Rule 5: UIKit places a reloaded row by the batch's deletes and inserts only, not by its
    /// moves. When sections are stable, every item update shares the batch with the item moves,
    /// so as soon as there is a move, the updates of items that stay wait for a stage of their
    /// own, at their target paths, like the updates of moved items.
    @inlinable
    func deferUpdatesPastMoves(_ changes: inout ItemChanges, sections: SectionMatch) {
        guard sections.isStable && !changes.crossMoves.isEmpty && !changes.inPlaceUpdates.isEmpty else { return }
        let oldSections = old._sections
        for (k, entry) in changes.inPlaceUpdates.enumerated() {
            let oldValue = oldSections[entry.path.section].items[entry.path.item]
            changes.pendingUpdates.append(PendingUpdate(path: changes.inPlaceTargets[k], kind: entry.kind, oldValue: oldValue))
        }
        changes.inPlaceUpdates.removeAll()
    }

    /// Rule 7: no public source says whether UIKit reads a reconfigure's path before or after
    /// its batch. A reconfigure stays in its batch only where both are the same; one whose row
    /// the batch's deletes and inserts shift (a row or section removed or inserted above it)
    /// waits for the last stage, at its target path, with the updates of moved items. Reloads
    /// are documented to address the state before the batch, and stay.
    @inlinable
    func deferShiftedReconfigures(_ changes: inout ItemChanges, sections: SectionMatch, rows: RowsAfterRemovals) {
        guard changes.inPlaceUpdates.contains(where: { $0.kind == .reconfigure }) else { return }
        let oldSections = old._sections
        var keptUpdates = [(path: ItemPath, kind: UpdateKind)](), keptTargets = [ItemPath]()
        for (k, entry) in changes.inPlaceUpdates.enumerated() {
            let path = entry.path
            // Stable sections and no move (rule 5 took the updates otherwise): the batch leads
            // to the target. Otherwise the update is in the removal stage.
            let shifted =
                sections.isStable
                ? path != changes.inPlaceTargets[k]
                : sections.survivingRank[path.section] != path.section || rows.row(of: path) != path.item
            if entry.kind == .reconfigure && shifted {
                let oldValue = oldSections[path.section].items[path.item]
                changes.pendingUpdates.append(
                    PendingUpdate(path: changes.inPlaceTargets[k], kind: .reconfigure, oldValue: oldValue))
            } else {
                keptUpdates.append(entry)
                keptTargets.append(changes.inPlaceTargets[k])
            }
        }
        changes.inPlaceUpdates = keptUpdates
        changes.inPlaceTargets = keptTargets
    }

    /// The stages that lead from the source to the target: one batch when the sections are
    /// stable; otherwise removals, then sections, then items inserted and moved (rule 4). Updates
    /// that wait (rule 2) come in a last stage of their own.
    @inlinable
    func stages(sections: SectionMatch, changes: ItemChanges, rows: RowsAfterRemovals) -> [Stage] {
        var stages = [Stage]()
        let pendingUpdates = changes.pendingUpdates, titleUpdates = sections.titleUpdates
        let beforePending = snapshotBeforePendingUpdates(sections: sections, pendingUpdates: pendingUpdates)
        let (inPlaceReloads, inPlaceReconfigures) = Self.split(changes.inPlaceUpdates.sorted { $0.path < $1.path })

        if sections.isStable {
            // Rule 5: one batch.
            var stage = BatchUpdate(
                deletedItems: changes.removals, insertedItems: changes.inserts,
                movedItems: changes.crossMoves.sortedByTarget(),
                reloadedItems: inPlaceReloads, reconfiguredItems: inPlaceReconfigures)
            if pendingUpdates.isEmpty { stage.updatedSectionTitles = titleUpdates }
            if !stage.isEmpty { stages.append(Stage(update: stage, snapshot: beforePending)) }
        } else {
            appendRearrangingStages(
                to: &stages, sections: sections, changes: changes, rows: rows, beforePending: beforePending,
                reloads: inPlaceReloads, reconfigures: inPlaceReconfigures)
        }

        // Rule 2: updates of moved items, at their target paths, once they have moved.
        if !pendingUpdates.isEmpty {
            let (reload, reconfigure) = Self.split(pendingUpdates.map { ($0.path, $0.kind) })
            let finalStage = BatchUpdate(
                reloadedItems: reload.sorted(), reconfiguredItems: reconfigure.sorted(), updatedSectionTitles: titleUpdates)
            stages.append(Stage(update: finalStage, snapshot: new))
        }
        if let last = stages.indices.last { stages[last].snapshot = new }
        return stages
    }

    /// The target as it stands before the pending updates: moved items still show old content.
    /// Titles change in the stage that reports them: the last one when updates wait for it.
    /// Until then the sections keep their old titles, so that a diff from any stage's snapshot
    /// (an update interrupted by a newer one) still finds them changed and reports them.
    @inlinable
    func snapshotBeforePendingUpdates(sections: SectionMatch, pendingUpdates: [PendingUpdate]) -> SnapshotType {
        var beforePending = new
        for pending in pendingUpdates {
            beforePending._sections[pending.path.section].items[pending.path.item] = pending.oldValue
        }
        if !pendingUpdates.isEmpty {
            let oldSections = old._sections
            for t in sections.titleUpdates {
                let s = sections.newToOld[t]
                beforePending._sections[t].header = oldSections[s].header
                beforePending._sections[t].footer = oldSections[s].footer
            }
        }
        return beforePending
    }

    /// The updates' paths, reloads apart from reconfigures.
    @inlinable @inline(__always)
    static func split(_ updates: [(path: ItemPath, kind: UpdateKind)]) -> (reload: [ItemPath], reconfigure: [ItemPath]) {
        var reload = [ItemPath](), reconfigure = [ItemPath]()
        for entry in updates {
            if entry.kind == .reload { reload.append(entry.path) } else { reconfigure.append(entry.path) }
        }
        return (reload, reconfigure)
    }

    /// The stages of a diff whose sections change (rule 4): removals, then sections inserted and
    /// moved, then items inserted and moved.
    @inlinable
    func appendRearrangingStages(
        to stages: inout [Stage], sections: SectionMatch, changes: ItemChanges, rows: RowsAfterRemovals,
        beforePending: SnapshotType, reloads: [ItemPath], reconfigures: [ItemPath]
    ) {
        let oldSections = old._sections, newSections = new._sections
        // Rule 4, stage one: removals (`rows`, above).
        let removalStage = BatchUpdate(
            deletedSections: sections.deleted, deletedItems: changes.removals,
            reloadedItems: reloads, reconfiguredItems: reconfigures)
        let sectionStage = BatchUpdate(insertedSections: sections.inserted, movedSections: sections.moves)
        // The snapshot on screen, edited: only removed items and the items after them in their
        // sections are indexed again. Stage two rearranges its sections without indexing
        // their items again.
        var afterRemovalsSnapshot = SnapshotType()
        if !(removalStage.isEmpty && sectionStage.isEmpty) {
            afterRemovalsSnapshot = old.clearingUpdateRequests()
            afterRemovalsSnapshot._remove(sections: sections.deleted, rows: rows.removalsBySection)
            // Items that stay and changed show their new content from this stage on.
            for (path, _) in changes.inPlaceUpdates {
                let destination = new.itemPath(for: oldSections[path.section].items[path.item].id)!
                afterRemovalsSnapshot._sections[sections.survivingRank[path.section]].items[rows.row(of: path)] =
                    newSections[destination.section].items[destination.item]
            }
        }
        if !removalStage.isEmpty {
            stages.append(Stage(update: removalStage, snapshot: afterRemovalsSnapshot))
        }

        // Stage two: sections inserted (with all their items) and moved (carrying theirs; their
        // titles are still the old ones, as after stage one).
        if !sectionStage.isEmpty {
            var order = [Int]()
            order.reserveCapacity(newSections.count)
            var inserted = [Section<SectionID, Item>]()
            for t in 0..<newSections.count {
                let s = sections.newToOld[t]
                if s < 0 {
                    order.append(-1)
                    inserted.append(newSections[t])
                } else {
                    order.append(sections.survivingRank[s])
                }
            }
            var afterSections = afterRemovalsSnapshot
            afterSections._rearrangeSections(order, inserted: inserted)
            stages.append(Stage(update: sectionStage, snapshot: afterSections))
        }

        // Stage three: items inserted and moved, from the stage-two positions.
        let pendingUpdates = changes.pendingUpdates, titleUpdates = sections.titleUpdates
        var itemStage = BatchUpdate(insertedItems: changes.inserts)
        itemStage.movedItems = changes.crossMoves.map { move in
            let from = ItemPath(item: rows.row(of: move.from), section: sections.oldToNew[move.from.section])
            return .init(from: from, to: move.to)
        }.sortedByTarget()
        if pendingUpdates.isEmpty { itemStage.updatedSectionTitles = titleUpdates }
        if !itemStage.isEmpty || (pendingUpdates.isEmpty && !titleUpdates.isEmpty) {
            stages.append(Stage(update: itemStage, snapshot: beforePending))
        } else if pendingUpdates.isEmpty, let last = stages.indices.last {
            // Nothing to insert or move: the last stage already leads to the target.
            stages[last].snapshot = new
        }
    }
}
