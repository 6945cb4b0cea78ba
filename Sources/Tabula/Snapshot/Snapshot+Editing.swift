// Editing keeps three things in step: `_sections`, the section token tables and the item index.
// Every operation validates all of its input before it mutates anything, so a throw leaves the
// snapshot exactly as it was. Sections' edits are in `Snapshot+EditingSections.swift`.

extension Snapshot {
    /// Appends items to the section `identifier`, or to the last section when it is `nil`.
    ///
    /// - Throws: ``SnapshotError/noSections`` when `identifier` is `nil` and there is no section,
    ///   ``SnapshotError/unknownSection(_:)``, or ``SnapshotError/duplicateItem(_:first:second:)``
    ///   naming the identifier's existing position and the one it would have taken.
    /// - Complexity: O(*k*) for *k* new items.
    @inlinable
    public mutating func appendItems(_ items: [Item], toSection identifier: SectionID? = nil) throws {
        try _appendItems(items, toSection: identifier)
    }

    /// ``appendItems(_:toSection:)``; `checked: false` as in ``_insertItems(_:at:checked:)``.
    @inlinable
    mutating func _appendItems(_ items: [Item], toSection identifier: SectionID?, checked: Bool = true) throws {
        let index = try _appendSectionIndex(identifier)
        if items.count == 1 {
            // A live list's one-row append, straight to its path (append-1000-one-by-one in
            // `instructions.sh` guards it).
            try _indexForEditing()
            return try _appendOne(items[0], toSectionAt: index, checked: checked)
        }
        try _insertItems(items, at: ItemPath(item: _sections[index].items.count, section: index), checked: checked)
    }

    /// The index of the section `identifier`, or of the last section when it is `nil`: where
    /// ``appendItems(_:toSection:)`` appends.
    ///
    /// - Throws: ``SnapshotError/noSections`` or ``SnapshotError/unknownSection(_:)``.
    @inlinable
    func _appendSectionIndex(_ identifier: SectionID?) throws -> Int {
        if let identifier {
            // Most appends go to the last section: one comparison, not a hash of the identifier
            // (append-one-100k in `instructions.sh` guards it).
            if let last = _sections.last, last.id == identifier { return _sections.count - 1 }
            guard let found = sectionIndex(of: identifier) else { throw Failure.unknownSection(identifier) }
            return found
        }
        guard !_sections.isEmpty else { throw Failure.noSections }
        return _sections.count - 1
    }

    /// Inserts items just before the item `beforeIdentifier`, in its section.
    ///
    /// - Complexity: O(*k* + *r*) for *k* new items and the *r* items after them in the section.
    @inlinable
    public mutating func insertItems(_ items: [Item], beforeItem beforeIdentifier: Item.ID) throws {
        guard let path = itemPath(for: beforeIdentifier) else { throw Failure.unknownItem(beforeIdentifier) }
        try _insertItems(items, at: path)
    }

    /// Inserts items just after the item `afterIdentifier`, in its section.
    ///
    /// - Complexity: O(*k* + *r*) for *k* new items and the *r* items after them in the section.
    @inlinable
    public mutating func insertItems(_ items: [Item], afterItem afterIdentifier: Item.ID) throws {
        guard let path = itemPath(for: afterIdentifier) else { throw Failure.unknownItem(afterIdentifier) }
        try _insertItems(items, at: ItemPath(item: path.item + 1, section: path.section))
    }

    /// Inserts items so that the first of them ends up at `path`.
    ///
    /// - Throws: ``SnapshotError/itemPathOutOfRange(_:itemsInSection:)`` when `path` is neither an
    ///   existing position nor the end of its section, or a duplicate identifier.
    ///
    /// - Complexity: O(*k* + *r*) for *k* new items and the *r* items after them in the section.
    @inlinable
    package mutating func insertItems(_ items: [Item], at path: ItemPath) throws {
        try _insertItems(items, at: path)
    }

    /// Inserts items so that the first lands at `path`; `checked: false` skips the check for
    /// repeated identifiers, for a caller that has just made it on this snapshot.
    @inlinable
    mutating func _insertItems(_ items: [Item], at path: ItemPath, checked: Bool = true) throws {
        try _indexForEditing()
        guard _sections.indices.contains(path.section) else { throw Failure.itemPathOutOfRange(path, itemsInSection: nil) }
        let count = _sections[path.section].items.count
        guard (0...count).contains(path.item) else { throw Failure.itemPathOutOfRange(path, itemsInSection: count) }
        if items.count == 1 && path.item == count {
            try _appendOne(items[0], toSectionAt: path.section, checked: checked)
            return
        }
        if checked { try _checkNewItems(items, at: path) }
        _reserveIndex(adding: items.count, rows: count + items.count, tokens: _tokenIndex.count)
        _sections[path.section].items.insert(contentsOf: items, at: path.item)
        let end = path.item + items.count
        _shiftRows(inSection: path.section, rows: end..<(count + items.count), by: items.count)
        let token = _tokens[path.section]
        for offset in items.indices {
            let item = items[offset]
            _indexInsert(item.id, token: token, row: path.item + offset)
        }
        _checkInvariants()
    }

