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
    /// section snapshot applied to its section. The views that draw it themselves ask it (see
    /// ``OutlineState``); so does a configurator of a cell that does not. `nil` when the item is not
    /// on screen or its section was not given a section snapshot (a plain section).
    ///
    /// - Complexity: O(1) in a list without section snapshots; O(*d*) for the item's depth *d*.
    public func outlineState(of id: Item.ID) -> OutlineState? {
        // Every cell a collection adapter, the headless view or the terminal configures asks:
        // a list with no section snapshot answers without a look-up.
        guard !sectionTrees.trees.isEmpty, let section = snapshot.sectionIdentifier(containingItem: id), let tree = sectionTrees.trees[section], tree.isVisible(id)
        else { return nil }
        return tree.outlineState(of: id)
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

    // MARK: Internals

    /// Forgets the section snapshot of each section whose items `snapshot` changes another way
    /// than through ``apply(_:to:animatingDifferences:completion:)``: the tree no longer describes
    /// what the section shows. Called for every snapshot the driver is given.
    ///
    /// - Complexity: O(1) without section snapshots; otherwise O(*v*) for their *v* visible items.
    // The check for none is inlined into `apply`'s inlined path, which then calls nothing here.
    @inlinable
    func keepSectionTrees(matching snapshot: Snapshot<SectionID, Item>) {
        if !sectionTrees.trees.isEmpty { forgetChangedSectionTrees(matching: snapshot) }
    }

    /// ``keepSectionTrees(matching:)`` when there are section snapshots.
    @usableFromInline
    func forgetChangedSectionTrees(matching snapshot: Snapshot<SectionID, Item>) {
        sectionTrees.trees = sectionTrees.trees.filter { section, tree in
            guard let items = snapshot.items(inSection: section) else { return false }
            return tree.hasVisibleItems(identifiedAs: items)
        }
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

    /// ``latestSnapshot`` with the section `section` showing `tree`'s visible items; the items that
    /// stay and whose outline state changes are marked to be reconfigured.
    func snapshot(showing tree: SectionSnapshot<Item>, in section: SectionID) throws -> Snapshot<SectionID, Item> {
        var next = latestSnapshot
        let visible = tree.visibleItems
        var changed: [Item.ID] = []
        if let current = next.items(inSection: section), let old = currentTree(for: section) {
            for item in visible where old.tree.contains(item.id) {
                let before = old.applied ? old.tree.outlineState(of: item.id) : nil
                if before != tree.outlineState(of: item.id) { changed.append(item.id) }
            }
            try next.deleteItems(current.map(\.id))
        } else {
            try next.appendSections([section])
        }
        try next.appendItems(visible, toSection: section)
        try next.reconfigureItems(changed)
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

/// What a driver keeps of section snapshots: the last one applied to each section, and the
/// handlers.
@usableFromInline
struct SectionTrees<SectionID: Hashable, Item: Identifiable> where Item.ID: Sendable {
    @usableFromInline var trees: [SectionID: SectionSnapshot<Item>] = [:]
    var handlers = SectionSnapshotHandlers<Item>()
}
