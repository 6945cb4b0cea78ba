/// One section's items as a tree: items with children that expand and collapse, as
/// `NSDiffableDataSourceSectionSnapshot` keeps them.
///
/// A section snapshot holds every item of the tree and which items are expanded. The list shows its
/// ``visibleItems``: the roots, and the children of every expanded item whose ancestors are all
/// expanded, depth first. Apply it to one section of a list with
/// ``SectionSnapshots/apply(_:to:animatingDifferences:completion:)``; the other sections are left as they
/// are, and expanding or collapsing animates as inserts and deletes of the children.
///
/// ```swift
/// var fruit = SectionSnapshot<Identified<String>>()
/// try fruit.append([Identified("Fruit"), Identified("Vegetables")])
/// try fruit.append([Identified("Apple"), Identified("Pear")], to: "Fruit")
/// try fruit.expand(["Fruit"])
/// fruit.visibleItems.map(\.value)   // ["Fruit", "Apple", "Pear", "Vegetables"]
/// fruit.level(of: "Pear")           // 1
/// ```
///
/// Items are addressed by their identifiers, which must be unique in the tree. Bad identifiers are
/// a ``SectionSnapshotError`` that names them, never a trap, and a throwing edit leaves the
/// section snapshot as it was.
///
/// Section snapshots are values, `Sendable` when their items are.
public struct SectionSnapshot<Item: Identifiable> where Item.ID: Sendable {
    /// The error type every throwing operation of a section snapshot uses.
    public typealias Failure = SectionSnapshotError<Item.ID>

    /// One item of the tree, with the links to its parent and children.
    struct Node {
        var item: Item
        var parent: Item.ID?
        var children: [Item.ID]
    }

    /// Every item of the tree, by identifier.
    var nodes: [Item.ID: Node]
    /// The identifiers of the top-level items, in order.
    var roots: [Item.ID]
    /// The identifiers of the expanded items.
    var expanded: Set<Item.ID>

    /// Creates an empty section snapshot.
    ///
    /// - Complexity: O(1).
    public init() {
        nodes = [:]
        roots = []
        expanded = []
    }

    /// Creates a section snapshot whose top-level items are `items`, none with children.
    ///
    /// - Throws: ``SectionSnapshotError/duplicateItem(_:)`` naming an identifier given twice.
    /// - Complexity: O(*k*) for *k* items.
    package init(_ items: [Item]) throws {
        self.init()
        try append(items)
    }
}

extension SectionSnapshot.Node: Equatable where Item: Equatable {}
extension SectionSnapshot.Node: Sendable where Item: Sendable {}
extension SectionSnapshot: Sendable where Item: Sendable {}

extension SectionSnapshot: Equatable where Item: Equatable {
    /// Two section snapshots are equal when their trees, items and expanded items are equal.
    ///
    /// - Complexity: O(*n*) for *n* items.
    public static func == (lhs: SectionSnapshot, rhs: SectionSnapshot) -> Bool {
        lhs.roots == rhs.roots && lhs.expanded == rhs.expanded && lhs.nodes == rhs.nodes
    }
}

// MARK: Reading

extension SectionSnapshot {
    /// Every item of the tree, depth first: each item followed by its children, whether or not it
    /// is expanded.
    ///
    /// - Complexity: O(*n*) for *n* items; the walk keeps its own stack, so a tree of any depth is
    ///   fine.
    public var items: [Item] { walk(onlyVisible: false).map { $0.item } }

    /// The items a list shows, depth first: the top-level items, and the children of each expanded
    /// item whose ancestors are all expanded.
    ///
    /// - Complexity: O(*v*) for *v* visible items.
    public var visibleItems: [Item] { walk(onlyVisible: true).map { $0.item } }

    /// The top-level items, in order.
    ///
    /// - Complexity: O(*r*) for *r* top-level items.
    public var rootItems: [Item] { roots.map { nodes[$0]!.item } }

    /// How many items the tree holds, visible or not.
    ///
    /// - Complexity: O(1).
    package var count: Int { nodes.count }

    /// Whether the tree has no items.
    ///
    /// - Complexity: O(1).
    public var isEmpty: Bool { nodes.isEmpty }

    /// The item with this identifier, or `nil` when the tree has none.
    ///
    /// - Complexity: O(1) on average.
    package subscript(id: Item.ID) -> Item? { nodes[id]?.item }

    /// Whether the tree holds an item with this identifier, visible or not.
    ///
    /// - Complexity: O(1) on average.
    public func contains(_ id: Item.ID) -> Bool { nodes[id] != nil }

