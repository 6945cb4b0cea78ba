extension Snapshot {
    /// Creates a snapshot from sections, checking that every section identifier is unique.
    ///
    /// Item identifiers are checked when the snapshot first needs its index, not here: a list it
    /// is applied to refuses a snapshot whose items repeat an identifier (the result names it, and
    /// the list keeps showing what it showed), an edit of it throws the repeat, and a lookup
    /// finds the first occurrence. ``validated()`` checks at once; data from a server or a
    /// database whose repeats should be dropped belongs in ``resolvingDuplicates(in:keeping:)``.
    ///
    /// - Throws: ``SnapshotError/duplicateSection(_:first:second:)`` naming the identifier and
    ///   both positions.
    /// - Complexity: O(*s*) for *s* sections: the items are kept as they are, and indexed (each
    ///   identifier hashed once) on first need.
    /// - Precondition: a section holds fewer than 2³¹ items (positions are stored in 32 bits).
    @inlinable
    public init(_ sections: [SectionType]) throws {
        self.init()
        try _installUnindexed(sections)
    }

    /// Creates a snapshot declaratively, like SwiftUI's `List`.
    ///
    /// ```swift
    /// let snapshot = try Snapshot<String, Setting> {
    ///     Section("general", header: "General") {
    ///         Setting.toggle("Dark mode")
    ///         if showsLanguage { Setting.disclosure("Language") }
    ///     }
    ///     for group in groups { Section(group.id, header: group.title, items: group.settings) }
    /// }
    /// ```
    ///
    /// - Throws: the errors of ``init(_:)-([Snapshot<SectionID,Item>.SectionType])``, which checks
    ///   item identifiers on first need, as it says.
    ///
    /// - Complexity: O(*s*) for *s* sections, as ``init(_:)-([Snapshot<SectionID,Item>.SectionType])``.
    public init(@SectionsBuilder<SectionID, Item> _ content: () -> [SectionType]) throws {
        try self.init(content())
    }

    /// Creates a snapshot from sections the caller guarantees to have unique identifiers.
    ///
    /// Use it for data whose uniqueness the program itself ensures (for example identifiers it
    /// generated). Data from a server or a database belongs in ``init(_:)-([Snapshot<SectionID,Item>.SectionType])`` or
    /// ``resolvingDuplicates(in:keeping:)``.
    ///
    /// The check costs nothing extra (building the index finds repeats anyway), so it runs in every
    /// build: a repeat is never dropped silently.
    ///
    /// - Precondition: section identifiers are unique and item identifiers are unique across all
    ///   sections. A violation is a programmer error and traps, in debug and release builds alike,
    ///   naming the identifier and both positions.
    ///
    /// - Complexity: O(*n*) for *n* items: each identifier is hashed once.
    package init(uncheckedUniqueSections sections: [SectionType]) {
        self.init()
        do {
            try _build(sections, policy: .reject)
        } catch {
            // `fatalError`, not `preconditionFailure`: an -O build drops the latter's message, and
            // the message (which identifier, where) is what this trap promises.
            fatalError("Snapshot(uncheckedUniqueSections:) was given non-unique data: \(error)")
        }
    }

    /// Builds a snapshot from outside data, dropping repeated item identifiers as `policy` says, and
    /// reports each occurrence it dropped.
    ///
    /// ```swift
    /// let (snapshot, report) = try Snapshot.resolvingDuplicates(in: sections, keeping: .keepFirst)
    /// if !report.isEmpty { logger.warning("\(report)") }
    /// ```
    ///
    /// Section identifiers are chosen by the program, not by the data, so a repeated section
    /// identifier is always an error.
    ///
    /// - Throws: ``SnapshotError/duplicateSection(_:first:second:)``; with ``DuplicatePolicy/reject``
    ///   also ``SnapshotError/duplicateItem(_:first:second:)``.
    /// - Complexity: O(*n*); ``DuplicatePolicy/keepLast`` hashes each identifier twice.
    public static func resolvingDuplicates(
        in sections: [SectionType], keeping policy: DuplicatePolicy
    ) throws -> (snapshot: Snapshot, report: DuplicateReport<SectionID, Item.ID>) {
        var snapshot = Snapshot()
        let report = try snapshot._build(sections, policy: policy.kind)
        return (snapshot, report)
    }

    /// Replaces the (empty) contents with `sections`, indexing every item; a repeated identifier
    /// is handled as `policy` says, and the report names each occurrence dropped (none with
    /// ``DuplicatePolicy/reject``, which throws at the first repeat instead). On a throw, `self`
    /// is left empty. The one full build: every initialiser, and a build against an earlier
    /// snapshot that cannot reuse it, comes here.
    ///
    /// Inlinable so that hashing is specialised for the client's identifier type.
    @inlinable
    @discardableResult
    mutating func _build(_ sections: [SectionType], policy: DuplicatePolicy.Kind) throws -> DuplicateReport<SectionID, Item.ID> {
        var report = DuplicateReport<SectionID, Item.ID>()
        switch policy {
        case .reject: try _indexRejectingDuplicates(sections)
        case .keepFirst, .keepLast: try _indexResolvingDuplicates(sections, keep: policy, report: &report)
        }
        return report
    }

    /// `_build` with ``DuplicatePolicy/reject``: the section identifiers checked, then every item
    /// indexed (`_indexTable`), and the first repeat thrown.
    @inlinable
    mutating func _indexRejectingDuplicates(_ sections: [SectionType]) throws {
        let sectionTokens = try Self._sectionTokens(of: sections)
        let tokens = Array(0..<Int32(truncatingIfNeeded: sections.count))
        let (index, repeated) = Self._indexTable(of: sections, tokens: tokens, tokenIndex: tokens)
        try _install(sections, sectionTokens: sectionTokens, index: index, failure: repeated)
    }

    /// Takes `sections` without indexing their items, which is left to the first need
    /// (`Index/LazyIndex.swift`); checks the section identifiers, which are few.
    @inlinable
    mutating func _installUnindexed(_ sections: [SectionType]) throws {
        let sectionTokens = try Self._sectionTokens(of: sections)
        var total = 0
        for section in sections { total &+= section.items.count }
        _sections = sections
        _tokens = Array(0..<Int32(truncatingIfNeeded: sections.count))
        _tokenIndex = _tokens
        _sectionTokens = sectionTokens
        if total > 0 { _lazyIndex = _LazyIndex(itemCount: total) }
    }

    /// Each section identifier's token (its position).
    ///
    /// - Throws: ``SnapshotError/duplicateSection(_:first:second:)`` for the first repeat.
    @inlinable
    static func _sectionTokens(of sections: [SectionType]) throws -> [SectionID: Int32] {
        var sectionTokens = [SectionID: Int32](minimumCapacity: sections.count)
        for s in sections.indices {
            if let earlier = sectionTokens.updateValue(Int32(truncatingIfNeeded: s), forKey: sections[s].id) {
                throw Failure.duplicateSection(sections[s].id, first: Int(earlier), second: s)
            }
        }
        return sectionTokens
    }

    /// The item index of `sections`, whose section at position `s` has token `tokens[s]`
    /// (`tokenIndex` maps tokens back), and the first repeated identifier in input order, which
    /// gets no entry. What every index built from whole sections comes from: one hash and one
    /// probe an item, the items of a section inserted in one loop.
    @inlinable
    static func _indexTable(of sections: [SectionType], tokens: [Int32], tokenIndex: [Int32]) -> (_LocationTable, Failure?) {
        var index = _emptyIndex(for: sections, tokens: tokenIndex.count)
        let inOrder = tokens.indices.allSatisfy { tokens[$0] == Int32(truncatingIfNeeded: $0) }
        // A table too large for the cache is filled region by region (see `_indexInCacheOrder`).
        if inOrder && index.bucketCount >= 1 << 20 {
            if _indexInCacheOrder(sections, into: &index) { return (index, nil) }
            return _indexSkippingRepeats(of: sections, tokens: tokens, tokenIndex: tokenIndex)
        }
        let seeds = _HashSeeds.current
        for s in sections.indices {
            let token = tokens[s]
            let items = sections[s].items
            // The hash is a closure of its own, capturing only the items and seeds: one that
            // captured more of this loop's state cost the insert loop more (build-100k-uuid in
            // `instructions.sh` guards it).
            let repeated = items.withUnsafeBufferPointer { items in
                index.insertRows(items.count, token: token, hash: { Self._hash(items[$0].id, seeds) }) { t, row, r in
                    (t == token ? items[Int(row)] : sections[Int(tokenIndex[Int(t)])].items[Int(row)]).id == items[r].id
                }
            }
            if repeated != nil { return _indexSkippingRepeats(of: sections, tokens: tokens, tokenIndex: tokenIndex) }
        }
        return (index, nil)
    }

    /// ``_indexTable(of:tokens:tokenIndex:)`` for sections known to repeat an identifier: every
    /// item after its identifier's first occurrence is left out of the index, and the first of
    /// them reported, with the position of the occurrence before it.
    @inlinable
    static func _indexSkippingRepeats(of sections: [SectionType], tokens: [Int32], tokenIndex: [Int32]) -> (_LocationTable, Failure?) {
        var index = _emptyIndex(for: sections, tokens: tokenIndex.count)
        var failure: Failure? = nil
        for s in sections.indices {
            let token = tokens[s]
            let items = sections[s].items
            for r in items.indices {
                let id = items[r].id
                let existing = index.entryOrInsert(hash: Self._hash(id), token: token, row: Int32(truncatingIfNeeded: r)) { t, row in
                    sections[Int(tokenIndex[Int(t)])].items[Int(row)].id == id
                }
                if let existing, failure == nil {
                    failure = .duplicateItem(
                        id, first: ItemPath(item: Int(existing.row), section: Int(tokenIndex[Int(existing.token)])),
                        second: ItemPath(item: r, section: s))
                }
            }
        }
        return (index, failure)
    }

    /// Indexes the items of `sections` (whose section identifiers are unique) in the order of the
    /// table's regions, not of the items: a table larger than the cache costs a miss for every
    /// item placed at random, and a region of 1/256 of it stays in cache while it fills. Costs
    /// 24 bytes an item while it runs. Returns `false`, with `index` partly filled, at the first
    /// repeated identifier.
    @inlinable
    static func _indexInCacheOrder(_ sections: [SectionType], into index: inout _LocationTable) -> Bool {
        let regionShift = Int.bitWidth - index.mask.leadingZeroBitCount - 8  // 256 regions
        // Sized once: grown by doubling, the buffers it outgrew stayed resident in the allocator's
        // heap, about as much again as the hashes at their peak (build-1m in the memory line).
        var hashes = [Int]()
        hashes.reserveCapacity(sections.reduce(0) { $0 &+ $1.items.count })
        var starts = [Int](repeating: 0, count: 257)
        let seeds = _HashSeeds.current
        for section in sections {
            for item in section.items {
                let hash = Self._hash(item.id, seeds)
                hashes.append(hash)
                starts[(hash & index.mask) &>> regionShift + 1] += 1
            }
        }
        for region in 0..<256 { starts[region + 1] += starts[region] }
        var order = [(hash: Int, token: Int32, row: Int32)](repeating: (0, 0, 0), count: hashes.count)
        var next = 0
        for s in sections.indices {
            let section = sections[s]
            for row in section.items.indices {
                let hash = hashes[next]
                next += 1
                let region = (hash & index.mask) &>> regionShift
                order[starts[region]] = (hash, Int32(truncatingIfNeeded: s), Int32(truncatingIfNeeded: row))
                starts[region] += 1
            }
        }
        hashes = []
        for (hash, token, row) in order {
            // Identifiers are read only when a fingerprint matches.
            let existing = index.entryOrInsert(hash: hash, token: token, row: row) {
                sections[Int($0)].items[Int($1)].id == sections[Int(token)].items[Int(row)].id
            }
            if existing != nil { return false }
        }
        return true
    }

    /// An empty index sized for `sections`: one allocation, which never grows while they are
    /// indexed.
    @inlinable
    static func _emptyIndex(for sections: [SectionType], tokens: Int? = nil) -> _LocationTable {
        var total = 0, longest = 0
        for section in sections {
            total += section.items.count
            longest = max(longest, section.items.count)
        }
        return _LocationTable(capacity: total, rows: longest, tokens: tokens ?? sections.count)
    }

    /// Takes what a build produced, or throws `failure` and leaves `self` empty.
    @inlinable
    mutating func _install(_ sections: [SectionType], sectionTokens: [SectionID: Int32], index: _LocationTable, failure: Failure?) throws {
        if let failure {
            self = Snapshot()
            throw failure
        }
        _sections = sections
        _tokens = Array(0..<Int32(truncatingIfNeeded: sections.count))
        _tokenIndex = _tokens
        _sectionTokens = sectionTokens
        _index = index
    }

    /// `_build` with ``DuplicatePolicy/keepFirst`` or ``DuplicatePolicy/keepLast`` (`keep`): one
    /// item at a time, since a repeat drops an item and the rows after it move up.
    @inlinable
    mutating func _indexResolvingDuplicates(
        _ input: [SectionType], keep: DuplicatePolicy.Kind, report: inout DuplicateReport<SectionID, Item.ID>
    ) throws {
        var sections = input
        var index = Self._emptyIndex(for: sections)
        var sectionTokens = [SectionID: Int32](minimumCapacity: sections.count)

        // keepLast needs to know, before placing an occurrence, whether a later one exists.
        var lastOccurrence: [Item.ID: ItemPath] = [:]
        if keep == .keepLast {
            lastOccurrence.reserveCapacity(sections.reduce(0) { $0 + $1.items.count })
            for s in sections.indices {
                let section = sections[s]
                for r in section.items.indices {
                    let item = section.items[r]
                    lastOccurrence[item.id] = ItemPath(item: r, section: s)
                }
            }
        }

        // Errors are recorded and thrown after the loop: a typed `throw` inside this loop crashes
        // Swift 6.3's SILGen when the module is emitted for an Apple platform (seen with
        // ../shared/tools/apple-sdk/build.sh ios).
        var failure: Failure? = nil
        // For sections that lost items to `keep`: the input row of each item kept.
        var droppedInputRows = [Int: [Int]]()
        scan: for s in sections.indices {
            let token = Int32(truncatingIfNeeded: s)
            if let earlier = sectionTokens.updateValue(token, forKey: sections[s].id) {
                failure = .duplicateSection(sections[s].id, first: Int(earlier), second: s)
                break scan
            }
            var kept: [Item]? = nil  // allocated only once a duplicate is dropped from this section
            var keptInputRows: [Int]? = nil  // the input row of each kept item, parallel to `kept`
            let items = sections[s].items
            for r in items.indices {
                let item = items[r]
                let inputPath = ItemPath(item: r, section: s)
                if keep == .keepLast, let last = lastOccurrence[item.id], last != inputPath {
                    report.dropped.append(.init(
                        id: item.id, droppedAt: inputPath, droppedFromSection: sections[s].id,
                        keptAt: last, keptInSection: input[last.section].id))
                    if kept == nil {
                        kept = Array(items[..<r])
                        keptInputRows = Array(0..<r)
                    }
                    continue
                }
                let row = kept?.count ?? r
                // An earlier item with the same identifier: in an earlier section (already
                // compacted) or in this one (in `kept` once it has lost an item).
                let id = item.id
                let existing = index.entryOrInsert(hash: Self._hash(id), token: token, row: Int32(truncatingIfNeeded: row)) {
                    let (t, k) = (Int($0), Int($1))
                    if t != s { return sections[t].items[k].id == id }
                    return (kept?[k] ?? items[k]).id == id
                }
                if let existing {
                    let earlier = Location(token: existing.token, row: Int(existing.row))
                    guard keep == .keepFirst else {
                        failure = .duplicateItem(
                            item.id, first: ItemPath(item: Int(earlier.row), section: Int(earlier.token)), second: inputPath)
                        break scan
                    }
                    let firstSection = Int(earlier.token)
                    // `earlier.row` is the kept item's output row; the report names input positions.
                    let inputRows = firstSection == s ? keptInputRows : droppedInputRows[firstSection]
                    let firstRow = inputRows.map { $0[Int(earlier.row)] } ?? Int(earlier.row)
                    report.dropped.append(.init(
                        id: item.id, droppedAt: inputPath, droppedFromSection: sections[s].id,
                        keptAt: ItemPath(item: firstRow, section: firstSection),
                        keptInSection: sections[firstSection].id))
                    if kept == nil {
                        kept = Array(items[..<r])
                        keptInputRows = Array(0..<r)
                    }
                    continue
                }
                kept?.append(item)
                keptInputRows?.append(r)
            }
            if let kept { sections[s].items = kept }
            if let keptInputRows { droppedInputRows[s] = keptInputRows }
        }
        try _install(sections, sectionTokens: sectionTokens, index: index, failure: failure)
    }
}

