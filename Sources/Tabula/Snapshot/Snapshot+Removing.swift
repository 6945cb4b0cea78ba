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
            if !_updateMarks.isEmpty { _updateMarks[_MarkKey(item.id)] = nil }
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
                if !_updateMarks.isEmpty { _updateMarks[_MarkKey(items[row].id)] = nil }
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
                if !_updateMarks.isEmpty { _updateMarks[_MarkKey(items[read].id)] = nil }
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
        if _rewritingIndexCostsMore(sections: sections, rows: rows) {
            _removeLeavingIndexUnbuilt(sections: sections, rows: rows)
            return
        }
        for (section, sectionRows) in rows { _removeRows(sectionRows, inSection: section) }
        for index in sections.reversed() { _removeSection(at: index) }
        if let lowest = sections.first { _renumberSections(from: lowest) }
        _compactIndexIfWorthwhile()
        _checkInvariants()
    }

    /// Whether removing `rows` and `sections` would rewrite more index entries (one for each
    /// removed item, and one for each item after the first removed row of its section, which
    /// moves) than indexing the items that remain from scratch would write.
    @inlinable
    func _rewritingIndexCostsMore(sections: [Int], rows: [Int: [Int]]) -> Bool {
        var rewritten = 0, removed = 0
        for (section, sectionRows) in rows {
            guard let first = sectionRows.first else { continue }
            rewritten &+= _sections[section].items.count &- first
            removed &+= sectionRows.count
        }
        for index in sections {
            rewritten &+= _sections[index].items.count
            removed &+= _sections[index].items.count
        }
        // Small removals always edit the index: a rebuild has a fixed cost of its own.
        return rewritten > 64 && rewritten > _indexStorage.count &- removed
    }

    /// ``_remove(sections:rows:)`` that drops the index and leaves it to be built again on first
    /// need, as for a snapshot made from sections: for a removal that would move most entries
    /// (delete-5k-of-10k in `instructions.sh` guards it). What remains cannot repeat an identifier
    /// if the snapshot did not.
    @inlinable
    mutating func _removeLeavingIndexUnbuilt(sections: [Int], rows: [Int: [Int]]) {
        for (section, sectionRows) in rows {
            var items = _sections[section].items
            _sections[section].items = []  // keep `items` uniquely referenced while it is edited
            if !_updateMarks.isEmpty { for row in sectionRows { _updateMarks[_MarkKey(items[row].id)] = nil } }
            Self._compact(&items, removing: sectionRows)
            _sections[section].items = items
        }
        for index in sections.reversed() {
            let section = _sections[index]
            if !_updateMarks.isEmpty { for item in section.items { _updateMarks[_MarkKey(item.id)] = nil } }
            _sectionTokens[section.id] = nil
            _reloadedSections.remove(section.id)
            _tokenIndex[Int(_tokens[index])] = -1
            _sections.remove(at: index)
            _tokens.remove(at: index)
        }
        if let lowest = sections.first { _renumberSections(from: lowest) }
        var total = 0
        for section in _sections { total &+= section.items.count }
        _indexStorage = _LocationTable()
        _lazyIndex = total > 0 ? _LazyIndex(itemCount: total) : nil
        _knownRepeat = nil
        _checkInvariants()
    }

    /// Removes the elements at `rows` (ascending, in range) from `items`, keeping the order of
    /// the others: one pass from the first removed row.
    @inlinable
    static func _compact(_ items: inout [Item], removing rows: [Int]) {
        guard let first = rows.first else { return }
        let end = items.withUnsafeMutableBufferPointer { buffer in
            var write = first, next = 0
            for read in first..<buffer.count {
                if next < rows.count && rows[next] == read {
                    next &+= 1
                } else {
                    if write != read { buffer.swapAt(write, read) }
                    write &+= 1
                }
            }
            return write
        }
        items.removeSubrange(end...)
    }
}
