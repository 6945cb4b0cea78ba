// Editing keeps three things in step: `_sections`, the section token tables and the item index.
// Every operation validates all of its input before it mutates anything, so a throw leaves the
// snapshot exactly as it was.

extension Snapshot {
    // MARK: Sections

    /// Appends empty sections with the given identifiers.
    ///
    /// - Throws: ``SnapshotError/duplicateSection(_:first:second:)`` when an identifier is already
    ///   present or repeated in `identifiers`.
    ///
    /// - Complexity: O(*t*) for *t* new sections (amortized).
    @inlinable
    public mutating func appendSections(_ identifiers: [SectionID]) throws {
        try insertSections(identifiers.map { SectionType($0) }, at: _sections.count)
    }

    /// Appends sections together with their titles and items.
    ///
    /// - Throws: a duplicate section or item identifier, naming both positions.
    ///
    /// - Complexity: O(*k* + *t*) for *k* new items in *t* new sections (amortized).
    @inlinable
    public mutating func appendSections(_ sections: [SectionType]) throws {
        try insertSections(sections, at: _sections.count)
    }

    /// Inserts empty sections before the section `beforeIdentifier`.
    ///
    /// - Complexity: O(*t* + *s*) for *t* new sections and *s* sections.
    @inlinable
    public mutating func insertSections(_ identifiers: [SectionID], beforeSection beforeIdentifier: SectionID) throws {
        guard let index = sectionIndex(of: beforeIdentifier) else { throw Failure.unknownSection(beforeIdentifier) }
        try insertSections(identifiers.map { SectionType($0) }, at: index)
    }

    /// Inserts empty sections after the section `afterIdentifier`.
    ///
    /// - Complexity: O(*t* + *s*) for *t* new sections and *s* sections.
    @inlinable
    public mutating func insertSections(_ identifiers: [SectionID], afterSection afterIdentifier: SectionID) throws {
        guard let index = sectionIndex(of: afterIdentifier) else { throw Failure.unknownSection(afterIdentifier) }
        try insertSections(identifiers.map { SectionType($0) }, at: index + 1)
    }

    /// Inserts sections, with their items, so that the first of them ends up at `index`.
    ///
    /// - Throws: ``SnapshotError/itemPathOutOfRange(_:itemsInSection:)`` for an index past the end,
    ///   or a duplicate identifier naming both positions.
    /// - Complexity: O(*k* + *s*) for *k* new items and *s* sections.
    @inlinable
    public mutating func insertSections(_ newSections: [SectionType], at index: Int) throws {
        guard (0..._sections.count).contains(index) else {
            throw Failure.itemPathOutOfRange(ItemPath(item: 0, section: index), itemsInSection: nil)
        }
        // Validate everything first.
        var newSectionIDs = [SectionID: Int]()
        var newItemPaths = [Item.ID: ItemPath]()
        for offset in newSections.indices {
            let section = newSections[offset]
            let position = index + offset
            if let existing = sectionIndex(of: section.id) {
                let shifted = existing < index ? existing : existing + newSections.count
                throw Failure.duplicateSection(section.id, first: min(shifted, position), second: max(shifted, position))
            }
            if let earlier = newSectionIDs.updateValue(position, forKey: section.id) {
                throw Failure.duplicateSection(section.id, first: earlier, second: position)
            }
            for row in section.items.indices {
                let item = section.items[row]
                let path = ItemPath(item: row, section: position)
                if let existing = itemPath(for: item.id) {
                    let shifted = existing.section < index ? existing : ItemPath(item: existing.item, section: existing.section + newSections.count)
                    throw Failure.duplicateItem(item.id, first: min(shifted, path), second: max(shifted, path))
                }
                if let earlier = newItemPaths.updateValue(path, forKey: item.id) {
                    throw Failure.duplicateItem(item.id, first: earlier, second: path)
                }
            }
        }
        // Then mutate.
        _reserveIndex(
            adding: newItemPaths.count, rows: newSections.map(\.items.count).max() ?? 0,
            tokens: _tokenIndex.count + newSections.count)
        _sections.insert(contentsOf: newSections, at: index)
        var newTokens = [Int32]()
        newTokens.reserveCapacity(newSections.count)
        for section in newSections {
            let token = Int32(truncatingIfNeeded: _tokenIndex.count)
            _tokenIndex.append(-1)
            _sectionTokens[section.id] = token
            newTokens.append(token)
            for row in section.items.indices { _indexInsert(section.items[row].id, token: token, row: row) }
        }
        _tokens.insert(contentsOf: newTokens, at: index)
        _renumberSections(from: index)
        _compactTokensIfWorthwhile()
        _checkInvariants()
    }

    /// Deletes sections and all their items.
    ///
    /// - Throws: ``SnapshotError/unknownSection(_:)`` for an identifier that is not present; nothing
    ///   is deleted then.
    ///
    /// - Complexity: O(*d* + *s* + *t* log *t*) for *d* deleted items, *s* sections and *t* identifiers.
    @inlinable
    public mutating func deleteSections(_ identifiers: [SectionID]) throws {
        var indices = Set<Int>()
        for id in identifiers {
            guard let index = sectionIndex(of: id) else { throw Failure.unknownSection(id) }
            indices.insert(index)
        }
        guard !indices.isEmpty else { return }
        _remove(sections: indices.sorted(), rows: [:])
    }