    /// Appends `item` to the section at `section`, looking its identifier up and indexing it in
    /// one probe: what a live list's one-row appends cost (append-one-100k in `instructions.sh`
    /// guards it).
    ///
    /// - Throws: ``SnapshotError/duplicateItem(_:first:second:)`` when `checked` and the
    ///   identifier is in the snapshot already; nothing changes then.
    @inlinable
    mutating func _appendOne(_ item: Item, toSectionAt section: Int, checked: Bool) throws {
        let count = _sections[section].items.count
        let id = item.id
        let hash = _hashOf(id)
        _reserveIndex(adding: 1, rows: count + 1, tokens: _tokenIndex.count)
        let token = _tokens[section]
        let row = Int32(truncatingIfNeeded: count)
        if checked {
            // The arrays the match reads are passed in, and let go before the section is appended
            // to, which would otherwise copy its items.
            if let existing = Self._entryOrInsert(
                id, hash: hash, token: token, row: row, in: &_indexStorage, sections: _sections, tokenIndex: _tokenIndex)
            {
                let existingPath = ItemPath(item: Int(existing.row), section: Int(_tokenIndex[Int(existing.token)]))
                let target = ItemPath(item: count, section: section)
                throw Failure.duplicateItem(id, first: min(existingPath, target), second: max(existingPath, target))
            }
        } else {
            _indexStorage.insert(hash: hash, token: token, row: row)
        }
        _sections[section].items.append(item)
        _checkInvariants()
    }

    /// The entry of `id` in `table`, or `nil` after adding one for `token` and `row`.
    @inlinable
    static func _entryOrInsert(
        _ id: Item.ID, hash: Int, token: Int32, row: Int32, in table: inout _LocationTable,
        sections: [SectionType], tokenIndex: [Int32]
    ) -> (token: Int32, row: Int32)? {
        table.entryOrInsert(hash: hash, token: token, row: row) { t, r in
            _isItem(id, token: t, row: r, sections: sections, tokenIndex: tokenIndex)
        }
    }

    /// Whether the item at `row` of the section with `token` has the identifier `id`: the
    /// comparison of ``_entryOrInsert(_:hash:token:row:in:sections:tokenIndex:)``, a call of its
    /// own (a candidate whose fingerprint matches is rare). Inlined into the one-item append, a
    /// comparison of `UUID`'s 16 bytes one by one made that append dearer (append-one-100k in
    /// `instructions.sh` guards it).
    @inlinable @inline(never)
    static func _isItem(_ id: Item.ID, token: Int32, row: Int32, sections: [SectionType], tokenIndex: [Int32]) -> Bool {
        sections[Int(tokenIndex[Int(token)])].items[Int(row)].id == id
    }

    /// Checks that `items`, inserted so that the first lands at `path`, repeat no identifier, among
    /// themselves or of the snapshot's (those in `leaving` excepted, which an edit deletes first).
    ///
    /// - Throws: ``SnapshotError/duplicateItem(_:first:second:)`` naming both positions.
    @inlinable
    func _checkNewItems(_ items: [Item], at path: ItemPath, leaving: Set<Item.ID>? = nil) throws {
        // Repeats among `items` are found with a table of their offsets, probed as the snapshot's
        // own index is: one hash of each identifier serves both checks, and no `Dictionary` is
        // built (which, in the generic code of live lists, costs more than the check itself).
        guard !items.isEmpty else { return }
        var seen = items.count > 1 ? _LocationTable(capacity: items.count, rows: items.count, tokens: 1) : nil
        for offset in items.indices {
            let id = items[offset].id
            let hash = _hashOf(id)
            let target = ItemPath(item: path.item + offset, section: path.section)
            if leaving?.contains(id) != true, var existing = _indexPath(of: id, hash: hash) {
                if existing.section == path.section && existing.item >= path.item { existing.item += items.count }
                throw Failure.duplicateItem(id, first: min(existing, target), second: max(existing, target))
            }
            if let earlier = seen?.entryOrInsert(hash: hash, token: 0, row: Int32(truncatingIfNeeded: offset), where: { _, row in items[Int(row)].id == id }) {
                throw Failure.duplicateItem(id, first: ItemPath(item: path.item + Int(earlier.row), section: path.section), second: target)
            }
        }
    }

