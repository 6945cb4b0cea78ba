import Tabula

/// Drives a ``HeadlessListView`` from snapshots and cell configurators: the glue of the headless
/// view over the `ListAdapterCore` that the UIKit and AppKit adapters are built on too, so a
/// test of a handler here runs the decisions a device runs.
///
/// Everything a table view data source and delegate do is here, typed: selection hands over the
/// item that was tapped, swipe-to-delete and reordering update the snapshot and the view
/// together, header and footer titles come from the sections, swipe actions and context menus are
/// ``HeadlessAction``s a test performs.
///
/// ```swift
/// let list = HeadlessListView(viewportHeight: 20)
/// let adapter = try HeadlessListAdapter<String, Setting>(listView: list, cells: SettingCells.all)
/// adapter.onSelect = { setting, _ in opened.append(setting) }
/// await adapter.apply(settings.snapshot())
/// try list.tapItem(at: ItemPath(item: 2, section: 0))
/// ```
@MainActor
public final class HeadlessListAdapter<SectionID: Hashable & Sendable, Item: Identifiable & Sendable>: ListAdapter
where Item.ID: Sendable {
    /// The view driven.
    public let listView: HeadlessListView
    /// What the adapter is built on.
    public let core: ListAdapterCore<SectionID, Item, HeadlessPlatform>
    /// Your delegate: selection, deselection, display, swipe actions and context menus reach it
    /// after (or, for actions, instead of) the typed handlers, as the UIKit adapters pass
    /// `UITableViewDelegate` methods on. Held weakly. When it is a ``HeadlessListDataSource``
    /// too, it answers the data-source questions no Tabula declaration covers: titles of sections
    /// the snapshot gives none, and editing while `canDelete` and `canMove` are not set.
    ///
    /// An object set as the view's delegate instead (`listView.delegate = self`) is noticed at
    /// the adapter's next apply or cell request, reported as a `ListDiagnostic`, and made this
    /// delegate when none is set.
    public var delegate: (any HeadlessListDelegate)? {
        get { core.forwarding.object as? any HeadlessListDelegate }
        set { core.forwarding.set(newValue) }
    }

    /// What keeps the anchor still while the view lays rows out in points
    /// (`HeadlessListAdapter+Anchor.swift`).
    var anchoring = HeadlessAnchoring<SectionID, Item>()

    /// The app's object, for the data-source questions no Tabula declaration covers.
    private var fallback: (any HeadlessListDataSource)? { core.forwarding.object as? any HeadlessListDataSource }
    /// The VoiceOver cursor (`HeadlessListAdapter+Accessibility.swift`).
    var focus = HeadlessFocusState<SectionID, Item>()

    /// Creates an adapter, becomes `listView`'s data source and delegate, and registers every cell
    /// the configurators use.
    ///
    /// - Throws: `ConfigurationError` for conflicting registrations, naming both classes.
    // Inlinable, so that the core is made here, for your types: the path that configures a cell
    // again when an object it read changes is compiled for them (`ListAdapterCore`).
    @inlinable
    public convenience init(
        listView: HeadlessListView, cells: CellConfigurators<Item>,
        updateKind: @escaping @Sendable (Item, Item) -> UpdateKind?, differ: ListDriver<SectionID, Item>.Differ = .specialised
    ) throws {
        try self.init(listView: listView, core: ListAdapterCore(cells: cells, updateKind: updateKind, differ: differ))
    }

    /// Becomes `listView`'s data source and delegate with `core`, and registers every cell the
    /// configurators use.
    @usableFromInline
    init(listView: HeadlessListView, core: ListAdapterCore<SectionID, Item, HeadlessPlatform>) throws {
        self.listView = listView
        self.core = core
        try core.connect(to: self)
        reconnect()
    }

    /// The item at `path` on screen: the delegate side asks for the model and switches on it.
    public func item(at path: ItemPath) -> Item? { driver.snapshot.item(at: path) }

    /// The items whose cells are on screen, top to bottom.
    public var visibleItems: [Item] { listView.indexPathsForVisibleItems.compactMap(item(at:)) }

    /// The items selected now.
    public var selectedItems: [Item] { listView.indexPathsForSelectedItems.compactMap(item(at:)) }

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

    /// Deselects the item `id` without telling the delegate (as `deselectRow(at:animated:)`).
    ///
    /// - Throws: `SnapshotError.unknownItem` naming `id` when it is not shown.
    public func deselectItem(_ id: Item.ID) throws {
        listView.deselectItem(at: try existingItemPath(for: id))
    }

    // MARK: Supplementary views

    /// Registers header, footer and other supplementary views, each configured with its section:
    /// a `HeadlessSupplementaryView` subclass as it is; another class (a UIKit view) as the
    /// headless view's standard one, showing the configurator's `describe:` text.
    ///
    /// - Throws: `ConfigurationError` with `notACellClass` for a class the headless view cannot
    ///   hold and that has no `describe:`, or two classes under one identifier; nothing is
    ///   registered then.
    public func registerSupplementaryViews(_ configurators: [SupplementaryConfigurator<SectionID>]) throws {
        let problems = configurators.compactMap { configurator -> ConfigurationError.Problem? in
            configurator.viewType is HeadlessSupplementaryView.Type || configurator.describesSections
                ? nil : .notACellClass(configurator.viewTypeName, identifier: configurator.reuseIdentifier)
        }
        guard problems.isEmpty else { throw ConfigurationError(problems: problems) }
        for configurator in try core.adoptSupplementaryViews(configurators) {
            let viewClass = configurator.viewType as? HeadlessSupplementaryView.Type ?? HeadlessSupplementaryView.self
            listView.register(viewClass, forSupplementaryViewOfKind: configurator.kind.rawValue, withReuseIdentifier: configurator.reuseIdentifier)
        }
        if listView.hasLoadedData { reloadData() }
    }
}

