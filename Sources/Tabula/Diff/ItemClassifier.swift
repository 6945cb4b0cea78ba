/// Decides how an item that kept its identity is updated: `nil` when its content is the same.
@usableFromInline
protocol _ItemClassifier {
    associatedtype Item
    func classify(_ old: Item, _ new: Item) -> UpdateKind?
    /// Whether `classify` returns `nil` exactly when the items are `==`.
    static var comparesWithEquality: Bool { get }
}

extension _ItemClassifier {
    @inlinable static var comparesWithEquality: Bool { false }
}
