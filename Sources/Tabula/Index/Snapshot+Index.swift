// The item index (`_index`, a `_LocationTable`) holds where each item is; the identifier is read
// from `_sections` to confirm a candidate. Every edit keeps it in step with `_sections`:
// - before it changes `_sections`, an edit that adds entries, rows or tokens calls `_reserveIndex`,
//   which rebuilds the table from the sections (still in step) when it would not fit;
// - entries are found for an edit by hash and exact location, never by identifier, since the
//   sections may already hold the edited rows; edits move entries in an order in which each
//   location is held by one entry at a time.

// `UUID`, the commonest identifier after `Int`, is hashed by the index itself (see
// `Snapshot._hash(_:)`): FoundationEssentials where the toolchain has it (Linux), Foundation on
// Apple platforms. Public, because the hash is inlined into the client's specialised code.
#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The index's per-process seeds (see `Snapshot._hash(_:)`): one for `Int` identifiers, one for each
/// half of a `UUID`.
@usableFromInline
@frozen
struct _HashSeeds: Sendable {
    @usableFromInline let int: UInt64
    @usableFromInline let uuid: (UInt64, UInt64)

    @inlinable init(int: UInt64, uuid: (UInt64, UInt64)) {
        self.int = int
        self.uuid = uuid
    }

    /// This process's seeds. Every read of a global goes through `swift_once`, which is why loops
    /// read them once, before they start.
    @inlinable static var current: _HashSeeds { _hashSeeds }
}

@usableFromInline
let _hashSeeds = _HashSeeds(int: .random(in: 0 ... .max), uuid: (.random(in: 0 ... .max), .random(in: 0 ... .max)))

extension Snapshot {
    /// The hash of an item identifier, as the index uses it: the standard library's raw hash, which
    /// `Set` and `Dictionary` use too (SipHash-1-3 with a per-process seed), except for the two
    /// commonest identifier types:
    /// - `Int` (database row ids): the murmur3 finaliser of the identifier mixed with a
    ///   per-process seed;
    /// - `UUID`: the 128-bit product of its two halves, each mixed with a per-process seed,
    ///   folded to 64 bits (a multiply-and-fold, as wyhash finishes).
    ///
    /// Either is a few arithmetic operations where SipHash, called through `Hasher`, runs rounds
    /// of mixing. `UUID`'s `==` compares its 16 bytes, so hashing the bytes is consistent with
    /// it. SipHash resists identifiers chosen to collide; these mixers resist them only as long as
    /// the seeds stay unknown. What collisions can cost is time, never a wrong answer: every
    /// candidate is confirmed by comparing identifiers.
    @inlinable @inline(__always)
    static func _hash(_ id: Item.ID) -> Int {
        _hash(id, .current)
    }

    /// ``_hash(_:)``, with the seeds the index keeps (``_LocationTable/seeds``).
    @inlinable @inline(__always)
    func _hashOf(_ id: Item.ID) -> Int {
        Self._hash(id, _indexStorage.seeds)
    }

    /// ``_hash(_:)`` with the seeds already read: loops read them once, before they start.
    // Reading the global seeds for every item would cost a `swift_once` call each time
    // (churn10-100k-uuid in `instructions.sh` guards it).
    @inlinable @inline(__always)
    static func _hash(_ id: Item.ID, _ seeds: _HashSeeds) -> Int {
        _identifierHash(id, seeds, otherwise: 0)
    }

    /// Where the items of each of `sections` start among all their items taken section after
    /// section, and, last, how many there are: `sections.count + 1` offsets. The diff's flags are
    /// laid out so.
    @inlinable
    static func _itemOffsets(of sections: [SectionType]) -> [Int] {
        var offsets = [Int](repeating: 0, count: sections.count + 1)
        for s in 0..<sections.count { offsets[s + 1] = offsets[s] + sections[s].items.count }
        return offsets
    }

    /// Where the item `id` is, or `nil`.
    ///
    /// - Complexity: O(1) on average: one hash of `id`, and one identifier comparison unless a
    ///   fingerprint matches by chance.
    @inlinable @inline(__always)
    func _location(of id: Item.ID) -> Location? { _location(of: id, hash: _hashOf(id)) }

