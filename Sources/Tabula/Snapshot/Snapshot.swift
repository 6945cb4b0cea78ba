/// The single source of truth of a list: ordered sections of identified items.
///
/// Every count, every cell and every animated update is derived from a snapshot. It stores the items
/// themselves, not only their identifiers, and keeps an index of each item's position, so that
/// ``itemPath(for:)`` is O(1) on average. A snapshot made from sections builds that index the first
/// time something needs it (a lookup, an edit, the list it is shown in), not while it is made. The index stores positions, not identifiers: 4 bytes a
/// bucket, 5 to 11 bytes an item (8 MB for a million items), until a snapshot's sections and rows
/// need more than 26 bits between them, when buckets take 8 bytes.
///
/// Identity and content are separate. `Item.ID` decides whether an item was inserted, deleted or
/// moved between two snapshots; content equality (`==` by default) decides whether it is updated.
///
/// ```swift
/// var snapshot = try Snapshot<String, Country> {
///     Section("europe", header: "Europe") { countries.filter(\.isEuropean) }
/// }
/// try snapshot.appendItems([iceland], toSection: "europe")
/// snapshot.itemPath(for: iceland.id)   // ItemPath(item: 12, section: 0)
/// ```
///
/// A snapshot never traps on bad data: duplicate or unknown identifiers and out-of-range paths throw
/// a ``SnapshotError`` that names them, and a throwing edit leaves the snapshot unchanged.
///
/// - Precondition: an item's `id` stays the same while a snapshot holds the item. Only a class item
///   can break this (a snapshot holds its own copy of a value); an edit that then reaches the item
///   stops the app with a message that says so. See <doc:IdentityAndEquality>.
///
/// Snapshots are values. They are `Sendable` when their items are, so they can be built and diffed
/// off the main actor.
public struct Snapshot<SectionID: Hashable & Sendable, Item: Identifiable> where Item.ID: Sendable {
    /// The section type this snapshot holds.
    public typealias SectionType = Section<SectionID, Item>
    /// The error type every throwing operation of a snapshot uses.
    public typealias Failure = SnapshotError<SectionID, Item.ID>

    /// Where an item is: the token of its section (stable while the section lives) and its row.
    ///
    /// Storing a token rather than a section index means inserting, deleting or moving a section
    /// rewrites only the small token table, not the location of every item behind it.
    @usableFromInline
    @frozen
    struct Location: Hashable, Sendable {
        @usableFromInline var token: Int32
        @usableFromInline var row: Int32

        @inlinable init(token: Int32, row: Int) {
            self.token = token
            self.row = Int32(truncatingIfNeeded: row)
        }
    }

    /// The sections, with their items, in display order. Any change clears ``_sameContentAs``.
    @usableFromInline var _sections: [SectionType] {
        didSet {
            // Tested first: storing `nil` over `nil` still releases the old value, on every edit.
            if _sameContentAs != nil { _sameContentAs = nil }
            if _lineage != nil { _lineage = nil }
        }
    }
    /// The token of each section, parallel to `_sections`.
    @usableFromInline var _tokens: [Int32]
    /// For each token ever handed out, the section's current index, or -1 once it is deleted.
    @usableFromInline var _tokenIndex: [Int32]
    /// Section identifier to token.
    @usableFromInline var _sectionTokens: [SectionID: Int32]
    /// Where each item is, found by the hash of its identifier (see `Index/Snapshot+Index.swift`),
    /// once the index is built; read and written through `_index`.
    @usableFromInline var _indexStorage: _LocationTable
    /// The index still to build, shared by the copies of this snapshot, when the snapshot was made
    /// from sections without indexing them (`Index/LazyIndex.swift`); `nil` once `_indexStorage`
    /// holds the index.
    @usableFromInline var _lazyIndex: _LazyIndex<SectionID, Item.ID>?
    /// The index built on first need, kept when it met a repeated item identifier and an edit then
    /// took it in (the edit throws the repeat); `nil` otherwise. A reference, not the error itself:
    /// edits run in code compiled for any item type, where testing a reference costs nothing.
    @usableFromInline var _knownRepeat: _BuiltIndex<SectionID, Item.ID>?
    /// Explicit update requests (``reloadItems(_:)``, ``reconfigureItems(_:)``), consumed by the diff.
    @usableFromInline var _updateMarks: [_MarkKey<Item.ID>: UpdateKind]
    /// Sections whose every item and titles the next diff treats as updated (``reloadSections(_:)``).
    @usableFromInline var _reloadedSections: Set<SectionID>
    /// The sections of the snapshot this one was built from (``init(_:updating:)``) when every
    /// section, title and item equals theirs (`==`, identifiers included), in order; `nil`
    /// otherwise. Holding them keeps their storage from being changed in place, so a diff from a
    /// snapshot whose sections are still this storage has nothing to report and costs nothing.
    /// Cleared by any change of `_sections`, and by ``clearingUpdateRequests()``.
    @usableFromInline var _sameContentAs: [SectionType]?
    /// What the build against a previous snapshot (``init(_:updating:)``) found, for the diff from
    /// it; `nil` otherwise. Cleared like ``_sameContentAs``.
    @usableFromInline var _lineage: _Lineage?
    /// Creates an empty snapshot.
    ///
    /// - Complexity: O(1).
    @inlinable
    public init() {
        _sections = []
        _tokens = []
        _tokenIndex = []
        _sectionTokens = [:]
        _indexStorage = _LocationTable()
        _lazyIndex = nil
        _knownRepeat = nil
        _updateMarks = [:]
        _reloadedSections = []
        _sameContentAs = nil
        _lineage = nil
    }
}

extension Snapshot: Sendable where Item: Sendable {}

extension Snapshot: Equatable where Item: Equatable {
    /// Two snapshots are equal when their sections, titles and items are equal, in order.
    ///
    /// Pending ``reloadItems(_:)`` requests are instructions for the next diff, not content, and do
    /// not take part.
    ///
    /// - Complexity: O(*n*) for *n* items: one `==` per item, in order.
    public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
        lhs._sections == rhs._sections
    }
}

extension Snapshot: CustomStringConvertible {
    /// The sections, their titles and their items' identifiers, one section a line.
    ///
    /// - Complexity: O(*n*) for *n* items.
    public var description: String {
        var text = "Snapshot(\(numberOfSections) sections, \(numberOfItems) items)"
        for section in _sections {
            text += "\n  \(section.id)"
            if let header = section.header { text += " \"\(header)\"" }
            text += ": " + section.items.map { "\($0.id)" }.joined(separator: ", ")
        }
        return text
    }
}
