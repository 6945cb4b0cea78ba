/// A visible row of an ``Outline``: its node's value, how deep it is, and whether it can expand.
package struct OutlineRow<ID: Hashable & Sendable, Value>: Identifiable {
    /// The node's identifier.
    package var id: ID
    /// The node's value.
    package var value: Value
    /// How deep the node is: 0 for a root.
    package var depth: Int
    /// Whether the node has children (and so can expand).
    package var hasChildren: Bool
    /// Whether the node's children are shown.
    package var isExpanded: Bool
}

extension OutlineRow: Equatable where Value: Equatable {
    // Written out and inlinable, so that the diff's comparison of every row is specialised.
    @inlinable
    package static func == (lhs: OutlineRow, rhs: OutlineRow) -> Bool {
        lhs.id == rhs.id && lhs.value == rhs.value && lhs.depth == rhs.depth && lhs.hasChildren == rhs.hasChildren
            && lhs.isExpanded == rhs.isExpanded
    }
}

extension OutlineRow: Hashable where Value: Hashable {
    @inlinable
    package func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(value)
        hasher.combine(depth)
        hasher.combine(hasChildren)
        hasher.combine(isExpanded)
    }
}

extension OutlineRow: Sendable where Value: Sendable {}