    /// Removes the section at `index` and its items; the caller renumbers the sections after it.
    @inlinable
    mutating func _removeSection(at index: Int) {
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
                _index.remove(hash: Self._hash(items[read].id, seeds), token: token, row: Int32(truncatingIfNeeded: read))
                if !_updateMarks.isEmpty { _updateMarks[items[read].id] = nil }
            } else {
                // Rows below `write` are settled, so no other entry holds this location.
                if write != read {
                    _index.move(
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
        for (section, sectionRows) in rows { _removeRows(sectionRows, inSection: section) }
        for index in sections.reversed() { _removeSection(at: index) }
        if let lowest = sections.first { _renumberSections(from: lowest) }
        _compactIndexIfWorthwhile()
        _checkInvariants()
    }

    /// Moves the section `identifier` so that it stands just before `beforeIdentifier`.
    ///
    /// - Complexity: O(*s*) for *s* sections; no item is touched.
    @inlinable
    public mutating func moveSection(_ identifier: SectionID, beforeSection beforeIdentifier: SectionID) throws {
        try _moveSection(identifier, relativeTo: beforeIdentifier, after: false)
    }

    /// Moves the section `identifier` so that it stands just after `afterIdentifier`.
    ///
    /// - Complexity: O(*s*) for *s* sections; no item is touched.
    @inlinable
    public mutating func moveSection(_ identifier: SectionID, afterSection afterIdentifier: SectionID) throws {
        try _moveSection(identifier, relativeTo: afterIdentifier, after: true)
    }

    @inlinable
    mutating func _moveSection(_ id: SectionID, relativeTo other: SectionID, after: Bool) throws {
        guard let from = sectionIndex(of: id) else { throw Failure.unknownSection(id) }
        guard let anchor = sectionIndex(of: other) else { throw Failure.unknownSection(other) }
        guard from != anchor else { throw Failure.moveRelativeToItself(nil) }
        let section = _sections.remove(at: from)
        let token = _tokens.remove(at: from)
        var to = anchor > from ? anchor - 1 : anchor
        if after { to += 1 }
        _sections.insert(section, at: to)
        _tokens.insert(token, at: to)
        _renumberSections(from: min(from, to))
        _checkInvariants()
    }

    /// Sets the header title of the section `identifier`.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    public mutating func setHeader(_ title: String?, forSection identifier: SectionID) throws {
        guard let index = sectionIndex(of: identifier) else { throw Failure.unknownSection(identifier) }
        _sections[index].header = title
    }

    /// Sets the footer title of the section `identifier`.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    public mutating func setFooter(_ title: String?, forSection identifier: SectionID) throws {
        guard let index = sectionIndex(of: identifier) else { throw Failure.unknownSection(identifier) }
        _sections[index].footer = title
    }

    /// Asks the next diff to reload every item of these sections, and their titles.
    ///
    /// - Complexity: O(*t*) for *t* identifiers.
    @inlinable
    public mutating func reloadSections(_ identifiers: [SectionID]) throws {
        for id in identifiers where !containsSection(id) { throw Failure.unknownSection(id) }
        _reloadedSections.formUnion(identifiers)
    }

    // MARK: Items

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
        try _insertItems(items, at: ItemPath(item: _sections[index].items.count, section: index), checked: checked)
    }

    /// The index of the section `identifier`, or of the last section when it is `nil`: where
    /// ``appendItems(_:toSection:)`` appends.
    ///
    /// - Throws: ``SnapshotError/noSections`` or ``SnapshotError/unknownSection(_:)``.
    @inlinable
    func _appendSectionIndex(_ identifier: SectionID?) throws -> Int {
        if let identifier {
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
    public mutating func insertItems(_ items: [Item], at path: ItemPath) throws {
        try _insertItems(items, at: path)
    }

    /// Inserts items so that the first lands at `path`; `checked: false` skips the check for
    /// repeated identifiers, for a caller that has just made it on this snapshot.
    @inlinable
    mutating func _insertItems(_ items: [Item], at path: ItemPath, checked: Bool = true) throws {
        guard _sections.indices.contains(path.section) else { throw Failure.itemPathOutOfRange(path, itemsInSection: nil) }
        let count = _sections[path.section].items.count
        guard (0...count).contains(path.item) else { throw Failure.itemPathOutOfRange(path, itemsInSection: count) }
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
            let hash = Self._hash(id)
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
    /// To empty the sections but keep them (and their titles), use
    /// ``deleteAllItemsKeepingSections()``.
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
    public mutating func deleteAllItemsKeepingSections() {
        for index in _sections.indices { _sections[index].items.removeAll() }
        _index = _LocationTable()
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
    public mutating func moveItem(at source: ItemPath, to destination: ItemPath) throws {
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
        for id in identifiers where !contains(id) { throw Failure.unknownItem(id) }
        _updateMarks.reserveCapacity(_updateMarks.count + identifiers.count)
        for id in identifiers { _updateMarks[id] = kind }
    }

    /// A copy without pending ``reloadItems(_:)``, ``reconfigureItems(_:)`` or
    /// ``reloadSections(_:)`` requests: what is on screen once they have been carried out. It also
    /// lets go of what `Snapshot(_:updating:)` kept for the diff from the snapshot it was built from.
    ///
    /// - Complexity: O(1) when nothing was requested; otherwise O(*u*) to release the *u* requests.
    @inlinable
    public func clearingUpdateRequests() -> Snapshot {
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

    // MARK: Index maintenance

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
            adding: inserted.reduce(0) { $0 + $1.items.count }, rows: inserted.map(\.items.count).max() ?? 0,
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