    /// The parent of the item `id`; `nil` for a top-level item or an identifier the tree does not
    /// hold.
    ///
    /// - Complexity: O(1) on average.
    public func parent(of id: Item.ID) -> Item? {
        nodes[id]?.parent.map { nodes[$0]!.item }
    }

    /// The children of the item `id`, in order (`nil` when the tree does not hold it).
    ///
    /// - Complexity: O(*c*) for *c* children.
    package func children(of id: Item.ID) -> [Item]? {
        nodes[id].map { $0.children.map { nodes[$0]!.item } }
    }

    /// How deep the item `id` is: 0 for a top-level item, 1 for its children, and so on; `nil` when
    /// the tree does not hold it.
    ///
    /// - Complexity: O(*d*) for the item's depth *d*.
    public func level(of id: Item.ID) -> Int? {
        guard var node = nodes[id] else { return nil }
        var level = 0
        while let parent = node.parent {
            level += 1
            node = nodes[parent]!
        }
        return level
    }

    /// Whether the item `id` is expanded. An item can be expanded before it has children; its
    /// children are visible once it has some (and its ancestors are expanded too).
    ///
    /// - Complexity: O(1) on average.
    public func isExpanded(_ id: Item.ID) -> Bool { expanded.contains(id) }

    /// Whether the item `id` is among the ``visibleItems``: it is a top-level item or all its
    /// ancestors are expanded. `false` for an identifier the tree does not hold.
    ///
    /// - Complexity: O(*d*) for the item's depth *d*.
    public func isVisible(_ id: Item.ID) -> Bool {
        guard var node = nodes[id] else { return false }
        while let parent = node.parent {
            guard expanded.contains(parent) else { return false }
            node = nodes[parent]!
        }
        return true
    }

    /// How the item `id` is drawn in an outline: its level, and whether it is expanded (`nil` when
    /// it has no children, so nothing to expand). `nil` when the tree does not hold it.
    ///
    /// - Complexity: O(*d*) for the item's depth *d*.
    package func outlineState(of id: Item.ID) -> OutlineState? {
        guard let node = nodes[id], let level = level(of: id) else { return nil }
        return OutlineState(level: level, isExpanded: node.children.isEmpty ? nil : expanded.contains(id))
    }

    /// The tree under the item `parent`, with its expanded items: `parent`'s children are its
    /// top-level items, or, with `includingParent`, `parent` itself is its one top-level item.
    ///
    /// - Throws: ``SectionSnapshotError/unknownItem(_:)`` naming `parent` when the tree does not
    ///   hold it.
    /// - Complexity: O(*m*) for the *m* items under `parent`.
    public func snapshot(of parent: Item.ID, includingParent: Bool = false) throws -> SectionSnapshot {
        guard let top = nodes[parent] else { throw Failure.unknownItem(parent) }
        var result = SectionSnapshot()
        var stack: [Item.ID]
        if includingParent {
            result.roots = [parent]
            result.nodes[parent] = Node(item: top.item, parent: nil, children: top.children)
            if expanded.contains(parent) { result.expanded.insert(parent) }
            stack = top.children
        } else {
            result.roots = top.children
            stack = []
            for child in top.children {
                var node = nodes[child]!
                node.parent = nil
                result.nodes[child] = node
                if expanded.contains(child) { result.expanded.insert(child) }
                stack.append(contentsOf: node.children)
            }
        }
        while let id = stack.popLast() {
            let node = nodes[id]!
            result.nodes[id] = node
            if expanded.contains(id) { result.expanded.insert(id) }
            stack.append(contentsOf: node.children)
        }
        return result
    }

    /// Whether `items` are the visible items, by identifier, in order.
    func hasVisibleItems(identifiedAs items: [Item]) -> Bool {
        let visible = walk(onlyVisible: true)
        return visible.count == items.count && zip(visible, items).allSatisfy { $0.item.id == $1.id }
    }

    /// The visible or all items, depth first, with their levels. The walk keeps its own stack.
    func walk(onlyVisible: Bool) -> [(item: Item, level: Int)] {
        var result: [(item: Item, level: Int)] = []
        result.reserveCapacity(onlyVisible ? roots.count : nodes.count)
        // Each level: its identifiers and the next one to visit.
        var stack: [(ids: [Item.ID], next: Int)] = [(roots, 0)]
        while let top = stack.indices.last {
            let (ids, next) = stack[top]
            guard next < ids.count else {
                stack.removeLast()
                continue
            }
            stack[top].next = next + 1
            let node = nodes[ids[next]]!
            result.append((node.item, top))
            if !node.children.isEmpty && (!onlyVisible || expanded.contains(ids[next])) { stack.append((node.children, 0)) }
        }
        return result
    }
}

