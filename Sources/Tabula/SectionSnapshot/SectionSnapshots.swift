/// The sections of a list shown as trees: one ``SectionSnapshot`` a section, whose items expand
/// and collapse, next to sections of plain items, all of one item type. Every driver has one
/// (``ListDriver/sectionSnapshots``), and adapters forward to it under Apple's names.
///
/// ```swift
/// var folders = SectionSnapshot<Identified<String>>()
/// try folders.append([Identified("Documents"), Identified("Pictures")])
/// try folders.append([Identified("Taxes"), Identified("Letters")], to: "Documents")
/// try await driver.sectionSnapshots.apply(folders, to: "folders")   // "recent" is not touched
/// try driver.sectionSnapshots.toggleExpansion("Documents")           // "Taxes" and "Letters" animate in
/// driver.sectionSnapshots.outlineState(of: "Taxes")                  // level 1, no children
/// ```
///
/// Applying a section snapshot replaces the section's items with its ``SectionSnapshot/visibleItems``
/// and goes through the driver's diff, checks and pipeline like any snapshot: expanding animates
/// as inserts of the children, collapsing as deletes. Items that stay and whose level or
/// expansion changes are reconfigured, so a cell that draws its disclosure state is configured
/// again. The trees live here, not in the driver: the driver tells this object when a job is
/// queued, starts, reaches the view, settles or is interrupted, and this object keeps the trees
/// of each of those states.
///
/// - Precondition: used while its driver exists (the driver, or its adapter, keeps it; it refers
///   to the driver weakly).
@MainActor
public final class SectionSnapshots<SectionID: Hashable & Sendable, Item: Identifiable & Sendable> where Item.ID: Sendable {
    private weak var owner: ListDriver<SectionID, Item>?
    /// The trees of the newest state, of what the cells may show, and the handlers.
    var trees = SectionTrees<SectionID, Item>()
    /// The trees of the outline sections of the waiting job's snapshot (kept apart from the job,
    /// so that a list without outlines never copies them).
    var pendingTrees: SectionTrees<SectionID, Item>.Trees = [:]
    /// The trees of the outline sections of the target of the job in flight.
    var inFlightTrees: SectionTrees<SectionID, Item>.Trees = [:]

    init(driver: ListDriver<SectionID, Item>) {
        owner = driver
    }

    /// The driver whose sections these are.
    var driver: ListDriver<SectionID, Item> {
        guard let owner else { fatalError("SectionSnapshots used after its ListDriver was released: keep the driver (or its adapter)") }
        return owner
    }

    /// What the app says about expansion: ``expand(_:animatingDifferences:completion:)``,
    /// ``collapse(_:animatingDifferences:completion:)`` and
    /// ``toggleExpansion(_:animatingDifferences:completion:)`` ask these first (Apple's
    /// `sectionSnapshotHandlers`).
    public var handlers: SectionSnapshotHandlers<Item> {
        get { trees.handlers }
        set { trees.handlers = newValue }
    }

    /// Shows `sectionSnapshot`'s visible items as the items of the section `section`, leaving the
    /// other sections as they are; a section the list does not have is added at the end. Like
    /// Apple's `apply(_:to:animatingDifferences:completion:)`, `completion` gets what became of it.
    ///
    /// The change is made on top of ``ListDriver/latestSnapshot`` and diffed like any update,
    /// animated unless `animatingDifferences` is false. ``snapshot(for:)`` returns
    /// `sectionSnapshot` from now on, and ``outlineState(of:)`` answers from it, until a snapshot
    /// applied another way changes the section's items (then the section is a plain one again).
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
        trees.trees[section] = sectionSnapshot
        driver.apply(next, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// Shows `sectionSnapshot` as the items of the section `section` and returns what became of
    /// it: see ``apply(_:to:animatingDifferences:completion:)``.
    @discardableResult
    public func apply(_ sectionSnapshot: SectionSnapshot<Item>, to section: SectionID, animatingDifferences: Bool = true) async throws
        -> ApplyResult
    {
        let next = try snapshot(showing: sectionSnapshot, in: section)
        trees.trees[section] = sectionSnapshot
        return await driver.apply(next, animatingDifferences: animatingDifferences)
    }

    /// The section snapshot of the section `section` as the list heads to it
    /// (``ListDriver/latestSnapshot``): the last one applied to it, with its expansion, and with
    /// the items' newest values; or, when none was applied or the section's items have changed
    /// another way since, a section snapshot of its items, all top-level. `nil` when the list has
    /// no such section.
    ///
    /// - Complexity: O(*v*) for the section's *v* items.
    public func snapshot(for section: SectionID) -> SectionSnapshot<Item>? {
        currentTree(for: section)?.tree
    }

    /// How the item `id` is drawn in an outline: its level and whether it is expanded, from the
    /// section snapshot applied to its section, as the data source shows it
    /// (``ListDriver/snapshot``): while an update waits, a cell configured now shows the state on
    /// screen, and the update reconfigures it. The views that draw it themselves ask it (see
    /// ``OutlineState``); so does a configurator of a cell that does not. `nil` when the item is
    /// not on screen or its section was not given a section snapshot (a plain section).
    ///
    /// - Complexity: O(*d*) for the item's depth *d*.
    public func outlineState(of id: Item.ID) -> OutlineState? {
        guard !trees.isEmpty else { return nil }
        return trees.outlineState(of: id, in: driver.snapshot)
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
        guard let section = driver.latestSnapshot.sectionIdentifier(containingItem: id), let tree = currentTree(for: section)?.tree else {
            throw SnapshotError<SectionID, Item.ID>.unknownItem(id)
        }
        return try setExpansion(of: id, to: !tree.isExpanded(id), animated: animatingDifferences, completion: completion)
    }
}
