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
    ///   previous order. With the sections where they were, the index is carried over as it is,
    ///   with a note of the rows that moved, written out (one pass over its buckets) by the first
    ///   edit that moves items, or by a later build once the notes have grown; otherwise that pass
    ///   is made here. With most items changed it falls back to a full build, which hashes every
    ///   item.
    @inlinable
    public init(_ sections: [SectionType], updating previous: Snapshot) throws {
        self.init()
        try _build(sections, updating: previous, equalPrefixes: nil, comparing: _IdentifiersOnly<Item>.self)
    }
}

extension Snapshot where Item: Equatable {
    /// Creates a snapshot from sections, like ``init(_:)-([Snapshot<SectionID,Item>.SectionType])``,
    /// reusing what `previous` (typically the snapshot on screen) already knows.
    ///
    /// As the other `init(_:updating:)`; in addition, when the sections are where they were, the
    /// build compares the content (`==`, or the same bytes) of the items it matches, and keeps
    /// what it found for the diff from `previous` (`Changeset(from:to:)`, or a ``ListDriver``
    /// comparing with `==`): when every section, title and item equals `previous`'s, in order,
    /// that diff is known to be empty and costs nothing; when no item of `previous` is off the
    /// runs (moved, or found only past a longer deletion), it costs what changed. Either holds as
    /// long as neither snapshot is changed in between, the diff is from `previous` itself (or a
    /// copy of it), and the result requests no updates (``reloadItems(_:)``). Items must have
    /// value semantics: the record holds what the comparison said at the build.
    @inlinable
    public init(_ sections: [SectionType], updating previous: Snapshot) throws {
        self.init()
        let old = previous._sections
        var prefixes: [Int]? = nil
        if old.count == sections.count {
            // Blocks of items with the same bytes first (`memcmp`, the whole of a list that did not
            // change), then identifiers and content in one loop of its own, specialised for the
            // items, not a closure passed down to the build and called for every item (nochange-10k
            // in `instructions.sh` guards it).
            prefixes = (0..<old.count).map { t in
                guard old[t].id == sections[t].id else { return 0 }
                return old[t].items.withUnsafeBufferPointer { a in
                    sections[t].items.withUnsafeBufferPointer { b in
                        let count = Swift.min(a.count, b.count)
                        guard count > 0, let a = a.baseAddress, let b = b.baseAddress else { return 0 }
                        return _leadingEqualItems(a, b, count: count, probe: 0) { a, b in
                            a.pointee.id == b.pointee.id && _EqualContent.same(a.pointee, b.pointee)
                        }
                    }
                }
            }
        }
        // Every section, title and item equal, in order: the previous index serves as it is, and
        // the diff from `previous` is known to be empty. Taken here, without the walk's tables
        // (nochange-10k in `instructions.sh` guards it).
        if let prefixes, previous._index.count > 0,
            (0..<old.count).allSatisfy({ t in
                old[t].id == sections[t].id && prefixes[t] == old[t].items.count && prefixes[t] == sections[t].items.count
                    && old[t].hasSameTitles(as: sections[t])
            })
        {
            _adoptIndex(of: previous, sections: sections, sameContent: true)
            _checkInvariants()
            return
        }
        try _build(sections, updating: previous, equalPrefixes: prefixes, comparing: _EqualContent<Item>.self)
    }
}

extension Snapshot {
    /// Whether the diff from `source` to this snapshot is known to be empty without looking at the
    /// items: this snapshot was built from `source`'s sections, unchanged since, with every item
    /// equal (`==`, or the same bytes), and requests no updates.
    ///
    /// - Complexity: O(1).
    @inlinable
    func _isKnownUnchanged(from source: Snapshot) -> Bool {
        guard let basis = _sameContentAs, !hasRequestedUpdates else { return false }
        // The basis holds its storage, so the source cannot have changed it in place: the same
        // storage means the same sections.
        return _sameStorage(basis, source._sections)
    }

