// Building a snapshot against the one before it: items that follow the previous snapshot's items
// in order are matched by comparing identifiers, which costs what comparing the two lists costs;
// their uniqueness follows from the previous snapshot's, and their index entries are carried over.
// Only items off those runs are hashed.

extension Snapshot {
    /// Creates a snapshot from sections, like ``init(_:)-([Snapshot<SectionID,Item>.SectionType])``,
    /// reusing what `previous` (typically the snapshot on screen) already knows.
    ///
    /// The result, and the error thrown, are exactly those of
    /// ``init(_:)-([Snapshot<SectionID,Item>.SectionType])``: duplicates are reported naming the
    /// identifier and both positions. Only the cost differs. Items that follow the previous
    /// snapshot's in order (the same section, the next row, or one or two rows further on) are
    /// matched by comparing identifiers; their uniqueness follows from the previous snapshot's,
    /// and their places in its index are carried over. Only the other items (inserted, moved, and
    /// those after a longer deletion) are hashed.
    ///
    /// ```swift
    /// let next = try Snapshot(sections, updating: driver.latestSnapshot)
    /// driver.apply(next)
    /// ```
    ///
    /// - Complexity: O(*n*) comparisons for *n* items, O(*k*) hashes for the *k* items off the
    ///   previous order, and, when rows moved, one pass over the index's buckets. With most items
    ///   changed it falls back to a full build, which hashes every item.
    @inlinable
    public init(_ sections: [SectionType], updating previous: Snapshot) throws {
        self.init()
        try _build(sections, updating: previous, equalPrefixes: nil)
    }
}

extension Snapshot where Item: Equatable {
    /// Creates a snapshot from sections, like ``init(_:)-([Snapshot<SectionID,Item>.SectionType])``,
    /// reusing what `previous` (typically the snapshot on screen) already knows.
    ///
    /// As the other `init(_:updating:)`; in addition, when every section, title and item equals
    /// `previous`'s (`==`), in order, the diff from `previous` to the result is known to be empty
    /// and costs nothing, as long as neither snapshot is changed in between.
    @inlinable
    public init(_ sections: [SectionType], updating previous: Snapshot) throws {
        self.init()
        let old = previous._sections
        var prefixes: [Int]? = nil
        if old.count == sections.count {
            // Identifiers and `==` compared in one loop of their own, specialised for the items
            // (a closure passed down to the build was called for every item: 54 instructions an
            // item for a 10k list that did not change, against 10 to compare the identifiers).
            prefixes = (0..<old.count).map { t in
                guard old[t].id == sections[t].id else { return 0 }
                return old[t].items.withUnsafeBufferPointer { a in
                    sections[t].items.withUnsafeBufferPointer { b in
                        let n = Swift.min(a.count, b.count)
                        @inline(__always) func same(_ k: Int) -> Bool { a[k].id == b[k].id && a[k] == b[k] }
                        // Four items an iteration: the loop's own count, add and branch were a
                        // third of its 13 instructions an item (nochange-10k in `instructions.sh`).
                        var j = 0
                        while j &+ 4 <= n && same(j) && same(j &+ 1) && same(j &+ 2) && same(j &+ 3) { j &+= 4 }
                        while j < n && same(j) { j &+= 1 }
                        return j
                    }
                }
            }
        }
        try _build(sections, updating: previous, equalPrefixes: prefixes)
    }
}

