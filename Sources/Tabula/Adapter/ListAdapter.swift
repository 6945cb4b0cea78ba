/// A view adapter: the UIKit, AppKit, terminal and headless adapters all are, each a view's glue
/// over one ``ListAdapterCore`` that decides everything they share.
///
/// Every handler below is declared here once and stored in the core, so it has one meaning on
/// every view, and a test of it through the headless adapter runs the code a device runs.
@MainActor
public protocol ListAdapter: AnyObject {
    /// The type that identifies sections.
    associatedtype SectionID: Hashable & Sendable
    /// The type of the items.
    associatedtype Item: Identifiable & Sendable where Item.ID: Sendable
    /// What the view's swipe-action and context-menu handlers return.
    associatedtype Platform: ListPlatform

    /// What the adapter is built on: driver, configurators, handlers, edit paths.
    var core: ListAdapterCore<SectionID, Item, Platform> { get }
}

extension ListAdapter {
    /// The apply pipeline driving the view.
    @inlinable
    public var driver: ListDriver<SectionID, Item> { core.driver }
    /// The cell configurators.
    public var cells: CellConfigurators<Item> { core.cells }

    /// Called when the user selects an item, with the item itself and its position.
    public var onSelect: ((Item, ItemPath) -> Void)? {
        get { core.onSelect }
        set { core.onSelect = newValue }
    }
    /// Called when the user deselects an item, with the item and its position.
    public var onDeselect: ((Item, ItemPath) -> Void)? {
        get { core.onDeselect }
        set { core.onDeselect = newValue }
    }
    /// Called when an item's cell is about to be shown: call ``PaginatedList/rowWillAppear(at:)``
    /// from here.
    public var onWillDisplay: ((Item, ItemPath) -> Void)? {
        get { core.onWillDisplay }
        set { core.onWillDisplay = newValue }
    }
    /// Called with the items the view will soon show: start loading their images here.
    public var onPrefetch: (([Item]) -> Void)? {
        get { core.onPrefetch }
        set { core.onPrefetch = newValue }
    }
    /// Called with the items whose prefetching is no longer needed.
    public var onCancelPrefetch: (([Item]) -> Void)? {
        get { core.onCancelPrefetch }
        set { core.onCancelPrefetch = newValue }
    }
    /// Whether to deselect a row right after the user selected it. Default `false`: the view keeps
    /// its selection, as with Apple's diffable data sources. Never while the view is editing.
    public var deselectsAfterSelection: Bool {
        get { core.deselectsAfterSelection }
        set { core.deselectsAfterSelection = newValue }
    }
    /// Whether the user may delete an item with swipe to delete or in editing mode (UIKit
    /// tables). In a UIKit collection list laid out with the adapter's
    /// `listConfiguration(_:headerMode:)` (or its `trailingSwipeActionsProvider`), whose cells
    /// have no editing-style delete, and in an AppKit table, an item it allows gets a Delete swipe
    /// action unless a ``trailingSwipeActions`` handler builds actions for it; so does the
    /// headless view's collection flavour. An AppKit table also deletes the selected items it
    /// allows when the user presses Delete.
    public var canDelete: (Item) -> Bool {
        get { core.canDelete }
        set { core.canDelete = newValue }
    }
    /// Called after the user deleted an item, with the new snapshot (update your model here).
    public var onDelete: ((Item, Snapshot<SectionID, Item>) -> Void)? {
        get { core.onDelete }
        set { core.onDelete = newValue }
    }
    /// Whether the user may reorder an item in editing mode.
    public var canMove: (Item) -> Bool {
        get { core.canMove }
        set { core.canMove = newValue }
    }
    /// Called after the user reordered items (an interactive move, a drag of one or many, the
    /// terminal's move keys), with the ``Reorder`` by identifier and the new snapshot: apply the
    /// same reorder to your model (`try? model.apply(reorder)`).
    public var onMove: ((Reorder<SectionID, Item.ID>, Snapshot<SectionID, Item>) -> Void)? {
        get { core.onMove }
        set { core.onMove = newValue }
    }
    /// Called when the user flips the switch of a ``CellContent/Accessory/toggle(isOn:)`` in a
    /// standard content cell, with the item and the switch's new state.
    public var onToggle: ((Item, Bool) -> Void)? {
        get { core.onToggle }
        set { core.onToggle = newValue }
    }
    /// Trailing swipe actions, declared next to the items they act on. Return `nil` for an item
    /// to leave it the default (swipe to delete, or the Delete action ``canDelete`` gives).
    public var trailingSwipeActions: ((Item, ItemPath) -> Platform.SwipeActions?)? {
        get { core.trailingSwipeActions }
        set { core.trailingSwipeActions = newValue }
    }
    /// Leading swipe actions, declared next to the items they act on.
    public var leadingSwipeActions: ((Item, ItemPath) -> Platform.SwipeActions?)? {
        get { core.leadingSwipeActions }
        set { core.leadingSwipeActions = newValue }
    }
    /// Context menus, declared next to the items they act on. Every entry is also a custom
    /// accessibility action of its row where the adapter can read the menu (but one titled as a
    /// swipe action of the row, offered already): the headless view's actions, an AppKit menu's
    /// items, and on UIKit a menu built with `UIContextMenuConfiguration(actions:)`, whose
    /// handler then runs as each row's cell is configured, so let it build the menu and do
    /// nothing else.
    public var contextMenu: ((Item, ItemPath) -> Platform.ContextMenu?)? {
        get { core.contextMenu }
        set { core.contextMenu = newValue }
    }
    /// Whether a visible cell is configured again, alone, when an `@Observable` object its
    /// configuration read changes (default `true`; iOS 17, macOS 14 and Linux, where Observation
    /// exists). A change that adds, removes or reorders items still goes through a snapshot
    /// (``follow(animatingDifferences:_:)``).
    ///
    /// Each configure call is tracked; one change, or a thousand in one turn of the main actor,
    /// configures that cell once, after the turn, with its item as the snapshot on screen has it.
    /// A cell reused for another item stops following the old one, and a cell no longer visible
    /// is not configured. Each visible cell keeps one tracking at a time, ended when the cell is
    /// configured again or leaves the screen (``ListAdapterCore/observedCellRegistrations``); a
    /// change made on another thread configures the cell once more a frame later, so it ends with
    /// the stored value. UIKit's own observation tracking (iOS 26) covers `layoutSubviews`,
    /// `updateProperties` and `configurationUpdateHandler`, not the configure call, so the two
    /// never update a cell twice for one read.
    public var cellsFollowTheirItems: Bool {
        get { core.cellsFollowTheirItems }
        set { core.cellsFollowTheirItems = newValue }
    }
    /// The header, footer and other supplementary view configurators registered.
    public var supplementaryViews: [SupplementaryConfigurator<SectionID>] { core.supplementaryViews }
    /// How each reuse identifier was registered: the class (fully qualified), the nib and its
    /// class, or Tabula's content cell.
    package var registrations: [String: String] { core.registrations }

