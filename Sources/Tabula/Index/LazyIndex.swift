// A snapshot made from sections (`Snapshot(_:)`) does not index its items while it is made: most
// snapshots an app builds go straight to a list, which either finds them equal, identifier by
// identifier, to what it shows (and takes over that index), or diffs them by looking their items up
// in the index of the snapshot on screen, never in their own. The index is built the first time
// something needs it: a lookup or an edit of the snapshot, or the list that shows it, which must
// know that no identifier repeats before it shows the snapshot.
//
// The index waiting to be built lives in a `_LazyIndex`, which the copies of the snapshot share
// until one of them is edited: an edit first takes the index into its own `_indexStorage`
// (`_materializeIndex`), so the sections a shared `_LazyIndex` was made for never change under it.
// Published once for all of them with an atomic compare-and-swap, so copies on several threads are
// safe: two threads may both build it, and the first to publish wins.

import CTabulaMemory

/// The index of a snapshot made without indexing its items, built on first need.
///
/// `@unchecked Sendable`: its one mutable state, the slot, is written once, by an atomic
/// compare-and-swap, and read with an atomic load (the C module's `tabula_publish` and
/// `tabula_load`), which the compiler cannot see.
@usableFromInline
final class _LazyIndex<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: @unchecked Sendable {
    @usableFromInline typealias Built = _BuiltIndex<SectionID, ItemID>
    /// How many items the snapshot holds, known without the index.
    @usableFromInline let itemCount: Int
    /// The built index, retained, once published; null before.
    @usableFromInline let slot: UnsafeMutablePointer<UnsafeRawPointer?>

    @inlinable init(itemCount: Int) {
        self.itemCount = itemCount
        slot = .allocate(capacity: 1)
        slot.initialize(to: nil)
    }

    deinit {
        if let built = slot.pointee { Unmanaged<Built>.fromOpaque(built).release() }
        slot.deallocate()
    }

    /// The index, if it was built.
    @inlinable func load() -> Built? {
        tabula_load(slot).map { Unmanaged<Built>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Publishes `built` unless an index was published first; returns the one published.
    @inlinable func publish(_ built: Built) -> Built {
        let mine = UnsafeRawPointer(Unmanaged.passRetained(built).toOpaque())
        let winner = tabula_publish(slot, mine)
        if winner != mine { Unmanaged<Built>.fromOpaque(mine).release() }
        return Unmanaged<Built>.fromOpaque(winner).takeUnretainedValue()
    }
}

/// A built index, and the first repeated item identifier it met, if any (the repeat has no entry:
/// lookups of that identifier find its first occurrence).
@usableFromInline
final class _BuiltIndex<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
    @usableFromInline let table: _LocationTable
    @usableFromInline let repeated: SnapshotError<SectionID, ItemID>?

    @inlinable init(table: _LocationTable, repeated: SnapshotError<SectionID, ItemID>?) {
        self.table = table
        self.repeated = repeated
    }
}

extension Snapshot {
    /// The item index: read, it is built first if it was not; written, the snapshot takes it into
    /// its own storage first.
    @inlinable
    var _index: _LocationTable {
        // A getter inlined into the lookups, the index not yet built a call of its own: the diff
        // and the lookups read the index in their inner loops (a `_read` accessor allocated a
        // coroutine frame for each read; reload-5k-of-10k in `instructions.sh` guards it).
        @inline(__always) get { _lazyIndex == nil ? _indexStorage : _lazyIndexTable() }
        set {
            _lazyIndex = nil
            _indexStorage = newValue
        }
        @inline(__always) _modify {
            if _lazyIndex != nil { _materializeIndex() }
            yield &_indexStorage
        }
    }

    /// The index not built yet, built now if no copy built it: the reads' slow path.
    @inlinable @inline(never)
    func _lazyIndexTable() -> _LocationTable { _builtIndex(_lazyIndex!).table }

    /// The index `lazy` holds, built from the sections now if nothing built it yet.
    @inlinable
    func _builtIndex(_ lazy: _LazyIndex<SectionID, Item.ID>) -> _BuiltIndex<SectionID, Item.ID> {
        if let built = lazy.load() { return built }
        let (table, repeated) = Self._indexTable(of: _sections, tokens: _tokens, tokenIndex: _tokenIndex)
        return lazy.publish(_BuiltIndex(table: table, repeated: repeated))
    }

    /// Takes the index into `_indexStorage`, building it if nothing built it yet: what every edit
    /// does before it changes the sections.
    @inlinable
    mutating func _materializeIndex() {
        guard let lazy = _lazyIndex else { return }
        let built = _builtIndex(lazy)
        _indexStorage = built.table
        _lazyIndex = nil
        _knownRepeat = built.repeated == nil ? nil : built
    }

