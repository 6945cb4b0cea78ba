/// What the section snapshots do for the driver and the adapters: moves the view made or may make,
/// deletions from a tree, and expansion.
extension SectionSnapshots {
    /// Where a row dragged from `source` may land, given the place `proposed` the view offers:
    /// a row of an outline section stays in its section, among its siblings (its children follow
    /// it once it lands); a row of a plain section does not enter an outline section. Adapters
    /// answer the view's "target index path for move" with it.
    ///
    /// - Complexity: O(1) in a list without section snapshots; otherwise O(*r*·*d*) for the *r*
    ///   rows of the item's section, of depth at most *d*.
    func targetPathForMove(from source: ItemPath, proposed: ItemPath) -> ItemPath {
        let snapshot = driver.snapshot
        guard hasOutlines, let from = snapshot.section(at: source.section), source.item < from.items.count else { return proposed }
        let id = from.items[source.item].id
        let shownTrees = trees.newestShown
        guard let tree = shownTrees[from.id], tree.isVisible(id) else {
            let into = snapshot.section(at: proposed.section).map { shownTrees[$0.id] != nil } ?? false
            return into ? source : proposed
        }
        var rows = from.items.map { $0.id }
        rows.remove(at: source.item)
        let wanted = proposed.section == source.section ? proposed.item : (proposed.section < source.section ? 0 : rows.count)
        let allowed = tree.destinationRows(forMoving: id, among: rows)
        let nearest = allowed.min { abs($0 - wanted) < abs($1 - wanted) }!
        return ItemPath(item: nearest, section: source.section)
    }

    /// Records a move the view made itself when it touches an outline section (see
    /// ``ListDriver/acknowledgeMove(from:to:)``), `before` being what was on screen before it; `false` when
    /// it touches none, and the move is a plain one.
    ///
    /// Within an outline section, the item moves among its siblings to where its row landed, in
    /// the tree on screen and in the newest one, and the section is shown as its tree then says:
    /// the item's children follow it. A move into or out of an outline section, which no tree can
    /// describe, is undone (animated back) and reported.
    func viewMoved(_ id: Item.ID, from source: ItemPath, to destination: ItemPath, before: Snapshot<SectionID, Item>) -> Bool {
        let driver = self.driver, snapshot = driver.snapshot
        guard hasOutlines, let from = before.section(at: source.section)?.id, let to = snapshot.section(at: destination.section)?.id
        else { return false }
        let shownTrees = trees.newestShown
        let moved = shownTrees[from].flatMap { $0.isVisible(id) ? $0 : nil }
        guard moved != nil || shownTrees[to] != nil else { return false }
        guard var shown = moved, from == to else {
            driver.report(ListDiagnostic(.refusedMove(item: "\(id)", from: source, to: destination)))
            // An update queued or diffed heads to a snapshot without the move, and is diffed again
            // (`viewChangedUnderneath`); otherwise (nothing running, or an in-place edit in
            // flight, already in `before`) the row is moved back.
            if driver.pending == nil && !driver.hasDiffedUpdateInFlight { driver.apply(before, animatingDifferences: true, completion: nil) }
            return true
        }
        shown.moveAmongSiblings(id, toRow: destination.item, of: snapshot.items(inSection: to)?.map { $0.id } ?? [])
        trees.replaceNewestShown(shown, for: to)
        guard var latest = trees.trees[to], latest.contains(id), latest.parent(of: id)?.id == shown.parent(of: id)?.id else {
            return true
        }
        // With the newest values of its items (an update may be waiting).
        for item in driver.latestSnapshot.items(inSection: to) ?? [] where latest.contains(item.id) { latest.nodes[item.id]!.item = item }
        latest.moveAmongSiblings(id, as: shown)
        trees.trees[to] = latest
        guard let next = try? self.snapshot(showing: latest, in: to) else { return true }
        if !driver.replaceWaitingSnapshot(with: next) { driver.apply(next, animatingDifferences: true, completion: nil) }
        return true
    }

