import Tabula

/// Answers a ``HeadlessListView``'s questions, as `UITableViewDataSource` answers a table view's.
@MainActor
public protocol HeadlessListDataSource: AnyObject {
    /// The number of sections.
    func numberOfSections(in listView: HeadlessListView) -> Int
    /// The number of items in `section`.
    func listView(_ listView: HeadlessListView, numberOfItemsInSection section: Int) -> Int
    /// A configured cell for `path`, obtained from ``HeadlessListView/dequeueReusableCell(withIdentifier:for:)``.
    func listView(_ listView: HeadlessListView, cellForItemAt path: ItemPath) throws -> HeadlessCell
    /// The header title of `section` (default: none).
    func listView(_ listView: HeadlessListView, titleForHeaderInSection section: Int) -> String?
    /// The footer title of `section` (default: none).
    func listView(_ listView: HeadlessListView, titleForFooterInSection section: Int) -> String?
    /// A header or footer view for `section` (default: none; titles are used), as a table's
    /// `viewForHeaderInSection` or a collection's `viewForSupplementaryElementOfKind`.
    func listView(_ listView: HeadlessListView, viewForSupplementaryElementOfKind kind: String, at section: Int) throws
        -> HeadlessSupplementaryView?
    /// Whether the item at `path` can be deleted by the user (default: `false`).
    func listView(_ listView: HeadlessListView, canEditItemAt path: ItemPath) -> Bool
    /// Whether the item at `path` can be reordered by the user (default: `false`).
    func listView(_ listView: HeadlessListView, canMoveItemAt path: ItemPath) -> Bool
    /// The user deleted the item at `path`: update the model and the view (with a batch update).
    func listView(_ listView: HeadlessListView, commitDeleteOfItemAt path: ItemPath) throws
    /// The user moved an item; the view has already moved it: update the model only.
    func listView(_ listView: HeadlessListView, moveItemAt source: ItemPath, to destination: ItemPath) throws
}

extension HeadlessListDataSource {
    public func listView(_ listView: HeadlessListView, titleForHeaderInSection section: Int) -> String? { nil }
    public func listView(_ listView: HeadlessListView, titleForFooterInSection section: Int) -> String? { nil }
    public func listView(_ listView: HeadlessListView, viewForSupplementaryElementOfKind kind: String, at section: Int) throws
        -> HeadlessSupplementaryView?
    { nil }
    public func listView(_ listView: HeadlessListView, canEditItemAt path: ItemPath) -> Bool { false }
    public func listView(_ listView: HeadlessListView, canMoveItemAt path: ItemPath) -> Bool { false }
    public func listView(_ listView: HeadlessListView, commitDeleteOfItemAt path: ItemPath) throws {}
    public func listView(_ listView: HeadlessListView, moveItemAt source: ItemPath, to destination: ItemPath) throws {}
}

/// Hears about the items a ``HeadlessListView`` will soon show, as
/// `UITableViewDataSourcePrefetching` does.
@MainActor
public protocol HeadlessListPrefetching: AnyObject {
    /// The items at `paths` are just below the viewport.
    func listView(_ listView: HeadlessListView, prefetchItemsAt paths: [ItemPath])
    /// The items at `paths` left that band without being shown.
    func listView(_ listView: HeadlessListView, cancelPrefetchingForItemsAt paths: [ItemPath])
}

/// Hears about selection in a ``HeadlessListView``, as `UITableViewDelegate` does.
@MainActor
public protocol HeadlessListDelegate: AnyObject {
    /// The user selected the item at `path`.
    func listView(_ listView: HeadlessListView, didSelectItemAt path: ItemPath)
    /// The item at `path` was deselected.
    func listView(_ listView: HeadlessListView, didDeselectItemAt path: ItemPath)
    /// The cell of the item at `path` is about to be shown (`tableView(_:willDisplay:forRowAt:)`):
    /// it came into the viewport, by scrolling, a reload or an update.
    func listView(_ listView: HeadlessListView, willDisplay cell: HeadlessCell, forItemAt path: ItemPath)
    /// The swipe actions of the item at `path` on `edge` (default: none), as
    /// `trailingSwipeActionsConfigurationForRowAt`.
    func listView(_ listView: HeadlessListView, swipeActionsForItemAt path: ItemPath, edge: HeadlessAction.Edge) -> [HeadlessAction]?
    /// The context menu of the item at `path` (default: none), as `contextMenuConfigurationForRowAt`.
    func listView(_ listView: HeadlessListView, contextMenuForItemAt path: ItemPath) -> [HeadlessAction]?
}

