import Tabula

/// Drives a ``HeadlessListView`` from snapshots and cell configurators, through the same apply
/// pipeline (`ListDriver`) and the same configurators the UIKit and AppKit adapters use.
///
/// Everything a table view data source and delegate do is here, typed: selection hands over the
/// item that was tapped (S3.3), swipe-to-delete and reordering update the snapshot and the view
/// together, header and footer titles come from the sections.
///
/// ```swift
/// let list = HeadlessListView(viewportHeight: 20)
/// let adapter = try HeadlessListAdapter<String, Setting>(listView: list, cells: SettingCells.all)
/// adapter.onSelect = { setting, _ in opened.append(setting) }
/// try await adapter.apply(settings.snapshot())
/// try list.tapItem(at: ItemPath(item: 2, section: 0))
/// ```
@MainActor
public final class HeadlessListAdapter<SectionID: Hashable & Sendable, Item: Identifiable & Sendable>: HeadlessListDataSource,
    HeadlessListDelegate, SelectableListAdapter, AdapterBackend
where Item.ID: Sendable {
    /// The view driven.
    public let listView: HeadlessListView
    /// The apply pipeline.
    public let driver: ListDriver<SectionID, Item>
    /// What the driver and the configurators reach this adapter through (kept: the driver holds
    /// its view weakly).
    private let bridge = AdapterBridge()
    /// The cell configurators.
    public let cells: CellConfigurators<Item>
    /// Called when the user selects an item, with the item itself and its position.
    public var onSelect: ((Item, ItemPath) -> Void)?
    /// Called when an item's cell is about to be shown: call `PaginatedList.rowWillAppear(at:)`
    /// from here.
    public var onWillDisplay: ((Item, ItemPath) -> Void)?
    /// Called with the items the view will soon show (``HeadlessListView/prefetchDistance`` lines
    /// below the viewport), as the UIKit adapters' `onPrefetch`.
    public var onPrefetch: (([Item]) -> Void)? {
        didSet { listView.prefetchDataSource = onPrefetch == nil && onCancelPrefetch == nil ? nil : self }
    }
    /// Called with the items whose prefetching is no longer needed.
    public var onCancelPrefetch: (([Item]) -> Void)? {
        didSet { listView.prefetchDataSource = onPrefetch == nil && onCancelPrefetch == nil ? nil : self }
    }
    /// Your delegate: the adapter passes selection, deselection and display on to it, after its
    /// typed handlers, as the UIKit adapters pass `UITableViewDelegate` methods on. Held weakly.
    public weak var delegate: (any HeadlessListDelegate)?
    /// Whether to deselect a row right after it was selected (default `true`, as the UIKit adapter).
    public var deselectsAfterSelection = true
    /// Whether the user may delete an item (swipe to delete). Default: no.
    public var canDelete: (Item) -> Bool = { _ in false }
    /// Called after the user deleted an item, with the new snapshot (update your model here).
    public var onDelete: ((Item, Snapshot<SectionID, Item>) -> Void)?
    /// Whether the user may reorder an item. Default: no.
    public var canMove: (Item) -> Bool = { _ in false }
    /// Called after the user moved an item, with the new snapshot (update your model here).
    public var onMove: ((Item, Snapshot<SectionID, Item>) -> Void)?
    /// The configurators of header, footer and other supplementary views
    /// (``registerSupplementaryViews(_:)``).
    public private(set) var supplementaryViews: [SupplementaryConfigurator<SectionID>] = []
    /// The identifiers registered with the standard content cell (``CellRegistrar`` reports them
    /// as `ContentCell`, as the other adapters do).
    private var contentCellIdentifiers: Set<String> = []

    /// Creates an adapter, becomes `listView`'s data source and delegate, and registers every cell
    /// the configurators use.
    ///
    /// - Throws: `ConfigurationError` for conflicting registrations, naming both classes.
    public init(
        listView: HeadlessListView, cells: CellConfigurators<Item>,
        updateKind: @escaping @Sendable (Item, Item) -> UpdateKind?, differ: ListDriver<SectionID, Item>.Differ = .specialised
    ) throws {
        self.listView = listView
        self.cells = cells
        self.driver = ListDriver(updateKind: updateKind, canReconfigure: cells.canReconfigure, differ: differ)
        try connect(through: bridge)
        listView.dataSource = self
        listView.delegate = self
    }

    /// The item at `path` on screen (S3.3: the delegate side asks for the model and switches on it).
    public func item(at path: ItemPath) -> Item? { driver.snapshot.item(at: path) }

    // MARK: Supplementary views

    /// Registers header, footer and other supplementary views, each configured with its section:
    /// a `HeadlessSupplementaryView` subclass as it is; another class (a UIKit view) as the
    /// headless view's standard one, showing the configurator's `describe:` text.
    ///
    /// - Throws: `ConfigurationError` with `notACellClass` for a class the headless view cannot
    ///   hold and that has no `describe:`; nothing is registered then.
    public func registerSupplementaryViews(_ configurators: [SupplementaryConfigurator<SectionID>]) throws {
        let problems = configurators.compactMap { configurator -> ConfigurationError.Problem? in
            configurator.viewType is HeadlessSupplementaryView.Type || configurator.describesSections
                ? nil : .notACellClass(configurator.viewTypeName, identifier: configurator.reuseIdentifier)
        }
        guard problems.isEmpty else { throw ConfigurationError(problems: problems) }
        for configurator in configurators {
            let viewClass = configurator.viewType as? HeadlessSupplementaryView.Type ?? HeadlessSupplementaryView.self
            listView.register(viewClass, forSupplementaryViewOfKind: configurator.kind.rawValue, withReuseIdentifier: configurator.reuseIdentifier)
        }
        supplementaryViews = configurators
        if listView.hasLoadedData { reloadData() }
    }

    public func listView(_ listView: HeadlessListView, viewForSupplementaryElementOfKind kind: String, at section: Int) throws
        -> HeadlessSupplementaryView?
    {
        guard let configurator = supplementaryViews.configurator(for: SupplementaryKind(rawValue: kind)),
            let context = driver.snapshot.sectionContext(at: section)
        else { return nil }
        let view = try listView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: configurator.reuseIdentifier, for: section)
        configurator.configure(view, for: context)
        return view
    }

    // MARK: Commands by identity

    /// The items whose cells are on screen, top to bottom.
    public var visibleItems: [Item] { listView.indexPathsForVisibleItems.compactMap(item(at:)) }

    /// Scrolls so that the item `id` is the first line on screen.
    ///
    /// - Throws: `SnapshotError.unknownItem` naming `id` when it is not shown.
    public func scrollToItem(_ id: Item.ID) throws {
        try listView.scrollToItem(at: existingItemPath(for: id))
    }

    /// Selects the item `id` without telling the delegate (as `selectRow(at:animated:scrollPosition:)`).
    ///
    /// - Throws: `SnapshotError.unknownItem` naming `id` when it is not shown.
    public func selectItem(_ id: Item.ID) throws {
        try listView.selectItem(at: existingItemPath(for: id))
    }

    /// The items selected now.
    public var selectedItems: [Item] { listView.indexPathsForSelectedItems.compactMap(item(at:)) }

    // MARK: ListViewUpdating

    package var flavor: ListFlavor { listView.flavor }
    package var canAnimateUpdates: Bool { listView.hasLoadedData && listView.isInWindow }
    package func displayedItemCounts() -> [Int] { listView.itemCounts }

    package func reloadData() {
        do {
            try listView.reloadData()
        } catch {
            driver.report(ListDiagnostic(.viewRejectedBatch("\(error)")))
        }
    }

    package func performBatchUpdates(
        _ update: BatchUpdate, animated: Bool, updateData: () -> Void, completion: @escaping @MainActor () -> Void
    ) {
        updateData()
        do {
            try listView.performBatchUpdates(update, animated: animated)
        } catch {
            driver.report(ListDiagnostic(.viewRejectedBatch("\(error)")))
            try? listView.reloadData()
        }
        completion()
    }

    // MARK: CellRegistrar

    package func registeredCellTypeName(forReuseIdentifier identifier: String) -> String? {
        if contentCellIdentifiers.contains(identifier) { return "ContentCell" }
        return listView.registration(forReuseIdentifier: identifier).map { text in
            if let open = text.lastIndex(of: "("), text.hasSuffix(")") {
                return String(text[text.index(after: open)..<text.index(before: text.endIndex)])
            }
            return text.hasPrefix("class ") ? String(text.dropFirst(6)) : text
        }
    }

    package func nibCellTypeName(named name: String) -> String? {
        listView.resources.nib(named: name)?.cellClassName
    }

    package func registerNib(named name: String, forReuseIdentifier identifier: String) {
        try? listView.register(nibNamed: name, forCellReuseIdentifier: identifier)
    }

    package func registerClass(_ cellType: AnyObject.Type, forReuseIdentifier identifier: String) -> Bool {
        guard let cellClass = cellType as? HeadlessCell.Type else { return false }
        listView.register(cellClass, forCellReuseIdentifier: identifier)
        return true
    }

    package func registerContentCell(forReuseIdentifier identifier: String) {
        listView.register(HeadlessCell.self, forCellReuseIdentifier: identifier)
        contentCellIdentifiers.insert(identifier)
    }

    // MARK: HeadlessListDataSource

    public func numberOfSections(in listView: HeadlessListView) -> Int {
        driver.snapshot.numberOfSections
    }

    public func listView(_ listView: HeadlessListView, numberOfItemsInSection section: Int) -> Int {
        driver.snapshot.numberOfItems(inSection: section)
    }

    public func listView(_ listView: HeadlessListView, cellForItemAt path: ItemPath) throws -> HeadlessCell {
        let item = try driver.snapshot.existingItem(at: path)
        return try cells.cell(
            for: item, at: path, itemsInSection: driver.snapshot.numberOfItems(inSection: path.section), registrar: bridge, view: listView,
            report: driver.report
        ) { try listView.dequeueReusableCell(withIdentifier: $0, for: path) }
    }

    public func listView(_ listView: HeadlessListView, titleForHeaderInSection section: Int) -> String? {
        driver.snapshot.section(at: section)?.header
    }

    public func listView(_ listView: HeadlessListView, titleForFooterInSection section: Int) -> String? {
        driver.snapshot.section(at: section)?.footer
    }

    public func listView(_ listView: HeadlessListView, canEditItemAt path: ItemPath) -> Bool {
        driver.snapshot.item(at: path).map(canDelete) ?? false
    }

    public func listView(_ listView: HeadlessListView, canMoveItemAt path: ItemPath) -> Bool {
        driver.snapshot.item(at: path).map(canMove) ?? false
    }

    public func listView(_ listView: HeadlessListView, commitDeleteOfItemAt path: ItemPath) throws {
        let item = try driver.snapshot.existingItem(at: path)
        // On top of the newest state: a live update still waiting is kept.
        let next = try driver.applyEdit { try $0.deleteItems([item.id]) }
        onDelete?(item, next)
    }

    public func listView(_ listView: HeadlessListView, moveItemAt source: ItemPath, to destination: ItemPath) throws {
        let item = try driver.snapshot.existingItem(at: source)
        let next = try driver.acknowledgeMove(from: source, to: destination)
        onMove?(item, next)
    }

    // MARK: HeadlessListDelegate

    public func listView(_ listView: HeadlessListView, didSelectItemAt path: ItemPath) {
        if deselectsAfterSelection { listView.deselectItem(at: path) }
        if let item = driver.snapshot.item(at: path) { onSelect?(item, path) }
        delegate?.listView(listView, didSelectItemAt: path)
    }

    public func listView(_ listView: HeadlessListView, didDeselectItemAt path: ItemPath) {
        delegate?.listView(listView, didDeselectItemAt: path)
    }

    public func listView(_ listView: HeadlessListView, willDisplay cell: HeadlessCell, forItemAt path: ItemPath) {
        if let item = driver.snapshot.item(at: path) { onWillDisplay?(item, path) }
        delegate?.listView(listView, willDisplay: cell, forItemAt: path)
    }

}

extension HeadlessListAdapter where Item: Equatable {
    /// Creates an adapter that compares content with `==` and picks the cheapest correct update for
    /// a changed item (`CellConfigurators.cheapestUpdate`).
    // Inlinable, so that the `==` the diff runs for every matched item is specialised for
    // your item type.
    @inlinable
    public convenience init(
        listView: HeadlessListView, cells: CellConfigurators<Item>, differ: ListDriver<SectionID, Item>.Differ = .specialised
    ) throws {
        try self.init(listView: listView, cells: cells, updateKind: cells.cheapestUpdate, differ: differ)
        driver._comparesWithEquality(updates: .reconfigure)  // the same classification, with `==` inline
    }
}

extension HeadlessListAdapter: HeadlessListPrefetching {
    public func listView(_ listView: HeadlessListView, prefetchItemsAt paths: [ItemPath]) {
        onPrefetch?(paths.compactMap(item(at:)))
    }

    public func listView(_ listView: HeadlessListView, cancelPrefetchingForItemsAt paths: [ItemPath]) {
        onCancelPrefetch?(paths.compactMap(item(at:)))
    }
}