// MARK: The view's data source

extension HeadlessListAdapter: HeadlessListDataSource {
    public func numberOfSections(in listView: HeadlessListView) -> Int { driver.snapshot.numberOfSections }

    public func listView(_ listView: HeadlessListView, numberOfItemsInSection section: Int) -> Int {
        driver.snapshot.numberOfItems(inSectionAt: section)
    }

    public func listView(_ listView: HeadlessListView, cellForItemAt path: ItemPath) throws -> HeadlessCell {
        try core.cell(at: path, in: listView, registrar: self) { try listView.dequeueReusableCell(withIdentifier: $0, for: path) }
    }

    public func listView(_ listView: HeadlessListView, titleForHeaderInSection section: Int) -> String? {
        core.title(.header, section: section) { fallback?.listView(listView, titleForHeaderInSection: section) }
    }

    public func listView(_ listView: HeadlessListView, titleForFooterInSection section: Int) -> String? {
        core.title(.footer, section: section) { fallback?.listView(listView, titleForFooterInSection: section) }
    }

    public func listView(_ listView: HeadlessListView, viewForSupplementaryElementOfKind kind: String, at section: Int) throws
        -> HeadlessSupplementaryView?
    {
        guard let (configurator, context) = core.supplementary(SupplementaryKind(rawValue: kind), section: section) else { return nil }
        let view = try listView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: configurator.reuseIdentifier, for: section)
        configurator.configure(view, for: context)
        return view
    }

    public func listView(_ listView: HeadlessListView, canEditItemAt path: ItemPath) -> Bool {
        core.canDelete(at: path) { fallback?.listView(listView, canEditItemAt: path) }
    }

    public func listView(_ listView: HeadlessListView, canMoveItemAt path: ItemPath) -> Bool {
        core.canMove(at: path) { fallback?.listView(listView, canMoveItemAt: path) }
    }

    public func listView(_ listView: HeadlessListView, commitDeleteOfItemAt path: ItemPath) throws {
        try core.commitDelete(at: path) { try fallback?.listView(listView, commitDeleteOfItemAt: path) }
    }

    public func listView(_ listView: HeadlessListView, moveItemAt source: ItemPath, to destination: ItemPath) throws {
        try core.moveItem(from: source, to: destination) { try fallback?.listView(listView, moveItemAt: source, to: destination) }
    }
}