    /// Sets ``onSelect`` to a handler that gets `target` (held weakly, so a view controller that
    /// keeps this adapter is not kept by it) with the item and its position.
    ///
    /// ```swift
    /// adapter.onSelect(self) { controller, country, _ in controller.show(country) }
    /// ```
    public func onSelect<Target: AnyObject>(_ target: Target, _ handler: @escaping (Target, Item, ItemPath) -> Void) {
        onSelect = { [weak target] item, path in
            if let target { handler(target, item, path) }
        }
    }

    /// Deletes the item `id` on top of the newest snapshot (a live update that waits is kept),
    /// animated, and tells ``onDelete``: what a swipe action's handler calls.
    ///
    /// - Throws: `SnapshotError.unknownItem` naming `id` when the newest snapshot lacks it.
    public func deleteItem(_ id: Item.ID) throws { try core.deleteItem(id) }
}

extension ListAdapter {
    /// The snapshot on screen: during an animated update, the stage being shown. What the data
    /// source answers with now (counts, items by index path).
    public var displayedSnapshot: Snapshot<SectionID, Item> { driver.snapshot }

    /// The last snapshot applied, as Apple's `snapshot()`: what the screen shows once the updates
    /// under way are done. Edit it and apply it back.
    ///
    /// ```swift
    /// var snapshot = adapter.snapshot()
    /// try snapshot.appendItems([country])
    /// adapter.apply(snapshot, completion: nil)
    /// ```
    public func snapshot() -> Snapshot<SectionID, Item> { driver.latestSnapshot }

