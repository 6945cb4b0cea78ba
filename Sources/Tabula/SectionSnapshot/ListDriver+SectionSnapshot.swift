/// Section snapshots: one section of the list shown as a tree whose items expand and collapse,
/// next to sections of plain items, all of one item type.
///
/// ```swift
/// var folders = SectionSnapshot<Identified<String>>()
/// try folders.append([Identified("Documents"), Identified("Pictures")])
/// try folders.append([Identified("Taxes"), Identified("Letters")], to: "Documents")
/// try await driver.apply(folders, to: "folders")     // the section "recent" is not touched
/// try driver.toggleExpansion("Documents")            // "Taxes" and "Letters" animate in
/// driver.outlineState(of: "Taxes")                   // level 1, no children
/// ```
///
/// Applying a section snapshot replaces the section's items with its ``SectionSnapshot/visibleItems``
/// and goes through the same diff, checks and pipeline as ``apply(_:animatingDifferences:completion:)``:
/// expanding animates as inserts of the children, collapsing as deletes. Items that stay and whose
/// level or expansion changes are reconfigured, so a cell that draws its disclosure state is
/// configured again.
extension ListDriver {
    /// What the app says about expansion: ``expand(_:animatingDifferences:completion:)``,
    /// ``collapse(_:animatingDifferences:completion:)`` and
    /// ``toggleExpansion(_:animatingDifferences:completion:)`` ask these first.
    public var sectionSnapshotHandlers: SectionSnapshotHandlers<Item> {
        get { sectionTrees.handlers }
        set { sectionTrees.handlers = newValue }
    }