    /// Deletes the items with these identifiers, wherever they are.
    ///
    /// - Throws: ``SnapshotError/unknownItem(_:)`` for the first identifier that is not present;
    ///   nothing is deleted then. An identifier listed twice is deleted once.
    /// - Complexity: O(*k* log *k* + *a*) for *k* identifiers and the *a* items that follow the first
    ///   deleted one in each section: each affected section is compacted once, in place.
    @inlinable
    public mutating func deleteItems(_ identifiers: [Item.ID]) throws {
        guard !identifiers.isEmpty else { return }
        try _indexForEditing()
        // Positions found in one batch; a repeated identifier gives a repeated row, dropped once
        // the rows are in order, not through a `Set` of the identifiers, which would cost a
        // SipHash each (delete-5k-of-10k in `instructions.sh` guards it).
        let paths = _indexPaths(of: identifiers)
        // Rows by section index, gathered in an array, not a dictionary that hashes every row.
        var rowsOfSection = [[Int]](repeating: [], count: _sections.count)
        for k in paths.indices {
            guard let path = paths[k] else { throw Failure.unknownItem(identifiers[k]) }
            rowsOfSection[path.section].append(path.item)
        }
        var bySection = [Int: [Int]]()
        for (section, rows) in rowsOfSection.enumerated() where !rows.isEmpty { bySection[section] = rows }
        _remove(sections: [], rows: bySection.mapValues { rows in
            var rows = rows
            // Usually in order already (checked in O(k), sorted only when not).
            if !rows.isSorted { rows.sort() }
            var last = -1
            rows.removeAll { row in
                defer { last = row }
                return row == last
            }
            return rows
        })
    }

    /// Deletes every section and item, as `NSDiffableDataSourceSnapshot.deleteAllItems()` does, so
    /// the common idiom `deleteAllItems(); try appendSections([.main])` works.
    ///
    /// - Complexity: O(*n*) to release the *n* items.
    @inlinable
    public mutating func deleteAllItems() {
        self = Snapshot()
    }

    /// Deletes every item, keeping the sections, now empty, with their titles.
    ///
    /// - Complexity: O(*n* + *s*) for *n* items and *s* sections.
    @inlinable
    mutating func deleteAllItemsKeepingSections() {
        _index = _LocationTable()
        _knownRepeat = nil
        for index in _sections.indices { _sections[index].items.removeAll() }
        _updateMarks.removeAll()
        _checkInvariants()
    }

    /// Moves the item `identifier` so that it stands just before `beforeIdentifier`, possibly in
    /// another section.
    ///
    /// - Complexity: O(*r*) for the *r* items from the first position the move touches to the end of the section (of each section, across sections).
    @inlinable
    public mutating func moveItem(_ identifier: Item.ID, beforeItem beforeIdentifier: Item.ID) throws {
        try _moveItem(identifier, relativeTo: beforeIdentifier, after: false)
    }

    /// Moves the item `identifier` so that it stands just after `afterIdentifier`, possibly in
    /// another section.
    ///
    /// - Complexity: O(*r*) for the *r* items from the first position the move touches to the end of the section (of each section, across sections).
    @inlinable
    public mutating func moveItem(_ identifier: Item.ID, afterItem afterIdentifier: Item.ID) throws {
        try _moveItem(identifier, relativeTo: afterIdentifier, after: true)
    }

