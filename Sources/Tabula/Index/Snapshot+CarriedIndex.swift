// The index of a snapshot built against an earlier one (`Snapshot(_:updating:)`): the earlier
// index adopted as it is, carried over with its rows noted as pending, or rewritten in place.

extension Snapshot {
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
