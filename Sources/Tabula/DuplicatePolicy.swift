/// What to do when data from outside repeats an item identifier.
///
/// Servers repeat items: a row that moved between two pages, a retried request. Apple's diffable
/// data source traps ("supplied item identifiers are not unique"), IGListKit silently keeps the
/// first, RxDataSources traps in debug builds. Tabula lets the caller choose, and reports what it
/// dropped in a ``DuplicateReport``.
///
/// The policy is a struct rather than a public enum so that new policies can be added without
/// breaking exhaustive `switch` statements in client code.
public struct DuplicatePolicy: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline
    enum Kind: Hashable, Sendable { case reject, keepFirst, keepLast }

    @usableFromInline
    let kind: Kind

    @inlinable
    init(_ kind: Kind) { self.kind = kind }

    /// Throw ``SnapshotError/duplicateItem(_:first:second:)`` naming the identifier and both positions.
    public static let reject = DuplicatePolicy(.reject)
    /// Keep the first occurrence where it stands and drop the later ones.
    public static let keepFirst = DuplicatePolicy(.keepFirst)
    /// Keep the last occurrence, at the position of the last occurrence, and drop the earlier ones.
    public static let keepLast = DuplicatePolicy(.keepLast)

    public var description: String {
        switch kind {
        case .reject: return "reject"
        case .keepFirst: return "keepFirst"
        case .keepLast: return "keepLast"
        }
    }
}

/// The items a ``DuplicatePolicy`` dropped while a snapshot was built, in the order they were met.
///
/// Log it, count it, or assert on it in a test: `#expect(report.dropped.map(\.id) == ["42"])`.
public struct DuplicateReport<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Hashable, Sendable,
    CustomStringConvertible
{
    /// One dropped occurrence of a repeated identifier.
    public struct Drop: Hashable, Sendable {
        /// The repeated identifier.
        public var id: ItemID
        /// Where the occurrence that was dropped stood in the input.
        public var droppedAt: ItemPath
        /// The section the dropped occurrence was in.
        public var droppedFromSection: SectionID
        /// Where the occurrence that was kept stood in the input.
        public var keptAt: ItemPath
        /// The section the kept occurrence is in.
        public var keptInSection: SectionID

        /// Creates a record of a dropped occurrence.
        public init(id: ItemID, droppedAt: ItemPath, droppedFromSection: SectionID, keptAt: ItemPath, keptInSection: SectionID) {
            self.id = id
            self.droppedAt = droppedAt
            self.droppedFromSection = droppedFromSection
            self.keptAt = keptAt
            self.keptInSection = keptInSection
        }
    }

    /// An empty report.
    public init() {}

    /// Every dropped occurrence; empty when the input had no repeated identifier.
    public var dropped: [Drop] = []


    /// Whether nothing was dropped.
    public var isEmpty: Bool { dropped.isEmpty }

    public var description: String {
        if dropped.isEmpty { return "no duplicates" }
        return dropped.map {
            "dropped \($0.id) at \($0.droppedAt) (section \($0.droppedFromSection)); kept the one at \($0.keptAt) (section \($0.keptInSection))"
        }.joined(separator: "\n")
    }
}
