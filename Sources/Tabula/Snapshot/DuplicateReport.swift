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
        @usableFromInline init(id: ItemID, droppedAt: ItemPath, droppedFromSection: SectionID, keptAt: ItemPath, keptInSection: SectionID) {
            self.id = id
            self.droppedAt = droppedAt
            self.droppedFromSection = droppedFromSection
            self.keptAt = keptAt
            self.keptInSection = keptInSection
        }
    }

    /// An empty report.
    @usableFromInline package init() {}

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