// MARK: The view's delegate

extension HeadlessListAdapter: HeadlessListDelegate, HeadlessListPrefetching {
    public func listView(_ listView: HeadlessListView, didSelectItemAt path: ItemPath) {
        if core.didSelect(at: path, isEditing: listView.isEditing) { listView.deselectItem(at: path) }
        delegate?.listView(listView, didSelectItemAt: path)
    }

    public func listView(_ listView: HeadlessListView, didDeselectItemAt path: ItemPath) {
        core.didDeselect(at: path)
        delegate?.listView(listView, didDeselectItemAt: path)
    }

    public func listView(_ listView: HeadlessListView, willDisplay cell: HeadlessCell, forItemAt path: ItemPath) {
        core.willDisplay(at: path)
        delegate?.listView(listView, willDisplay: cell, forItemAt: path)
    }

    public func listView(_ listView: HeadlessListView, didEndDisplaying cell: HeadlessCell, forItemAt path: ItemPath) {
        core.didEndDisplaying(cell)
        delegate?.listView(listView, didEndDisplaying: cell, forItemAt: path)
    }

    public func listView(_ listView: HeadlessListView, swipeActionsForItemAt path: ItemPath, edge: HeadlessAction.Edge) -> [HeadlessAction]? {
        core.swipeActions(at: path, leading: edge == .leading) ?? delegate?.listView(listView, swipeActionsForItemAt: path, edge: edge)
    }

    public func listView(_ listView: HeadlessListView, contextMenuForItemAt path: ItemPath) -> [HeadlessAction]? {
        core.contextMenu(at: path) ?? delegate?.listView(listView, contextMenuForItemAt: path)
    }

    public func listView(_ listView: HeadlessListView, targetPathForMoveFrom source: ItemPath, proposed: ItemPath) -> ItemPath {
        driver.targetPathForMove(from: source, proposed: proposed)
    }

    public func listView(_ listView: HeadlessListView, prefetchItemsAt paths: [ItemPath]) { core.prefetch(at: paths) }

    public func listView(_ listView: HeadlessListView, cancelPrefetchingForItemsAt paths: [ItemPath]) { core.cancelPrefetching(at: paths) }
}

// MARK: Drag and drop

extension HeadlessListAdapter: HeadlessListDragDelegate {
    /// The identifiers of the items at `paths` that `canMove` allows.
    public func listView(_ listView: HeadlessListView, itemsForBeginningDragAt paths: [ItemPath]) -> [AnyHashable] {
        core.dragItems(at: paths).map(AnyHashable.init)
    }

    /// Moves the dragged items to `destination` as one `Reorder` and tells `onMove`.
    public func listView(_ listView: HeadlessListView, performDropOf items: [AnyHashable], at destination: ItemPath) throws {
        try core.drop(items.compactMap { $0.base as? Item.ID }, at: destination)
    }
}

// MARK: What the core asks of the view

extension HeadlessListAdapter: ListViewGlue {
    package var flavor: ListFlavor { listView.flavor }
    package var canAnimateUpdates: Bool { listView.hasLoadedData && listView.isInWindow }
    package func displayedItemCounts() -> [Int] { listView.itemCounts }

    package func reloadData() {
        let hold = anchorHold(shown: anchoring.shown)
        followFocus()
        do {
            try listView.reloadData()
        } catch {
            driver.report(ListDiagnostic(.viewRejectedBatch("\(error)")))
        }
        holdAnchor(hold)
    }