extension HeadlessListDelegate {
    /// Nothing, by default.
    public func listView(_ listView: HeadlessListView, didDeselectItemAt path: ItemPath) {}
    /// Nothing, by default.
    public func listView(_ listView: HeadlessListView, willDisplay cell: HeadlessCell, forItemAt path: ItemPath) {}
    /// None, by default.
    public func listView(_ listView: HeadlessListView, swipeActionsForItemAt path: ItemPath, edge: HeadlessAction.Edge) -> [HeadlessAction]? { nil }
    /// None, by default.
    public func listView(_ listView: HeadlessListView, contextMenuForItemAt path: ItemPath) -> [HeadlessAction]? { nil }
}

/// A swipe action or a context-menu entry of a ``HeadlessListView``: what a test reads and
/// performs where UIKit shows a `UIContextualAction` or a `UIAction`.
public struct HeadlessAction: Sendable {
    /// The edge a swipe starts from.
    public enum Edge: Hashable, Sendable {
        /// The leading edge (`leadingSwipeActionsConfigurationForRowAt`).
        case leading
        /// The trailing edge (`trailingSwipeActionsConfigurationForRowAt`).
        case trailing
    }

    /// The action's title.
    public var title: String
    /// Whether the action destroys something (UIKit shows it red).
    public var isDestructive: Bool
    private let handler: @MainActor @Sendable () -> Void

    /// An action titled `title` that runs `handler` when performed.
    public init(_ title: String, isDestructive: Bool = false, handler: @escaping @MainActor @Sendable () -> Void) {
        self.title = title
        self.isDestructive = isDestructive
        self.handler = handler
    }

    /// Performs the action, as the user's tap on it does.
    @MainActor
    public func perform() { handler() }
}

/// The headless view's platform: swipe actions and context menus are lists of ``HeadlessAction``.
public enum HeadlessPlatform: ListPlatform {
    public typealias SwipeActions = [HeadlessAction]
    public typealias ContextMenu = [HeadlessAction]
}

/// A list view without a screen that keeps UIKit's contract, so a data source can be tested on any
/// platform and a bad batch update fails a test instead of crashing an app.
///
/// What it does as `UITableView` / `UICollectionView` do:
/// - cells are registered by class or by nib and dequeued from a pool per reuse identifier;
///   dequeuing an unregistered identifier fails with UIKit's message;
/// - only the items inside the viewport are requested from the data source; cells that leave it are
///   prepared for reuse and go back to their pool;
/// - a batch update is checked with
///   `BatchUpdate.validate(before:after:flavor:mapItems:shiftedReloads:)` (UIKit's rules and
///   messages) against the counts the view had and the counts the data source now reports;
///   cells of items that merely moved or stayed are kept as they were, *not* requested again, so a
///   missing reload shows up as stale text, as it would on a device;
/// - so are the headers and footers of sections that stay or move: only inserted sections and the
///   sections a batch names in `updatedSectionTitles` show new titles (adapters refresh those in
///   place), so a missing title update shows up as a stale header;
/// - a reload is a delete plus an insert placed by the batch's deletes and inserts only, as UIKit
///   performs it: a reload that a move shifts throws UIKit's message where UIKit raises, and
///   otherwise shows the stale cell a device shows.
///
/// ```swift
/// let list = HeadlessListView(flavor: .table, viewportHeight: 10)
/// list.register(HeadlessCell.self, forCellReuseIdentifier: "cell")
/// list.dataSource = dataSource
/// try list.reloadData()
/// #expect(list.renderedText() == "…")
/// ```
///
/// Main-actor isolated, like the views it stands in for.
@MainActor
public final class HeadlessListView {
    /// The supplementary element kind for section headers (`UICollectionView.elementKindSectionHeader`).
    public nonisolated static let headerKind = "UICollectionElementKindSectionHeader"
    /// The supplementary element kind for section footers.
    public nonisolated static let footerKind = "UICollectionElementKindSectionFooter"

    /// Counts of what the view did, for assertions about reuse and configuration.
    public struct Counters: Hashable, Sendable {
        /// Cells instantiated because their pool was empty.
        public var cellsCreated = 0
        /// Cells taken from a pool.
        public var cellsReused = 0
        /// Cells requested from the data source (each is one configuration).
        public var cellRequests = 0
        /// Visible cells configured again in place (reconfigure).
        public var reconfigurations = 0
        /// Calls of ``reloadData()``.
        public var reloads = 0
        /// Batch updates accepted.
        public var batchUpdates = 0
        /// Of those, the ones performed without animation (`animatingDifferences: false`).
        public var batchUpdatesWithoutAnimation = 0
    }

