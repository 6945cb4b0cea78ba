extension Snapshot {
    /// The walk of a build's items in the previous snapshot's order: the runs of old items that
    /// kept their order, and the items off the runs, which the index has yet to take.
    @usableFromInline
    struct _RunWalk {
        /// Where each old section's items start, flat, section after section; the last is `oldTotal`.
        @usableFromInline let oldOffsets: [Int]
        @usableFromInline let oldTotal: Int
        @usableFromInline let newTotal: Int
        @usableFromInline let longest: Int  // items in the longest new section
        /// Items off the runs: their new section, row and hash.
        @usableFromInline var offRun: [(section: Int32, row: Int32, hash: Int)]
        /// Whether every item is where it was, and equal to it.
        @usableFromInline var sameIDs: Bool, sameItems: Bool
        /// The runs, by old section (in the order of the new sections), each in row order: the
        /// old items matched and their new rows in the section that is their home.
        @usableFromInline var runs: [(section: Int32, run: _RowRun)]
        /// The matched items whose content changed, when the walk compares content: their new
        /// section, new row and old row, in order.
        @usableFromInline var changed: [(section: Int32, row: Int32, oldRow: Int32)]
        /// Whether an item off the runs is one `previous` holds (moved, or repeated).
        @usableFromInline var movedIn: Bool
        @usableFromInline var matched: Int  // old items carried

        @inlinable
        init(_ sections: [SectionType], previous: Snapshot, positional: Bool, equalPrefixes: [Int]?) {
            let oldSections = previous._sections
            let oldOffsets = Snapshot._itemOffsets(of: oldSections)
            var newTotal = 0, longest = 0
            for section in sections {
                newTotal += section.items.count
                longest = Swift.max(longest, section.items.count)
            }
            self.oldOffsets = oldOffsets
            self.oldTotal = oldOffsets[oldSections.count]
            self.newTotal = newTotal
            self.longest = longest
            offRun = []
            sameIDs = positional
            sameItems = positional && equalPrefixes != nil
            runs = []
            changed = []
            movedIn = false
            matched = 0
        }

        /// The row each old item has in its new section, or -1; flat, from `oldOffsets`.
        ///
        /// - Complexity: O(*n*) for *n* old items.
        @inlinable
        func newRowOfOld() -> [Int32] {
            var rows = [Int32](repeating: -1, count: oldTotal)
            rows.withUnsafeMutableBufferPointer { rows in
                for entry in runs {
                    let base = oldOffsets[Int(entry.section)] &+ Int(entry.run.from)
                    for i in 0..<Int(entry.run.count) { rows[base &+ i] = entry.run.to &+ Int32(truncatingIfNeeded: i) }
                }
            }
            return rows
        }

        /// Walks every section; `false` as soon as so many items are off the runs that the full
        /// build costs less than what is left.
        @inlinable
        mutating func walk<Comparison: _ContentComparison>(
            _ sections: [SectionType], previous: Snapshot, homes: _SectionHomes, equalPrefixes: [Int]?, comparing: Comparison.Type
        ) -> Bool where Comparison.Item == Item {
            let oldSections = previous._sections
            let positional = homes.positional
            var walked = 0  // items of the sections before this one
            let seeds = _HashSeeds.current
            for t in 0..<sections.count {
                let s = homes.homes[t]
                let newItems = sections[t].items
                guard s >= 0 else {
                    sameIDs = false
                    sameItems = false
                    for j in newItems.indices {
                        offRun.append((Int32(truncatingIfNeeded: t), Int32(truncatingIfNeeded: j), Snapshot._hash(newItems[j].id, seeds)))
                    }
                    continue
                }
                let oldItems = oldSections[s].items
                defer { walked &+= newItems.count }
                let withinBudget = newItems.withUnsafeBufferPointer { new in
                    oldItems.withUnsafeBufferPointer { old in
                        let n = new.count, m = old.count
                        // The common prefix, in one tight loop: all of it when nothing changed.
                        var j = 0
                        if let equalPrefixes, positional {
                            j = equalPrefixes[t]
                            if j < n || j < m { sameItems = false }
                        }
                        var r = j
                        Self.matchRun(new: new, old: old, j: &j, r: &r, section: t, comparing: Comparison.self, changed: &changed)
                        matched &+= j
                        if j > 0 { runs.append((Int32(truncatingIfNeeded: s), _RowRun(from: 0, count: Int32(truncatingIfNeeded: j), to: 0))) }
                        if j == n && j == m && positional { return true }
                        sameIDs = false
                        return Self.walkRuns(
                            new: new, old: old, from: j, section: t, home: s, previous: previous, seeds: seeds, comparing: Comparison.self,
                            into: &self, budget: walked)
                    }
                }
                if !withinBudget { return false }
            }
            return true
        }

        /// Records that the old item at `row` of section `home` is now at `newRow`: the last run
        /// grows when the item continues it.
        @inlinable @inline(__always)
        mutating func extend(home: Int, from row: Int, count: Int, to newRow: Int) {
            let section = Int32(truncatingIfNeeded: home), from = Int32(truncatingIfNeeded: row)
            let to = Int32(truncatingIfNeeded: newRow)
            if let last = runs.last, last.section == section, last.run.from &+ last.run.count == from, last.run.to &+ last.run.count == to {
                runs[runs.count &- 1].run.count &+= Int32(truncatingIfNeeded: count)
            } else {
                runs.append((section, _RowRun(from: from, count: Int32(truncatingIfNeeded: count), to: to)))
            }
            matched &+= count
        }

        /// Advances `j` and `r` past the items of `new` from `j` on whose identifiers are those of
        /// the items of `old` from `r` on, recording in `changed` those whose content changed, when
        /// the walk compares content.
        // Identifiers and `==` in one `_leadingRun` while they are equal, not one loop for the
        // identifiers and another for content (onechange-100k-uuid in `instructions.sh` guards it).
        @inlinable @inline(__always)
        static func matchRun<Comparison: _ContentComparison>(
            new: UnsafeBufferPointer<Item>, old: UnsafeBufferPointer<Item>, j: inout Int, r: inout Int, section t: Int,
            comparing: Comparison.Type, changed: inout [(section: Int32, row: Int32, oldRow: Int32)]
        ) where Comparison.Item == Item {
            let n = new.count, m = old.count
            while j < n && r < m {
                let limit = Swift.min(n &- j, m &- r)
                // Blocks with the same bytes once sixteen items match: a list with many changes
                // has short runs, which then make no call to `memcmp`.
                let k = _leadingEqualItems(old.baseAddress! + r, new.baseAddress! + j, count: limit, probe: 16) { a, b in
                    Comparison.compares
                        ? a.pointee.id == b.pointee.id && Comparison.same(a.pointee, b.pointee) : a.pointee.id == b.pointee.id
                }
                j &+= k
                r &+= k
                // The same item, changed: recorded, and the run goes on.
                guard Comparison.compares, k < limit, old[r].id == new[j].id else { return }
                changed.append((Int32(truncatingIfNeeded: t), Int32(truncatingIfNeeded: j), Int32(truncatingIfNeeded: r)))
                j &+= 1
                r &+= 1
            }
        }

        /// Matches the items of a section from `j` on (past its common prefix with its home,
        /// section `home` of `previous`): runs of identifiers in order, past deletions of one or
        /// two items; past a longer one when the item and the next both follow it. The items off
        /// the runs go in `walk.offRun`; `false` when, past a sixteenth of the list, the full build
        /// costs less than what is left. `walked` counts the items of the sections before.
        @inlinable @inline(__always)
        static func walkRuns<Comparison: _ContentComparison>(
            new: UnsafeBufferPointer<Item>, old: UnsafeBufferPointer<Item>, from j: Int, section t: Int, home s: Int,
            previous: Snapshot, seeds: _HashSeeds, comparing: Comparison.Type, into walk: inout _RunWalk, budget walked: Int
        ) -> Bool where Comparison.Item == Item {
            let n = new.count, m = old.count
            let section = Int32(truncatingIfNeeded: t)
            var j = j, r = j
            while j < n {
                // Most items continue the run: matched in a loop of their own.
                let start = j, oldStart = r
                matchRun(new: new, old: old, j: &j, r: &r, section: t, comparing: Comparison.self, changed: &walk.changed)
                if j > start { walk.extend(home: s, from: oldStart, count: j &- start, to: start) }
                guard j < n else { break }
                let id = new[j].id
                var hit = -1
                if r &+ 1 < m && old[r &+ 1].id == id {
                    hit = r &+ 1
                } else if r &+ 2 < m && old[r &+ 2].id == id {
                    hit = r &+ 2
                } else {
                    let hash = Snapshot._hash(id, seeds)
                    // Every old row matched so far is before `r`, so one after it is free.
                    if let found = previous._location(of: id, hash: hash) {
                        if Int(previous._tokenIndex[Int(found.token)]) == s, Int(found.row) > r,
                            j &+ 1 == n || (Int(found.row) &+ 1 < m && old[Int(found.row) &+ 1].id == new[j &+ 1].id)
                        {
                            hit = Int(found.row)
                        } else {
                            walk.movedIn = true
                        }
                    }
                    if hit < 0 {
                        walk.offRun.append((section, Int32(truncatingIfNeeded: j), hash))
                        // Past a sixteenth of the list off the runs, the full build costs less
                        // than what is left (see the costs in `_carriedIndex`): the walk stops as
                        // soon as the items walked so far say so.
                        if walk.offRun.count > walk.newTotal / 16 || walk.offRun.count &* 16 > walked &+ j &+ 1024 {
                            return false
                        }
                    }
                }
                if hit >= 0 {
                    if Comparison.compares && !Comparison.same(old[hit], new[j]) {
                        walk.changed.append((section, Int32(truncatingIfNeeded: j), Int32(truncatingIfNeeded: hit)))
                    }
                    walk.extend(home: s, from: hit, count: 1, to: j)
                    r = hit &+ 1
                }
                j &+= 1
            }
            return true
        }
    }
}