    /// Moves the item at `source` to `destination`, the position it has once the move is done (the
    /// convention of `tableView(_:moveRowAt:to:)`).
    ///
    /// - Throws: ``SnapshotError/itemPathOutOfRange(_:itemsInSection:)`` naming whichever path is
    ///   out of range.
    ///
    /// - Complexity: O(*r*) for the *r* items from the first position the move touches to the end of the section (of each section, across sections).
    @inlinable
    mutating func moveItem(at source: ItemPath, to destination: ItemPath) throws {
        try _indexForEditing()
        let item = try existingItem(at: source)
        guard _sections.indices.contains(destination.section) else {
            throw Failure.itemPathOutOfRange(destination, itemsInSection: nil)
        }
        let countAfterRemoval = _sections[destination.section].items.count - (source.section == destination.section ? 1 : 0)
        guard (0...countAfterRemoval).contains(destination.item) else {
            throw Failure.itemPathOutOfRange(destination, itemsInSection: countAfterRemoval)
        }
        // The moved item's entry leaves first and comes back last: in between, the rows it passes
        // shift by one and each location has one entry at a time.
        _reserveIndex(adding: 1, rows: countAfterRemoval + 1, tokens: _tokenIndex.count)
        _indexRemove(item.id, token: _tokens[source.section], row: source.item)
        _sections[source.section].items.remove(at: source.item)
        _sections[destination.section].items.insert(item, at: destination.item)
        if source.section != destination.section {
            _shiftRows(inSection: source.section, rows: source.item..<_sections[source.section].items.count, by: -1)
            _shiftRows(inSection: destination.section, rows: (destination.item + 1)..<(countAfterRemoval + 1), by: 1)
        } else if source.item < destination.item {
            _shiftRows(inSection: source.section, rows: source.item..<destination.item, by: -1)
        } else {
            _shiftRows(inSection: source.section, rows: (destination.item + 1)..<(source.item + 1), by: 1)
        }
        _indexInsert(item.id, token: _tokens[destination.section], row: destination.item)
        _checkInvariants()
    }

    @inlinable
    mutating func _moveItem(_ id: Item.ID, relativeTo other: Item.ID, after: Bool) throws {
        guard let from = itemPath(for: id) else { throw Failure.unknownItem(id) }
        guard var anchor = itemPath(for: other) else { throw Failure.unknownItem(other) }
        guard id != other else { throw Failure.moveRelativeToItself(id) }
        if anchor.section == from.section && anchor.item > from.item { anchor.item -= 1 }
        if after { anchor.item += 1 }
        try moveItem(at: from, to: anchor)
    }

    /// Replaces items with new values that have the same identifiers (new content, same identity).
    ///
    /// - Throws: ``SnapshotError/unknownItem(_:)``; nothing is replaced then.
    ///
    /// - Complexity: O(*k*) for *k* items.
    @inlinable
    public mutating func updateItems(_ items: [Item]) throws {
        try _indexForEditing()
        var paths = [ItemPath]()
        paths.reserveCapacity(items.count)
        for item in items {
            guard let path = itemPath(for: item.id) else { throw Failure.unknownItem(item.id) }
            paths.append(path)
        }
        for (path, item) in zip(paths, items) { _sections[path.section].items[path.item] = item }
    }

    /// Asks the next diff to reload these items (replace their cells) even if their content is equal.
    ///
    /// - Complexity: O(*k*) for *k* identifiers.
    @inlinable
    public mutating func reloadItems(_ identifiers: [Item.ID]) throws {
        try _mark(identifiers, .reload)
    }

    /// Asks the next diff to reconfigure these items (keep their cells, configure again) even if
    /// their content is equal.
    ///
    /// - Complexity: O(*k*) for *k* identifiers.
    @inlinable
    public mutating func reconfigureItems(_ identifiers: [Item.ID]) throws {
        try _mark(identifiers, .reconfigure)
    }

    @inlinable
    mutating func _mark(_ identifiers: [Item.ID], _ kind: UpdateKind) throws {
        try _indexForEditing()
        // The seeds read once for all the lookups, not once a lookup (reload-5k-of-10k in
        // `instructions.sh` guards it).
        let seeds = _HashSeeds.current
        for id in identifiers where _location(of: id, hash: Self._hash(id, seeds)) == nil { throw Failure.unknownItem(id) }
        _updateMarks.reserveCapacity(_updateMarks.count + identifiers.count)
        for id in identifiers { _updateMarks[_MarkKey(id)] = kind }
    }

    /// A copy without pending ``reloadItems(_:)``, ``reconfigureItems(_:)`` or
    /// ``reloadSections(_:)`` requests: what is on screen once they have been carried out. It also
    /// lets go of what `Snapshot(_:updating:)` kept for the diff from the snapshot it was built from.
    ///
    /// - Complexity: O(1) when nothing was requested; otherwise O(*u*) to release the *u* requests.
    @inlinable
    package func clearingUpdateRequests() -> Snapshot {
        let requested = hasRequestedUpdates
        guard requested || _sameContentAs != nil || _lineage != nil else { return self }
        var copy = self
        // Collections that never held a request are not written again: the driver calls this
        // after every update, mostly from its loop, compiled for any item type, where each new
        // empty collection looks its type up. Ones emptied by hand still let go of their storage.
        if requested || _updateMarks.capacity > 0 || _reloadedSections.capacity > 0 {
            copy._updateMarks = [:]
            copy._reloadedSections = []
        }
        // The snapshot it was built from is no longer needed once this one is shown.
        copy._sameContentAs = nil
        copy._lineage = nil
        return copy
    }
}