    enum Registration {
        case cellClass(HeadlessCell.Type)
        case nib(HeadlessNib)
    }

    /// The rules and wording in force: `ListFlavor.table` or `ListFlavor.collection`.
    public let flavor: ListFlavor
    /// How many lines fit on screen (each header, row and footer takes one); `nil` shows everything,
    /// and a negative height is taken as 0.
    ///
    /// A setter cannot throw: an error from the data source while the view lays out the new height
    /// is kept in ``lastLayoutError``. ``setViewportHeight(_:)`` throws it instead.
    public var viewportHeight: Int? {
        didSet {
            do {
                try layout()
                lastLayoutError = nil
            } catch {
                lastLayoutError = error
            }
        }
    }
    /// The error of the last layout that a property setter started (``viewportHeight``), if it failed.
    public private(set) var lastLayoutError: (any Error)?

    /// Changes the viewport height and lays out, throwing what the data source throws.
    public func setViewportHeight(_ height: Int?) throws {
        viewportHeight = height
        if let lastLayoutError { throw lastLayoutError }
    }
    /// The resources nibs are loaded from.
    public var resources: ResourceCatalog
    /// Supplies counts and cells. Not retained, like `UITableView.dataSource`.
    public weak var dataSource: (any HeadlessListDataSource)?
    /// Hears about selection. Not retained.
    public weak var delegate: (any HeadlessListDelegate)?
    /// Told about items just below the viewport, before they are shown
    /// (`UITableViewDataSourcePrefetching`).
    public weak var prefetchDataSource: (any HeadlessListPrefetching)?
    /// How many lines below the viewport count as "soon shown" for ``prefetchDataSource``.
    public var prefetchDistance = 5
    /// The paths handed to ``prefetchDataSource`` and not shown yet.
    private var prefetched: Set<ItemPath> = []
    /// Whether the view is in a window. Adapters fall back to ``reloadData()`` when it is not, as
    /// UIKit stops animating there.
    public var isInWindow = true
    /// Whether the view is in editing mode (Edit/Done).
    public var isEditing = false
    /// Whether a tap adds a row to the selection (and a second tap removes it) outside editing
    /// mode, as `UITableView.allowsMultipleSelection`.
    public var allowsMultipleSelection = false
    /// Whether a tap adds a row to the selection in editing mode, as
    /// `UITableView.allowsMultipleSelectionDuringEditing`.
    public var allowsMultipleSelectionDuringEditing = false
    /// What the view has done so far.
    public private(set) var counters = Counters()
    /// The first line shown, counted over headers, rows and footers.
    public private(set) var contentOffset = 0

    private var registrations: [String: Registration] = [:]
    private var supplementaryRegistrations: [String: HeadlessSupplementaryView.Type] = [:]
    private var pools: [String: [HeadlessCell]] = [:]
    private var sectionCounts: [Int] = []
    private var headers: [String?] = []
    private var footers: [String?] = []
    private var headerViews: [Int: HeadlessSupplementaryView] = [:]
    private var footerViews: [Int: HeadlessSupplementaryView] = [:]
    private var visibleCells: [ItemPath: HeadlessCell] = [:]
    private var selected: Set<ItemPath> = []
    private var cellBeingReconfigured: HeadlessCell?
    private var hasLoaded = false

    /// Creates a list view showing `viewportHeight` lines at a time (`nil`: all of them).
    public init(flavor: ListFlavor = .table, viewportHeight: Int? = 20, resources: ResourceCatalog = .empty) {
        self.flavor = flavor
        self.viewportHeight = viewportHeight
        self.resources = resources
    }

    // MARK: Registration and dequeueing

    /// Registers a cell class under a reuse identifier; a later registration replaces it.
    public func register(_ cellClass: HeadlessCell.Type, forCellReuseIdentifier identifier: String) {
        registrations[identifier] = .cellClass(cellClass)
    }

    /// Registers the nib named `nibName` from ``resources`` under a reuse identifier.
    ///
    /// - Throws: ``ListViewError/nibNotFound(_:)`` when the catalogue has no such nib. (UIKit only
    ///   fails at the first dequeue; failing here points at the line to fix.)
    public func register(nibNamed nibName: String, forCellReuseIdentifier identifier: String) throws {
        guard let nib = resources.nib(named: nibName) else { throw ListViewError.nibNotFound(nibName) }
        registrations[identifier] = .nib(nib)
    }