    package func performBatchUpdates(
        _ update: BatchUpdate, animated: Bool, updateData: () -> Void, completion: @escaping @MainActor () -> Void
    ) {
        let before = ReplacedSnapshot(driver.snapshot, before: update)
        let hold = anchorHold(shown: driver.snapshot)
        updateData()
        followFocus()
        do {
            try listView.performBatchUpdates(update, animated: animated)
        } catch {
            driver.report(ListDiagnostic(.viewRejectedBatch("\(error)")))
            try? listView.reloadData()
            completion()
            return
        }
        // As the UIKit adapters do after a batch: the views of sections whose count changed are
        // configured again (the view showed those with new titles already).
        let titled = Set(update.updatedSectionTitles)
        for section in core.sectionsToRefresh(after: update, before: before) where !titled.contains(section) {
            for (kind, view) in [(SupplementaryKind.header, listView.headerView(forSection: section)), (.footer, listView.footerView(forSection: section))] {
                guard let view, let (configurator, context) = core.supplementary(kind, section: section) else { continue }
                configurator.configure(view, for: context)
            }
        }
        holdAnchor(hold)
        completion()
    }

    package func reconnect() {
        listView.dataSource = nil
        listView.dataSource = self
        listView.delegate = nil
        listView.delegate = self
        listView.dragDelegate = self
        handlersDidChange()
    }

    package func handlersDidChange() { listView.prefetchDataSource = core.wantsPrefetching ? self : nil }

    package var connectedObjects: (dataSource: AnyObject?, delegate: AnyObject?)? { (listView.dataSource, listView.delegate) }

    package func adoptDelegate(_ object: AnyObject) -> Bool {
        guard let object = object as? any HeadlessListDelegate else { return false }
        delegate = object
        return true
    }

    package func visibleCell(at path: ItemPath) -> AnyObject? { listView.cellForItem(at: path) }

    /// Cells configured again in place, as an observed object changed: their rows are measured
    /// again, as a self-sizing UIKit cell's are.
    package func resizeRows(at paths: [ItemPath]) { listView.noteSizeChanged(ofItemsAt: paths) }

    /// Shows an item's place in its section snapshot in a collection view's cell, as Tabula's
    /// UIKit list cell does (tables show none).
    package func didConfigure(_ cell: AnyObject, at path: ItemPath) {
        guard let cell = cell as? HeadlessCell else { return }
        cell.outline = listView.flavor == .collection ? outline(ofItemAt: path) : nil
    }

    /// The outline state of the item at `path`. In a function of its own, never inlined: reading an
    /// item looks up `Optional<Item>`'s metadata at run time (this code is compiled for any item
    /// type), and a table's cell, which shows no outline, then does not pay for it.
    @inline(never)
    private func outline(ofItemAt path: ItemPath) -> OutlineState? {
        driver.snapshot.item(at: path).flatMap { outlineState(of: $0.id) }
    }

    package func hasRegistration(forReuseIdentifier identifier: String) -> Bool {
        listView.registration(forReuseIdentifier: identifier) != nil
    }

    package func nibCellTypeName(named name: String) -> String? { listView.resources.nib(named: name)?.cellClassName }

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

extension HeadlessListAdapter where Item: Equatable {
    /// Creates an adapter whose cells come from `cellProvider`, Apple's cell provider as a
    /// configurator: one `switch` over the item's kinds, each case the cell it gets (see
    /// `CellConfigurators.init(_:resolving:)`).
    ///
    /// ```swift
    /// let adapter = HeadlessListAdapter<String, SettingsRow>(listView: list) { row in
    ///     switch row {
    ///     case .airplaneMode: .content { _ in CellContent(text: "Airplane Mode", accessory: .toggle(isOn: false)) }
    ///     case .wifi: .content { _ in CellContent(text: "Wi-Fi", secondaryText: "Home") }
    ///     }
    /// }
    /// ```
    ///
    /// Never throws: each kind's cell is registered as it is first shown, and a conflict is then
    /// reported as a `ListDiagnostic`.
    @inlinable
    public convenience init(
        listView: HeadlessListView, differ: ListDriver<SectionID, Item>.Differ = .specialised,
        cellProvider: @escaping @Sendable (Item) -> CellConfigurator<Item>?
    ) {
        // Nothing is registered up front (each kind's cell is, as it is first shown, a conflict then
        // reported as a diagnostic), so nothing throws.
        try! self.init(listView: listView, cells: CellConfigurators(resolving: cellProvider), differ: differ)
    }
}