extension Snapshot {
    /// Whether the diff from `source` to this snapshot is known to be empty without looking at the
    /// items: this snapshot was built from `source`'s sections, unchanged since, with every item
    /// equal (`==`), and requests no updates.
    ///
    /// - Complexity: O(1).
    @inlinable
    func _isKnownUnchanged(from source: Snapshot) -> Bool {
        guard let basis = _sameContentAs, !hasRequestedUpdates else { return false }
        // The basis holds its storage, so the source cannot have changed it in place: the same
        // storage means the same sections.
        return basis.withUnsafeBufferPointer { a in
            source._sections.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count }
        }
    }

    /// Replaces the (empty) contents with `sections`, as `_buildRejectingDuplicates` does, reusing
    /// `previous`'s index for the items that follow its order. `equalPrefixes`, when given, holds
    /// for each section the number of leading items that equal `previous`'s at the same position
    /// (`==` and identifiers; 0 when the sections differ): a build whose every item is equal
    /// records it for the diff. On a throw, `self` is left empty.
    ///
    /// The sections are matched first (`_SectionHomes`), then the items, in runs that follow the
    /// previous order (`_RunWalk`); the previous index is then carried over, when that costs less
    /// than a full build (`_carriedIndex`), and the items off the runs go in.
    @inlinable
    mutating func _build(_ sections: [SectionType], updating previous: Snapshot, equalPrefixes: [Int]?) throws {
        let oldSections = previous._sections
        let oldCount = oldSections.count, newCount = sections.count
        guard oldCount > 0, previous._index.count > 0, newCount > 0 else { return try _buildRejectingDuplicates(sections) }

        // A repeated section: the full build reports it.
        guard let homes = _SectionHomes(sections, previous: previous) else { return try _buildRejectingDuplicates(sections) }
        var walk = _RunWalk(sections, previous: previous, positional: homes.positional, equalPrefixes: equalPrefixes)
        guard walk.walk(sections, previous: previous, homes: homes, equalPrefixes: equalPrefixes) else {
            return try _buildRejectingDuplicates(sections)
        }
        // Titles take part in the diff, so a build that records equal content compares them too.
        if walk.sameItems {
            for t in 0..<newCount where sections[t].header != oldSections[t].header || sections[t].footer != oldSections[t].footer {
                walk.sameItems = false
                break
            }
        }

        // MARK: Index
        if walk.sameIDs {
            // Every item where it was: the previous index and tables serve as they are.
            _sections = sections
            _tokens = previous._tokens
            _tokenIndex = previous._tokenIndex
            _sectionTokens = previous._sectionTokens
            _index = previous._index
            if walk.sameItems { _sameContentAs = oldSections }
            _checkInvariants()
            return
        }
        guard var index = Self._carriedIndex(from: previous, homes: homes, walk: walk) else {
            return try _buildRejectingDuplicates(sections)
        }
        if homes.positional {
            _tokens = previous._tokens
            _tokenIndex = previous._tokenIndex
            _sectionTokens = previous._sectionTokens
        } else {
            _tokens = Array(0..<Int32(truncatingIfNeeded: newCount))
            _tokenIndex = _tokens
            _sectionTokens = homes.sectionTokens
        }
        // Items off the runs, checked against every other item as they go in. A repeat sends the
        // build down the full path, which reports the first one in input order.
        let tokenIndex = _tokenIndex, tokens = _tokens
        for entry in walk.offRun {
            let token = tokens[Int(entry.section)]
            let id = sections[Int(entry.section)].items[Int(entry.row)].id
            let existing = index.entryOrInsert(hash: entry.hash, token: token, row: entry.row) {
                sections[Int(tokenIndex[Int($0)])].items[Int($1)].id == id
            }
            if existing != nil {
                self = Snapshot()
                return try _buildRejectingDuplicates(sections)
            }
        }
        _sections = sections
        _index = index
        _checkInvariants()
    }

    /// `previous`'s index, with the entries of items not carried made tombstones and the others
    /// given their new rows (and, when sections moved, tokens); `nil` when carrying it over costs
    /// more than a full build, or the table could not hold what goes in.
    @inlinable
    static func _carriedIndex(from previous: Snapshot, homes: _SectionHomes, walk: _RunWalk) -> _LocationTable? {
        let oldSections = previous._sections, oldOffsets = walk.oldOffsets
        let removed = walk.oldTotal - walk.matched
        let tokenCount = homes.positional ? previous._tokenIndex.count : homes.homes.count
        // Carrying over pays while most items are carried; the table must also hold the new
        // entries, rows and tokens, and not fill up with tombstones (the edits' compaction rule).
        guard walk.matched >= walk.newTotal / 2,
            previous._index.fits(adding: walk.offRun.count, rows: walk.longest, tokens: tokenCount),
            previous._index.tombstones + removed <= Swift.max(walk.newTotal, 16)
        else { return nil }

        var index = previous._index
        // When sections stay and few items changed row, only those entries are visited (each
        // found by its hash); otherwise every bucket is, once.
        var changedRows = 0
        if homes.positional {
            walk.newRowOfOld.withUnsafeBufferPointer { rows in
                for s in 0..<oldSections.count {
                    let base = oldOffsets[s]
                    for r in 0..<(oldOffsets[s + 1] &- base) where Int(rows[base &+ r]) != r { changedRows &+= 1 }
                }
            }
        }
        // What each way costs, in instructions, as measured with `instructions.sh`: an entry
        // visited by hash about 275 (7.2 M for the 26k rows that shift in onechange-100k-uuid);
        // an item inserted off the runs about 140 (1.7 M for 12k in churn10-100k-uuid); the pass
        // over the buckets about 3 a bucket and 50 an entry (5.9 M for 100k items); a full build
        // about 64 an item (6.4 M for build-100k-uuid). The cheapest is taken.
        let byHash = homes.positional ? changedRows &* 275 : Int.max
        let byPass = index.bucketCount &* 3 &+ index.count &* 50
        guard Swift.min(byHash, byPass) &+ walk.offRun.count &* 140 < walk.newTotal &* 64 else { return nil }
        if byHash < byPass {
            _moveEntriesByHash(in: &index, previous: previous, walk: walk)
        } else {
            // `firstRow`: by old token, where its section's items start in `newRowOfOld`, or -1.
            var firstRow = [Int](repeating: -1, count: previous._tokenIndex.count)
            for (s, token) in previous._tokens.enumerated() where homes.newTokenOfOld[Int(token)] >= 0 {
                firstRow[Int(token)] = oldOffsets[s]
            }
            index.remap(newToken: homes.newTokenOfOld, firstRow: firstRow, newRow: walk.newRowOfOld)
        }
        return index
    }

    /// Gives the entries of items that changed row their new rows, each found by its hash, and
    /// makes those of items not carried tombstones; the sections are where they were.
    @inlinable
    static func _moveEntriesByHash(in index: inout _LocationTable, previous: Snapshot, walk: _RunWalk) {
        let oldSections = previous._sections, oldOffsets = walk.oldOffsets
        let seeds = _HashSeeds.current
        walk.newRowOfOld.withUnsafeBufferPointer { rows in
            for s in 0..<oldSections.count {
                let base = oldOffsets[s], token = previous._tokens[s]
                let items = oldSections[s].items
                let count = oldOffsets[s + 1] &- base
                // Removals first, then the entries that move up, from the lowest, then those
                // that move down, from the highest: each takes a row that its holder has left
                // (the runs keep the items' order).
                for r in 0..<count where rows[base &+ r] < 0 {
                    index.remove(hash: _hash(items[r].id, seeds), token: token, row: Int32(truncatingIfNeeded: r))
                }
                for r in 0..<count where rows[base &+ r] >= 0 && Int(rows[base &+ r]) < r {
                    index.move(
                        hash: _hash(items[r].id, seeds), fromToken: token, row: Int32(truncatingIfNeeded: r),
                        toToken: token, row: rows[base &+ r])
                }
                for r in (0..<count).reversed() where Int(rows[base &+ r]) > r {
                    index.move(
                        hash: _hash(items[r].id, seeds), fromToken: token, row: Int32(truncatingIfNeeded: r),
                        toToken: token, row: rows[base &+ r])
                }
            }
        }
    }
}