    /// Registers a supplementary view class (a header or footer view, or another kind) for an
    /// element kind and identifier.
    public func register(
        _ viewClass: HeadlessSupplementaryView.Type, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String
    ) {
        supplementaryRegistrations["\(kind)/\(identifier)"] = viewClass
    }

    /// What is registered under `identifier`: the cell class's name, or the nib's name and cell class.
    public func registration(forReuseIdentifier identifier: String) -> String? {
        switch registrations[identifier] {
        case .cellClass(let type): return "class \(type)"
        case .nib(let nib): return "nib \(nib.name) (\(nib.cellClassName))"
        case nil: return nil
        }
    }

    /// The reuse identifiers registered so far.
    public var registeredIdentifiers: Set<String> { Set(registrations.keys) }

    /// A cell for `path`: from the pool for `identifier` when one is free, otherwise a new one.
    ///
    /// - Throws: ``ListViewError/unregisteredIdentifier(_:flavor:)`` with UIKit's message.
    public func dequeueReusableCell(withIdentifier identifier: String, for path: ItemPath) throws -> HeadlessCell {
        if let cell = cellBeingReconfigured, cell.reuseIdentifier == identifier {
            cellBeingReconfigured = nil
            return cell
        }
        guard let registration = registrations[identifier] else { throw ListViewError.unregisteredIdentifier(identifier, flavor: flavor) }
        if var pool = pools[identifier], let cell = pool.popLast() {
            pools[identifier] = pool
            counters.cellsReused += 1
            return cell
        }
        counters.cellsCreated += 1
        switch registration {
        case .cellClass(let type):
            return type.init(reuseIdentifier: identifier)
        case .nib(let nib):
            let cell = nib.instantiate(identifier)
            cell.isFromNib = true
            cell.awakeFromNib()
            return cell
        }
    }

    /// A supplementary view of `kind` for `section`, from the pool of its registration.
    public func dequeueReusableSupplementaryView(
        ofKind kind: String, withReuseIdentifier identifier: String, for section: Int
    ) throws -> HeadlessSupplementaryView {
        guard let type = supplementaryRegistrations["\(kind)/\(identifier)"] else {
            throw ListViewError.unregisteredSupplementaryView(kind: kind, identifier: identifier)
        }
        return type.init(kind: kind, reuseIdentifier: identifier)
    }

    // MARK: Reading the view

    /// The number of sections the view shows (what it last learnt from its data source).
    public var numberOfSections: Int { sectionCounts.count }

    /// The number of items the view shows in `section`, or 0.
    public func numberOfItems(inSection section: Int) -> Int {
        sectionCounts.indices.contains(section) ? sectionCounts[section] : 0
    }

    /// The counts of every section, as the view believes them.
    public var itemCounts: [Int] { sectionCounts }

    /// The header title shown for `section`.
    public func headerTitle(forSection section: Int) -> String? {
        if let view = headerViews[section] { return view.text }
        return headers.indices.contains(section) ? headers[section] : nil
    }

    /// The footer title shown for `section`.
    public func footerTitle(forSection section: Int) -> String? {
        if let view = footerViews[section] { return view.text }
        return footers.indices.contains(section) ? footers[section] : nil
    }

    /// The header view of `section`, when its data source gave one.
    public func headerView(forSection section: Int) -> HeadlessSupplementaryView? { headerViews[section] }

    /// The footer view of `section`, when its data source gave one.
    public func footerView(forSection section: Int) -> HeadlessSupplementaryView? { footerViews[section] }

    /// The cell shown at `path`, or `nil` when it is not visible.
    public func cellForItem(at path: ItemPath) -> HeadlessCell? { visibleCells[path] }

    /// The paths of the items on screen, in order.
    public var indexPathsForVisibleItems: [ItemPath] { visibleCells.keys.sorted() }

    /// The selected paths, in order.
    public var indexPathsForSelectedItems: [ItemPath] { selected.sorted() }

    /// How many cells wait in the pool for `identifier`.
    public func pooledCellCount(forReuseIdentifier identifier: String) -> Int { pools[identifier]?.count ?? 0 }

    // MARK: Loading

    /// Forgets everything shown and asks the data source again, as `reloadData()` does.
    public func reloadData() throws {
        guard let dataSource else { throw ListViewError.noDataSource }
        counters.reloads += 1
        for (_, cell) in visibleCells { enqueue(cell) }
        visibleCells = [:]
        selected = []
        try readStructure(from: dataSource)
        hasLoaded = true
        try layout()
    }

    /// Whether ``reloadData()`` has run at least once.
    public var hasLoadedData: Bool { hasLoaded }

