/// Whether a build against a previous snapshot compares the content of the items it matches, and
/// how: statically, so that the specialised walk has no call and no branch for it when it does not.
@usableFromInline
protocol _ContentComparison {
    associatedtype Item
    /// Whether ``same(_:_:)`` compares anything.
    static var compares: Bool { get }
    /// Whether two items with one identifier have the same content.
    static func same(_ old: Item, _ new: Item) -> Bool
}
