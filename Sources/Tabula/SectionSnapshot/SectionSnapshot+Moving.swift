// Moving an item among its siblings, for the rows a user drags in an outline section: the item
// keeps its parent and takes its children with it, so the tree is never flattened or lost.
extension SectionSnapshot {
    /// The identifiers of the item `id`'s parent's children (or of the top-level items), in order,
    /// `id` among them.
    func siblingIdentifiers(of id: Item.ID) -> [Item.ID] {
        guard let node = nodes[id] else { return [] }
        return node.parent.map { nodes[$0]!.children } ?? roots
    }

    /// Where the visible item `id` may land when the view moves its row alone, as final rows of
    /// `rows` (the section's rows without `id`'s): just under its parent, before each of its
    /// siblings, and after the last row under its parent. Sorted, never empty.
    ///
    /// - Complexity: O(*r*·*d*) for *r* rows of depth at most *d*.
    func destinationRows(forMoving id: Item.ID, among rows: [Item.ID]) -> [Int] {
        let parent = nodes[id]?.parent
        var allowed: [Int] = []
        let first = parent.flatMap { rows.firstIndex(of: $0).map { $0 + 1 } } ?? 0
        allowed.append(first)
        let siblings = Set(siblingIdentifiers(of: id))
        var end = first
        for row in first..<rows.count {
            guard parent == nil || isDescendant(rows[row], of: parent!) else { break }
            if siblings.contains(rows[row]) { allowed.append(row) }
            end = row + 1
        }
        allowed.append(end)
        return Array(Set(allowed)).sorted()
    }

    /// Moves the item `id` among its siblings to where its row landed: after every sibling whose
    /// row in `rows` (the section's rows, `id`'s among them) is above `row`.
    mutating func moveAmongSiblings(_ id: Item.ID, toRow row: Int, of rows: [Item.ID]) {
        var position: [Item.ID: Int] = [:]
        for (index, other) in rows.enumerated() where other != id { position[other] = index }
        let before = siblingIdentifiers(of: id).filter { $0 != id && (position[$0] ?? .max) < row }.count
        move(id, toSiblingIndex: before)
    }

    /// Moves the item `id` next to the same sibling as in `other`, the tree it was moved in: after
    /// the sibling before it there, or else before the sibling after it. Nothing changes when
    /// neither is a sibling of `id` here.
    mutating func moveAmongSiblings(_ id: Item.ID, as other: SectionSnapshot) {
        let there = other.siblingIdentifiers(of: id)
        guard let index = there.firstIndex(of: id) else { return }
        let here = siblingIdentifiers(of: id).filter { $0 != id }
        if index > 0, let anchor = here.firstIndex(of: there[index - 1]) {
            move(id, toSiblingIndex: anchor + 1)
        } else if index + 1 < there.count, let anchor = here.firstIndex(of: there[index + 1]) {
            move(id, toSiblingIndex: anchor)
        } else if index == 0 {
            move(id, toSiblingIndex: 0)
        }
    }

    /// Moves the item `id` to position `index` among its siblings (counted without it).
    private mutating func move(_ id: Item.ID, toSiblingIndex index: Int) {
        guard let node = nodes[id] else { return }
        if let parent = node.parent {
            var children = nodes[parent]!.children
            children.removeAll { $0 == id }
            children.insert(id, at: min(max(0, index), children.count))
            nodes[parent]!.children = children
        } else {
            roots.removeAll { $0 == id }
            roots.insert(id, at: min(max(0, index), roots.count))
        }
    }

    /// Whether the item `id` is under the item `ancestor`.
    private func isDescendant(_ id: Item.ID, of ancestor: Item.ID) -> Bool {
        var parent = nodes[id]?.parent
        while let current = parent {
            if current == ancestor { return true }
            parent = nodes[current]?.parent
        }
        return false
    }
}