    /// Checks that the data source's counts are the ones the view shows.
    ///
    /// - Throws: ``ListViewError/countsOutOfSync(viewCounts:dataSourceCounts:)``.
    public func checkConsistency() throws {
        guard let dataSource else { throw ListViewError.noDataSource }
        let counts = (0..<dataSource.numberOfSections(in: self)).map { dataSource.listView(self, numberOfItemsInSection: $0) }
        guard counts == sectionCounts else { throw ListViewError.countsOutOfSync(viewCounts: sectionCounts, dataSourceCounts: counts) }
    }

    // MARK: Batch updates

    /// Applies a batch update after checking it against UIKit's rules, as `performBatchUpdates`.
    ///
    /// The data source must already answer with the state after the update. Cells of items that
    /// stay or move are kept (not requested again); inserted and reloaded items are requested;
    /// reconfigured items are configured again in their existing cells. Sections that stay or move
    /// keep the header and footer they showed; those of inserted sections and of the sections in
    /// `BatchUpdate.updatedSectionTitles` are requested.
    ///
    /// - Parameters:
    ///   - update: the batch's index operations.
    ///   - animated: whether the batch animates (a headless view only counts the ones that do
    ///     not, ``Counters/batchUpdatesWithoutAnimation``).
    /// - Throws: ``ListViewError/inconsistentUpdate(_:)`` carrying UIKit's message; the view is then
    ///   unchanged.
    public func performBatchUpdates(_ update: BatchUpdate, animated: Bool = true) throws {
        guard let dataSource else { throw ListViewError.noDataSource }
        let after = (0..<dataSource.numberOfSections(in: self)).map { dataSource.listView(self, numberOfItemsInSection: $0) }
        // A view that never loaded reads its counts when the update starts, from a data source
        // that already answers with the new state, so a structural update then fails the count
        // rule (openradar 26484150). This is why adapters call `reloadData` before first load.
        let before = hasLoaded ? sectionCounts : after
        // A batch of item deletes, inserts, reloads and reconfigures alone shifts rows by
        // counting; only moves and section changes need the map of every item (O(n)).
        let plain = update.movedItems.isEmpty && update.movedSections.isEmpty && update.deletedSections.isEmpty
            && update.insertedSections.isEmpty
        let outcome: BatchUpdate.Outcome
        do {
            // Reloads are placed as UIKit places them: one shifted by the batch's moves shows
            // up as a stale cell, as on a device, and one UIKit raises for throws.
            outcome = try update.validate(before: before, after: after, flavor: flavor, mapItems: !plain, shiftedReloads: .placeAsUIKit)
        } catch let error as BatchUpdateError {
            throw ListViewError.inconsistentUpdate(error)
        }
        let shift = plain ? PlainShift(update) : nil
        let destination = { (path: ItemPath) -> ItemPath? in shift.map { $0.destination(of: path) } ?? outcome.destination(of: path) }
        let freshItems = shift?.freshItems ?? outcome.freshItems
        let reconfiguredItems = shift?.reconfiguredItems ?? outcome.reconfiguredItems
        let loadedBefore = hasLoaded
        if !hasLoaded {
            try readStructure(from: dataSource)
            hasLoaded = true
        }
        counters.batchUpdates += 1
        if !animated { counters.batchUpdatesWithoutAnimation += 1 }
        var kept: [ItemPath: HeadlessCell] = [:]
        for (path, cell) in visibleCells {
            if let destination = destination(path), !freshItems.contains(destination) {
                kept[destination] = cell
            } else {
                enqueue(cell)
            }
        }
        visibleCells = kept
        selected = Set(selected.compactMap(destination))
        let titlesBefore = (headers: headers, footers: footers, headerViews: headerViews, footerViews: footerViews)
        let sectionsBefore = sectionCounts.count
        try readStructure(from: dataSource)
        if loadedBefore {
            // A section that survives the batch keeps the header and footer it showed, as in UIKit:
            // only inserted sections and those named in `updatedSectionTitles` are shown afresh, so
            // a missing title update shows up as a stale title.
            let fresh = Set(update.insertedSections).union(update.updatedSectionTitles)
            for (old, new) in outcome.sectionMap.enumerated() where old < sectionsBefore && new >= 0 && !fresh.contains(new) {
                headers[new] = titlesBefore.headers[old]
                footers[new] = titlesBefore.footers[old]
                headerViews[new] = titlesBefore.headerViews[old]
                footerViews[new] = titlesBefore.footerViews[old]
            }
        }
        try layout()
        for path in reconfiguredItems.sorted() {
            guard let cell = visibleCells[path] else { continue }
            cellBeingReconfigured = cell
            defer { cellBeingReconfigured = nil }
            let configured = try dataSource.listView(self, cellForItemAt: path)
            guard configured === cell else { throw ListViewError.cellNotDequeued(path) }
            cell.configurationCount += 1
            counters.reconfigurations += 1
        }
    }

