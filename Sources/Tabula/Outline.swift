/// A tree of items shown as a flat list whose branches expand and collapse (SPEC B7).
///
/// Table views have no outline support of their own (only collection views' section snapshots do);
/// an outline works with every Tabula view because expanding or collapsing only produces a new
/// snapshot, and the diff animates the children in or out.
///
/// ```swift
/// var outline = Outline(roots: [OutlineNode("fruit", value: "Fruit", children: [OutlineNode("apple", value: "Apple")])])
/// outline.toggle("fruit")
/// try await adapter.apply(outline.snapshot(section: "main"))
/// ```
public struct Outline<ID: Hashable & Sendable, Value> {
    /// The top-level nodes.
    public var roots: [OutlineNode<ID, Value>]
    /// The identifiers of the expanded nodes.
    public var expanded: Set<ID>

    /// Creates an outline; everything is collapsed unless listed in `expanded`.
    public init(roots: [OutlineNode<ID, Value>], expanded: Set<ID> = []) {
        self.roots = roots
        self.expanded = expanded
    }

    /// Expands a collapsed node or collapses an expanded one.
    public mutating func toggle(_ id: ID) {
        if expanded.remove(id) == nil { expanded.insert(id) }
    }

    /// The visible rows, depth first: a node's children follow it while it is expanded.
    ///
    /// The walk keeps its own stack, so a tree of any depth is fine (no recursion).
    ///
    /// - Complexity: O(visible rows + their siblings).
    public var rows: [OutlineRow<ID, Value>] {
        var rows: [OutlineRow<ID, Value>] = []
        // Each level: its nodes and the next one to visit.
        var stack: [(nodes: [OutlineNode<ID, Value>], next: Int)] = [(roots, 0)]
        while let top = stack.indices.last {
            let (nodes, next) = stack[top]
            guard next < nodes.count else {
                stack.removeLast()
                continue
            }
            stack[top].next = next + 1
            let node = nodes[next]
            let isExpanded = expanded.contains(node.id)
            rows.append(OutlineRow(id: node.id, value: node.value, depth: top, hasChildren: !node.children.isEmpty, isExpanded: isExpanded))
            if isExpanded && !node.children.isEmpty { stack.append((node.children, 0)) }
        }
        return rows
    }

    /// The visible rows as a one-section snapshot.
    ///
    /// - Throws: ``SnapshotError/duplicateItem(_:first:second:)`` when two nodes share an identifier.
    public func snapshot<SectionID: Hashable & Sendable>(section: SectionID, header: String? = nil) throws -> Snapshot<SectionID, OutlineRow<ID, Value>> {
        try Snapshot([Section(section, header: header, items: rows)])
    }
}

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

/// A visible row of an ``Outline``: its node's value, how deep it is, and whether it can expand.
public struct OutlineRow<ID: Hashable & Sendable, Value>: Identifiable {
    /// The node's identifier.
    public var id: ID
    /// The node's value.
    public var value: Value
    /// How deep the node is: 0 for a root.
    public var depth: Int
    /// Whether the node has children (and so can expand).
    public var hasChildren: Bool
    /// Whether the node's children are shown.
    public var isExpanded: Bool
}

extension OutlineRow: Equatable where Value: Equatable {
    // Written out and inlinable, so that the diff's comparison of every row is specialised.
    @inlinable
    public static func == (lhs: OutlineRow, rhs: OutlineRow) -> Bool {
        lhs.id == rhs.id && lhs.value == rhs.value && lhs.depth == rhs.depth && lhs.hasChildren == rhs.hasChildren
            && lhs.isExpanded == rhs.isExpanded
    }
}

extension OutlineRow: Hashable where Value: Hashable {
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(value)
        hasher.combine(depth)
        hasher.combine(hasChildren)
        hasher.combine(isExpanded)
    }
}
extension OutlineRow: Sendable where Value: Sendable {}
extension Outline: Sendable where Value: Sendable {}
extension OutlineNode: Sendable where Value: Sendable {}
