// Editing sections; the items' edits are in `Snapshot+Editing.swift`, under the same rule:
// every operation validates all of its input before it mutates anything, so a throw leaves the
// snapshot exactly as it was.

extension Snapshot {

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
    package mutating func insertSections(_ newSections: [SectionType], at index: Int) throws {
        try _indexForEditing()
        guard (0..._sections.count).contains(index) else {
            throw Failure.itemPathOutOfRange(ItemPath(item: 0, section: index), itemsInSection: nil)
        }
        // Validate everything first. Repeats among the new sections are looked for only when there
        // are two or more: for one, as most calls add, a dictionary would be hashed into and
        // grown for nothing.
        var newSectionIDs = [SectionID: Int]()
        var newItemPaths = [Item.ID: ItemPath]()
        var longest = 0
        for offset in newSections.indices {
            let section = newSections[offset]
            let position = index + offset
            if let existing = sectionIndex(of: section.id) {
                let shifted = existing < index ? existing : existing + newSections.count
                throw Failure.duplicateSection(section.id, first: min(shifted, position), second: max(shifted, position))
            }
            if newSections.count > 1, let earlier = newSectionIDs.updateValue(position, forKey: section.id) {
                throw Failure.duplicateSection(section.id, first: earlier, second: position)
            }
            longest = max(longest, section.items.count)
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
        // Then mutate. The longest section is counted in the loop above: a key path here
        // (`map(\.items.count)`) is instantiated by the runtime on every call.
        _reserveIndex(adding: newItemPaths.count, rows: longest, tokens: _tokenIndex.count + newSections.count)
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
        try _indexForEditing()
        var indices = Set<Int>()
        for id in identifiers {
            guard let index = sectionIndex(of: id) else { throw Failure.unknownSection(id) }
            indices.insert(index)
        }
        guard !indices.isEmpty else { return }
        _remove(sections: indices.sorted(), rows: [:])
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
        try _indexForEditing()
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
    package mutating func setHeader(_ title: String?, forSection identifier: SectionID) throws {
        guard let index = sectionIndex(of: identifier) else { throw Failure.unknownSection(identifier) }
        _sections[index].header = title
    }

    /// Sets the footer title of the section `identifier`.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    package mutating func setFooter(_ title: String?, forSection identifier: SectionID) throws {
        guard let index = sectionIndex(of: identifier) else { throw Failure.unknownSection(identifier) }
        _sections[index].footer = title
    }

    /// Asks the next diff to reload every item of these sections, and their titles.
    ///
    /// - Complexity: O(*t*) for *t* identifiers.
    @inlinable
    public mutating func reloadSections(_ identifiers: [SectionID]) throws {
        try _indexForEditing()
        for id in identifiers where !containsSection(id) { throw Failure.unknownSection(id) }
        _reloadedSections.formUnion(identifiers)
    }
}