extension Snapshot {
    /// How the sections of a build correspond to `previous`'s.
    @usableFromInline
    struct _SectionHomes {
        /// Same positions, same identifiers: the previous token tables serve as they are.
        @usableFromInline let positional: Bool
        /// The old section of each new one, or -1.
        @usableFromInline let homes: [Int]
        /// By old token, the new token of its section, or -1.
        @usableFromInline let newTokenOfOld: [Int32]
        /// The new sections' tokens, when not positional.
        @usableFromInline let sectionTokens: [SectionID: Int32]

        /// `nil` when `sections` repeats a section.
        @inlinable
        init?(_ sections: [SectionType], previous: Snapshot) {
            let oldSections = previous._sections
            let oldCount = oldSections.count, newCount = sections.count
            var positional = oldCount == newCount
            if positional {
                for t in 0..<newCount where oldSections[t].id != sections[t].id {
                    positional = false
                    break
                }
            }
            var homes = [Int](repeating: -1, count: newCount)
            var newTokenOfOld = [Int32](repeating: -1, count: previous._tokenIndex.count)
            var sectionTokens = [SectionID: Int32]()
            if positional {
                for t in 0..<newCount {
                    homes[t] = t
                    let token = previous._tokens[t]
                    newTokenOfOld[Int(token)] = token
                }
            } else {
                sectionTokens.reserveCapacity(newCount)
                for t in 0..<newCount {
                    let id = sections[t].id
                    if sectionTokens.updateValue(Int32(truncatingIfNeeded: t), forKey: id) != nil { return nil }
                    let s = (t < oldCount && oldSections[t].id == id) ? t : (previous.sectionIndex(of: id) ?? -1)
                    homes[t] = s
                    if s >= 0 { newTokenOfOld[Int(previous._tokens[s])] = Int32(truncatingIfNeeded: t) }
                }
            }
            self.positional = positional
            self.homes = homes
            self.newTokenOfOld = newTokenOfOld
            self.sectionTokens = sectionTokens
        }
    }

