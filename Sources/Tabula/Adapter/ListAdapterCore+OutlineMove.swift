/// Moves inside a section shown as an outline (a section snapshot applied to it): a drag dropped
/// between its rows moves the items among the tree's items, and one dropped into a folder item
/// that ``ListTransfers/canDropInto`` allows makes them its last children. Each ends as one
/// ``OutlineMove`` by identifier, applied to the newest tree without a reload, kept for undo as
/// one action and told to ``ListTransfers/onOutlineMove``; the items keep their children and
/// expansion, so the tree is never flattened.
extension ListAdapterCore {
    /// The tree applied to the section `section` in the newest snapshot; `nil` for a plain
    /// section (or one whose items changed another way since).
    func outlineTree(of section: SectionID) -> SectionSnapshot<Item>? {
        guard let current = driver.sectionSnapshots.currentTree(for: section), current.applied else { return nil }
        return current.tree
    }

    /// Applies `move` to its section's tree on top of the newest snapshot, animated, keeps it for
    /// undo, and tells ``ListTransfers/onOutlineMove``.
    ///
    /// - Throws: ``SnapshotError/unknownSection(_:)`` when the section is not shown as an
    ///   outline, or the ``SectionSnapshotError`` of ``SectionSnapshot/apply(_:)``; nothing
    ///   changes then, and the error is reported as a diagnostic too.
    package func outlineMove(_ move: OutlineMove<SectionID, Item.ID>) throws {
        try reporting {
            guard let tree = outlineTree(of: move.section) else { throw SnapshotError<SectionID, Item.ID>.unknownSection(move.section) }
            let inverse = try tree.inverse(of: move)
            let next = try applyOutlineMoves([move], in: move.section)
            record(.outlineMove(move), inverse: .outlineMoves(inverse))
            transfers.onOutlineMove?(move, next)
        }
    }

    /// Drops this list's dragged items `ids` at `destination`, a position in the list as shown,
    /// when an outline section is involved: the destination's section is one, or a dragged item
    /// is in one. Into the item at `destination` when `into` (which needs an outline section and
    /// an item ``ListTransfers/canDropInto`` allows); otherwise before the first row at or after
    /// `destination` that stays (its parent's child, just before it), or at the end of the top
    /// level.
    ///
    /// A drop between an outline section and another section, which no tree can describe, or
    /// into an item that does not allow it, moves nothing and is reported as a
    /// ``ListDiagnostic/Kind/refusedMove(item:from:to:)``; dragged items a live update removed
    /// are left out, as a plain drop leaves them.
    ///
    /// - Returns: whether the items moved; `nil` for a plain drop, which the caller makes as a
    ///   ``Reorder``.
    /// - Throws: as ``outlineMove(_:)`` does.
    package func dropInOutline(_ ids: [Item.ID], at destination: ItemPath, into: Bool) throws -> Bool? {
        let shown = driver.snapshot, latest = driver.latestSnapshot
        guard let section = shown.section(at: destination.section) else { return nil }
        let tree = outlineTree(of: section.id)
        let fromOutline = ids.contains { id in latest.sectionIdentifier(containingItem: id).map { outlineTree(of: $0) != nil } ?? false }
        guard tree != nil || fromOutline || into else { return nil }
        let kept = ids.filter { latest.contains($0) && shown.contains($0) }
        if kept.count < ids.count {
            driver.report(ListDiagnostic(.staleEdit("dropped items no longer in the list: \(ids.filter { !kept.contains($0) })")))
        }
        guard let first = kept.first else { return false }
        guard let tree, kept.allSatisfy(tree.contains),
            let target = Self.outlineDestination(moving: kept, at: destination.item, of: section.items, in: tree, into: into, allowing: transfers.canDropInto)
        else {
            driver.report(ListDiagnostic(.refusedMove(item: "\(first)", from: shown.itemPath(for: first) ?? destination, to: destination)))
            return false
        }
        try outlineMove(OutlineMove(kept, in: section.id, to: target))
        return true
    }

    /// Where a drop of `ids` at row `row` of an outline section's `rows` (as shown) goes in its
    /// newest tree `tree`: into the item at `row` when `into` and `allowing` says so; otherwise
    /// before the first row at or after `row` that the tree holds and that is neither moved nor
    /// under a moved item, or at the end of the top level when none is. `nil` when the drop
    /// cannot go there (a row out of range, an item that does not take drops, or a moved item's
    /// own subtree).
    static func outlineDestination(
        moving ids: [Item.ID], at row: Int, of rows: [Item], in tree: SectionSnapshot<Item>, into: Bool, allowing: ((Item) -> Bool)?
    ) -> OutlineMove<SectionID, Item.ID>.Destination? {
        let moving = Set(ids)
        func travels(_ id: Item.ID) -> Bool { moving.contains(id) || moving.contains { tree.isUnder(id, $0) } }
        if into {
            guard rows.indices.contains(row), let folder = tree[rows[row].id], allowing?(folder) == true, !travels(folder.id) else { return nil }
            return .lastChildren(of: folder.id)
        }
        guard (0...rows.count).contains(row) else { return nil }
        return rows[row...].first { tree.contains($0.id) && !travels($0.id) }.map { .before($0.id) } ?? .endOfTopLevel
    }

    /// Whether the item at `position` (as shown) is in an outline section and takes drops into
    /// it (``ListTransfers/canDropInto``): what the standard proposal over it says.
    package func takesDropInto(at position: ItemPath) -> Bool {
        guard let allowing = transfers.canDropInto, let item = item(at: position),
            let section = driver.snapshot.sectionIdentifier(containingItem: item.id), outlineTree(of: section)?.contains(item.id) == true
        else { return false }
        return allowing(item)
    }

    /// Applies `moves`, in order, to the tree of `section` in the newest snapshot and shows it,
    /// animated: one update.
    ///
    /// - Returns: the new tree.
    /// - Throws: ``SnapshotError/unknownSection(_:)`` for a section not shown as an outline, or
    ///   what ``SectionSnapshot/apply(_:)`` throws; nothing changes then.
    func applyOutlineMoves(_ moves: [OutlineMove<SectionID, Item.ID>], in section: SectionID) throws -> SectionSnapshot<Item> {
        guard var tree = outlineTree(of: section) else { throw SnapshotError<SectionID, Item.ID>.unknownSection(section) }
        for move in moves { try tree.apply(move) }
        try driver.sectionSnapshots.apply(tree, to: section, animatingDifferences: true)
        return tree
    }

    /// Adds to `conflict` what in the newest tree stands in the way of applying `moves`: a
    /// section no longer shown as an outline, items or destinations the tree lacks, or a move
    /// that a later change made into an item's own subtree.
    func check(_ moves: [OutlineMove<SectionID, Item.ID>], into conflict: inout UndoConflict<SectionID, Item.ID>) {
        guard let section = moves.first?.section else { return }
        guard var tree = outlineTree(of: section) else {
            conflict.missingSections.append(section)
            return
        }
        for move in moves {
            conflict.missingItems += move.items.filter { !tree.contains($0) }
            switch move.destination {
            case .before(let id) where !tree.contains(id), .lastChildren(let id) where !tree.contains(id): conflict.missingItems.append(id)
            default: break
            }
            guard conflict.isEmpty else { return }
            do { try tree.apply(move) } catch { conflict.missingItems += move.items }
        }
    }
}