    /// Shows `sectionSnapshot`'s visible items as the items of the section `section`, leaving the
    /// other sections as they are; a section the list does not have is added at the end. Like
    /// Apple's `apply(_:to:animatingDifferences:completion:)`, `completion` gets what became of it.
    ///
    /// The change is made on top of ``latestSnapshot`` and diffed like any update, animated unless
    /// `animatingDifferences` is false. ``sectionSnapshot(for:)`` returns `sectionSnapshot` from
    /// now on, and ``outlineState(of:)`` answers from it, until a snapshot applied another way
    /// changes the section's items (then the section is a plain one again).
    ///
    /// - Throws: ``SnapshotError/duplicateItem(_:first:second:)`` when a visible item's identifier
    ///   is in another section of the list; nothing is applied then.
    /// - Complexity: O(*v* + *m*) for *v* visible items and the *m* items the section had, plus the
    ///   diff.
    public func apply(
        _ sectionSnapshot: SectionSnapshot<Item>, to section: SectionID, animatingDifferences: Bool = true,
        completion: (@MainActor (ApplyResult) -> Void)? = nil
    ) throws {
        let next = try snapshot(showing: sectionSnapshot, in: section)
        sectionTrees.trees[section] = sectionSnapshot
        apply(next, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// Shows `sectionSnapshot` as the items of the section `section` and returns what became of
    /// it: see ``apply(_:to:animatingDifferences:completion:)``.
    @discardableResult
    public func apply(_ sectionSnapshot: SectionSnapshot<Item>, to section: SectionID, animatingDifferences: Bool = true) async throws
        -> ApplyResult
    {
        let next = try snapshot(showing: sectionSnapshot, in: section)
        sectionTrees.trees[section] = sectionSnapshot
        return await apply(next, animatingDifferences: animatingDifferences)
    }

    /// The section snapshot of the section `section` as the list heads to it (``latestSnapshot``):
    /// the last one applied to it, with its expansion, and with the items' newest values; or, when
    /// none was applied or the section's items have changed another way since, a section snapshot
    /// of its items, all top-level. `nil` when the list has no such section.
    ///
    /// - Complexity: O(*v*) for the section's *v* items.
    public func sectionSnapshot(for section: SectionID) -> SectionSnapshot<Item>? {
        currentTree(for: section)?.tree
    }

    /// How the item `id` is drawn in an outline: its level and whether it is expanded, from the
    /// section snapshot applied to its section, as the data source shows it (``snapshot``): while
    /// an update waits, a cell configured now shows the state on screen, and the update
    /// reconfigures it. The views that draw it themselves ask it (see
    /// ``OutlineState``); so does a configurator of a cell that does not. `nil` when the item is not
    /// on screen or its section was not given a section snapshot (a plain section).
    ///
    /// - Complexity: O(1) in a list without section snapshots; O(*d*) for the item's depth *d*.
    public func outlineState(of id: Item.ID) -> OutlineState? {
        // Every cell a collection adapter, the headless view or the terminal configures asks:
        // a list with no section snapshot answers without a look-up.
        guard !sectionTrees.isEmpty else { return nil }
        return sectionTrees.outlineState(of: id, in: snapshot)
    }

    /// Expands the item `id` when ``SectionSnapshotHandlers/shouldExpand`` allows it: calls
    /// ``SectionSnapshotHandlers/willExpand``, takes the children
    /// ``SectionSnapshotHandlers/snapshotForExpandingParent`` gives, and applies the section's new
    /// visible items, its children animating in.
    ///
    /// - Returns: whether the item expanded: `false` when it was expanded already or a handler
    ///   vetoed it (`completion` then gets ``ApplyResult/unchanged``).
    /// - Throws: ``SnapshotError/unknownItem(_:)`` when the list does not show `id`; what
    ///   ``apply(_:to:animatingDifferences:completion:)`` throws for children that are in another
    ///   section, or ``SectionSnapshotError/duplicateItem(_:)`` for children given twice. Nothing
    ///   changes then.
    @discardableResult
    public func expand(_ id: Item.ID, animatingDifferences: Bool = true, completion: (@MainActor (ApplyResult) -> Void)? = nil) throws
        -> Bool
    {
        try setExpansion(of: id, to: true, animated: animatingDifferences, completion: completion)
    }

    /// Collapses the item `id` when ``SectionSnapshotHandlers/shouldCollapse`` allows it: calls
    /// ``SectionSnapshotHandlers/willCollapse`` and applies the section's new visible items, the
    /// item's descendants animating out.
    ///
    /// - Returns: whether the item collapsed: `false` when it was collapsed already or a handler
    ///   vetoed it (`completion` then gets ``ApplyResult/unchanged``).
    /// - Throws: ``SnapshotError/unknownItem(_:)`` when the list does not show `id`; nothing
    ///   changes then.
    @discardableResult
    public func collapse(_ id: Item.ID, animatingDifferences: Bool = true, completion: (@MainActor (ApplyResult) -> Void)? = nil) throws
        -> Bool
    {
        try setExpansion(of: id, to: false, animated: animatingDifferences, completion: completion)
    }

    /// Collapses the item `id` if it is expanded, and expands it otherwise: what a tap on its
    /// disclosure control does. The handlers are asked as
    /// ``expand(_:animatingDifferences:completion:)`` and
    /// ``collapse(_:animatingDifferences:completion:)`` ask them.
    ///
    /// - Returns: whether the item's expansion changed.
    /// - Throws: what ``expand(_:animatingDifferences:completion:)`` throws.
    @discardableResult
    public func toggleExpansion(
        _ id: Item.ID, animatingDifferences: Bool = true, completion: (@MainActor (ApplyResult) -> Void)? = nil
    ) throws -> Bool {
        guard let section = latestSnapshot.sectionIdentifier(containingItem: id), let tree = currentTree(for: section)?.tree else {
            throw SnapshotError<SectionID, Item.ID>.unknownItem(id)
        }
        return try setExpansion(of: id, to: !tree.isExpanded(id), animated: animatingDifferences, completion: completion)
    }

    /// Where a row dragged from `source` may land, given the place `proposed` the view offers:
    /// a row of an outline section stays in its section, among its siblings (its children follow
    /// it once it lands); a row of a plain section does not enter an outline section. Adapters
    /// answer the view's "target index path for move" with it.
    ///
    /// - Complexity: O(1) in a list without section snapshots; otherwise O(*r*·*d*) for the *r*
    ///   rows of the item's section, of depth at most *d*.
    package func targetPathForMove(from source: ItemPath, proposed: ItemPath) -> ItemPath {
        guard !sectionTrees.isEmpty, let from = snapshot.section(at: source.section), source.item < from.items.count else { return proposed }
        let id = from.items[source.item].id
        let trees = sectionTrees.newestShown
        guard let tree = trees[from.id], tree.isVisible(id) else {
            let into = snapshot.section(at: proposed.section).map { trees[$0.id] != nil } ?? false
            return into ? source : proposed
        }
        var rows = from.items.map(\.id)
        rows.remove(at: source.item)
        let wanted = proposed.section == source.section ? proposed.item : (proposed.section < source.section ? 0 : rows.count)
        let allowed = tree.destinationRows(forMoving: id, among: rows)
        let nearest = allowed.min { abs($0 - wanted) < abs($1 - wanted) }!
        return ItemPath(item: nearest, section: source.section)
    }

    // MARK: Internals

    /// Records a move the view made itself when it touches an outline section (see
    /// ``acknowledgeMove(from:to:)``), `before` being what was on screen before it; `false` when
    /// it touches none, and the move is a plain one.
    ///
    /// Within an outline section, the item moves among its siblings to where its row landed, in
    /// the tree on screen and in the newest one, and the section is shown as its tree then says:
    /// the item's children follow it. A move into or out of an outline section, which no tree can
    /// describe, is undone (animated back) and reported.
    func acknowledgeOutlineMove(of id: Item.ID, from source: ItemPath, to destination: ItemPath, before: Snapshot<SectionID, Item>) -> Bool {
        guard !sectionTrees.isEmpty, let from = before.section(at: source.section)?.id, let to = snapshot.section(at: destination.section)?.id
        else { return false }
        let trees = sectionTrees.newestShown
        let moved = trees[from].flatMap { $0.isVisible(id) ? $0 : nil }
        guard moved != nil || trees[to] != nil else { return false }
        guard var shown = moved, from == to else {
            report(ListDiagnostic(.refusedMove(item: "\(id)", from: source, to: destination)))
            // An update queued or diffed heads to a snapshot without the move, and is diffed again
            // (`viewChangedUnderneath`); otherwise (nothing running, or an in-place edit in
            // flight, already in `before`) the row is moved back.
            if pending == nil && !hasDiffedUpdateInFlight { apply(before, animatingDifferences: true, completion: nil) }
            return true
        }
        shown.moveAmongSiblings(id, toRow: destination.item, of: snapshot.items(inSection: to)?.map(\.id) ?? [])
        sectionTrees.replaceNewestShown(shown, for: to)
        guard var latest = sectionTrees.trees[to], latest.contains(id), latest.parent(of: id)?.id == shown.parent(of: id)?.id else {
            return true
        }
        // With the newest values of its items (an update may be waiting).
        for item in latestSnapshot.items(inSection: to) ?? [] where latest.contains(item.id) { latest.nodes[item.id]!.item = item }
        latest.moveAmongSiblings(id, as: shown)
        sectionTrees.trees[to] = latest
        guard let next = try? snapshot(showing: latest, in: to) else { return true }
        if var waiting = pending {
            waiting.snapshot = next
            pending = waiting
            keepSectionTrees(matching: next)
            pendingTrees = sectionTrees.trees
        } else {
            apply(next, animatingDifferences: true, completion: nil)
        }
        return true
    }


    /// Forgets the section snapshot of each section whose items `snapshot` changes another way
    /// than through ``apply(_:to:animatingDifferences:completion:)``: the tree no longer describes
    /// what the section shows. Called for every snapshot the driver is given.
    ///
    /// - Complexity: O(1) without section snapshots; otherwise O(*v*) for their *v* visible items.
    // The check for none is inlined into `apply`'s inlined path, which then calls nothing here.
    @inlinable
    func keepSectionTrees(matching snapshot: Snapshot<SectionID, Item>) {
        if !sectionTrees.isEmpty { forgetChangedSectionTrees(matching: snapshot) }
    }

    /// ``keepSectionTrees(matching:)`` when there are section snapshots.
    @usableFromInline
    func forgetChangedSectionTrees(matching snapshot: Snapshot<SectionID, Item>) {
        sectionTrees.keepTrees(matching: snapshot)
    }

    /// ``keepSectionTrees(matching:)`` for a snapshot shown at once, with no update in flight: the
    /// cells show its trees.
    @inlinable
    func settleSectionTrees(matching snapshot: Snapshot<SectionID, Item>) {
        if !sectionTrees.isEmpty { settleChangedSectionTrees(matching: snapshot) }
    }

    @usableFromInline
    func settleChangedSectionTrees(matching snapshot: Snapshot<SectionID, Item>) {
        sectionTrees.keepTrees(matching: snapshot)
        sectionTrees.settle(on: sectionTrees.trees)
    }

    /// Deletes the item `id` from the section snapshot applied to its section, with the items
    /// under it, and shows the tree without them, animated: a parent that loses its last child is
    /// configured again, without a disclosure. Returns `nil`, changing nothing, when `id` is not in
    /// a section given a section snapshot (a plain section), so the caller deletes it from the
    /// list instead.
    func deleteFromSectionSnapshot(_ id: Item.ID) throws -> Snapshot<SectionID, Item>? {
        guard let section = latestSnapshot.sectionIdentifier(containingItem: id), let current = currentTree(for: section), current.applied
        else { return nil }
        var tree = current.tree
        try tree.delete([id])
        let next = try snapshot(showing: tree, in: section)
        sectionTrees.trees[section] = tree
        apply(next, animatingDifferences: true, completion: nil)
        return next
    }

    /// The tree of `section` in ``latestSnapshot``, and whether it was applied (`false`: a flat
    /// one made from the section's items).
    func currentTree(for section: SectionID) -> (tree: SectionSnapshot<Item>, applied: Bool)? {
        guard let items = latestSnapshot.items(inSection: section) else { return nil }
        if var tree = sectionTrees.trees[section], tree.hasVisibleItems(identifiedAs: items) {
            for item in items { tree.nodes[item.id]!.item = item }
            return (tree, true)
        }
        var flat = SectionSnapshot<Item>()
        flat.roots = items.map(\.id)
        for item in items { flat.nodes[item.id] = .init(item: item, parent: nil, children: []) }
        return (flat, false)
    }

    /// ``latestSnapshot`` with the section `section` showing `tree`'s visible items. Reload and
    /// reconfigure requests of items that stay are kept; which cells must be configured again for
    /// their outline state is decided when the update starts, against what is on screen then.
    func snapshot(showing tree: SectionSnapshot<Item>, in section: SectionID) throws -> Snapshot<SectionID, Item> {
        var next = latestSnapshot
        let visible = tree.visibleItems
        if let current = next.items(inSection: section) {
            let requests = current.compactMap { item in next._updateMarks[item.id].map { (item.id, $0) } }
            try next.deleteItems(current.map(\.id))
            try next.appendItems(visible, toSection: section)
            for (id, kind) in requests where next.contains(id) { next._updateMarks[id] = kind }
        } else {
            try next.appendSections([section])
            try next.appendItems(visible, toSection: section)
        }
        return next
    }

    func setExpansion(of id: Item.ID, to expand: Bool, animated: Bool, completion: (@MainActor (ApplyResult) -> Void)?) throws -> Bool {
        typealias Failure = SnapshotError<SectionID, Item.ID>
        guard let section = latestSnapshot.sectionIdentifier(containingItem: id), let current = currentTree(for: section)?.tree,
            let item = current[id]
        else {
            throw Failure.unknownItem(id)
        }
        let handlers = sectionTrees.handlers
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
        guard let now = latestSnapshot.sectionIdentifier(containingItem: id), var tree = currentTree(for: now)?.tree else {
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