    // MARK: Scrolling

    /// Scrolls so that `path` is the first line on screen (or as far as the content allows).
    public func scrollToItem(at path: ItemPath) throws {
        guard let line = line(of: path) else { throw ListViewError.itemPathOutOfRange(path, operation: "scroll to") }
        contentOffset = line
        try layout()
    }

    /// Scrolls by `lines` (negative: up), clamped to the content.
    public func scroll(by lines: Int) throws {
        let (sum, overflow) = contentOffset.addingReportingOverflow(lines)
        contentOffset = overflow ? (lines > 0 ? Int.max : 0) : sum
        try layout()
    }

    /// Scrolls to the top.
    public func scrollToTop() throws {
        contentOffset = 0
        try layout()
    }

    // MARK: Selection and editing

    /// Taps `path`, as a user would: in single selection, selects it (deselecting the row selected
    /// before, and telling the delegate of both); in multiple selection (``allowsMultipleSelection``,
    /// or ``allowsMultipleSelectionDuringEditing`` while ``isEditing``), a tap on a selected row
    /// deselects it instead, and other rows stay selected.
    public func tapItem(at path: ItemPath) throws {
        guard contains(path) else { throw ListViewError.itemPathOutOfRange(path, operation: "select") }
        let multiple = isEditing ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection
        if multiple, selected.contains(path) {
            deselectItem(at: path)
            delegate?.listView(self, didDeselectItemAt: path)
            return
        }
        if !multiple {
            for other in selected.sorted() where other != path {
                deselectItem(at: other)
                delegate?.listView(self, didDeselectItemAt: other)
            }
        }
        selected.insert(path)
        visibleCells[path]?.isSelected = true
        delegate?.listView(self, didSelectItemAt: path)
    }

    /// Selects `path` without telling the delegate, as `selectRow(at:animated:scrollPosition:)`:
    /// in single selection, the row selected before is deselected.
    public func selectItem(at path: ItemPath) throws {
        guard contains(path) else { throw ListViewError.itemPathOutOfRange(path, operation: "select") }
        if !(isEditing ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection) {
            for other in selected where other != path { deselectItem(at: other) }
        }
        selected.insert(path)
        visibleCells[path]?.isSelected = true
    }

    /// Deselects `path` without telling the delegate, as `deselectRow(at:animated:)`.
    public func deselectItem(at path: ItemPath) {
        guard selected.remove(path) != nil else { return }
        visibleCells[path]?.isSelected = false
    }

    /// Flips the switch of the visible cell at `path` as a user would: the cell's
    /// ``HeadlessCell/Accessory/toggle(isOn:)`` changes and its ``HeadlessCell/onToggle`` is called.
    ///
    /// - Throws: ``ListViewError/itemPathOutOfRange(_:operation:)`` when no visible cell at `path`
    ///   shows a switch.
    public func flipToggle(at path: ItemPath) throws {
        guard let cell = visibleCells[path], case .toggle(let isOn) = cell.accessory else {
            throw ListViewError.itemPathOutOfRange(path, operation: "flip the switch of")
        }
        cell.accessory = .toggle(isOn: !isOn)
        cell.onToggle?(!isOn)
    }

    /// The swipe actions the delegate offers for the item at `path` on `edge`, as a user's swipe
    /// shows them (empty when it offers none).
    ///
    /// - Throws: ``ListViewError/itemPathOutOfRange(_:operation:)`` for a path the view lacks.
    public func swipeActions(at path: ItemPath, edge: HeadlessAction.Edge = .trailing) throws -> [HeadlessAction] {
        guard contains(path) else { throw ListViewError.itemPathOutOfRange(path, operation: "swipe") }
        return delegate?.listView(self, swipeActionsForItemAt: path, edge: edge) ?? []
    }

    /// The context menu the delegate offers for the item at `path`, as a long press shows it
    /// (empty when it offers none).
    ///
    /// - Throws: ``ListViewError/itemPathOutOfRange(_:operation:)`` for a path the view lacks.
    public func contextMenu(at path: ItemPath) throws -> [HeadlessAction] {
        guard contains(path) else { throw ListViewError.itemPathOutOfRange(path, operation: "open the menu of") }
        return delegate?.listView(self, contextMenuForItemAt: path) ?? []
    }

