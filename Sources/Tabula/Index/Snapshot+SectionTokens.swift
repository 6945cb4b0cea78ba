// The section tokens behind the index's entries: renumbered, rearranged and compacted as
// sections come and go, without touching the entries of items that stay.

extension Snapshot {
    /// Renumbers the section tokens from 0 once the table holds more tokens of deleted sections
    /// than there are items and sections: the table then stays within a constant factor of the
    /// snapshot's size however many sections come and go, and each renumbering (O(items)) is paid
    /// for by as many section insertions.
    @usableFromInline
    mutating func _compactTokensIfWorthwhile() {
        let live = _tokens.count
        guard _tokenIndex.count - live > max(64, live + _index.count) else { return }
        var newToken = [Int32](repeating: -1, count: _tokenIndex.count)
        for index in _tokens.indices { newToken[Int(_tokens[index])] = Int32(truncatingIfNeeded: index) }
        _index.retoken(newToken)
        _sectionTokens = _sectionTokens.mapValues { newToken[Int($0)] }
        _tokens = Array(0..<Int32(truncatingIfNeeded: live))
        _tokenIndex = _tokens
    }

    /// The size of the section-token table, deleted sections' tokens included (for tests).
    var _tokenTableSize: Int { _tokenIndex.count }

    /// Puts the sections in a new order, inserting new ones: `order[t]` is the current index of the
    /// section that goes to position `t`, or -1 for the next of `inserted`. Every current section
    /// must appear once. Only the inserted sections' items are indexed: the others keep their
    /// tokens, so their locations stay as they are (what the diff's stage snapshots use).
    ///
    /// - Precondition: the inserted sections' and items' identifiers are new to the snapshot and
    ///   unique (the diff takes them from a valid snapshot).
    /// - Complexity: O(*s* + *k*) for *s* sections and *k* inserted items.
    @inlinable
    mutating func _rearrangeSections(_ order: [Int], inserted: [SectionType]) {
        var sections = [SectionType]()
        sections.reserveCapacity(order.count)
        var tokens = [Int32]()
        tokens.reserveCapacity(order.count)
        var next = 0
        _reserveIndex(
            adding: inserted.reduce(0) { $0 + $1.items.count }, rows: inserted.map { $0.items.count }.max() ?? 0,
            tokens: _tokenIndex.count + inserted.count)
        for source in order {
            if source >= 0 {
                sections.append(_sections[source])
                tokens.append(_tokens[source])
                continue
            }
            let section = inserted[next]
            next += 1
            let token = Int32(truncatingIfNeeded: _tokenIndex.count)
            _tokenIndex.append(-1)
            _sectionTokens[section.id] = token
            for row in section.items.indices { _indexInsert(section.items[row].id, token: token, row: row) }
            sections.append(section)
            tokens.append(token)
        }
        _sections = sections
        _tokens = tokens
        _renumberSections(from: 0)
        _checkInvariants()
    }

    /// Rewrites the token table for sections at `index` and after.
    @usableFromInline
    mutating func _renumberSections(from index: Int) {
        for i in index..<_tokens.count { _tokenIndex[Int(_tokens[i])] = Int32(truncatingIfNeeded: i) }
    }
}
