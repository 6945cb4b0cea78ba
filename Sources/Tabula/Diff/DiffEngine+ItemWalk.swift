extension DiffEngine {
    @usableFromInline typealias Statistics = Changeset<SectionID, Item>.Statistics

    /// How the target's sections correspond to the source's, and the section changes that follow.
    @usableFromInline
    struct SectionMatch {
        /// For each old section, its target position; -1 when it was deleted.
        @usableFromInline let oldToNew: [Int]
        /// For each target section, the old section matched with it (its home); -1 when inserted.
        @usableFromInline let newToOld: [Int]
        @usableFromInline let deleted: [Int]  // old positions
        @usableFromInline let inserted: [Int]  // target positions
        /// For each old section that survives, its position among those that do (the stage-one
        /// state); -1 for the others.
        @usableFromInline let survivingRank: [Int]
        @usableFromInline let moves: [BatchUpdate.Move<Int>]
        /// The target sections whose titles changed, or that were asked to reload.
        @usableFromInline let titleUpdates: [Int]
        /// No section deleted, inserted or moved.
        @usableFromInline let isStable: Bool

        @inlinable
        init(
            oldToNew: [Int], newToOld: [Int], deleted: [Int], inserted: [Int], survivingRank: [Int],
            moves: [BatchUpdate.Move<Int>], titleUpdates: [Int]
        ) {
            self.oldToNew = oldToNew
            self.newToOld = newToOld
            self.deleted = deleted
            self.inserted = inserted
            self.survivingRank = survivingRank
            self.moves = moves
            self.titleUpdates = titleUpdates
            self.isStable = deleted.isEmpty && inserted.isEmpty && moves.isEmpty
        }
    }

    /// The changes to items that the walk finds, before they are put in stages.
    @usableFromInline
    struct ItemChanges {
        @usableFromInline var removals: [ItemPath]  // item deletes in the before-state of the first stage
        @usableFromInline var inserts: [ItemPath]  // item inserts in target coordinates (surviving sections only)
        @usableFromInline var crossMoves: [BatchUpdate.Move<ItemPath>]  // old path → target path
        @usableFromInline var inPlaceUpdates: [(path: ItemPath, kind: UpdateKind)]  // old paths of items that stay
        @usableFromInline var inPlaceTargets: [ItemPath]  // their target paths, parallel to `inPlaceUpdates`
        @usableFromInline var pendingUpdates: [PendingUpdate]  // moved items that changed

        @inlinable
        init() {
            removals = []
            inserts = []
            crossMoves = []
            inPlaceUpdates = []
            inPlaceTargets = []
            pendingUpdates = []
        }
    }

    /// Where the old items are once the removals of stage one are done (rule 4), when sections
    /// change; with stable sections there is no such stage, and every item keeps its row.
    @usableFromInline
    struct RowsAfterRemovals {
        /// The rows removed from each old section, ascending.
        @usableFromInline let removalsBySection: [Int: [Int]]

        @inlinable
        init(sectionsStable: Bool, removals: [ItemPath]) {
            var removalsBySection = [Int: [Int]]()
            if !sectionsStable {
                for path in removals { removalsBySection[path.section, default: []].append(path.item) }
            }
            self.removalsBySection = removalsBySection
        }

        /// The row of the old item at `path` once the removals are done.
        @inlinable
        func row(of path: ItemPath) -> Int {
            guard let removed = removalsBySection[path.section] else { return path.item }
            var low = 0, high = removed.count  // removed rows below `path.item`
            while low < high {
                let mid = (low + high) &>> 1
                if removed[mid] < path.item { low = mid + 1 } else { high = mid }
            }
            return path.item - low
        }
    }
}

