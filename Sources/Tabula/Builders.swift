/// Builds the items of a ``Section`` declaratively: single items, arrays of items, `if`, `if let`,
/// `switch` and `for`.
@resultBuilder
public enum ItemsBuilder<Item> {
    public static func buildExpression(_ item: Item) -> [Item] { [item] }
    public static func buildExpression(_ items: [Item]) -> [Item] { items }
    public static func buildExpression(_ item: Item?) -> [Item] { item.map { [$0] } ?? [] }
    public static func buildBlock(_ parts: [Item]...) -> [Item] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Item]?) -> [Item] { part ?? [] }
    public static func buildEither(first part: [Item]) -> [Item] { part }
    public static func buildEither(second part: [Item]) -> [Item] { part }
    public static func buildArray(_ parts: [[Item]]) -> [Item] { parts.flatMap { $0 } }
    public static func buildLimitedAvailability(_ part: [Item]) -> [Item] { part }
}

/// Builds the sections of a ``Snapshot`` declaratively, with `if`, `switch` and `for`.
@resultBuilder
public enum SectionsBuilder<SectionID: Hashable & Sendable, Item: Identifiable> where Item.ID: Sendable {
    public typealias SectionType = Section<SectionID, Item>
    public static func buildExpression(_ section: SectionType) -> [SectionType] { [section] }
    public static func buildExpression(_ sections: [SectionType]) -> [SectionType] { sections }
    public static func buildBlock(_ parts: [SectionType]...) -> [SectionType] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [SectionType]?) -> [SectionType] { part ?? [] }
    public static func buildEither(first part: [SectionType]) -> [SectionType] { part }
    public static func buildEither(second part: [SectionType]) -> [SectionType] { part }
    public static func buildArray(_ parts: [[SectionType]]) -> [SectionType] { parts.flatMap { $0 } }
    public static func buildLimitedAvailability(_ part: [SectionType]) -> [SectionType] { part }
}