    /// Shows `snapshot` as batch updates, animated unless `animatingDifferences` is false (as
    /// Apple's `apply(_:animatingDifferences:)`: a diff either way), and returns what became of it
    /// once it is on screen (or at once, ``ApplyResult/superseded``, when a newer one replaced it).
    ///
    /// Nothing here throws: an item no configurator takes is shown in a placeholder cell with a
    /// ``ListDiagnostic`` (``CellConfigurators/validate(_:)`` checks a snapshot up front, in tests).
    // Inlinable, so that the driver checks an unindexed snapshot specialised for the app's types.
    @inlinable
    @discardableResult
    public func apply(_ snapshot: Snapshot<SectionID, Item>, animatingDifferences: Bool = true) async -> ApplyResult {
        await driver.apply(snapshot, animatingDifferences: animatingDifferences)
    }

    /// Shows `snapshot` with `reloadData`, without a diff (Apple's `applySnapshotUsingReloadData`).
    @discardableResult
    public func applyUsingReloadData(_ snapshot: Snapshot<SectionID, Item>) async -> ApplyResult {
        await driver.applyUsingReloadData(snapshot)
    }

    /// Shows `snapshot` without waiting, from synchronous code, as Apple's
    /// `apply(_:animatingDifferences:completion:)`; `completion` gets what became of it.
    // Inlined, so that the driver's path for an unchanged snapshot is specialised in the app's code.
    @inlinable
    public func apply(
        _ snapshot: Snapshot<SectionID, Item>, animatingDifferences: Bool = true, completion: (@MainActor (ApplyResult) -> Void)? = nil
    ) {
        driver.apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// Shows `snapshot` without waiting, with Apple's `apply(_:animatingDifferences:completion:)`
    /// call: `completion` runs once it is on screen (or replaced by a newer one).
    ///
    /// ```swift
    /// adapter.apply(snapshot, animatingDifferences: false) { print("on screen") }
    /// ```
    @inlinable
    public func apply(_ snapshot: Snapshot<SectionID, Item>, animatingDifferences: Bool = true, completion: @escaping @MainActor () -> Void) {
        driver.apply(snapshot, animatingDifferences: animatingDifferences) { _ in completion() }
    }

    /// Shows `snapshot` with `reloadData`, without a diff, from synchronous code, as Apple's
    /// `applySnapshotUsingReloadData(_:completion:)`: with nothing else in flight, the view shows
    /// it before this returns. `completion` gets what became of it.
    public func applyUsingReloadData(_ snapshot: Snapshot<SectionID, Item>, completion: (@MainActor (ApplyResult) -> Void)? = nil) {
        driver.applyUsingReloadData(snapshot, completion: completion)
    }

    /// Shows `snapshot` with `reloadData`, without a diff, with Apple's
    /// `applySnapshotUsingReloadData(_:completion:)` call: with nothing else in flight, the view
    /// shows it before this returns, and `completion` runs once it is on screen.
    public func applyUsingReloadData(_ snapshot: Snapshot<SectionID, Item>, completion: @escaping @MainActor () -> Void) {
        driver.applyUsingReloadData(snapshot) { _ in completion() }
    }

    /// Replaces the items of the section `section` with the visible items of `sectionSnapshot`
    /// (a tree whose parents expand and collapse), leaving the other sections as they are, with
    /// Apple's `apply(_:to:animatingDifferences:completion:)` call: `completion` runs once it is
    /// on screen. See ``SectionSnapshot``.
    ///
    /// A section snapshot holding an item that another section already has is not applied: the
    /// list stays as it was, a ``ListDiagnostic/Kind/rejectedSectionSnapshot(_:)`` diagnostic
    /// names the item, and `completion` runs at once. (``ListDriver``'s `apply(_:to:)` throws
    /// that error instead, for code that wants it.)
    public func apply(
        _ sectionSnapshot: SectionSnapshot<Item>, to section: SectionID, animatingDifferences: Bool = true,
        completion: (@MainActor () -> Void)? = nil
    ) {
        do {
            try driver.sectionSnapshots.apply(sectionSnapshot, to: section, animatingDifferences: animatingDifferences) { _ in completion?() }
        } catch {
            driver.report(ListDiagnostic(.rejectedSectionSnapshot("\(error)")))
            completion?()
        }
    }

    /// The section snapshot last applied to `section`, with its expansion state, or `nil` when the
    /// section is not a tree.
    public func sectionSnapshot(for section: SectionID) -> SectionSnapshot<Item>? { driver.sectionSnapshots.snapshot(for: section) }

    /// What happens when the user expands or collapses an item of a section snapshot, with
    /// Apple's name: handlers that watch, and may refuse, each expansion and collapse.
    ///
    /// ```swift
    /// adapter.sectionSnapshotHandlers.shouldExpand = { item in item.title != "Grids" }
    /// ```
    public var sectionSnapshotHandlers: SectionSnapshotHandlers<Item> {
        get { driver.sectionSnapshots.handlers }
        set { driver.sectionSnapshots.handlers = newValue }
    }

    /// Expands the item `id` of a section snapshot when it is collapsed, and collapses it when it
    /// is expanded, animated, after asking ``sectionSnapshotHandlers``: what a tap on an
    /// outline disclosure does.
    ///
    /// - Returns: `false` when a handler refused or nothing changed.
    /// - Throws: `SnapshotError.unknownItem` naming `id` when no section snapshot holds it.
    @discardableResult
    public func toggleExpansion(_ id: Item.ID, animatingDifferences: Bool = true) throws -> Bool {
        try driver.sectionSnapshots.toggleExpansion(id, animatingDifferences: animatingDifferences)
    }

    /// Where the item `id` stands in its section snapshot: its level, and whether it is expanded
    /// (`nil` when it has no children); `nil` for an item outside section snapshots.
    public func outlineState(of id: Item.ID) -> OutlineState? { driver.outlineState(of: id) }

    /// The identifier of the section at `index` on screen, or `nil`: what a compositional layout's
    /// section provider asks (Apple's `sectionIdentifier(for:)`).
    public func sectionIdentifier(at index: Int) -> SectionID? { driver.snapshot.section(at: index)?.id }
}

extension ListAdapter {
    // Reading by identity: what the data source answers with now (during an animated update, the
    // stage being shown).

    /// The position of the item with identifier `id` on screen, or `nil` when it is not shown.
    ///
    /// - Complexity: O(1) on average.
    public func itemPath(for id: Item.ID) -> ItemPath? { driver.snapshot.itemPath(for: id) }

    /// The identifier of the item at `path`, or `nil` for a path out of range (Apple's
    /// `itemIdentifier(for:)`).
    ///
    /// - Complexity: O(1).
    public func itemIdentifier(at path: ItemPath) -> Item.ID? { driver.snapshot.item(at: path)?.id }

    /// The item with identifier `id`, or `nil` when it is not shown.
    ///
    /// - Complexity: O(1) on average.
    public func item(withIdentifier id: Item.ID) -> Item? { driver.snapshot[id] }

    /// The position of `id`, or a typed error naming it: what the id-based commands of the adapters
    /// (`scrollToItem`, `selectItem`) use.
    ///
    /// - Throws: `SnapshotError.unknownItem(id)` when no item shown has that identifier.
    public func existingItemPath(for id: Item.ID) throws -> ItemPath {
        guard let path = driver.snapshot.itemPath(for: id) else {
            throw SnapshotError<SectionID, Item.ID>.unknownItem(id)
        }
        return path
    }
}
