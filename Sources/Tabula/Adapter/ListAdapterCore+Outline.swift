/// Outline rows as an assistive technology meets them (expanded or collapsed, with an action
/// that toggles them), and the expansion of a list's outlines saved and restored by identifier.
extension ListAdapterCore {
    /// Whether the row at `path` is expanded (`true`) or collapsed (`false`): an item with
    /// children in a section snapshot. `nil` for a row without children, in a plain section, or
    /// outside the list.
    package func expansion(at path: ItemPath) -> Bool? {
        guard let item = item(at: path) else { return nil }
        return driver.outlineState(of: item.id)?.isExpanded
    }

    /// Expands the row at `path` when it is collapsed and collapses it when it is expanded, as a
    /// tap on its disclosure does (``SectionSnapshotHandlers`` are asked); returns whether its
    /// expansion changed.
    @discardableResult
    package func toggleExpansion(at path: ItemPath) -> Bool {
        guard let item = item(at: path), driver.outlineState(of: item.id)?.isExpanded != nil else { return false }
        return (try? driver.sectionSnapshots.toggleExpansion(item.id)) ?? false
    }

    /// Toggles the item `id` wherever the list shows it now, as ``toggleExpansion(at:)`` does:
    /// what an assistive technology's Expand or Collapse action does, acting on its item however
    /// the list moved it since the action was offered. Returns whether its expansion changed.
    @discardableResult
    package func toggleExpansion(of id: Item.ID) -> Bool {
        guard let path = driver.snapshot.itemPath(for: id) else { return false }
        return toggleExpansion(at: path)
    }

    /// The expanded items of every outline section of the list, hidden ones (under a collapsed
    /// parent) included, section by section in display order.
    ///
    /// - Complexity: O(*n*) in the items of the outline sections.
    package var expandedItems: [Item.ID] {
        let trees = driver.sectionSnapshots.trees.trees
        guard !trees.isEmpty else { return [] }
        return driver.latestSnapshot.sectionIdentifiers.flatMap { section -> [Item.ID] in
            guard let tree = driver.sectionSnapshots.currentTree(for: section), tree.applied else { return [] }
            return tree.tree.items.map { $0.id }.filter(tree.tree.isExpanded)
        }
    }

    /// Expands the items `ids` wherever an outline section holds one (shown or under a
    /// collapsed parent), without asking ``SectionSnapshotHandlers``: a restoration, not the
    /// user's tap. Applied without animation, one update a section.
    ///
    /// - Returns: the identifiers expanded (or expanded already), and those no outline holds.
    package func restoreExpansion(_ ids: [Item.ID]) -> (applied: [Item.ID], skipped: [Item.ID]) {
        var found = Set<Item.ID>()
        if !driver.sectionSnapshots.trees.trees.isEmpty {
            for section in driver.latestSnapshot.sectionIdentifiers {
                guard var tree = driver.sectionSnapshots.currentTree(for: section), tree.applied else { continue }
                let held = ids.filter { tree.tree.contains($0) && !found.contains($0) }
                guard !held.isEmpty else { continue }
                found.formUnion(held)
                let collapsed = held.filter { !tree.tree.isExpanded($0) }
                guard !collapsed.isEmpty, (try? tree.tree.expand(collapsed)) != nil else { continue }
                try? driver.sectionSnapshots.apply(tree.tree, to: section, animatingDifferences: false)
            }
        }
        return (ids.filter(found.contains), ids.filter { !found.contains($0) })
    }
}