    /// ``_materializeIndex()``, throwing the repeated identifier the index met, if any: an edit of
    /// a snapshot whose items repeat an identifier throws it and changes nothing.
    @inlinable @inline(__always)
    mutating func _indexForEditing() throws {
        // Two tests inline, the rest a call: most edited snapshots have their index and no repeat.
        if _lazyIndex != nil || _knownRepeat != nil { try _indexForEditingSlowly() }
    }

    /// ``_indexForEditing()`` when the index is not built or met a repeat.
    @inlinable @inline(never)
    mutating func _indexForEditingSlowly() throws {
        if _lazyIndex != nil { _materializeIndex() }
        if let repeated = _knownRepeat?.repeated { throw repeated }
    }

    /// The first item identifier that occurs twice, or `nil`; builds the index if it was not.
    @inlinable
    var _repeatedItem: Failure? {
        guard let lazy = _lazyIndex else { return _knownRepeat?.repeated }
        return _builtIndex(lazy).repeated
    }

    /// Checks that no item identifier repeats, building the index now if it was not built yet.
    ///
    /// A snapshot made with ``init(_:)-([Snapshot<SectionID,Item>.SectionType])`` checks its
    /// section identifiers at once, and its item identifiers the first time it needs its index:
    /// a lookup, an edit (which throws the repeat), or the list it is applied to (which refuses it
    /// and keeps what it shows). Call this to find a repeat where the data comes in.
    ///
    /// ```swift
    /// let snapshot = try Snapshot([Section("all", items: rows)]).validated()
    /// ```
    ///
    /// - Throws: ``SnapshotError/duplicateItem(_:first:second:)`` naming the first identifier
    ///   that repeats and both of its positions.
    /// - Returns: the snapshot, indexed.
    /// - Complexity: O(*n*) for *n* items the first time: each identifier is hashed once; O(1)
    ///   after that.
    @inlinable
    public func validated() throws -> Snapshot {
        var checked = self
        checked._materializeIndex()
        if let repeated = checked._knownRepeat?.repeated { throw repeated }
        return checked
    }

    /// Whether the index was built (or is being read from the snapshot this one was made from).
    @inlinable
    var _isIndexed: Bool { _lazyIndex.map { $0.load() != nil } ?? true }

    /// Takes the index of `other` when both hold the same sections with the same item identifiers
    /// in the same order, and this one was not indexed yet: the index would come out the same.
    /// Returns whether it did (O(*n*) identifier comparisons, stopping at the first difference).
    @inlinable
    mutating func _adoptIndex(ifSameIdentifiersAs other: Snapshot) -> Bool {
        guard !_isIndexed, other._isIndexed, _sections.count == other._sections.count, other._repeatedItem == nil
        else { return false }
        let mine = _sections, theirs = other._sections
        for s in mine.indices {
            guard mine[s].id == theirs[s].id else { return false }
            let a = mine[s].items, b = theirs[s].items
            guard a.count == b.count else { return false }
            let same = a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    for r in 0..<a.count where a[r].id != b[r].id { return false }
                    return true
                }
            }
            guard same else { return false }
        }
        _tokens = other._tokens
        _tokenIndex = other._tokenIndex
        _sectionTokens = other._sectionTokens
        _indexStorage = other._index
        _lazyIndex = nil
        return true
    }
}

extension Snapshot {
    /// Makes the snapshot ready to be shown after `shown`: takes over `shown`'s index when the two
    /// hold the same identifiers in the same order, and otherwise builds its own if it was not
    /// built. Returns the diagnostic of a repeated item identifier, which a list must not show.
    package mutating func _repeatsAnItem(shownAfter shown: Snapshot) -> ListDiagnostic? {
        _repeatedItem(shownAfter: shown).flatMap(ListDiagnostic.init(repeated:))
    }

    /// ``_repeatsAnItem(shownAfter:)`` with the repeat as the snapshot's error. Inlinable: the
    /// driver calls it where it is specialised for the app's types (hashing in code compiled for
    /// any type costs several times as much).
    @inlinable
    mutating func _repeatedItem(shownAfter shown: Snapshot) -> Failure? {
        guard _lazyIndex != nil else { return _knownRepeat?.repeated }
        if _adoptIndex(ifSameIdentifiersAs: shown) { return nil }
        return _repeatedItem
    }
}

extension ListDiagnostic {
    /// The diagnostic of a snapshot that repeats an item identifier, or `nil` for another error.
    init?<SectionID, ItemID>(repeated error: SnapshotError<SectionID, ItemID>) {
        guard case let .duplicateItem(id, first, second) = error else { return nil }
        self.init(.repeatedItem(item: "\(id)", first: first, second: second))
    }
}