// MARK: Editing

extension SectionSnapshot {
    /// Appends items as the last children of the item `parent`, or as the last top-level items when
    /// `parent` is `nil`.
    ///
    /// - Throws: ``SectionSnapshotError/unknownItem(_:)`` naming `parent` when the tree does not
    ///   hold it, or ``SectionSnapshotError/duplicateItem(_:)`` naming an identifier the tree
    ///   already holds or that `items` repeats; nothing changes then.
    /// - Complexity: O(*k*) for *k* items.
    public mutating func append(_ items: [Item], to parent: Item.ID? = nil) throws {
        if let parent, nodes[parent] == nil { throw Failure.unknownItem(parent) }
        try checkNew(items.lazy.map { $0.id })
        add(items, under: parent)
        if let parent {
            nodes[parent]!.children.append(contentsOf: items.map { $0.id })
        } else {
            roots.append(contentsOf: items.map { $0.id })
        }
    }

    /// Inserts items just before the item `sibling`, under the same parent.
    ///
    /// - Throws: ``SectionSnapshotError/unknownItem(_:)`` naming `sibling`, or
    ///   ``SectionSnapshotError/duplicateItem(_:)`` naming an identifier the tree already holds or
    ///   that `items` repeats; nothing changes then.
    /// - Complexity: O(*k* + *s*) for *k* items and the *s* siblings of `sibling`.
    public mutating func insert(_ items: [Item], before sibling: Item.ID) throws {
        try insert(items, nextTo: sibling, after: false)
    }

    /// Inserts items just after the item `sibling`, under the same parent.
    ///
    /// - Throws: ``SectionSnapshotError/unknownItem(_:)`` naming `sibling`, or
    ///   ``SectionSnapshotError/duplicateItem(_:)`` naming an identifier the tree already holds or
    ///   that `items` repeats; nothing changes then.
    /// - Complexity: O(*k* + *s*) for *k* items and the *s* siblings of `sibling`.
    public mutating func insert(_ items: [Item], after sibling: Item.ID) throws {
        try insert(items, nextTo: sibling, after: true)
    }

    /// Appends the items of `snapshot` under the item `parent` (at the top level when `nil`): its
    /// top-level items become `parent`'s last children, with their trees and expanded items.
    ///
    /// - Throws: ``SectionSnapshotError/unknownItem(_:)`` naming `parent`, or
    ///   ``SectionSnapshotError/duplicateItem(_:)`` naming an identifier both trees hold; nothing
    ///   changes then.
    /// - Complexity: O(*m*) for the *m* items of `snapshot`.
    public mutating func append(_ snapshot: SectionSnapshot, to parent: Item.ID? = nil) throws {
        if let parent, nodes[parent] == nil { throw Failure.unknownItem(parent) }
        for id in snapshot.nodes.keys where nodes[id] != nil { throw Failure.duplicateItem(id) }
        for (id, var node) in snapshot.nodes {
            if node.parent == nil { node.parent = parent }
            nodes[id] = node
        }
        expanded.formUnion(snapshot.expanded)
        if let parent {
            nodes[parent]!.children.append(contentsOf: snapshot.roots)
        } else {
            roots.append(contentsOf: snapshot.roots)
        }
    }

    /// Replaces the children of the item `parent` (and their trees) with the items of `snapshot`:
    /// how a handler fills in children that load when their parent expands.
    ///
    /// - Throws: ``SectionSnapshotError/unknownItem(_:)`` naming `parent`, or
    ///   ``SectionSnapshotError/duplicateItem(_:)`` naming an identifier of `snapshot` that the
    ///   tree holds outside `parent`'s current children; nothing changes then.
    /// - Complexity: O(*m* + *c*) for the *m* items of `snapshot` and the *c* items under `parent`.
    public mutating func replace(childrenOf parent: Item.ID, using snapshot: SectionSnapshot) throws {
        guard let node = nodes[parent] else { throw Failure.unknownItem(parent) }
        var copy = self
        copy.removeSubtrees(node.children)
        copy.nodes[parent]!.children = []
        try copy.append(snapshot, to: parent)
        self = copy
    }

