/// The working state of one diff. Everything is indexed by dense integers once identifiers are
/// matched, so each item of either snapshot is hashed at most once.
@usableFromInline
struct DiffEngine<SectionID: Hashable & Sendable, Item: Identifiable, Classifier: _ItemClassifier>
where Item.ID: Sendable, Classifier.Item == Item {
    @usableFromInline typealias SnapshotType = Snapshot<SectionID, Item>
    @usableFromInline typealias Stage = Changeset<SectionID, Item>.Stage

    @usableFromInline let old: SnapshotType
    @usableFromInline let new: SnapshotType
    @usableFromInline let classifier: Classifier
    @usableFromInline let canReconfigure: ((Item, Item) -> Bool)?
    /// For each section, how many leading items are known equal (identifier and content) to the
    /// source's at the same place, with the sections the same; `nil` when not known.
    @usableFromInline let equalPrefixes: [Int]?

    @inlinable
    init(
        source: SnapshotType, target: SnapshotType, classifier: Classifier, canReconfigure: ((Item, Item) -> Bool)?,
        equalPrefixes: [Int]? = nil
    ) {
        self.old = source
        self.new = target
        self.classifier = classifier
        self.canReconfigure = canReconfigure
        self.equalPrefixes = equalPrefixes
    }

    /// An item that changed content and whose update must wait until it has moved.
    @usableFromInline
    struct PendingUpdate {
        @usableFromInline var path: ItemPath  // in the target
        @usableFromInline var kind: UpdateKind
        @usableFromInline var oldValue: Item
        @inlinable init(path: ItemPath, kind: UpdateKind, oldValue: Item) {
            self.path = path
            self.kind = kind
            self.oldValue = oldValue
        }
    }

    /// How an item that kept its identity is updated: what the engine reads for it, in one value
    /// that the run loop takes without copying the engine.
    @usableFromInline
    struct UpdateRule {
        @usableFromInline let classifier: Classifier
        @usableFromInline let target: SnapshotType
        @usableFromInline let canReconfigure: ((Item, Item) -> Bool)?
        @usableFromInline let hasMarks: Bool  // whether the target requests updates

        @inlinable
        init(classifier: Classifier, target: SnapshotType, canReconfigure: ((Item, Item) -> Bool)?) {
            self.classifier = classifier
            self.target = target
            self.canReconfigure = canReconfigure
            self.hasMarks = target.hasRequestedUpdates
        }

        /// The update from `oldItem` to `newItem`: the classifier's answer, or the update the
        /// target requests for the item; a reconfigure that `canReconfigure` refuses is a reload
        /// (UIKit reconfigures only in a cell of the same type).
        @inlinable @inline(__always)
        func kind(_ oldItem: Item, _ newItem: Item) -> UpdateKind? {
            kind(oldItem, newItem, marks: hasMarks, checksCell: true)
        }

        /// ``kind(_:_:)`` with `hasMarks` given as `marks`, and the cell check left out when
        /// `checksCell` is false (for a rule without `canReconfigure`): a loop that passes constants
        /// gets a copy without the parts it does not need.
        @inlinable @inline(__always)
        func kind(_ oldItem: Item, _ newItem: Item, marks: Bool, checksCell: Bool) -> UpdateKind? {
            var kind = classifier.classify(oldItem, newItem)
            if marks, let requested = target.requestedUpdate(for: newItem.id) { kind = requested }
            if checksCell, kind?.kind == .reconfigure, let canReconfigure, !canReconfigure(oldItem, newItem) { kind = .reload }
            return kind
        }
    }

    /// Matches the items of a target section from `j` on with the items of its home section from
    /// `row` on, while each one's identifier is that of the next old item, or of the one or two
    /// after it (which were deleted, or moved and are matched later): each is marked in
    /// `oldMatched` (the home section's flags), and recorded as a stay, from `stay` on in `rows`
    /// and `targets`, with its update in `updates` when it changed. Returns the number of items
    /// matched; `row` ends after the last old item matched.
    ///
    /// The old items are tried in the order the walk tries them (see `ItemWalk.walkSection`), so
    /// that which items are matched here, and how, is what the walk would have found. A Debug
    /// build compares bytes instead, in the walk itself (see `ItemWalk.bytewise`).
    // Not inlined: a loop of its own, with few values live, is what most items go through. Static,
    // so that calling it copies nothing of the engine.
    @inlinable @inline(never)
    static func extendRun(
        new: UnsafeBufferPointer<Item>, from j: Int, old: UnsafeBufferPointer<Item>, from row: inout Int,
        oldMatched: UnsafeMutableBufferPointer<Bool>, rows: UnsafeMutableBufferPointer<Int32>,
        targets: UnsafeMutableBufferPointer<Int32>, at stay: Int, updates: inout [(stay: Int, kind: UpdateKind)],
        rule: UpdateRule, marks: Bool, checksCell: Bool
    ) -> Int {
        // Local copies, held in registers: through `row` itself, every step of the loop wrote
        // memory that the writes to the buffers might alias.
        var k = 0, r = row
        defer { row = r }
        // Copies of the loop for the common cases, where the target requests no update: the
        // classifier's answer, and the check of a reconfigure when there is one, with nothing of
        // the rule read again for each item (churn10-100k-uuid in `instructions.sh` guards it).
        // `marks` and `checksCell` are the rule's, read by the caller once a section.
        switch (marks, checksCell) {
        case (false, false):
            runLoop(
                new: new, from: j, old: old, row: &r, count: &k, oldMatched: oldMatched, rows: rows, targets: targets, at: stay,
                updates: &updates, rule: rule, marks: false, checksCell: false)
        case (false, true):
            runLoop(
                new: new, from: j, old: old, row: &r, count: &k, oldMatched: oldMatched, rows: rows, targets: targets, at: stay,
                updates: &updates, rule: rule, marks: false, checksCell: true)
        case (true, _):
            runLoop(
                new: new, from: j, old: old, row: &r, count: &k, oldMatched: oldMatched, rows: rows, targets: targets, at: stay,
                updates: &updates, rule: rule, marks: true, checksCell: true)
        }
        return k
    }

    /// The loop of ``extendRun(new:from:old:from:oldMatched:rows:targets:at:updates:rule:marks:checksCell:)``,
    /// with `marks` and `checksCell` as in ``UpdateRule/kind(_:_:marks:checksCell:)``.
    // Its state in parameters, not in a local function's captures: a Debug build checks every use
    // of a captured variable for exclusive access. Items are compared with the specialised `==`,
    // not by their bytes first (churn10-100k-uuid in `instructions.sh` guards it).
    @inlinable @inline(__always)
    static func runLoop(
        new: UnsafeBufferPointer<Item>, from j: Int, old: UnsafeBufferPointer<Item>, row r: inout Int, count k: inout Int,
        oldMatched: UnsafeMutableBufferPointer<Bool>, rows: UnsafeMutableBufferPointer<Int32>, targets: UnsafeMutableBufferPointer<Int32>,
        at stay: Int, updates: inout [(stay: Int, kind: UpdateKind)], rule: UpdateRule, marks: Bool, checksCell: Bool
    ) {
        let newCount = new.count &- j, oldCount = old.count
        while k < newCount && r < oldCount {
            let newItem = new[j &+ k]
            let id = newItem.id
            if old[r].id != id {
                if r &+ 1 < oldCount && old[r &+ 1].id == id {
                    r &+= 1
                } else if r &+ 2 < oldCount && old[r &+ 2].id == id {
                    r &+= 2
                } else {
                    break
                }
            }
            let oldItem = old[r]
            if let kind = rule.kind(oldItem, newItem, marks: marks, checksCell: checksCell) {
                updates.append((stay &+ k, kind))
            }
            oldMatched[r] = true
            rows[stay &+ k] = Int32(truncatingIfNeeded: r)
            targets[stay &+ k] = Int32(truncatingIfNeeded: j &+ k)
            k &+= 1
            r &+= 1
        }
    }

    /// For each identifier in `ids` (the items the walk put off), where the old item with that
    /// identifier is, among the old items `oldMatched` leaves unmatched; `nil` when none has it.
    ///
    /// The identifiers go in a table of their own (open addressing, at most half full), which the
    /// unmatched old items probe: both sets are small next to the snapshots, so the table stays in
    /// cache.
    @inlinable
    static func matchDeferred(
        _ ids: [Item.ID], oldSections: [Section<SectionID, Item>], oldMatched: UnsafeBufferPointer<Bool>
    ) -> [ItemPath?] {
        var buckets = 16
        while buckets < ids.count &* 2 { buckets &*= 2 }
        let mask = buckets - 1
        var table = [Int32](repeating: -1, count: buckets)
        var found = [ItemPath?](repeating: nil, count: ids.count)
        let seeds = _HashSeeds.current
        table.withUnsafeMutableBufferPointer { table in
            for k in ids.indices {
                var bucket = SnapshotType._hash(ids[k], seeds) & mask
                while table[bucket] >= 0 { bucket = (bucket &+ 1) & mask }
                table[bucket] = Int32(truncatingIfNeeded: k)
            }
            var base = 0
            for s in oldSections.indices {
                let items = oldSections[s].items
                let count = items.count
                @inline(__always) func probe(_ r: Int) {
                    let id = items[r].id
                    var bucket = SnapshotType._hash(id, seeds) & mask
                    while true {
                        let k = Int(table[bucket])
                        if k < 0 { return }
                        if ids[k] == id {
                            found[k] = ItemPath(item: r, section: s)
                            return
                        }
                        bucket = (bucket &+ 1) & mask
                    }
                }
                _forEachUnset(oldMatched, from: base, count: count, probe)
                base &+= count
            }
        }
        return found
    }

    /// The diff: sections are matched first, then items (a walk of the target, see `ItemWalk`);
    /// the rules on updates decide which wait for a stage of their own, and the changes are put in
    /// stages.
    @inlinable
    mutating func run() -> ([Stage], Statistics) {
        var stats = Statistics()
        let sections = matchSections()
        var changes = ItemChanges()
        let rule = UpdateRule(classifier: classifier, target: new, canReconfigure: canReconfigure)
        if Classifier.comparesWithEquality, !new.hasRequestedUpdates, let lineage = new._lineage, lineage.isSource(old) {
            // Built from the source, with no item moved: the build found every change already.
            Self.collectChanges(of: lineage, old: old, new: new, rule: rule, into: &changes, stats: &stats)
        } else {
            var walk = ItemWalk(old: old, new: new, sections: sections, rule: rule, equalPrefixes: equalPrefixes)
            defer { walk.deallocate() }
            walk.matchItems(into: &changes, stats: &stats)
        }
        // Usually in order already, or in two ordered runs (checked in O(n), sorted only when not).
        changes.removals.sortPaths()
        changes.inserts.sortPaths()
        deferUpdatesPastMoves(&changes, sections: sections)
        // Rule 4, stage one: removals, in the source's coordinates. `removals` is sorted, so each
        // section's rows are ascending.
        let rows = RowsAfterRemovals(sectionsStable: sections.isStable, removals: changes.removals)
        deferShiftedReconfigures(&changes, sections: sections, rows: rows)
        stats.deletedSections = sections.deleted.count
        stats.insertedSections = sections.inserted.count
        stats.movedSections = sections.moves.count
        stats.movedItems = changes.crossMoves.count
        stats.updatedItems = changes.inPlaceUpdates.count + changes.pendingUpdates.count
        stats.updatedSectionTitles = sections.titleUpdates.count
        return (stages(sections: sections, changes: changes, rows: rows), stats)
    }

    /// The item changes from `old` to `new`, which was built from it (`Snapshot(_:updating:)`)
    /// and records what the build found (`_Lineage`): what `ItemWalk.matchItems` finds, in the same
    /// order, without visiting an item that did not change. The sections are the same, in place,
    /// and no item moved, so every item matched stays: the items inserted are the build's, the
    /// old items no run carried are removed, and the items whose content changed are updated.
    ///
    /// - Complexity: O(*s* + *r* + *c*) for *s* sections, *r* runs, and *c* items inserted,
    ///   removed or changed.
    @inlinable
    static func collectChanges(
        of lineage: SnapshotType._Lineage, old: SnapshotType, new: SnapshotType, rule: UpdateRule, into changes: inout ItemChanges,
        stats: inout Statistics
    ) {
        let oldSections = old._sections, newSections = new._sections
        changes.inserts = lineage.inserted
        stats.insertedItems = lineage.inserted.count
        // The runs are in section order, and in row order within a section: what lies between
        // them is gone.
        let runs = lineage.runs
        var k = 0
        for s in 0..<oldSections.count {
            var next = 0
            while k < runs.count && Int(runs[k].section) == s {
                let run = runs[k].run
                for r in next..<Int(run.from) { changes.removals.append(ItemPath(item: r, section: s)) }
                next = Int(run.from) + Int(run.count)
                k += 1
            }
            for r in next..<oldSections[s].items.count { changes.removals.append(ItemPath(item: r, section: s)) }
        }
        stats.deletedItems = changes.removals.count
        for entry in lineage.changed {
            let s = Int(entry.section), from = ItemPath(item: Int(entry.oldRow), section: s)
            guard let kind = rule.kind(oldSections[s].items[from.item], newSections[s].items[Int(entry.row)]) else { continue }
            changes.inPlaceUpdates.append((from, kind))
            changes.inPlaceTargets.append(ItemPath(item: Int(entry.row), section: s))
        }
    }

    // MARK: Match sections

    /// Matches the target's sections with the source's by identifier, and finds the sections
    /// deleted, inserted and moved, and those whose titles changed.
    @inlinable
    func matchSections() -> SectionMatch {
        let oldSections = old._sections, newSections = new._sections
        let oldCount = oldSections.count, newCount = newSections.count
        var oldToNew = [Int](repeating: -1, count: oldCount)
        var newToOld = [Int](repeating: -1, count: newCount)
        for t in 0..<newCount {
            let id = newSections[t].id
            // Same position first: most updates leave the sections where they were.
            let s = (t < oldCount && oldSections[t].id == id) ? t : (old.sectionIndex(of: id) ?? -1)
            if s >= 0 {
                newToOld[t] = s
                oldToNew[s] = t
            }
        }
        var deleted = [Int](), inserted = [Int]()
        for s in 0..<oldCount where oldToNew[s] < 0 { deleted.append(s) }
        for t in 0..<newCount where newToOld[t] < 0 { inserted.append(t) }

        // Section moves: the matched sections, in target order, whose old positions are not on a
        // longest increasing run. Positions are counted among surviving sections (the stage-one
        // state), which preserves their order.
        var survivingRank = [Int](repeating: -1, count: oldCount)
        var rank = 0
        for s in 0..<oldCount where oldToNew[s] >= 0 {
            survivingRank[s] = rank
            rank += 1
        }
        var matchedTargets = [Int](), matchedOldRanks = [Int32]()
        for t in 0..<newCount where newToOld[t] >= 0 {
            matchedTargets.append(t)
            matchedOldRanks.append(Int32(survivingRank[newToOld[t]]))
        }
        let sectionStays = longestIncreasingSubsequenceMask(matchedOldRanks)
        var moves = [BatchUpdate.Move<Int>]()
        for (k, t) in matchedTargets.enumerated() where !sectionStays[k] {
            moves.append(.init(from: Int(matchedOldRanks[k]), to: t))
        }

        // Titles: compared for matched sections; reported in the last stage.
        var titleUpdates = [Int]()
        for t in 0..<newCount where newToOld[t] >= 0 {
            let s = newToOld[t]
            if !oldSections[s].hasSameTitles(as: newSections[t]) || new._reloadedSections.contains(newSections[t].id) {
                titleUpdates.append(t)
            }
        }
        return SectionMatch(
            oldToNew: oldToNew, newToOld: newToOld, deleted: deleted, inserted: inserted, survivingRank: survivingRank,
            moves: moves, titleUpdates: titleUpdates)
    }

    // MARK: Updates that wait

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

    // MARK: Stages

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

/// The size of an index, in bytes, above which the diff puts off its lookups (see
/// `DiffEngine.ItemWalk`): 256 KB. Tests set it lower, so that small snapshots take that path too.
@usableFromInline
let _lookupDeferralThreshold = TaskLocal<Int>(wrappedValue: 256 * 1024)

extension Array where Element: Comparable {
    /// Whether the elements are in ascending order.
    @inlinable
    var isSorted: Bool {
        var i = 1
        while i < count {
            if self[i] < self[i - 1] { return false }
            i += 1
        }
        return true
    }
}

extension Array where Element == BatchUpdate.Move<ItemPath> {
    /// The moves in ascending order of their targets: as they are when they already are (the
    /// common case: one section's moves come in target order), otherwise sorted.
    @inlinable
    func sortedByTarget() -> [Element] {
        guard count > 1 else { return self }
        let inOrder = withUnsafeBufferPointer { moves in
            var k = 1
            while k < moves.count {
                if moves[k].to < moves[k &- 1].to { return false }
                k &+= 1
            }
            return true
        }
        return inOrder ? self : sorted { $0.to < $1.to }
    }
}

extension Array where Element == ItemPath {
    /// Puts the paths in ascending order: at once when they are already, in one merge when they
    /// are two ascending runs (the diff's inserts: those of the walk, then those of the items it
    /// put off), otherwise by sorting them.
    @inlinable
    mutating func sortPaths() {
        let n = count
        guard n > 1 else { return }
        let (split, end) = withUnsafeBufferPointer { paths in
            let split = Self._ascendingRunEnd(paths, from: 0)
            return (split, split < n ? Self._ascendingRunEnd(paths, from: split) : n)
        }
        guard split < n else { return }
        guard end == n else { return sort() }
        self = withUnsafeBufferPointer { paths in
            [ItemPath](unsafeUninitializedCapacity: n) { merged, initialized in
                let out = merged.baseAddress!
                // Of two equal paths, the first run's goes first.
                var a = 0, b = split, k = 0
                while a < split && b < n {
                    if paths[b] < paths[a] {
                        (out + k).initialize(to: paths[b])
                        b &+= 1
                    } else {
                        (out + k).initialize(to: paths[a])
                        a &+= 1
                    }
                    k &+= 1
                }
                while a < split {
                    (out + k).initialize(to: paths[a])
                    a &+= 1
                    k &+= 1
                }
                while b < n {
                    (out + k).initialize(to: paths[b])
                    b &+= 1
                    k &+= 1
                }
                initialized = n
            }
        }
    }

    /// The end of the run of paths in ascending order (none before the one before it) that starts
    /// at `from`, which is below `paths.count`.
    @inlinable
    static func _ascendingRunEnd(_ paths: UnsafeBufferPointer<ItemPath>, from: Int) -> Int {
        var end = from &+ 1
        while end < paths.count && !(paths[end] < paths[end &- 1]) { end &+= 1 }
        return end
    }
}
