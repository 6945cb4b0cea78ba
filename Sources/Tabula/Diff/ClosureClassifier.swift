/// Content classified by a closure.
@usableFromInline
struct _ClosureClassifier<Item>: _ItemClassifier {
    @usableFromInline let body: (Item, Item) -> UpdateKind?
    @inlinable init(_ body: @escaping (Item, Item) -> UpdateKind?) { self.body = body }
    @inlinable @inline(__always)
    func classify(_ old: Item, _ new: Item) -> UpdateKind? { body(old, new) }
}
