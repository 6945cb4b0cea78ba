/// Builds the items of a ``Section`` declaratively: single items, arrays of items, `if`, `if let`,
/// `switch` and `for`.
@resultBuilder
public enum ItemsBuilder<Item> {
    /// One item.
    public static func buildExpression(_ item: Item) -> [Item] { [item] }
    /// An array of items, in order.
    public static func buildExpression(_ items: [Item]) -> [Item] { items }
    /// An optional item: nothing when `nil`.
    public static func buildExpression(_ item: Item?) -> [Item] { item.map { [$0] } ?? [] }
    /// The items of every statement, in order.
    public static func buildBlock(_ parts: [Item]...) -> [Item] { parts.flatMap { $0 } }
    /// `if` without `else`.
    public static func buildOptional(_ part: [Item]?) -> [Item] { part ?? [] }
    /// The first branch of `if`/`else` or `switch`.
    public static func buildEither(first part: [Item]) -> [Item] { part }
    /// The second branch of `if`/`else` or `switch`.
    public static func buildEither(second part: [Item]) -> [Item] { part }
    /// `for … in`.
    public static func buildArray(_ parts: [[Item]]) -> [Item] { parts.flatMap { $0 } }
    /// `if #available`.
    public static func buildLimitedAvailability(_ part: [Item]) -> [Item] { part }
}
