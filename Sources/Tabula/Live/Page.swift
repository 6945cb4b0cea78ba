/// One page of results from a server.
public struct Page<Item: Sendable>: Sendable {
    /// The page's items.
    public var items: [Item]
    /// Whether another page follows.
    public var hasMore: Bool

    /// Creates a page.
    public init(items: [Item], hasMore: Bool) {
        self.items = items
        self.hasMore = hasMore
    }
}