extension DiffEngine {
    /// The working state of the item match. The target is walked section by section; each item is
    /// matched with an old one, which marks it in `oldMatched`. Items that stay in their section
    /// (their home, the old section matched with it) are kept apart, one range of `stayRows` per
    /// target section: old rows in target order, with their target rows. Their moves are decided
    /// per section by an LIS, once every item is matched.
    ///
    /// The buffers belong to the walk: `deallocate()` frees them.
    @usableFromInline
    struct ItemWalk {
        @usableFromInline let old: SnapshotType
        @usableFromInline let oldSections: [Section<SectionID, Item>]
        @usableFromInline let newSections: [Section<SectionID, Item>]
        @usableFromInline let sections: SectionMatch
        @usableFromInline let rule: UpdateRule
        /// oldMatched[oldOffsets[s] + r]: whether the old item at (s, r) is still in the target.
        @usableFromInline let oldOffsets: [Int]
        // The working arrays of the walk are buffers of its own: the walk writes them item by
        // item, and an array would check that it is not shared at every write.
        @usableFromInline let oldMatched: UnsafeMutableBufferPointer<Bool>
        /// The stays of target section `t` are at `stayStart[t]..<stayEnd[t]`.
        @usableFromInline let stayStart: [Int]
        @usableFromInline var stayEnd: [Int]
        // Left uninitialised: only the stays up to `stayEnd[t]` are written, and only they are read.
        @usableFromInline let stayRows: UnsafeMutableBufferPointer<Int32>
        @usableFromInline let stayTargets: UnsafeMutableBufferPointer<Int32>
        /// The stays whose item changed, by their index in `stayRows`: few, so kept apart.
        @usableFromInline var stayUpdates: [(stay: Int, kind: UpdateKind)]
        // Items off the run (inserted, or moved in) whose lookup is put off: identifier, target
        // path and slot in `stayRows` (a placeholder, -1, until it is known to stay).
        @usableFromInline var deferredIDs: [Item.ID]
        @usableFromInline var deferredTargets: [ItemPath]
        @usableFromInline var deferredSlots: [Int]
        @usableFromInline var matchedCount: Int  // old items matched so far
        /// Putting lookups off pays when the index is out of cache: above 256 KB (about 40,000
        /// items). A smaller one is probed at once, as the walk meets each item.
        @usableFromInline let mayDefer: Bool
        /// For each target section, how many leading items are known equal to its home's (see
        /// `DiffEngine.equalPrefixes`): matched as stays without being compared again.
        @usableFromInline let equalPrefixes: [Int]?

        @inlinable
        init(old: SnapshotType, new: SnapshotType, sections: SectionMatch, rule: UpdateRule, equalPrefixes: [Int]? = nil) {
            let oldSections = old._sections, newSections = new._sections
            let oldCount = oldSections.count, newCount = newSections.count
            let oldOffsets = SnapshotType._itemOffsets(of: oldSections)
            var stayStart = [Int](repeating: 0, count: newCount + 1)
            for t in 0..<newCount {
                stayStart[t + 1] = stayStart[t] + (sections.newToOld[t] >= 0 ? newSections[t].items.count : 0)
            }
            self.old = old
            self.oldSections = oldSections
            self.newSections = newSections
            self.sections = sections
            self.rule = rule
            self.oldOffsets = oldOffsets
            oldMatched = UnsafeMutableBufferPointer<Bool>.allocate(capacity: oldOffsets[oldCount])
            oldMatched.initialize(repeating: false)
            self.stayStart = stayStart
            stayEnd = stayStart
            stayRows = UnsafeMutableBufferPointer<Int32>.allocate(capacity: stayStart[newCount])
            stayTargets = UnsafeMutableBufferPointer<Int32>.allocate(capacity: stayStart[newCount])
            stayUpdates = []
            deferredIDs = []
            deferredTargets = []
            deferredSlots = []
            matchedCount = 0
            mayDefer = old._index.byteCount > _lookupDeferralThreshold.get()
            self.equalPrefixes = equalPrefixes
        }

        @inlinable
        func deallocate() {
            oldMatched.deallocate()
            stayRows.deallocate()
            stayTargets.deallocate()
        }

        /// Matches every item: the walk, then the items it put off, then the moves among the items
        /// that stay in their section, and last the old items that are gone.
        @inlinable
        mutating func matchItems(into changes: inout ItemChanges, stats: inout Statistics) {
            for t in 0..<newSections.count { walkSection(t, into: &changes, stats: &stats) }
            if !deferredIDs.isEmpty { placeDeferred(into: &changes, stats: &stats) }
            placeStays(into: &changes)
            collectRemovals(into: &changes, stats: &stats)
        }

