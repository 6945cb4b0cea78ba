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
}
