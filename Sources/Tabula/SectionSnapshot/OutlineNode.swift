/// A node of an ``Outline``.
package struct OutlineNode<ID: Hashable & Sendable, Value> {
    /// The node's identifier, unique in its outline.
    package var id: ID
    /// What the node shows.
    package var value: Value
    /// The nodes under it, in order.
    package var children: [OutlineNode]

    /// Creates a node.
    package init(_ id: ID, value: Value, children: [OutlineNode] = []) {
        self.id = id
        self.value = value
        self.children = children
    }
}

extension OutlineNode: Sendable where Value: Sendable {}
