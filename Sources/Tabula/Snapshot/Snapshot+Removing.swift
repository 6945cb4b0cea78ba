// Removing items and sections with the index kept in step: what the deletes, and the diff's
// stage after its removals, share.

extension Snapshot {
    /// Removes the section at `index` and its items; the caller renumbers the sections after it.
    @inlinable
    mutating func _removeSection(at index: Int) {
        if _lazyIndex != nil { _materializeIndex() }
        let section = _sections[index]
        let token = _tokens[index]
        for row in section.items.indices {
            let item = section.items[row]
            _indexRemove(item.id, token: token, row: row)
            if !_updateMarks.isEmpty { _updateMarks[item.id] = nil }
        }
        _sectionTokens[section.id] = nil
        _reloadedSections.remove(section.id)
        _tokenIndex[Int(token)] = -1
        _sections.remove(at: index)
        _tokens.remove(at: index)
    }

    /// Removes the rows `rows` (ascending, in range) of the section at `index`, compacting the
    /// section in place from the first of them: the rows before it do not move.
    ///
    /// A few rows removed ahead of many: the index notes the rows after them as moved
    /// (`_indexNotingRemoval`) rather than rewriting each one's entry (delete-one-100k in
    /// `instructions.sh` guards it). Otherwise every entry behind the first removed row moves.
    @inlinable
    mutating func _removeRows(_ rows: [Int], inSection index: Int) {
        if _lazyIndex != nil { _materializeIndex() }
        guard let first = rows.first else { return }
        let count = _sections[index].items.count
        if rows.count <= 16, count &- first &- rows.count >= 64, let noted = _indexNotingRemovalSettlingIfFull(of: rows, inSection: index) {
            _index = noted
            var items = _sections[index].items
            _sections[index].items = []  // keep `items` uniquely referenced while it is edited
            for row in rows.reversed() {
                if !_updateMarks.isEmpty { _updateMarks[items[row].id] = nil }
                items.remove(at: row)
            }
            _sections[index].items = items
            return
        }
        let token = _tokens[index]
        var items = _sections[index].items
        _sections[index].items = []  // keep `items` uniquely referenced while it is edited
        var write = first, next = 0
        let seeds = _HashSeeds.current
        for read in first..<items.count {
            if next < rows.count && rows[next] == read {
                next += 1
                _indexStorage.remove(hash: Self._hash(items[read].id, seeds), token: token, row: Int32(truncatingIfNeeded: read))
                if !_updateMarks.isEmpty { _updateMarks[items[read].id] = nil }
            } else {
                // Rows below `write` are settled, so no other entry holds this location.
                if write != read {
                    _indexStorage.move(
                        hash: Self._hash(items[read].id, seeds), fromToken: token, row: Int32(truncatingIfNeeded: read),
                        toToken: token, row: Int32(truncatingIfNeeded: write))
                    items.swapAt(write, read)
                }
                write += 1
            }
        }
        items.removeSubrange(write...)
        _sections[index].items = items
    }

    /// `_indexNotingRemoval(of:inSection:)`, writing the pending notes out first when they are
    /// full, so that a run of deletes pays for a pass over the buckets once in a few hundred.
    @inlinable
    mutating func _indexNotingRemovalSettlingIfFull(of rows: [Int], inSection index: Int) -> _LocationTable? {
        if let noted = _indexNotingRemoval(of: rows, inSection: index) { return noted }
        guard _index.pending != nil else { return nil }
        _index.settle()
        return _indexNotingRemoval(of: rows, inSection: index)
    }

    /// Removes `rows` (section index → ascending rows) from their sections, then the sections at
    /// `sections` (ascending), with their items: what ``deleteItems(_:)`` and
    /// ``deleteSections(_:)`` do once they have found the positions, and how a diff reaches the
    /// state after its first stage from the snapshot on screen without indexing every item again.
    @inlinable
    mutating func _remove(sections: [Int], rows: [Int: [Int]]) {
        _materializeIndex()
        for (section, sectionRows) in rows { _removeRows(sectionRows, inSection: section) }
        for index in sections.reversed() { _removeSection(at: index) }
        if let lowest = sections.first { _renumberSections(from: lowest) }
        _compactIndexIfWorthwhile()
        _checkInvariants()
    }
}
