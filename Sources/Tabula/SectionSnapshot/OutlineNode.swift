/// A node of an ``Outline``.
public struct OutlineNode<ID: Hashable & Sendable, Value> {
    /// The node's identifier, unique in its outline.
    public var id: ID
    /// What the node shows.
    public var value: Value
    /// The nodes under it, in order.
    public var children: [OutlineNode]

    /// Creates a node.
    public init(_ id: ID, value: Value, children: [OutlineNode] = []) {
        self.id = id
        self.value = value
        self.children = children
    }
}

extension OutlineNode: Sendable where Value: Sendable {}