    /// Where the item `id`, whose ``_hash(_:)`` is `hash`, is, or `nil`.
    @inlinable @inline(__always)
    func _location(of id: Item.ID, hash: Int) -> Location? {
        // The stored index read in place: through `_index`, each read copied the table.
        guard _lazyIndex == nil else { return _lazyLocation(of: id, hash: hash) }
        guard _indexStorage.count > 0 else { return nil }
        return _location(of: id, hash: hash, firstWord: _indexStorage[hash & _indexStorage.mask])
    }

    /// ``_location(of:hash:)`` in a snapshot whose index was not taken into its storage.
    @inlinable @inline(never)
    func _lazyLocation(of id: Item.ID, hash: Int) -> Location? {
        let table = _builtIndex(_lazyIndex!).table
        guard table.count > 0 else { return nil }
        let sections = _sections, tokenIndex = _tokenIndex
        guard let found = table.location(hash: hash, firstWord: table[hash & table.mask], where: { token, row in
            sections[Int(tokenIndex[Int(token)])].items[Int(row)].id == id
        }) else { return nil }
        return Location(token: found.token, row: Int(found.row))
    }

    /// ``_location(of:hash:)``, with the word of the first bucket probed already read (see
    /// ``_indexPaths(of:)``).
    ///
    /// - Precondition: the index is in `_indexStorage`, and has entries.
    @inlinable @inline(__always)
    func _location(of id: Item.ID, hash: Int, firstWord: UInt64) -> Location? {
        // The closure captures the two arrays it reads, not the snapshot: a Debug build copied the
        // whole snapshot (nine references retained) for each lookup.
        let sections = _sections, tokenIndex = _tokenIndex
        guard let found = _indexStorage.location(hash: hash, firstWord: firstWord, where: { token, row in
            sections[Int(tokenIndex[Int(token)])].items[Int(row)].id == id
        }) else { return nil }
        return Location(token: found.token, row: Int(found.row))
    }

    /// The position of the item at `location`.
    @inlinable @inline(__always)
    func _indexPath(at location: Location) -> ItemPath {
        ItemPath(item: Int(location.row), section: Int(_tokenIndex[Int(location.token)]))
    }

