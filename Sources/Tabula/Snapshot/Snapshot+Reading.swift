extension Snapshot {
    /// The sections, with their items, in display order.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var sections: [SectionType] { _sections }

    /// The number of sections.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var numberOfSections: Int { _sections.count }

    /// The number of items in all sections.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var numberOfItems: Int { _lazyIndex?.itemCount ?? _indexStorage.count }

    /// The number of items in the section at `index`, or 0 when there is no such section.
    ///
    /// Returning 0 rather than trapping matches what a data source must answer for a section the
    /// view asks about while it is being removed. The label says "at" because it takes a position;
    /// ``numberOfItems(inSection:)`` takes an identifier, as Apple's snapshot does.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func numberOfItems(inSectionAt index: Int) -> Int {
        // Through the buffer: in unspecialised code (an adapter's) the subscript copies the whole
        // section out to count its items.
        _sections.withUnsafeBufferPointer { sections in sections.indices.contains(index) ? sections[index].items.count : 0 }
    }

    /// The number of items in each section, in order: what a view's data source reports.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    @inlinable
    package var itemCounts: [Int] {
        // Through the buffer, not `map` or the subscript: in unspecialised code (the driver's)
        // those copy each section out to count its items. No sections, no buffer: the standard
        // library's uninitialised-capacity initialiser writes a count of zero into the storage
        // all empty arrays share, which ThreadSanitizer reports when two threads make one.
        guard !_sections.isEmpty else { return [] }
        return _sections.withUnsafeBufferPointer { sections in
            [Int](unsafeUninitializedCapacity: sections.count) { counts, initialized in
                guard let base = sections.baseAddress else { return }
                for index in 0..<sections.count { (counts.baseAddress! + index).initialize(to: (base + index).pointee.items.count) }
                initialized = sections.count
            }
        }
    }

    /// The number of items in the section with identifier `id`, or 0 when there is no such section.
    ///
    /// This is Apple's `numberOfItems(inSection:)`: it takes a section identifier, never a position
    /// (that is ``numberOfItems(inSectionAt:)``), so with `Int` section identifiers a port from a
    /// diffable data source answers for the section it names. Where Apple raises an exception for an
    /// unknown identifier, this answers 0; ``sectionIndex(of:)`` tells whether the section exists.
    ///
    /// ```swift
    /// let snapshot = try Snapshot<Int, Country>([Section(10, items: [Country(code: "FR", name: "France")])])
    /// snapshot.numberOfItems(inSection: 10)     // 1: the section whose identifier is 10
    /// snapshot.numberOfItems(inSectionAt: 0)    // 1: the first section
    /// snapshot.numberOfItems(inSection: 0)      // 0: no section has the identifier 0
    /// ```
    ///
    /// - Complexity: O(1) on average.
    public func numberOfItems(inSection id: SectionID) -> Int {
        sectionIndex(of: id).map { _sections[$0].items.count } ?? 0
    }

    /// The section identifiers, in order.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    @inlinable
    public var sectionIdentifiers: [SectionID] { _sections.map { $0.id } }

    /// Every item identifier, section by section.
    ///
    /// - Complexity: O(*n*) for *n* items.
    @inlinable
    public var itemIdentifiers: [Item.ID] { _sections.flatMap { $0.items.map { $0.id } } }

    /// Every item, section by section.
    ///
    /// - Complexity: O(*n*) for *n* items.
    @inlinable
    public var allItems: [Item] { _sections.flatMap { $0.items } }

    /// The section at `index`, or `nil`.
    ///
    /// - Complexity: O(1).
    @inlinable
    package func section(at index: Int) -> SectionType? {
        _sections.indices.contains(index) ? _sections[index] : nil
    }

    /// The section with identifier `id`, or `nil`.
    ///
    /// - Complexity: O(1) on average.
    package func section(_ id: SectionID) -> SectionType? {
        sectionIndex(of: id).map { _sections[$0] }
    }

    /// The index of the section with identifier `id`, or `nil`.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    public func sectionIndex(of id: SectionID) -> Int? {
        guard let token = _sectionTokens[id] else { return nil }
        return Int(_tokenIndex[Int(token)])
    }

    /// The items of the section with identifier `id`, or `nil` when there is no such section.
    ///
    /// - Complexity: O(1) on average (the array is shared, not copied).
    public func items(inSection id: SectionID) -> [Item]? {
        section(id)?.items
    }

    /// The item at `path`, or `nil` when the path is out of range.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func item(at path: ItemPath) -> Item? {
        // Through the buffer, as numberOfItems(inSectionAt:): a cell's item, not its section.
        _sections.withUnsafeBufferPointer { sections in
            guard sections.indices.contains(path.section) else { return nil }
            return sections[path.section].items.withUnsafeBufferPointer { items in items.indices.contains(path.item) ? items[path.item] : nil }
        }
    }

    /// The item at `path`, or ``SnapshotError/itemPathOutOfRange(_:itemsInSection:)``.
    ///
    /// - Complexity: O(1).
    @usableFromInline package func existingItem(at path: ItemPath) throws -> Item {
        guard let item = item(at: path) else {
            throw Failure.itemPathOutOfRange(path, itemsInSection: section(at: path.section)?.items.count)
        }
        return item
    }

    /// The item with identifier `id`, or `nil`.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    public subscript(id: Item.ID) -> Item? {
        guard let path = itemPath(for: id) else { return nil }
        return _sections[path.section].items[path.item]
    }

    /// Whether an item with identifier `id` is in the snapshot.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    public func contains(_ id: Item.ID) -> Bool { _location(of: id) != nil }

    /// Whether a section with identifier `id` is in the snapshot.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    package func containsSection(_ id: SectionID) -> Bool { _sectionTokens[id] != nil }

    /// The position of the item with identifier `id`, or `nil`: the adapters' `itemPath(for:)`
    /// asked of a snapshot.
    ///
    /// - Complexity: O(1) on average: one hash of `id`.
    @inlinable
    public func itemPath(for id: Item.ID) -> ItemPath? { _indexPath(of: id, hash: _hashOf(id)) }

    /// The position of the item `id`, whose ``_hash(_:)`` is `hash`, or `nil`.
    @inlinable @inline(__always)
    func _indexPath(of id: Item.ID, hash: Int) -> ItemPath? {
        // Not `map(_indexPath(at:))`: a Debug build copied the whole snapshot into that closure.
        guard let location = _location(of: id, hash: hash) else { return nil }
        return _indexPath(at: location)
    }

    /// The identifier of the section that holds the item `id`, or `nil`.
    ///
    /// - Complexity: O(1) on average.
    public func sectionIdentifier(containingItem id: Item.ID) -> SectionID? {
        itemPath(for: id).map { _sections[$0.section].id }
    }

    /// Whether the snapshot has no item (it may still have empty sections).
    ///
    /// - Complexity: O(1).
    @inlinable
    public var isEmpty: Bool { numberOfItems == 0 }

    /// The explicit update requested for `id` with ``reloadItems(_:)`` or ``reconfigureItems(_:)``,
    /// if any.
    ///
    /// - Complexity: O(1) on average.
    @usableFromInline func requestedUpdate(for id: Item.ID) -> UpdateKind? {
        if let kind = _updateMarks[_MarkKey(id)] { return kind }
        if let section = sectionIdentifier(containingItem: id), _reloadedSections.contains(section) { return .reload }
        return nil
    }

    /// Whether ``reloadSections(_:)`` asked for the section with `id` to be reloaded by the next diff.
    ///
    /// - Complexity: O(1) on average.
    func isReloadRequested(forSection id: SectionID) -> Bool { _reloadedSections.contains(id) }

    /// Whether any explicit reload or reconfigure is pending.
    ///
    /// - Complexity: O(1).
    @inlinable
    package var hasRequestedUpdates: Bool { !_updateMarks.isEmpty || !_reloadedSections.isEmpty }
}

/// How a changed item reaches its cell.
public struct UpdateKind: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline
    enum Kind: Hashable, Sendable { case reload, reconfigure }
    @usableFromInline let kind: Kind
    @inlinable init(_ kind: Kind) { self.kind = kind }

    /// Replace the cell: the view dequeues a new one (`reloadRows(at:)`).
    public static let reload = UpdateKind(.reload)
    /// Keep the cell and configure it again with the new content (`reconfigureRows(at:)`, iOS 15).
    public static let reconfigure = UpdateKind(.reconfigure)

    public var description: String { kind == .reload ? "reload" : "reconfigure" }
}
