/// A reorder the user made inside a section shown as an outline (a ``SectionSnapshot``), by
/// identity: the items that moved, each with everything under it, and where they went in the
/// tree — into a folder item as its last children, just before an item (under that item's
/// parent), or at the end of the top level.
///
/// A drag dropped in an outline section, between rows or into an item that
/// ``ListAdapter/canDropInto`` allows, ends as one, told to ``ListAdapter/onOutlineMove``; the
/// app applies the same value to its tree in one call:
///
/// ```swift
/// adapter.canDropInto = { node in node.isFolder }
/// adapter.onOutlineMove = { move, _ in try? files.apply(move) }   // `files`, a SectionSnapshot
/// ```
///
/// Dropped into a folder, the items become its **last** children, in the order ``items`` lists
/// them, as Finder and Files put a dropped file among a folder's contents without choosing a
/// place. An identifier listed twice counts once; an item under another moved item travels with
/// it and is not moved on its own.
public struct OutlineMove<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Hashable, Sendable {
    /// Where the moved items go in the tree.
    public enum Destination: Hashable, Sendable {
        /// Into this item, as its last children.
        case lastChildren(of: ItemID)
        /// Just before this item, under its parent (at the top level when it has none).
        case before(ItemID)
        /// At the end of the top level of the section.
        case endOfTopLevel
    }

    /// The moved items, in the order they have at the destination.
    public var items: [ItemID]
    /// The outline section the move is in.
    public var section: SectionID
    /// Where they go.
    public var destination: Destination

    /// A move of `items` to `destination` in the outline section `section`.
    public init(_ items: [ItemID], in section: SectionID, to destination: Destination) {
        self.items = items
        self.section = section
        self.destination = destination
    }
}

extension OutlineMove: Codable where SectionID: Codable, ItemID: Codable {}
extension OutlineMove.Destination: Codable where ItemID: Codable {}

extension OutlineMove: CustomStringConvertible {
    public var description: String {
        switch destination {
        case .lastChildren(let id): return "move \(items) into \(id) in section \(section)"
        case .before(let id): return "move \(items) before \(id) in section \(section)"
        case .endOfTopLevel: return "move \(items) to the end of section \(section)"
        }
    }
}

extension SectionSnapshot {
    /// Applies `move` (its section aside): takes the moved items out, each with its subtree and
    /// expansion, and puts them at the destination in the move's order.
    ///
    /// - Throws: ``SectionSnapshotError/unknownItem(_:)`` naming a moved item or the destination
    ///   item the tree lacks, or ``SectionSnapshotError/moveIntoOwnSubtree(_:)`` naming a moved
    ///   item that is the destination or above it; nothing changes then.
    /// - Complexity: O(*k*·*d* + *s*) for *k* moved items of depth at most *d* and the *s*
    ///   siblings they leave and join.
    public mutating func apply<SectionID>(_ move: OutlineMove<SectionID, Item.ID>) throws {
        let moved = try movedRoots(of: move)
        guard !moved.isEmpty else { return }
        let anchor: Item.ID?
        switch move.destination {
        case .lastChildren(let id), .before(let id): anchor = id
        case .endOfTopLevel: anchor = nil
        }
        if let anchor {
            guard nodes[anchor] != nil else { throw Failure.unknownItem(anchor) }
            if let inside = moved.first(where: { $0 == anchor || isUnder(anchor, $0) }) { throw Failure.moveIntoOwnSubtree(inside) }
        }
        for id in moved { unlink(id) }
        switch move.destination {
        case .lastChildren(let parent):
            link(moved, under: parent, at: nodes[parent]!.children.count)
        case .before(let sibling):
            let parent = nodes[sibling]!.parent
            link(moved, under: parent, at: siblings(under: parent).firstIndex(of: sibling)!)
        case .endOfTopLevel:
            link(moved, under: nil, at: roots.count)
        }
    }

    /// The moves that put the items `move` would move back where they are in this tree: for each
    /// run of them that shares a parent and the sibling that follows them (one that stays), a
    /// move before that sibling, or into the parent (to the top level) when none follows.
    ///
    /// - Throws: as ``apply(_:)`` does for a moved item the tree lacks.
    package func inverse<SectionID>(of move: OutlineMove<SectionID, Item.ID>) throws -> [OutlineMove<SectionID, Item.ID>] {
        let moved = try movedRoots(of: move)
        let movedSet = Set(moved)
        var groups: [(key: OutlineMove<SectionID, Item.ID>.Destination, items: [Item.ID])] = []
        // Each moved item in tree order, so that a group puts its items back in their order.
        for item in walk(onlyVisible: false) where movedSet.contains(item.item.id) {
            let id = item.item.id, parent = nodes[id]!.parent
            let row = siblings(under: parent)
            let next = row[(row.firstIndex(of: id)! + 1)...].first { !movedSet.contains($0) }
            let key: OutlineMove<SectionID, Item.ID>.Destination = next.map { .before($0) } ?? parent.map { .lastChildren(of: $0) } ?? .endOfTopLevel
            if let last = groups.indices.last, groups[last].key == key { groups[last].items.append(id) } else { groups.append((key, [id])) }
        }
        return groups.map { OutlineMove($0.items, in: move.section, to: $0.key) }
    }

    /// The items `move` names, once each, without those under another of them (they travel with
    /// it).
    private func movedRoots<SectionID>(of move: OutlineMove<SectionID, Item.ID>) throws -> [Item.ID] {
        var seen = Set<Item.ID>()
        let unique = move.items.filter { seen.insert($0).inserted }
        if let missing = unique.first(where: { nodes[$0] == nil }) { throw Failure.unknownItem(missing) }
        return unique.filter { id in !unique.contains { $0 != id && isUnder(id, $0) } }
    }

    /// Whether the item `id` is somewhere under the item `ancestor`.
    func isUnder(_ id: Item.ID, _ ancestor: Item.ID) -> Bool {
        var parent = nodes[id]?.parent
        while let current = parent {
            if current == ancestor { return true }
            parent = nodes[current]?.parent
        }
        return false
    }

    private func siblings(under parent: Item.ID?) -> [Item.ID] {
        parent.map { nodes[$0]!.children } ?? roots
    }

    /// Takes the item `id` out of its parent's children (or the top level), keeping its subtree.
    private mutating func unlink(_ id: Item.ID) {
        if let parent = nodes[id]!.parent {
            nodes[parent]!.children.removeAll { $0 == id }
        } else {
            roots.removeAll { $0 == id }
        }
    }

    /// Links `ids` under `parent` (the top level when `nil`) at `index` among its children.
    private mutating func link(_ ids: [Item.ID], under parent: Item.ID?, at index: Int) {
        for id in ids { nodes[id]!.parent = parent }
        if let parent {
            nodes[parent]!.children.insert(contentsOf: ids, at: index)
        } else {
            roots.insert(contentsOf: ids, at: index)
        }
    }
}