    /// Replaces the (empty) contents with `sections`, as `_build(_:policy:)` does, reusing
    /// `previous`'s index for the items that follow its order. `equalPrefixes`, when given, holds
    /// for each section the number of leading items that equal `previous`'s at the same position
    /// (`==` and identifiers; 0 when the sections differ): a build whose every item is equal
    /// records it for the diff. `Comparison` says whether the walk compares the content of the
    /// other items it matches, for the diff (`_Lineage`). On a throw, `self` is left empty.
    ///
    /// The sections are matched first (`_SectionHomes`), then the items, in runs that follow the
    /// previous order (`_RunWalk`). With the sections in place the previous index is carried over
    /// as it is, its rows noted (`_pendingIndex`); otherwise it is rewritten, when that costs less
    /// than a full build (`_carriedIndex`). Then the items off the runs go in.
    @inlinable
    mutating func _build<Comparison: _ContentComparison>(
        _ sections: [SectionType], updating previous: Snapshot, equalPrefixes: [Int]?, comparing: Comparison.Type
    ) throws where Comparison.Item == Item {
        let oldSections = previous._sections
        let oldCount = oldSections.count, newCount = sections.count
        guard oldCount > 0, previous._index.count > 0, newCount > 0 else {
            try _build(sections, policy: .reject)
            return
        }

        // A repeated section: the full build reports it.
        guard let homes = _SectionHomes(sections, previous: previous) else {
            try _build(sections, policy: .reject)
            return
        }
        var walk = _RunWalk(sections, previous: previous, positional: homes.positional, equalPrefixes: equalPrefixes)
        // Content is compared for the diff's record alone, which needs the sections in place.
        let walked =
            homes.positional
            ? walk.walk(sections, previous: previous, homes: homes, equalPrefixes: equalPrefixes, comparing: Comparison.self)
            : walk.walk(sections, previous: previous, homes: homes, equalPrefixes: equalPrefixes, comparing: _IdentifiersOnly<Item>.self)
        guard walked else {
            try _build(sections, policy: .reject)
            return
        }
        // Titles take part in the diff, so a build that records equal content compares them too.
        if walk.sameItems {
            for t in 0..<newCount where sections[t].header != oldSections[t].header || sections[t].footer != oldSections[t].footer {
                walk.sameItems = false
                break
            }
        }
        // What the diff from `previous` needs, when no item moved.
        var lineage: _Lineage? = nil
        if Comparison.compares && homes.positional && !walk.movedIn && !walk.sameItems {
            lineage = _Lineage(
                source: oldSections, runs: walk.runs,
                inserted: walk.offRun.map { ItemPath(item: Int($0.row), section: Int($0.section)) }, changed: walk.changed)
        }

        // MARK: Index
        if walk.sameIDs {
            // Every item where it was: the previous index and tables serve as they are.
            _adoptIndex(of: previous, sections: sections, sameContent: walk.sameItems)
            _lineage = lineage
            _checkInvariants()
            return
        }
        if homes.positional, let index = Self._pendingIndex(from: previous, sections: sections, walk: walk) {
            _sections = sections
            _tokens = previous._tokens
            _tokenIndex = previous._tokenIndex
            _sectionTokens = previous._sectionTokens
            _index = index
            _lineage = lineage
            _checkInvariants()
            return
        }
        // The index is rewritten, starting from `previous`'s with the rows it left pending
        // written out: that copy is the build's own, and is rewritten in place.
        var table = previous._index
        table.settle()
        guard var index = Self._carriedIndex(from: previous, table: table, homes: homes, walk: walk) else {
            try _build(sections, policy: .reject)
            return
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
                try _build(sections, policy: .reject)
                return
            }
        }
        _sections = sections
        _index = index
        _lineage = lineage
        _checkInvariants()
    }

    /// Takes `sections`, whose every item is where it was in `previous`, with `previous`'s index
    /// and token tables as they are; `sameContent` records that every section, title and item is
    /// also equal (`==`, or the same bytes), which makes the diff from `previous` empty
    /// (`_isKnownUnchanged`).
    @inlinable
    mutating func _adoptIndex(of previous: Snapshot, sections: [SectionType], sameContent: Bool) {
        _sections = sections
        _tokens = previous._tokens
        _tokenIndex = previous._tokenIndex
        _sectionTokens = previous._sectionTokens
        _index = previous._index
        if sameContent { _sameContentAs = previous._sections }
    }

    /// `previous`'s index, with its buckets as they are and the runs of the walk noted as pending
    /// rows (`_PendingRows`), and the items off the runs added; `nil` when the notes would grow
    /// past what lookups should search (or the table could not hold what they will write), or an
    /// item off the runs repeats another: the build then writes the index out, or reports the
    /// repeat. The sections must be where they were.
    @inlinable
    static func _pendingIndex(from previous: Snapshot, sections: [SectionType], walk: _RunWalk) -> _LocationTable? {
        let tokenCount = previous._tokenIndex.count, tokens = previous._tokens, tokenIndex = previous._tokenIndex
        // The walk's runs, by token.
        var runStart = [Int32](repeating: 0, count: tokenCount &+ 1)
        for entry in walk.runs { runStart[Int(tokens[Int(entry.section)]) &+ 1] &+= 1 }
        for t in 0..<tokenCount { runStart[t &+ 1] &+= runStart[t] }
        var next = runStart
        var runs = [_RowRun](repeating: _RowRun(from: 0, count: 0, to: 0), count: walk.runs.count)
        for entry in walk.runs {
            let t = Int(tokens[Int(entry.section)])
            runs[Int(next[t])] = entry.run
            next[t] &+= 1
        }
        let oldSections = previous._sections
        var index = _LocationTable.carrying(previous._index, runStart: runStart, runs: runs) { token in
            let s = Int(tokenIndex[Int(token)])
            return s < 0 ? 0 : Int32(truncatingIfNeeded: oldSections[s].items.count)
        }
        guard var pending = index.pending else { return nil }
        // Lookups search a token's runs, and every build composes them all: a few hundred at most
        // (a list of 100,000 with one item inserted and one deleted an update writes its table
        // out every 190 updates or so, when the runs reach 390). Entries added, and dead ones,
        // which lookups still probe, are kept to a small share of the list. The table's own
        // tombstones do not count: only a full build clears them, and the load factor (`fits`,
        // below) bounds them.
        let newTotal = walk.newTotal
        let live = pending.liveBaseCount
        let added = pending.added.count &+ walk.offRun.count
        guard pending.runs.count <= 2 &* tokenCount &+ Swift.max(64, newTotal / 256),
            added <= Swift.max(64, newTotal / 64),
            pending.baseCount &- live <= Swift.max(16, newTotal / 8)
        else { return nil }
        pending.reindexAdded(capacity: added)
        index.pending = pending
        index.countPending(live: live)
        // Once written, the table must hold the new entries, rows and tokens.
        guard index.fits(adding: walk.offRun.count, rows: walk.longest, tokens: tokenCount) else { return nil }
        // Items off the runs, checked against every other item as they go in.
        for entry in walk.offRun {
            let id = sections[Int(entry.section)].items[Int(entry.row)].id
            let repeated = index.location(hash: entry.hash, firstWord: index[entry.hash & index.mask]) { token, row in
                sections[Int(tokenIndex[Int(token)])].items[Int(row)].id == id
            }
            if repeated != nil { return nil }
            index.pending!.added.append((entry.hash, tokens[Int(entry.section)], entry.row))
            index.pending!.placeAdded(index.pending!.added.count &- 1)
        }
        index.count &+= walk.offRun.count
        return index
    }

    /// `table` (`previous`'s index, its rows written out), with the entries of items not carried
    /// made tombstones and the others given their new rows (and, when sections moved, tokens);
    /// `nil` when carrying it over costs more than a full build, or the table could not hold what
    /// goes in.
    @inlinable
    static func _carriedIndex(from previous: Snapshot, table: __owned _LocationTable, homes: _SectionHomes, walk: _RunWalk) -> _LocationTable? {
        let oldSections = previous._sections, oldOffsets = walk.oldOffsets
        let removed = walk.oldTotal - walk.matched
        let tokenCount = homes.positional ? previous._tokenIndex.count : homes.homes.count
        // Carrying over pays while most items are carried; the table must also hold the new
        // entries, rows and tokens, and not fill up with tombstones (the edits' compaction rule).
        guard walk.matched >= walk.newTotal / 2,
            table.fits(adding: walk.offRun.count, rows: walk.longest, tokens: tokenCount),
            table.tombstones + removed <= Swift.max(walk.newTotal, 16)
        else { return nil }

        var index = table
        let newRowOfOld = walk.newRowOfOld()
        // When sections stay and few items changed row, only those entries are visited (each
        // found by its hash); otherwise every bucket is, once.
        var changedRows = 0
        if homes.positional {
            newRowOfOld.withUnsafeBufferPointer { rows in
                for s in 0..<oldSections.count {
                    let base = oldOffsets[s]
                    for r in 0..<(oldOffsets[s + 1] &- base) where Int(rows[base &+ r]) != r { changedRows &+= 1 }
                }
            }
        }
        // What each way costs, in instructions an entry, a bucket or an item, as `instructions.sh`
        // measures them (onechange-100k-uuid for the entries visited by hash, churn10-100k-uuid
        // for the items inserted off the runs and the pass over the buckets, build-100k-uuid for
        // a full build; the figures are in the commits that set them). The cheapest is taken.
        let byHash = homes.positional ? changedRows &* 275 : Int.max
        let byPass = index.bucketCount &* 3 &+ index.count &* 50
        guard Swift.min(byHash, byPass) &+ walk.offRun.count &* 140 < walk.newTotal &* 64 else { return nil }
        if byHash < byPass {
            _moveEntriesByHash(in: &index, previous: previous, oldOffsets: oldOffsets, newRowOfOld: newRowOfOld)
        } else {
            // `firstRow`: by old token, where its section's items start in `newRowOfOld`, or -1.
            var firstRow = [Int](repeating: -1, count: previous._tokenIndex.count)
            for (s, token) in previous._tokens.enumerated() where homes.newTokenOfOld[Int(token)] >= 0 {
                firstRow[Int(token)] = oldOffsets[s]
            }
            index.remap(newToken: homes.newTokenOfOld, firstRow: firstRow, newRow: newRowOfOld)
        }
        return index
    }

    /// Gives the entries of items that changed row their new rows, each found by its hash, and
    /// makes those of items not carried tombstones; the sections are where they were.
    /// `newRowOfOld` is the new row of each old item, or -1, section after section from
    /// `oldOffsets`.
    @inlinable
    static func _moveEntriesByHash(in index: inout _LocationTable, previous: Snapshot, oldOffsets: [Int], newRowOfOld: [Int32]) {
        let oldSections = previous._sections
        let seeds = _HashSeeds.current
        newRowOfOld.withUnsafeBufferPointer { rows in
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