    /// The positions of the items `ids`, in order, each `nil` when the snapshot has no such item:
    /// ``itemPath(for:)`` for a batch, faster than one at a time when the index is out of cache.
    ///
    /// The lookups are pipelined: each one's first bucket is read a few lookups before it is
    /// probed, and the words wait in a small ring. One lookup at a time, the processor waits for
    /// each bucket in turn (a branch on the word it has not read yet stops it from running ahead);
    /// here the reads of the next lookups are already under way.
    ///
    /// - Complexity: O(*k*) on average for *k* identifiers.
    @inlinable
    func _indexPaths(of ids: [Item.ID]) -> [ItemPath?] {
        guard _lazyIndex == nil else {
            var indexed = self
            indexed._materializeIndex()
            return indexed._indexPaths(of: ids)
        }
        let count = ids.count
        guard count > 0, _indexStorage.count > 0 else { return [ItemPath?](repeating: nil, count: count) }
        // Lookups under way at once: enough to overlap most of a memory access, few enough that
        // the ring stays in registers and cache.
        let lead = 8
        let seeds = _HashSeeds.current
        let hashes = ids.map { Self._hash($0, seeds) }
        let mask = _indexStorage.mask
        return [ItemPath?](unsafeUninitializedCapacity: count) { paths, initialized in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: lead) { ring in
                for i in 0..<Swift.min(lead, count) { ring[i] = _indexStorage[hashes[i] & mask] }
                for i in 0..<count {
                    let slot = i % lead
                    let word = ring[slot]
                    if i + lead < count { ring[slot] = _indexStorage[hashes[i + lead] & mask] }
                    (paths.baseAddress! + i).initialize(to: _location(of: ids[i], hash: hashes[i], firstWord: word).map(_indexPath(at:)))
                }
            }
            initialized = count
        }
    }

    /// Makes room for `adding` more entries, rows below `rows` and tokens below `tokens`; rebuilds
    /// the index from the sections, which must be in step with it, when they would not fit.
    @inlinable @inline(__always)
    mutating func _reserveIndex(adding: Int, rows: Int, tokens: Int) {
        // The test inline, the work a call: most edits fit.
        if _lazyIndex == nil && _indexStorage.pending == nil && _indexStorage.fits(adding: adding, rows: rows, tokens: tokens) {
            return
        }
        _makeRoomInIndex(adding: adding, rows: rows, tokens: tokens)
    }

    /// ``_reserveIndex(adding:rows:tokens:)`` when the index is not built, has rows to write or is
    /// full.
    @inlinable @inline(never)
    mutating func _makeRoomInIndex(adding: Int, rows: Int, tokens: Int) {
        if _lazyIndex != nil { _materializeIndex() }
        if _indexStorage.pending != nil { _indexStorage.settle() }
        guard !_indexStorage.fits(adding: adding, rows: rows, tokens: tokens) else { return }
        // Room for as many entries and rows again, and for four times as many while the table is
        // small: a run of one-row appends rebuilds it a few times, not once each time the list
        // doubles (append-one-100k and append-1000-one-by-one in `instructions.sh` guard it).
        let entries = _indexStorage.count &+ adding
        _rebuildIndex(adding: max(adding, entries < 1024 ? entries &* 3 : entries), rows: rows &* 2, tokens: tokens)
    }

    /// Indexes every item again, in a table with room for `adding` more entries, rows below `rows`
    /// and tokens below `tokens`.
    ///
    /// - Complexity: O(*n*) for *n* items.
    @inlinable
    mutating func _rebuildIndex(adding: Int = 0, rows: Int = 0, tokens: Int = 0) {
        var longest = rows
        for section in _sections { longest = max(longest, section.items.count) }
        var index = _LocationTable(capacity: _indexStorage.count + adding, rows: longest, tokens: max(tokens, _tokenIndex.count))
        let seeds = _HashSeeds.current
        for s in _sections.indices {
            // A section at a time with the buckets' storage open; the items repeat no identifier,
            // so nothing matches (append-1000-one-by-one in `instructions.sh` guards it).
            let items = _sections[s].items
            _ = index.insertRows(items.count, token: _tokens[s], hash: { Self._hash(items[$0].id, seeds) }) { _, _, _ in false }
        }
        _index = index
    }

    /// Rebuilds the index once removals have left more tombstones than entries, so that neither
    /// probes nor memory grow with the number of items ever removed.
    @inlinable
    mutating func _compactIndexIfWorthwhile() {
        if _lazyIndex != nil { _materializeIndex() }
        if _indexStorage.tombstones > max(_indexStorage.count, 16) { _rebuildIndex() }
    }

    /// Adds the entry of a new item.
    @inlinable
    mutating func _indexInsert(_ id: Item.ID, token: Int32, row: Int) {
        if _lazyIndex != nil { _materializeIndex() }
        _indexStorage.insert(hash: _hashOf(id), token: token, row: Int32(truncatingIfNeeded: row))
    }

    /// Removes the entry of the item `id`, which is at `row` of the section with `token`.
    @inlinable
    mutating func _indexRemove(_ id: Item.ID, token: Int32, row: Int) {
        if _lazyIndex != nil { _materializeIndex() }
        _indexStorage.remove(hash: _hashOf(id), token: token, row: Int32(truncatingIfNeeded: row))
    }

    /// Updates the entries of the items now at `rows` of the section at `section`, each of which
    /// was `delta` rows earlier, in an order that never gives two entries one location.
    @inlinable
    mutating func _shiftRows(inSection section: Int, rows: Range<Int>, by delta: Int) {
        if _lazyIndex != nil { _materializeIndex() }
        guard delta != 0, !rows.isEmpty else { return }
        let token = _tokens[section]
        let items = _sections[section].items
        let seeds = _HashSeeds.current
        func move(_ row: Int) {
            _indexStorage.move(
                hash: Self._hash(items[row].id, seeds), fromToken: token, row: Int32(truncatingIfNeeded: row - delta),
                toToken: token, row: Int32(truncatingIfNeeded: row))
        }
        // Moving down, rows free up from the start; moving up, from the end.
        if delta < 0 {
            for row in rows { move(row) }
        } else {
            for row in rows.reversed() { move(row) }
        }
    }

    /// The index once `rows` (ascending, in range, a few) are removed from the section at
    /// `index`, before `_sections` changes: the rows that stay are noted as pending runs
    /// (`_PendingRows`), composed with those already pending, and the removed rows' entries are
    /// left dead; no bucket is written. `nil` when the notes would pass the limits a build against
    /// an earlier snapshot keeps them to (`_pendingIndex`): the caller then rewrites the entries.
    ///
    /// - Complexity: O(*s* + *p*) for *s* section tokens and *p* runs and entries pending.
    @inlinable
    func _indexNotingRemoval(of rows: [Int], inSection index: Int) -> _LocationTable? {
        let tokenCount = _tokenIndex.count, token = Int(_tokens[index])
        let sections = _sections, tokenIndex = _tokenIndex
        var runStart = [Int32](repeating: 0, count: tokenCount &+ 1)
        var runs = [_RowRun]()
        runs.reserveCapacity(sections.count &+ rows.count &+ 1)
        var total = 0
        for t in 0..<tokenCount {
            runStart[t] = Int32(truncatingIfNeeded: runs.count)
            let s = Int(tokenIndex[t])
            guard s >= 0 else { continue }
            let rowCount = sections[s].items.count
            if t != token {
                if rowCount > 0 { runs.append(_RowRun(from: 0, count: Int32(truncatingIfNeeded: rowCount), to: 0)) }
                total &+= rowCount
                continue
            }
            // The rows between removed ones keep their order, each run closer to the start.
            var from = 0, to = 0
            for row in rows {
                if row > from {
                    runs.append(_RowRun(
                        from: Int32(truncatingIfNeeded: from), count: Int32(truncatingIfNeeded: row &- from), to: Int32(truncatingIfNeeded: to)))
                    to &+= row &- from
                }
                from = row &+ 1
            }
            if rowCount > from {
                runs.append(_RowRun(
                    from: Int32(truncatingIfNeeded: from), count: Int32(truncatingIfNeeded: rowCount &- from), to: Int32(truncatingIfNeeded: to)))
            }
            total &+= rowCount &- rows.count
        }
        runStart[tokenCount] = Int32(truncatingIfNeeded: runs.count)
        var table = _LocationTable.carrying(_index, runStart: runStart, runs: runs) { t in
            let s = Int(tokenIndex[Int(t)])
            return s < 0 ? 0 : Int32(truncatingIfNeeded: sections[s].items.count)
        }
        guard var pending = table.pending else { return nil }
        let live = pending.liveBaseCount
        guard pending.runs.count <= 2 &* tokenCount &+ Swift.max(64, total / 256),
            pending.added.count <= Swift.max(64, total / 64),
            pending.baseCount &- live <= Swift.max(16, total / 8)
        else { return nil }
        pending.reindexAdded(capacity: pending.added.count)
        table.pending = pending
        table.countPending(live: live)
        return table
    }

    /// The bytes the item index takes (for the benchmarks).
    public var _indexByteCount: Int { _index.byteCount }
}

/// ``Snapshot/_hash(_:_:)`` for any identifier type: `Int` and `UUID` mixed with `seeds`, any
/// other type hashed by the standard library with `seed`.
@inlinable @inline(__always)
func _identifierHash<ID: Hashable>(_ id: ID, _ seeds: _HashSeeds, otherwise seed: Int) -> Int {
    // A UUID's 16 bytes read as two words at once, not through `UUID.uuid`, a tuple of 16.
    if ID.self == UUID.self {
        let words = unsafeBitCast(id, to: (UInt64, UInt64).self)
        let product = (words.0 ^ seeds.uuid.0).multipliedFullWidth(by: words.1 ^ seeds.uuid.1)
        return Int(truncatingIfNeeded: product.high ^ product.low)
    }
    if ID.self == Int.self {
        var bits = UInt64(truncatingIfNeeded: unsafeBitCast(id, to: Int.self)) ^ seeds.int
        bits ^= bits &>> 33
        bits &*= 0xff51_afd7_ed55_8ccd
        bits ^= bits &>> 33
        bits &*= 0xc4ce_b9fe_1a85_ec53
        bits ^= bits &>> 33
        return Int(truncatingIfNeeded: bits)
    }
    return id._rawHashValue(seed: seed)
}