        /// Matches the items of target section `t`, following the run of old items that the
        /// previous items matched.
        @inlinable @inline(__always)
        mutating func walkSection(_ t: Int, into changes: inout ItemChanges, stats: inout Statistics) {
            let oldMatched = self.oldMatched, oldOffsets = self.oldOffsets, oldSections = self.oldSections
            let stayRows = self.stayRows, stayTargets = self.stayTargets
            let items = newSections[t].items
            let home = sections.newToOld[t]
            var stayCount = stayStart[t]
            var hintRow = 0
            // The run's loop reads the home's items through this constant, opened once below.
            let homeItems = home >= 0 ? oldSections[home].items : []
            // The home's flags, read once: a Debug build sliced them for each run.
            let homeMatched = home >= 0 ? UnsafeMutableBufferPointer(rebasing: oldMatched[oldOffsets[home]...]) : oldMatched
            var j = 0
            // Items known equal to their home's at the same place, the section unchanged up to
            // there: stays with no update, as the run below would find them, without comparing.
            if let equalPrefixes, home == t, equalPrefixes[t] > 0 {
                let known = equalPrefixes[t], base = oldOffsets[home]
                UnsafeMutableBufferPointer(rebasing: oldMatched[base..<(base + known)]).update(repeating: true)
                for k in 0..<known {
                    stayRows[stayCount + k] = Int32(truncatingIfNeeded: k)
                    stayTargets[stayCount + k] = Int32(truncatingIfNeeded: k)
                }
                stayCount += known
                matchedCount += known
                hintRow = known
                j = known
            }
            // The section's items and its home's, open for the whole walk: a Debug build opened
            // both for each run (two closure calls, and the walk's type metadata).
            stayCount = items.withUnsafeBufferPointer { new in
                homeItems.withUnsafeBufferPointer { homeOld in
                    walkItems(
                        of: t, new: new, home: home, homeOld: homeOld, homeMatched: homeMatched, from: j, hintRow: hintRow,
                        stayCount: stayCount, into: &changes, stats: &stats)
                }
            }
            stayEnd[t] = stayCount
        }

