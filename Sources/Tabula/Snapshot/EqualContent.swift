/// Content compared with `==`, as the diff's `_EqualityClassifier` compares it.
@usableFromInline
enum _EqualContent<Item: Equatable>: _ContentComparison {
    @inlinable static var compares: Bool { true }
    @inlinable @inline(__always) static func same(_ old: Item, _ new: Item) -> Bool { _sameContent(old, new) }
}
