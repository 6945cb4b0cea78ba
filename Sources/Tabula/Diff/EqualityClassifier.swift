/// Content compared with `==` (items with the same bytes are equal without it, see `_sameContent`);
/// a changed item gets `updates`.
@usableFromInline
struct _EqualityClassifier<Item: Equatable>: _ItemClassifier {
    @usableFromInline let updates: UpdateKind
    @inlinable init(updates: UpdateKind) { self.updates = updates }
    @inlinable static var comparesWithEquality: Bool { true }
    @inlinable @inline(__always)
    func classify(_ old: Item, _ new: Item) -> UpdateKind? { _sameContent(old, new) ? nil : updates }
}
