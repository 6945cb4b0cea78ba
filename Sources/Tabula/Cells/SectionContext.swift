/// The section a header, a footer or another supplementary view shows.
public struct SectionContext<SectionID: Hashable & Sendable>: Hashable, Sendable {
    /// The section's identifier.
    public let id: SectionID
    /// The section's index.
    public let index: Int
    /// The section's header title.
    public let header: String?
    /// The section's footer title.
    public let footer: String?
    /// How many items the section has.
    public let numberOfItems: Int

    /// Creates a context.
    init(id: SectionID, index: Int, header: String?, footer: String?, numberOfItems: Int) {
        self.id = id
        self.index = index
        self.header = header
        self.footer = footer
        self.numberOfItems = numberOfItems
    }
}

extension Snapshot {
    /// The context of the section at `index`, for supplementary views, or `nil` when there is none.
    ///
    /// - Complexity: O(1).
    package func sectionContext(at index: Int) -> SectionContext<SectionID>? {
        guard let section = section(at: index) else { return nil }
        return SectionContext(id: section.id, index: index, header: section.header, footer: section.footer, numberOfItems: section.items.count)
    }
}