    /// Deletes `path` as a swipe-to-delete would: asks the data source, which must update its model
    /// and the view.
    public func commitDelete(at path: ItemPath) throws {
        guard contains(path) else { throw ListViewError.itemPathOutOfRange(path, operation: "delete") }
        guard let dataSource, dataSource.listView(self, canEditItemAt: path) else { return }
        try dataSource.listView(self, commitDeleteOfItemAt: path)
    }

    /// Moves an item as a drag in editing mode does: the view moves the cell itself, then tells the
    /// data source, which must update its model only.
    ///
    /// - Throws: ``ListViewError/itemPathOutOfRange(_:operation:)`` for a bad path.
    public func interactiveMove(from source: ItemPath, to destination: ItemPath) throws {
        guard contains(source) else { throw ListViewError.itemPathOutOfRange(source, operation: "move from") }
        guard let dataSource, dataSource.listView(self, canMoveItemAt: source) else { return }
        var after = sectionCounts
        after[source.section] -= 1
        guard after.indices.contains(destination.section), (0...after[destination.section]).contains(destination.item) else {
            throw ListViewError.itemPathOutOfRange(destination, operation: "move to")
        }
        after[destination.section] += 1
        let move = BatchUpdate(movedItems: [.init(from: source, to: destination)])
        let outcome = try move.validate(before: sectionCounts, after: after, flavor: flavor)
        var kept: [ItemPath: HeadlessCell] = [:]
        for (path, cell) in visibleCells {
            if let to = outcome.destination(of: path) { kept[to] = cell } else { enqueue(cell) }
        }
        visibleCells = kept
        selected = Set(selected.compactMap { outcome.destination(of: $0) })
        sectionCounts = after
        try dataSource.listView(self, moveItemAt: source, to: destination)
        try layout()
    }

    // MARK: Rendering

    /// The screen as text: section headers, each visible cell's ``HeadlessCell/renderedText``
    /// (selected cells marked `▸`), and footers, one per line.
    public func renderedText() -> String {
        visibleLines().map { line -> String in
            switch line {
            case .header(let section): return "## \(headerTitle(forSection: section) ?? "")"
            case .footer(let section): return "   (\(footerTitle(forSection: section) ?? ""))"
            case .item(let path):
                guard let cell = visibleCells[path] else { return "   <missing cell>" }
                return (cell.isSelected ? " ▸ " : "   ") + cell.renderedText
            }
        }.joined(separator: "\n")
    }

    /// The text of every visible cell by path.
    public func visibleTexts() -> [ItemPath: String] { visibleCells.mapValues(\.renderedText) }

    // MARK: Internals

    enum Line: Hashable {
        case header(Int), item(ItemPath), footer(Int)
    }

    private func readStructure(from dataSource: any HeadlessListDataSource) throws {
        let sections = dataSource.numberOfSections(in: self)
        sectionCounts = (0..<sections).map { dataSource.listView(self, numberOfItemsInSection: $0) }
        headers = (0..<sections).map { dataSource.listView(self, titleForHeaderInSection: $0) }
        footers = (0..<sections).map { dataSource.listView(self, titleForFooterInSection: $0) }
        // Tables and collections both ask for header and footer views (a table through its
        // delegate's `viewForHeaderInSection`); a view replaces the title.
        headerViews = [:]
        footerViews = [:]
        for section in 0..<sections {
            if let view = try dataSource.listView(self, viewForSupplementaryElementOfKind: Self.headerKind, at: section) {
                headerViews[section] = view
            }
            if let view = try dataSource.listView(self, viewForSupplementaryElementOfKind: Self.footerKind, at: section) {
                footerViews[section] = view
            }
        }
    }

    private func contains(_ path: ItemPath) -> Bool {
        sectionCounts.indices.contains(path.section) && (0..<sectionCounts[path.section]).contains(path.item)
    }

    private var totalLines: Int {
        var total = 0
        for section in sectionCounts.indices {
            total += sectionCounts[section]
            if headerTitle(forSection: section) != nil { total += 1 }
            if footerTitle(forSection: section) != nil { total += 1 }
        }
        return total
    }

    private func line(of path: ItemPath) -> Int? {
        guard contains(path) else { return nil }
        var line = 0
        for section in 0..<path.section {
            line += sectionCounts[section]
            if headerTitle(forSection: section) != nil { line += 1 }
            if footerTitle(forSection: section) != nil { line += 1 }
        }
        if headerTitle(forSection: path.section) != nil { line += 1 }
        return line + path.item
    }

