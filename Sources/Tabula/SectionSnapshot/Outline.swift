/// A tree of items shown as a flat list whose branches expand and collapse.
///
/// Table views have no outline support of their own (only collection views' section snapshots do);
/// an outline works with every Tabula view because expanding or collapsing only produces a new
/// snapshot, and the diff animates the children in or out.
///
/// An outline is a whole list of its own item type, ``OutlineRow``, whose rows carry their depth
/// and expansion as content. For an outline in one section of a list of another item type, next to
/// plain or grid sections, use a ``SectionSnapshot`` (``sectionSnapshot(_:)`` makes one from an
/// outline).
///
/// ```swift
/// var outline = Outline(roots: [OutlineNode("fruit", value: "Fruit", children: [OutlineNode("apple", value: "Apple")])])
/// outline.toggle("fruit")
/// try await adapter.apply(outline.snapshot(section: "main"))
/// ```
// Why not built on SectionSnapshot: an outline's source of truth is its nested nodes, which the
// app edits in place (`roots` is a variable), and its rows are items whose depth and expansion are
// content, so any adapter shows them with no outline support. Rebuilding a section snapshot from
// the nodes for every `rows` would cost O(all nodes) where the walk below costs O(visible rows and
// their siblings), and the rows would still have to carry their state. `sectionSnapshot(_:)`
// bridges the two for an outline in one section of a larger list.
package struct Outline<ID: Hashable & Sendable, Value> {
    /// The top-level nodes.
    package var roots: [OutlineNode<ID, Value>]
    /// The identifiers of the expanded nodes.
    package var expanded: Set<ID>

    /// Creates an outline; everything is collapsed unless listed in `expanded`.
    package init(roots: [OutlineNode<ID, Value>], expanded: Set<ID> = []) {
        self.roots = roots
        self.expanded = expanded
    }

    /// Expands a collapsed node or collapses an expanded one.
    package mutating func toggle(_ id: ID) {
        if expanded.remove(id) == nil { expanded.insert(id) }
    }

    /// The visible rows, depth first: a node's children follow it while it is expanded.
    ///
    /// The walk keeps its own stack, so a tree of any depth is fine (no recursion).
    ///
    /// - Complexity: O(visible rows + their siblings).
    package var rows: [OutlineRow<ID, Value>] {
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

    /// The outline as a ``SectionSnapshot`` of your own item type, made by `item` from each
    /// node, with the same nodes expanded: for an outline in one section of a list of several.
    ///
    /// ```swift
    /// let tree = try outline.sectionSnapshot { Identified($0.value) }
    /// try await driver.sectionSnapshots.apply(tree, to: "outline")
    /// ```
    ///
    /// - Throws: ``SectionSnapshotError/duplicateItem(_:)`` when two items share an identifier.
    /// - Complexity: O(*n*) for *n* nodes; the walk keeps its own stack.
    package func sectionSnapshot<Item: Identifiable>(_ item: (OutlineNode<ID, Value>) throws -> Item) throws -> SectionSnapshot<Item> {
        var tree = SectionSnapshot<Item>()
        // Each level: its nodes, the next one to visit, and the identifier of their parent.
        var stack: [(nodes: [OutlineNode<ID, Value>], next: Int, parent: Item.ID?)] = [(roots, 0, nil)]
        while let top = stack.indices.last {
            let (nodes, next, parent) = stack[top]
            guard next < nodes.count else {
                stack.removeLast()
                continue
            }
            stack[top].next = next + 1
            let node = nodes[next]
            let made = try item(node)
            try tree.append([made], to: parent)
            if expanded.contains(node.id) { try tree.expand([made.id]) }
            if !node.children.isEmpty { stack.append((node.children, 0, made.id)) }
        }
        return tree
    }

    /// The visible rows as a one-section snapshot.
    ///
    /// - Throws: ``SnapshotError/duplicateItem(_:first:second:)`` when two nodes share an identifier.
    package func snapshot<SectionID: Hashable & Sendable>(section: SectionID, header: String? = nil) throws -> Snapshot<SectionID, OutlineRow<ID, Value>> {
        try Snapshot([Section(section, header: header, items: rows)])
    }
}

extension Outline: Sendable where Value: Sendable {}