        /// The loop of ``walkSection(_:into:stats:)`` over the items of target section `t` from `j`
        /// on (`new`), following the run of old items from `hintRow` of its home (`homeOld`, whose
        /// flags are `homeMatched`); returns the next free stay slot.
        // Not inlined: a loop with its state its own, called once a section.
        @inlinable @inline(never)
        mutating func walkItems(
            of t: Int, new: UnsafeBufferPointer<Item>, home: Int, homeOld: UnsafeBufferPointer<Item>,
            homeMatched: UnsafeMutableBufferPointer<Bool>, from j: Int, hintRow: Int, stayCount: Int,
            into changes: inout ItemChanges, stats: inout Statistics
        ) -> Int {
            let oldMatched = self.oldMatched, oldOffsets = self.oldOffsets, oldSections = self.oldSections
            let stayRows = self.stayRows, stayTargets = self.stayTargets, rule = self.rule
            let marks = rule.hasMarks, checksCell = rule.canReconfigure != nil
            let sectionInserted = home < 0
            var j = j, hintRow = hintRow, stayCount = stayCount
            // The old section the previous item came from, and its items: fetched again only when
            // the section changes, which keeps array retains out of the per-item loop.
            var hintSection = home
            var hintItems = home >= 0 ? oldSections[home].items : []
            // Where the run was before a lookup jumped away from it (to a moved item): the item
            // after a moved one usually continues there, and is then matched without a hash.
            var resumeSection = -1, resumeRow = 0
            var resumeItems: [Item] = []
            // An item off the run in a matched section is not looked up here: it is matched after
            // every section, against the old items that no run matched (see `placeDeferred`). Of
            // two such items in a row, the second is looked up at once, so that the run follows
            // a moved block, or finds its way after a longer deletion.
            var previousDeferred = false
            while j < new.count {
                // When the run loop runs, it has tried the next old item and the two after it by
                // identifier: the hints below do not try them again.
                let runTried = hintSection == home && home >= 0
                if runTried {
                    // Most items continue the run in their home section: matched in a loop of
                    // their own, which keeps this one's state out of the registers it needs.
                    let matched = DiffEngine.extendRun(
                        new: new, from: j, old: homeOld, from: &hintRow,
                        oldMatched: homeMatched, rows: stayRows, targets: stayTargets, at: stayCount,
                        updates: &stayUpdates, rule: rule, marks: marks, checksCell: checksCell)
                    if matched > 0 { previousDeferred = false }
                    matchedCount += matched
                    j += matched
                    stayCount += matched
                    if j == new.count { break }
                }
                defer { j += 1 }
                let id = new[j].id
                var s = -1, r = -1
                if !runTried && hintSection >= 0 && hintRow < hintItems.count && hintItems[hintRow].id == id {
                    s = hintSection
                    r = hintRow
                } else if !runTried && hintSection >= 0 && hintRow + 1 < hintItems.count && hintItems[hintRow + 1].id == id {
                    // One old item skipped (deleted, or moved and matched later): still no hash.
                    s = hintSection
                    r = hintRow + 1
                } else if !runTried && hintSection >= 0 && hintRow + 2 < hintItems.count && hintItems[hintRow + 2].id == id {
                    s = hintSection
                    r = hintRow + 2
                } else if resumeSection >= 0 && resumeRow < resumeItems.count && resumeItems[resumeRow].id == id {
                    s = resumeSection
                    r = resumeRow
                    if s != hintSection { hintItems = resumeItems }
                    resumeSection = -1
                } else if mayDefer && !sectionInserted && !previousDeferred {
                    previousDeferred = true
                    deferredIDs.append(id)
                    deferredTargets.append(ItemPath(item: j, section: t))
                    deferredSlots.append(stayCount)
                    stayRows[stayCount] = -1
                    stayCount += 1
                    continue
                } else if let path = old.itemPath(for: id) {
                    s = path.section
                    r = path.item
                    if hintSection >= 0 {
                        resumeSection = hintSection
                        resumeRow = hintRow
                        resumeItems = hintItems
                    }
                    if s != hintSection { hintItems = oldSections[s].items }
                }
                previousDeferred = false
                let target = ItemPath(item: j, section: t)
                guard s >= 0 else {
                    if !sectionInserted { changes.inserts.append(target) }
                    stats.insertedItems += 1
                    continue
                }
                hintSection = s
                hintRow = r + 1
                // The items put off are placed after the walk by the same rules, in a loop of
                // their own: in one function for both, this walk's state no longer fits the
                // registers (churn10-100k-uuid in `instructions.sh` guards it).
                oldMatched[oldOffsets[s] + r] = true
                matchedCount += 1
                let from = ItemPath(item: r, section: s)
                let oldSectionDeleted = sections.oldToNew[s] < 0
                if sectionInserted || oldSectionDeleted {
                    // Rule 3: no move out of a deleted or into an inserted section.
                    if !oldSectionDeleted { changes.removals.append(from) }
                    if !sectionInserted { changes.inserts.append(target) }
                    stats.reinsertedItems += 1
                    continue
                }
                let oldItem = hintItems[r]
                let kind = rule.kind(oldItem, new[j])
                if s == home {
                    if let kind { stayUpdates.append((stayCount, kind)) }
                    stayRows[stayCount] = Int32(r)
                    stayTargets[stayCount] = Int32(j)
                    stayCount += 1
                } else {
                    changes.crossMoves.append(.init(from: from, to: target))
                    if let kind { changes.pendingUpdates.append(PendingUpdate(path: target, kind: kind, oldValue: oldItem)) }
                }
            }
            return stayCount
        }

        /// Places the items the walk put off. They are matched against the old items that no run
        /// or lookup matched (deleted, or moved away), in a table of their own: both sets are small
        /// next to the snapshots, so this table stays in cache where lookups in the snapshot's
        /// index would each wait for memory. When far more old items are left than items put off
        /// (mostly deletions), they are looked up in the index instead: looking up the few costs
        /// less than hashing the many. An item put off that matches none is inserted.
        @inlinable
        mutating func placeDeferred(into changes: inout ItemChanges, stats: inout Statistics) {
            let unmatched = oldMatched.count - matchedCount
            let found =
                unmatched > 4 * deferredIDs.count
                ? old._indexPaths(of: deferredIDs)
                : DiffEngine.matchDeferred(deferredIDs, oldSections: oldSections, oldMatched: UnsafeBufferPointer(oldMatched))
            let updatesBefore = stayUpdates.count
            // At most one insert an item put off: the array grows once, not by doubling.
            changes.inserts.reserveCapacity(changes.inserts.count + deferredIDs.count)
            // Read once: a Debug build copied the rule (and the target snapshot in it) and the
            // section tables out of the walk for each item.
            let rule = self.rule, oldSections = self.oldSections, newSections = self.newSections
            let oldMatched = self.oldMatched, oldOffsets = self.oldOffsets, stayRows = self.stayRows, stayTargets = self.stayTargets
            let oldToNew = sections.oldToNew, newToOld = sections.newToOld
            let deferredTargets = self.deferredTargets, deferredSlots = self.deferredSlots
            for k in deferredIDs.indices {
                let to = deferredTargets[k]
                guard let from = found[k] else {
                    changes.inserts.append(to)
                    stats.insertedItems += 1
                    continue
                }
                oldMatched[oldOffsets[from.section] + from.item] = true
                if oldToNew[from.section] < 0 {
                    // Rule 3, from a deleted section (an item put off is in a matched one).
                    changes.inserts.append(to)
                    stats.reinsertedItems += 1
                    continue
                }
                let oldItem = oldSections[from.section].items[from.item]
                let kind = rule.kind(oldItem, newSections[to.section].items[to.item])
                if from.section == newToOld[to.section] {
                    let slot = deferredSlots[k]
                    if let kind { stayUpdates.append((slot, kind)) }
                    stayRows[slot] = Int32(truncatingIfNeeded: from.item)
                    stayTargets[slot] = Int32(truncatingIfNeeded: to.item)
                } else {
                    changes.crossMoves.append(.init(from: from, to: to))
                    if let kind { changes.pendingUpdates.append(PendingUpdate(path: to, kind: kind, oldValue: oldItem)) }
                }
            }
            // The updates of items put off that stay came after those of later stays.
            if stayUpdates.count > updatesBefore { stayUpdates.sort { $0.stay < $1.stay } }
        }

