/// A data provider over plain arrays, one per section: the simplest provider there is.
///
/// ```swift
/// let provider = ArrayDataProvider(CountryLoader.all)          // one section
/// provider.item(at: ItemPath(item: 3, section: 0))?.name       // "Andorra"
/// provider.item(at: ItemPath(item: 999, section: 0))           // nil, not a crash
/// ```
public struct ArrayDataProvider<Item>: DataProvider {
    /// The items of each section.
    public var sections: [[Item]]
    /// The header title of each section (`nil` entries, or fewer titles than sections, mean none).
    public var headers: [String?]

    /// A provider of one section.
    public init(_ items: [Item], header: String? = nil) {
        self.sections = [items]
        self.headers = [header]
    }

    /// A provider of several sections.
    public init(sections: [[Item]], headers: [String?] = []) {
        self.sections = sections
        self.headers = headers
    }

    public var numberOfSections: Int { sections.count }

    public func numberOfItems(inSectionAt section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].count : 0
    }

    public func item(at path: ItemPath) -> Item? {
        guard sections.indices.contains(path.section), sections[path.section].indices.contains(path.item) else { return nil }
        return sections[path.section][path.item]
    }

    public func headerTitle(forSection section: Int) -> String? {
        headers.indices.contains(section) ? headers[section] : nil
    }
}

extension ArrayDataProvider: Sendable where Item: Sendable {}

extension ArrayDataProvider: Equatable where Item: Equatable {}