    /// The walk of a build's items in the previous snapshot's order: the row each old item has in
    /// its new section, and the items off the runs, which the index has yet to take.
    @usableFromInline
    struct _RunWalk {
        /// Where each old section's items start in `newRowOfOld`; the last is `oldTotal`.
        @usableFromInline let oldOffsets: [Int]
        @usableFromInline let oldTotal: Int
        @usableFromInline let newTotal: Int
        @usableFromInline let longest: Int  // items in the longest new section
        /// Items off the runs: their new section, row and hash.
        @usableFromInline var offRun: [(section: Int32, row: Int32, hash: Int)]
        /// Whether every item is where it was, and equal to it.
        @usableFromInline var sameIDs: Bool, sameItems: Bool
        /// The row each old item has in its new section, or -1; flat, section after section.
        @usableFromInline var newRowOfOld: [Int32]
        /// Only written once something is off the runs (a list that did not change never is).
        @usableFromInline var rowsWritten: Bool
        @usableFromInline var matched: Int  // old items carried

        @inlinable
        init(_ sections: [SectionType], previous: Snapshot, positional: Bool, equalPrefixes: [Int]?) {
            let oldSections = previous._sections
            var oldOffsets = [Int](repeating: 0, count: oldSections.count + 1)
            for s in 0..<oldSections.count { oldOffsets[s + 1] = oldOffsets[s] + oldSections[s].items.count }
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
            newRowOfOld = []
            rowsWritten = false
            matched = 0
        }

        /// Starts `newRowOfOld`, once: the sections before `t` matched row for row.
        @inlinable
        mutating func startRows(upTo t: Int) {
            guard !rowsWritten else { return }
            rowsWritten = true
            newRowOfOld = [Int32](repeating: -1, count: oldTotal)
            let oldOffsets = self.oldOffsets
            newRowOfOld.withUnsafeMutableBufferPointer { rows in
                for s in 0..<t {
                    for r in 0..<(oldOffsets[s + 1] - oldOffsets[s]) { rows[oldOffsets[s] + r] = Int32(truncatingIfNeeded: r) }
                }
            }
        }