    /// Deletes the item `id` from the section snapshot applied to its section, with the items
    /// under it, and shows the tree without them, animated: a parent that loses its last child is
    /// configured again, without a disclosure. Returns `nil`, changing nothing, when `id` is not in
    /// a section given a section snapshot (a plain section), so the caller deletes it from the
    /// list instead.
    func delete(_ id: Item.ID) throws -> Snapshot<SectionID, Item>? {
        guard let section = driver.latestSnapshot.sectionIdentifier(containingItem: id), let current = currentTree(for: section), current.applied
        else { return nil }
        var tree = current.tree
        try tree.delete([id])
        let next = try snapshot(showing: tree, in: section)
        trees.trees[section] = tree
        driver.apply(next, animatingDifferences: true, completion: nil)
        return next
    }

    /// The tree of `section` in ``latestSnapshot``, and whether it was applied (`false`: a flat
    /// one made from the section's items).
    func currentTree(for section: SectionID) -> (tree: SectionSnapshot<Item>, applied: Bool)? {
        guard let items = driver.latestSnapshot.items(inSection: section) else { return nil }
        if var tree = trees.trees[section], tree.hasVisibleItems(identifiedAs: items) {
            for item in items { tree.nodes[item.id]!.item = item }
            return (tree, true)
        }
        var flat = SectionSnapshot<Item>()
        flat.roots = items.map { $0.id }
        for item in items { flat.nodes[item.id] = .init(item: item, parent: nil, children: []) }
        return (flat, false)
    }

    /// ``latestSnapshot`` with the section `section` showing `tree`'s visible items. Reload and
    /// reconfigure requests of items that stay are kept; which cells must be configured again for
    /// their outline state is decided when the update starts, against what is on screen then.
    func snapshot(showing tree: SectionSnapshot<Item>, in section: SectionID) throws -> Snapshot<SectionID, Item> {
        var next = driver.latestSnapshot
        let visible = tree.visibleItems
        if let current = next.items(inSection: section) {
            let requests = current.compactMap { item in next._updateMarks[_MarkKey(item.id)].map { (item.id, $0) } }
            try next.deleteItems(current.map { $0.id })
            try next.appendItems(visible, toSection: section)
            for (id, kind) in requests where next.contains(id) { next._updateMarks[_MarkKey(id)] = kind }
        } else {
            try next.appendSections([section])
            try next.appendItems(visible, toSection: section)
        }
        return next
    }

    func setExpansion(of id: Item.ID, to expand: Bool, animated: Bool, completion: (@MainActor (ApplyResult) -> Void)?) throws -> Bool {
        typealias Failure = SnapshotError<SectionID, Item.ID>
        guard let section = driver.latestSnapshot.sectionIdentifier(containingItem: id), let current = currentTree(for: section)?.tree,
            let item = current[id]
        else {
            throw Failure.unknownItem(id)
        }
        let handlers = trees.handlers
        guard current.isExpanded(id) != expand else {
            completion?(.unchanged)
            return false
        }
        if expand {
            guard handlers.shouldExpand?(item) ?? true else {
                completion?(.unchanged)
                return false
            }
            handlers.willExpand?(item)
        } else {
            guard handlers.shouldCollapse?(item) ?? true else {
                completion?(.unchanged)
                return false
            }
            handlers.willCollapse?(item)
        }
        // A handler may have applied something: start from the list as it is now.
        guard let now = driver.latestSnapshot.sectionIdentifier(containingItem: id), var tree = currentTree(for: now)?.tree else {
            completion?(.unchanged)
            return false
        }
        if expand, let provide = handlers.snapshotForExpandingParent, let current = tree[id] {
            try tree.replace(childrenOf: id, using: provide(current, try tree.snapshot(of: id)))
        }
        if expand { try tree.expand([id]) } else { try tree.collapse([id]) }
        try apply(tree, to: now, animatingDifferences: animated, completion: completion)
        return true
    }
}