    /// Deletes the items with these identifiers, and every item under them.
    ///
    /// - Throws: ``SectionSnapshotError/unknownItem(_:)`` naming the first identifier the tree
    ///   does not hold; nothing is deleted then. An identifier listed twice, or under another
    ///   listed item, is deleted once.
    /// - Complexity: O(*m* + *s*) for the *m* items deleted and the *s* siblings of the items
    ///   listed.
    public mutating func delete(_ ids: [Item.ID]) throws {
        for id in ids where nodes[id] == nil { throw Failure.unknownItem(id) }
        // Unlink the listed items from their parents, once per parent, then remove their trees.
        var listed = Set<Item.ID>(minimumCapacity: ids.count)
        var parents = Set<Item.ID>()
        var fromRoots = false
        for id in ids where listed.insert(id).inserted {
            if let parent = nodes[id]!.parent { parents.insert(parent) } else { fromRoots = true }
        }
        if fromRoots { roots.removeAll { listed.contains($0) } }
        for parent in parents { nodes[parent]?.children.removeAll { listed.contains($0) } }
        removeSubtrees(Array(listed))
    }

    /// Deletes every item.
    ///
    /// - Complexity: O(*n*) to release the *n* items.
    public mutating func deleteAll() {
        self = SectionSnapshot()
    }

    /// Replaces items, matched by identifier, with these values; their places in the tree and
    /// their expansion stay.
    ///
    /// - Throws: ``SectionSnapshotError/unknownItem(_:)`` naming the first identifier the tree does
    ///   not hold; nothing changes then.
    /// - Complexity: O(*k*) for *k* items.
    package mutating func update(_ items: [Item]) throws {
        for item in items where nodes[item.id] == nil { throw Failure.unknownItem(item.id) }
        for item in items { nodes[item.id]!.item = item }
    }

    /// Expands these items: their children become visible wherever their ancestors are expanded.
    ///
    /// - Throws: ``SectionSnapshotError/unknownItem(_:)`` naming the first identifier the tree
    ///   does not hold; nothing changes then.
    /// - Complexity: O(*k*) for *k* identifiers.
    public mutating func expand(_ ids: [Item.ID]) throws {
        for id in ids where nodes[id] == nil { throw Failure.unknownItem(id) }
        expanded.formUnion(ids)
    }

    /// Collapses these items: their children are hidden, and keep their own expansion for when
    /// the items expand again.
    ///
    /// - Throws: ``SectionSnapshotError/unknownItem(_:)`` naming the first identifier the tree
    ///   does not hold; nothing changes then.
    /// - Complexity: O(*k*) for *k* identifiers.
    public mutating func collapse(_ ids: [Item.ID]) throws {
        for id in ids where nodes[id] == nil { throw Failure.unknownItem(id) }
        expanded.subtract(ids)
    }

    // MARK: Internals

    /// Throws for the first identifier that the tree holds or that `ids` repeats.
    private func checkNew(_ ids: some Collection<Item.ID>) throws {
        var seen = Set<Item.ID>(minimumCapacity: ids.count)
        for id in ids where nodes[id] != nil || !seen.insert(id).inserted { throw Failure.duplicateItem(id) }
    }

    /// Adds nodes for `items`, children of `parent`, without linking them from it.
    private mutating func add(_ items: [Item], under parent: Item.ID?) {
        for item in items { nodes[item.id] = Node(item: item, parent: parent, children: []) }
    }

    private mutating func insert(_ items: [Item], nextTo sibling: Item.ID, after: Bool) throws {
        guard let anchor = nodes[sibling] else { throw Failure.unknownItem(sibling) }
        try checkNew(items.lazy.map { $0.id })
        add(items, under: anchor.parent)
        let ids = items.map { $0.id }
        if let parent = anchor.parent {
            let index = nodes[parent]!.children.firstIndex(of: sibling)!
            nodes[parent]!.children.insert(contentsOf: ids, at: after ? index + 1 : index)
        } else {
            let index = roots.firstIndex(of: sibling)!
            roots.insert(contentsOf: ids, at: after ? index + 1 : index)
        }
    }

    /// Removes the nodes of these items and of everything under them (already unlinked from their
    /// parents, or about to be).
    private mutating func removeSubtrees(_ ids: [Item.ID]) {
        var stack = ids
        while let id = stack.popLast() {
            guard let node = nodes.removeValue(forKey: id) else { continue }
            expanded.remove(id)
            stack.append(contentsOf: node.children)
        }
    }
}

extension SectionSnapshot: CustomStringConvertible {
    /// The tree, one item a line: two spaces a level, `▾` before an expanded item with children,
    /// `▸` before a collapsed one, `•` before an item without children.
    ///
    /// - Complexity: O(*n*) for *n* items.
    public var description: String {
        var lines = ["SectionSnapshot(\(count) items)"]
        for (item, level) in walk(onlyVisible: false) {
            let node = nodes[item.id]!
            let marker = node.children.isEmpty ? "•" : (expanded.contains(item.id) ? "▾" : "▸")
            lines.append(String(repeating: "  ", count: level + 1) + "\(marker) \(item.id)")
        }
        return lines.joined(separator: "\n")
    }
}