    private func visibleLines() -> [Line] {
        let total = totalLines
        let height = max(0, viewportHeight ?? total)  // a negative height shows nothing
        contentOffset = max(0, min(contentOffset, max(0, total - height)))
        let range = contentOffset..<(contentOffset + height)
        var lines = [Line]()
        var line = 0
        for section in sectionCounts.indices {
            if line >= range.upperBound { break }
            if headerTitle(forSection: section) != nil {
                if range.contains(line) { lines.append(.header(section)) }
                line += 1
            }
            let count = sectionCounts[section]
            let first = max(0, range.lowerBound - line), last = min(count, range.upperBound - line)
            if first < last { for item in first..<last { lines.append(.item(ItemPath(item: item, section: section))) } }
            line += count
            if footerTitle(forSection: section) != nil {
                if range.contains(line) { lines.append(.footer(section)) }
                line += 1
            }
        }
        return lines
    }

    /// Brings the visible cells in line with the viewport: cells that left go to their pools, items
    /// that came into view are requested.
    private func layout() throws {
        guard hasLoaded, let dataSource else { return }
        let wanted = Set(visibleLines().compactMap { line -> ItemPath? in
            if case .item(let path) = line { return path }
            return nil
        })
        for (path, cell) in visibleCells where !wanted.contains(path) {
            visibleCells[path] = nil
            enqueue(cell)
        }
        prefetchBelowViewport(visible: wanted)
        for path in wanted.sorted() where visibleCells[path] == nil {
            counters.cellRequests += 1
            let cell = try dataSource.listView(self, cellForItemAt: path)
            cell.configurationCount += 1
            cell.isSelected = selected.contains(path)
            visibleCells[path] = cell
            delegate?.listView(self, willDisplay: cell, forItemAt: path)
        }
    }

    /// Hands the items within ``prefetchDistance`` lines below the viewport to the prefetch data
    /// source, once each until they are shown or leave that band (then their prefetching is
    /// cancelled).
    private func prefetchBelowViewport(visible: Set<ItemPath>) {
        guard let prefetchDataSource, let height = viewportHeight, prefetchDistance > 0 else { return }
        let band = contentOffset + max(0, height)..<(contentOffset + max(0, height) + prefetchDistance)
        var soon = Set<ItemPath>()
        var line = 0
        for section in sectionCounts.indices {
            if headerTitle(forSection: section) != nil { line += 1 }
            for item in 0..<sectionCounts[section] where band.contains(line + item) { soon.insert(ItemPath(item: item, section: section)) }
            line += sectionCounts[section]
            if footerTitle(forSection: section) != nil { line += 1 }
            if line >= band.upperBound { break }
        }
        soon.subtract(visible)
        let new = soon.subtracting(prefetched).sorted()
        let cancelled = prefetched.subtracting(soon).subtracting(visible).sorted()
        prefetched = soon
        if !new.isEmpty { prefetchDataSource.listView(self, prefetchItemsAt: new) }
        if !cancelled.isEmpty { prefetchDataSource.listView(self, cancelPrefetchingForItemsAt: cancelled) }
    }

    private func enqueue(_ cell: HeadlessCell) {
        cell.prepareForReuse()
        pools[cell.reuseIdentifier, default: []].append(cell)
    }
}

/// Where rows go in a batch without moves or section changes: a row keeps its section and shifts by
/// the deletes before it (old positions) and then the inserts at or before it (new positions), in
/// O(*k*) for *k* operations in its section, without mapping every item.
struct PlainShift {
    /// Per section, the rows deleted (old positions) and inserted (new positions), ascending.
    let deleted: [Int: [Int]]
    let inserted: [Int: [Int]]
    /// Where the inserted and reloaded items' new cells go, and the reconfigured items' cells.
    private(set) var freshItems: Set<ItemPath> = []
    private(set) var reconfiguredItems: Set<ItemPath> = []

    init(_ update: BatchUpdate) {
        deleted = Dictionary(grouping: update.deletedItems, by: \.section).mapValues { $0.map(\.item).sorted() }
        inserted = Dictionary(grouping: update.insertedItems, by: \.section).mapValues { $0.map(\.item).sorted() }
        freshItems = Set(update.insertedItems).union(update.reloadedItems.compactMap(destination))
        reconfiguredItems = Set(update.reconfiguredItems.compactMap(destination))
    }

    func destination(of path: ItemPath) -> ItemPath? {
        var row = path.item
        if let deletes = deleted[path.section] {
            if deletes.contains(path.item) { return nil }
            row -= deletes.prefix { $0 < path.item }.count
        }
        for insert in inserted[path.section] ?? [] where insert <= row { row += 1 }
        return ItemPath(item: row, section: path.section)
    }
}