        /// Walks every section; `false` as soon as so many items are off the runs that the full
        /// build costs less than what is left.
        @inlinable
        mutating func walk(_ sections: [SectionType], previous: Snapshot, homes: _SectionHomes, equalPrefixes: [Int]?) -> Bool {
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
                    startRows(upTo: t)
                    for j in newItems.indices {
                        offRun.append((Int32(truncatingIfNeeded: t), Int32(truncatingIfNeeded: j), Snapshot._hash(newItems[j].id, seeds)))
                    }
                    continue
                }
                let oldItems = oldSections[s].items
                let base = oldOffsets[s]
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
                        while j < n && j < m && old[j].id == new[j].id { j &+= 1 }
                        matched &+= j
                        if j == n && j == m && !rowsWritten && positional { return true }
                        sameIDs = false
                        startRows(upTo: t)
                        return newRowOfOld.withUnsafeMutableBufferPointer { rows in
                            for k in 0..<j { rows[base &+ k] = Int32(truncatingIfNeeded: k) }
                            return Self.walkRuns(
                                new: new, old: old, from: j, rows: UnsafeMutableBufferPointer(rebasing: rows[base...]),
                                section: t, home: s, previous: previous, seeds: seeds, offRun: &offRun, matched: &matched,
                                budget: (newTotal: newTotal, walked: walked))
                        }
                    }
                }
                if !withinBudget { return false }
            }
            return true
        }

        /// Matches the items of a section from `j` on (past its common prefix with its home,
        /// section `home` of `previous`): runs of identifiers in order, past deletions of one or
        /// two items; past a longer one when the item and the next both follow it. `rows` are the
        /// home's entries of `newRowOfOld`. The items off the runs go in `offRun`; `false` when, past
        /// a sixteenth of the list, the full build costs less than what is left.
        @inlinable @inline(__always)
        static func walkRuns(
            new: UnsafeBufferPointer<Item>, old: UnsafeBufferPointer<Item>, from j: Int, rows: UnsafeMutableBufferPointer<Int32>,
            section t: Int, home s: Int, previous: Snapshot, seeds: _HashSeeds,
            offRun: inout [(section: Int32, row: Int32, hash: Int)], matched: inout Int, budget: (newTotal: Int, walked: Int)
        ) -> Bool {
            let n = new.count, m = old.count
            var j = j, r = j
            while j < n {
                // Most items continue the run: matched in a loop of their own.
                while j < n && r < m && old[r].id == new[j].id {
                    rows[r] = Int32(truncatingIfNeeded: j)
                    j &+= 1
                    r &+= 1
                    matched &+= 1
                }
                guard j < n else { break }
                let id = new[j].id
                var hit = -1
                if r &+ 1 < m && old[r &+ 1].id == id {
                    hit = r &+ 1
                } else if r &+ 2 < m && old[r &+ 2].id == id {
                    hit = r &+ 2
                } else {
                    let hash = Snapshot._hash(id, seeds)
                    if let found = previous._location(of: id, hash: hash),
                        Int(previous._tokenIndex[Int(found.token)]) == s, Int(found.row) > r,
                        rows[Int(found.row)] < 0,
                        j &+ 1 == n || (Int(found.row) &+ 1 < m && old[Int(found.row) &+ 1].id == new[j &+ 1].id)
                    {
                        hit = Int(found.row)
                    } else {
                        offRun.append((Int32(truncatingIfNeeded: t), Int32(truncatingIfNeeded: j), hash))
                        // Past a sixteenth of the list off the runs, the full build costs less
                        // than what is left (see the costs in `_carriedIndex`): the walk stops as
                        // soon as the items walked so far say so.
                        if offRun.count > budget.newTotal / 16 || offRun.count &* 16 > budget.walked &+ j &+ 1024 {
                            return false
                        }
                    }
                }
                if hit >= 0 {
                    rows[hit] = Int32(truncatingIfNeeded: j)
                    matched &+= 1
                    r = hit &+ 1
                }
                j &+= 1
            }
            return true
        }
    }
}