        /// Items of each home section off the longest increasing run of old rows must move; the
        /// others stay, and those that changed are updated where they are. Only the items that
        /// move and the updates are visited.
        @inlinable
        func placeStays(into changes: inout ItemChanges) {
            let stayRows = self.stayRows, stayTargets = self.stayTargets, stayUpdates = self.stayUpdates
            var nextUpdate = 0
            for t in 0..<newSections.count where stayEnd[t] > stayStart[t] {
                let home = sections.newToOld[t]
                let start = stayStart[t], end = stayEnd[t]
                // The stays off a longest increasing run of old rows move; placeholders (left by
                // items put off that were inserted or came from elsewhere) are left out.
                let moving = elementsOffLongestIncreasingSubsequence(UnsafeBufferPointer(rebasing: stayRows[start..<end]))
                // Their moves, in order.
                if !moving.isEmpty {
                    changes.crossMoves.reserveCapacity(changes.crossMoves.count &+ moving.count)
                    for m in moving {
                        let stay = start &+ m
                        changes.crossMoves.append(
                            .init(from: ItemPath(item: Int(stayRows[stay]), section: home), to: ItemPath(item: Int(stayTargets[stay]), section: t)))
                    }
                }
                // The updates of this section's stays, in order: an item that moves is updated once
                // it has moved, in a later stage (rule 2); the others where they are. `moving` is in
                // order too, so the two are merged.
                var m = 0
                while nextUpdate < stayUpdates.count && stayUpdates[nextUpdate].stay < end {
                    let (stay, kind) = stayUpdates[nextUpdate]
                    nextUpdate += 1
                    while m < moving.count && start &+ moving[m] < stay { m += 1 }
                    let from = ItemPath(item: Int(stayRows[stay]), section: home)
                    let to = ItemPath(item: Int(stayTargets[stay]), section: t)
                    if m < moving.count && start &+ moving[m] == stay {
                        changes.pendingUpdates.append(PendingUpdate(path: to, kind: kind, oldValue: oldSections[home].items[from.item]))
                    } else {
                        changes.inPlaceUpdates.append((from, kind))
                        changes.inPlaceTargets.append(to)
                    }
                }
            }
        }

        /// The old items no longer present: deleted, and removed where their section survives.
        @inlinable
        func collectRemovals(into changes: inout ItemChanges, stats: inout Statistics) {
            // An upper bound: the old items no walk matched (an item put off may have matched some
            // since, and those of deleted sections are not removals).
            changes.removals.reserveCapacity(changes.removals.count + oldMatched.count - matchedCount)
            for s in 0..<oldSections.count {
                let sectionSurvives = sections.oldToNew[s] >= 0
                let base = oldOffsets[s], count = oldOffsets[s + 1] - base
                @inline(__always) func removed(_ r: Int) {
                    stats.deletedItems += 1
                    if sectionSurvives { changes.removals.append(ItemPath(item: r, section: s)) }
                }
                _forEachUnset(UnsafeBufferPointer(oldMatched), from: base, count: count, removed)
            }
        }
    }
}
