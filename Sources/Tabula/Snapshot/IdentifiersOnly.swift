/// No content comparison: items without `==` are matched by identifier alone.
@usableFromInline
enum _IdentifiersOnly<Item>: _ContentComparison {
    @inlinable static var compares: Bool { false }
    @inlinable @inline(__always) static func same(_ old: Item, _ new: Item) -> Bool { true }
}
