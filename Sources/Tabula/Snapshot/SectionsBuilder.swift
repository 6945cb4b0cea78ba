/// Builds the sections of a ``Snapshot`` declaratively, with `if`, `switch` and `for`.
@resultBuilder
public enum SectionsBuilder<SectionID: Hashable & Sendable, Item: Identifiable> where Item.ID: Sendable {
    /// The sections built.
    public typealias SectionType = Section<SectionID, Item>
    /// One section.
    public static func buildExpression(_ section: SectionType) -> [SectionType] { [section] }
    /// An array of sections, in order.
    public static func buildExpression(_ sections: [SectionType]) -> [SectionType] { sections }
    /// The sections of every statement, in order.
    public static func buildBlock(_ parts: [SectionType]...) -> [SectionType] { parts.flatMap { $0 } }
    /// `if` without `else`.
    public static func buildOptional(_ part: [SectionType]?) -> [SectionType] { part ?? [] }
    /// The first branch of `if`/`else` or `switch`.
    public static func buildEither(first part: [SectionType]) -> [SectionType] { part }
    /// The second branch of `if`/`else` or `switch`.
    public static func buildEither(second part: [SectionType]) -> [SectionType] { part }
    /// `for … in`.
    public static func buildArray(_ parts: [[SectionType]]) -> [SectionType] { parts.flatMap { $0 } }
    /// `if #available`.
    public static func buildLimitedAvailability(_ part: [SectionType]) -> [SectionType] { part }
}
