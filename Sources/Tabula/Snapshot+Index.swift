// The item index (`_index`, a `_LocationTable`) holds where each item is; the identifier is read
// from `_sections` to confirm a candidate. Every edit keeps it in step with `_sections`:
// - before it changes `_sections`, an edit that adds entries, rows or tokens calls `_reserveIndex`,
//   which rebuilds the table from the sections (still in step) when it would not fit;
// - entries are found for an edit by hash and exact location, never by identifier, since the
//   sections may already hold the edited rows; edits move entries in an order in which each
//   location is held by one entry at a time.

/// The index's per-process seed for `Int` identifiers (see `Snapshot._hash(_:)`).
@usableFromInline
let _intIdentifierSeed = UInt64.random(in: 0 ... .max)

extension Snapshot {
    /// The hash of an item identifier, as the index uses it: the standard library's raw hash, which
    /// `Set` and `Dictionary` use too (SipHash-1-3 with a per-process seed); for `Int`
    /// identifiers, the commonest (database row ids), the murmur3 finaliser of the identifier
    /// mixed with a per-process seed: a few instructions instead of a SipHash round.
    ///
    /// SipHash resists identifiers chosen to collide; the finaliser resists them only as long as
    /// the seed stays unknown. What collisions can cost is time, never a wrong answer: every
    /// candidate is confirmed by comparing identifiers.
    @inlinable @inline(__always)
    static func _hash(_ id: Item.ID) -> Int {
        if Item.ID.self == Int.self { return _mixIntIdentifier(unsafeBitCast(id, to: Int.self)) }
        return id._rawHashValue(seed: 0)
    }

    @inlinable @inline(__always)
    static func _mixIntIdentifier(_ id: Int) -> Int {
        var bits = UInt64(bitPattern: Int64(id)) ^ _intIdentifierSeed
        bits ^= bits >> 33
        bits &*= 0xff51_afd7_ed55_8ccd
        bits ^= bits >> 33
        bits &*= 0xc4ce_b9fe_1a85_ec53
        bits ^= bits >> 33
        return Int(bitPattern: UInt(bits))
    }


    /// Where the item `id` is, or `nil`.
    ///
    /// - Complexity: O(1) on average: one hash of `id`, and one identifier comparison unless a
    ///   fingerprint matches by chance.
    @inlinable @inline(__always)
    func _location(of id: Item.ID) -> Location? { _location(of: id, hash: Self._hash(id)) }

    /// Where the item `id`, whose ``_hash(_:)`` is `hash`, is, or `nil`.
    @inlinable @inline(__always)
    func _location(of id: Item.ID, hash: Int) -> Location? {
        guard let found = _index.first(hash: hash, where: { token, row in
            _sections[Int(_tokenIndex[Int(token)])].items[Int(row)].id == id
        }) else { return nil }
        return Location(token: _index.token(found.entry), row: Int(_index.row(found.entry)))
    }

    /// Makes room for `adding` more entries, rows below `rows` and tokens below `tokens`; rebuilds
    /// the index from the sections, which must be in step with it, when they would not fit.
    @inlinable
    mutating func _reserveIndex(adding: Int, rows: Int, tokens: Int) {
        guard !_index.fits(adding: adding, rows: rows, tokens: tokens) else { return }
        _rebuildIndex(adding: adding, rows: rows, tokens: tokens)
    }

    /// Indexes every item again, in a table with room for `adding` more entries, rows below `rows`
    /// and tokens below `tokens`.
    ///
    /// - Complexity: O(*n*) for *n* items.
    @inlinable
    mutating func _rebuildIndex(adding: Int = 0, rows: Int = 0, tokens: Int = 0) {
        var longest = rows
        for section in _sections { longest = max(longest, section.items.count) }
        var index = _LocationTable(capacity: _index.count + adding, rows: longest, tokens: max(tokens, _tokenIndex.count))
        for s in _sections.indices {
            let section = _sections[s]
            let token = _tokens[s]
            for row in section.items.indices { index.insert(hash: Self._hash(section.items[row].id), token: token, row: Int32(truncatingIfNeeded: row)) }
        }
        _index = index
    }

    /// Rebuilds the index once removals have left more tombstones than entries, so that neither
    /// probes nor memory grow with the number of items ever removed.
    @inlinable
    mutating func _compactIndexIfWorthwhile() {
        if _index.tombstones > max(_index.count, 16) { _rebuildIndex() }
    }

    /// Adds the entry of a new item.
    @inlinable
    mutating func _indexInsert(_ id: Item.ID, token: Int32, row: Int) {
        _index.insert(hash: Self._hash(id), token: token, row: Int32(truncatingIfNeeded: row))
    }

    /// Removes the entry of the item `id`, which is at `row` of the section with `token`.
    @inlinable
    mutating func _indexRemove(_ id: Item.ID, token: Int32, row: Int) {
        _index.remove(hash: Self._hash(id), token: token, row: Int32(truncatingIfNeeded: row))
    }

    /// Updates the entries of the items now at `rows` of the section at `section`, each of which
    /// was `delta` rows earlier, in an order that never gives two entries one location.
    @inlinable
    mutating func _shiftRows(inSection section: Int, rows: Range<Int>, by delta: Int) {
        guard delta != 0, !rows.isEmpty else { return }
        let token = _tokens[section]
        let items = _sections[section].items
        func move(_ row: Int) {
            _index.move(
                hash: Self._hash(items[row].id), fromToken: token, row: Int32(truncatingIfNeeded: row - delta),
                toToken: token, row: Int32(truncatingIfNeeded: row))
        }
        // Moving down, rows free up from the start; moving up, from the end.
        if delta < 0 {
            for row in rows { move(row) }
        } else {
            for row in rows.reversed() { move(row) }
        }
    }

    /// The bytes the item index takes (for the benchmarks).
    public var _indexByteCount: Int { _index.byteCount }
}
