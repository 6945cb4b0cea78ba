#if canImport(UIKit)
    import UIKit
    import Tabula

    /// Makes a `UITableView` show snapshots: its data source and delegate, driven by a
    /// ``ListDriver`` and ``CellConfigurators``.
    ///
    /// The view controller never names a cell class or implements `UITableViewDataSource`:
    ///
    /// ```swift
    /// let adapter = try TableViewAdapter<String, Country>(tableView: tableView, cells: CellConfigurators {
    ///     CellConfigurator.cell(CountryCell.self) { cell, country in cell.nameLabel.text = country.name }
    /// })
    /// adapter.onSelect = { [weak self] country, _ in self?.show(country) }
    /// let result = await adapter.apply(snapshot)   // .batchUpdates(animated: true), .reloaded(…), …
    /// ```
    ///
    /// Every stage of an update is checked against UIKit's rules before `performBatchUpdates`; the
    /// adapter never lets an inconsistent batch reach the table (it reloads and reports a
    /// `ListDiagnostic` instead).
    ///
    /// The table's delegate stays yours: set ``delegate`` and every `UITableViewDelegate` (and
    /// `UIScrollViewDelegate`) method the adapter does not implement reaches it: row heights,
    /// header views, scrolling. Of the ones it implements, selection, display, swipe actions and
    /// context menus go to the typed handlers (``onSelect``, ``onWillDisplay``,
    /// ``trailingSwipeActions``, ``contextMenu``) and, when a handler is not set or after it, to
    /// your delegate too. Keep the adapter in a stored property: the table holds it weakly.
    @MainActor
    public final class TableViewAdapter<SectionID: Hashable & Sendable, Item: Identifiable & Sendable>: NSObject,
        UITableViewDataSource, UITableViewDelegate, UITableViewDataSourcePrefetching, SelectableListAdapter, AdapterBackend
    where Item.ID: Sendable {
        /// The table view driven. Not retained.
        public private(set) weak var tableView: UITableView?
        /// The apply pipeline.
        public let driver: ListDriver<SectionID, Item>
        /// What the driver and the configurators reach this adapter through (kept: the driver holds
        /// its view weakly).
        private let bridge = AdapterBridge()
        /// The cell configurators.
        public let cells: CellConfigurators<Item>
        /// The animation for inserted and deleted rows.
        public var rowAnimation: UITableView.RowAnimation = .automatic
        /// Your table view delegate: it receives every delegate method the adapter does not
        /// implement (row heights, header views, scrolling…), and the ones it does, after its typed
        /// handlers. Held weakly.
        public weak var delegate: (any UITableViewDelegate)? {
            didSet {
                forwarding.target = delegate
                refreshDelegate()
            }
        }
        private nonisolated let forwarding = DelegateForwarding()
        /// Called when the user selects an item, with the item itself and its position (S3.3).
        public var onSelect: ((Item, ItemPath) -> Void)?
        /// Called when an item's cell is about to be shown (`tableView(_:willDisplay:forRowAt:)`):
        /// call ``PaginatedList/rowWillAppear(at:)`` from here.
        public var onWillDisplay: ((Item, ItemPath) -> Void)?
        /// Called with the items the table will soon show (`UITableViewDataSourcePrefetching`):
        /// start loading their images here.
        public var onPrefetch: (([Item]) -> Void)? {
            didSet { tableView?.prefetchDataSource = onPrefetch == nil && onCancelPrefetch == nil ? nil : self }
        }
        /// Called with the items whose prefetching is no longer needed.
        public var onCancelPrefetch: (([Item]) -> Void)? {
            didSet { tableView?.prefetchDataSource = onPrefetch == nil && onCancelPrefetch == nil ? nil : self }
        }
        /// Whether to deselect a row right after it was selected (default `true`).
        public var deselectsAfterSelection = true
        /// Whether the user may delete an item with swipe-to-delete or in editing mode.
        public var canDelete: (Item) -> Bool = { _ in false }
        /// Called after the user deleted an item, with the new snapshot (update your model here).
        public var onDelete: ((Item, Snapshot<SectionID, Item>) -> Void)?
        /// Whether the user may reorder an item in editing mode.
        public var canMove: (Item) -> Bool = { _ in false }
        /// Called after the user moved an item, with the new snapshot (update your model here).
        public var onMove: ((Item, Snapshot<SectionID, Item>) -> Void)?
        /// Trailing swipe actions declared next to the items they act on.
        public var trailingSwipeActions: ((Item, ItemPath) -> UISwipeActionsConfiguration?)?
        /// Leading swipe actions declared next to the items they act on.
        public var leadingSwipeActions: ((Item, ItemPath) -> UISwipeActionsConfiguration?)?
        /// Context menus declared next to the items they act on.
        public var contextMenu: ((Item, ItemPath) -> UIContextMenuConfiguration?)?
        /// Called for toggles of ``CellContent/Accessory/toggle(isOn:)`` switches in ``TabulaTableCell``s.
        public var onToggle: ((Item, Bool) -> Void)?

        /// The custom header and footer views (``registerSupplementaryViews(_:)``).
        public private(set) var supplementaryViews: [SupplementaryConfigurator<SectionID>] = []
        /// How each reuse identifier was registered: `nib 'Name'` (and the bundle it came from),
        /// `class Name`, or `Tabula content cell`. A nib named after the class wins over the class.
        public private(set) var registrations: [String: String] = [:]

        private var registered: [String: String] = [:]
        private var nibs: NibLookup
        private var hasLoaded = false

        /// Becomes `tableView`'s data source and delegate and registers every cell the configurators
        /// use (from a nib named after the class in `bundle` when one exists).
        ///
        /// - Throws: ``ConfigurationError`` for conflicting registrations, naming both classes.
        public init(
            tableView: UITableView, cells: CellConfigurators<Item>, bundle: Bundle = .main,
            updateKind: @escaping @Sendable (Item, Item) -> UpdateKind?, differ: ListDriver<SectionID, Item>.Differ = .specialised
        ) throws {
            self.tableView = tableView
            self.cells = cells
            self.nibs = NibLookup(bundle: bundle)
            self.driver = ListDriver(updateKind: updateKind, canReconfigure: cells.canReconfigure, differ: differ)
            super.init()
            try connect(through: bridge)
            tableView.dataSource = self
            tableView.delegate = self
        }

        /// The item at `indexPath`, or `nil`.
        public func item(at indexPath: IndexPath) -> Item? { driver.snapshot.item(at: indexPath.itemPath) }

        // MARK: Reading and commands by identity

        /// The index path of the item `id` on screen, or `nil` (Apple's `indexPath(for:)`).
        public func indexPath(for id: Item.ID) -> IndexPath? { itemPath(for: id).map(IndexPath.init) }

        /// The identifier of the item at `indexPath`, or `nil` (Apple's `itemIdentifier(for:)`).
        public func itemIdentifier(for indexPath: IndexPath) -> Item.ID? { itemIdentifier(at: indexPath.itemPath) }

        /// The items whose rows are visible, top to bottom.
        public var visibleItems: [Item] { (tableView?.indexPathsForVisibleRows ?? []).compactMap(item(at:)) }

        /// The items selected now.
        public var selectedItems: [Item] { (tableView?.indexPathsForSelectedRows ?? []).compactMap(item(at:)) }

        /// Scrolls to the item `id`.
        ///
        /// - Throws: `SnapshotError.unknownItem` naming `id` when it is not shown.
        public func scrollToItem(_ id: Item.ID, at position: UITableView.ScrollPosition = .top, animated: Bool = true) throws {
            tableView?.scrollToRow(at: IndexPath(try existingItemPath(for: id)), at: position, animated: animated)
        }

        /// Selects the item `id` (the delegate is not told, as with `selectRow(at:animated:scrollPosition:)`).
        ///
        /// - Throws: `SnapshotError.unknownItem` naming `id` when it is not shown.
        public func selectItem(_ id: Item.ID, animated: Bool = true, scrollPosition: UITableView.ScrollPosition = .none) throws {
            tableView?.selectRow(at: IndexPath(try existingItemPath(for: id)), animated: animated, scrollPosition: scrollPosition)
        }

        /// Deselects the item `id`.
        ///
        /// - Throws: `SnapshotError.unknownItem` naming `id` when it is not shown.
        public func deselectItem(_ id: Item.ID, animated: Bool = true) throws {
            tableView?.deselectRow(at: IndexPath(try existingItemPath(for: id)), animated: animated)
        }

        // MARK: Your delegate

        /// The table caches which delegate methods exist when its delegate is set: set it again.
        private func refreshDelegate() {
            guard let tableView, tableView.delegate === self else { return }
            tableView.delegate = nil
            tableView.delegate = self
        }

        /// Whether the adapter, or your ``delegate`` for the methods the adapter does not
        /// implement, answers `selector`.
        public nonisolated override func responds(to selector: Selector!) -> Bool {
            super.responds(to: selector) || forwarding.responds(to: selector)
        }

        /// Sends the delegate methods the adapter does not implement to your ``delegate``.
        public nonisolated override func forwardingTarget(for selector: Selector!) -> Any? {
            if !super.responds(to: selector), let target = forwarding.target, target.responds(to: selector) { return target }
            return super.forwardingTarget(for: selector)
        }

        // MARK: ListViewUpdating

        /// Which rules and wording apply (`ListViewUpdating`).
        package var flavor: ListFlavor { .table }

        /// Whether the view can animate now: it has loaded once and is in a window (`ListViewUpdating`).
        package var canAnimateUpdates: Bool { hasLoaded && tableView?.window != nil }

        /// The counts the view itself reports, which the driver compares with its snapshot (`ListViewUpdating`).
        package func displayedItemCounts() -> [Int] {
            guard let tableView else { return [] }
            return (0..<tableView.numberOfSections).map { tableView.numberOfRows(inSection: $0) }
        }

        /// Reloads the view from the snapshot (`ListViewUpdating`; the driver calls it).
        package func reloadData() {
            hasLoaded = true
            tableView?.reloadData()
        }

        /// Replays one stage of a changeset as one batch update (`ListViewUpdating`; the driver calls it).
        package func performBatchUpdates(
            _ update: BatchUpdate, animated: Bool, updateData: () -> Void, completion: @escaping @MainActor () -> Void
        ) {
            guard let tableView else {
                updateData()
                completion()
                return
            }
            let animation = animated ? rowAnimation : .none
            let before = driver.snapshot
            // UIKit runs the updates block synchronously, inside this call.
            withoutActuallyEscaping(updateData) { updateData in
            tableView.performBatchUpdates({
                updateData()
                if !update.deletedSections.isEmpty { tableView.deleteSections(IndexSet(update.deletedSections), with: animation) }
                if !update.insertedSections.isEmpty { tableView.insertSections(IndexSet(update.insertedSections), with: animation) }
                for move in update.movedSections { tableView.moveSection(move.from, toSection: move.to) }
                if !update.deletedItems.isEmpty { tableView.deleteRows(at: update.deletedItems.map(IndexPath.init), with: animation) }
                if !update.insertedItems.isEmpty { tableView.insertRows(at: update.insertedItems.map(IndexPath.init), with: animation) }
                for move in update.movedItems { tableView.moveRow(at: IndexPath(move.from), to: IndexPath(move.to)) }
                if !update.reloadedItems.isEmpty { tableView.reloadRows(at: update.reloadedItems.map(IndexPath.init), with: animation) }
                if !update.reconfiguredItems.isEmpty { tableView.reconfigureRows(at: update.reconfiguredItems.map(IndexPath.init)) }
            }, completion: { _ in
                self.refreshTitles(update.updatedSectionTitles, before: before)
                completion()
            })
            }
        }

        /// Updates the visible header and footer views of `sections` in place (a section reload
        /// inside the batch would conflict with its row updates). A title that appears or goes
        /// away changes the section's layout, which only a reload shows: those sections are
        /// reloaded after the batch, without animation.
        private func refreshTitles(_ sections: [Int], before: Snapshot<SectionID, Item>) {
            guard let tableView, !sections.isEmpty else { return }
            var reload = IndexSet()
            for section in sections {
                guard let context = driver.snapshot.sectionContext(at: section) else { continue }
                let old = before.section(context.id)
                let headerCameOrWent = (old?.header == nil) != (context.header == nil) && supplementaryViews.configurator(for: .header) == nil
                let footerCameOrWent = (old?.footer == nil) != (context.footer == nil) && supplementaryViews.configurator(for: .footer) == nil
                if headerCameOrWent || footerCameOrWent {
                    reload.insert(section)
                    continue
                }
                for (kind, view, title) in [
                    (SupplementaryKind.header, tableView.headerView(forSection: section), context.header),
                    (.footer, tableView.footerView(forSection: section), context.footer),
                ] {
                    guard let view else { continue }
                    if let configurator = supplementaryViews.configurator(for: kind) {
                        configurator.configure(view, for: context)
                    } else {
                        var configuration = view.defaultContentConfiguration()
                        configuration.text = title
                        view.contentConfiguration = configuration
                    }
                }
            }
            if !reload.isEmpty { tableView.reloadSections(reload, with: .none) }
        }

        // MARK: Header and footer views

        /// Registers custom header and footer views (`UITableViewHeaderFooterView` subclasses, from
        /// a nib named after the class in the adapter's bundle when one exists), each configured
        /// with its section; sections without a configurator of a kind show their titles.
        ///
        /// - Throws: ``ConfigurationError`` for a class that is not a header-footer view, a nib
        ///   whose view is of another class, or a kind a table does not have; nothing is
        ///   registered then.
        public func registerSupplementaryViews(_ configurators: [SupplementaryConfigurator<SectionID>]) throws {
            let plan = try nibs.supplementaryPlan(configurators, kinds: [.header, .footer]) { $0 is UITableViewHeaderFooterView.Type }
            for (configurator, fromNib) in plan {
                if fromNib {
                    tableView?.register(UINib(nibName: configurator.viewTypeName, bundle: nibs.bundle), forHeaderFooterViewReuseIdentifier: configurator.reuseIdentifier)
                    registrations[configurator.reuseIdentifier] = "nib '\(configurator.viewTypeName)' in \(nibs.bundle.bundlePath)"
                } else if let viewClass = configurator.viewType as? UITableViewHeaderFooterView.Type {
                    tableView?.register(viewClass, forHeaderFooterViewReuseIdentifier: configurator.reuseIdentifier)
                    registrations[configurator.reuseIdentifier] = "class \(configurator.viewTypeName)"
                }
            }
            supplementaryViews = configurators
            if hasLoaded { tableView?.reloadData() }
        }

        private func supplementaryView(_ kind: SupplementaryKind, forSection section: Int) -> UIView? {
            guard let tableView, let configurator = supplementaryViews.configurator(for: kind),
                let context = driver.snapshot.sectionContext(at: section),
                let view = tableView.dequeueReusableHeaderFooterView(withIdentifier: configurator.reuseIdentifier)
            else { return nil }
            configurator.configure(view, for: context)
            return view
        }

        /// The section's custom header view, or else your ``delegate``'s, or else none (the title shows).
        public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
            supplementaryView(.header, forSection: section) ?? delegate?.tableView?(tableView, viewForHeaderInSection: section)
        }

        /// The section's custom footer view, or else your ``delegate``'s, or else none (the title shows).
        public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? {
            supplementaryView(.footer, forSection: section) ?? delegate?.tableView?(tableView, viewForFooterInSection: section)
        }

        // MARK: CellRegistrar

        /// The class this adapter registered under `identifier` (`CellRegistrar`).
        package func registeredCellTypeName(forReuseIdentifier identifier: String) -> String? { registered[identifier] }

        /// The cell class of the nib named `name` in the adapter's bundle, if there is one (`CellRegistrar`).
        package func nibCellTypeName(named name: String) -> String? { nibs.cellClassName(inNibNamed: name) }

        /// Registers the nib `name` under `identifier` (`CellRegistrar`).
        package func registerNib(named name: String, forReuseIdentifier identifier: String) {
            tableView?.register(UINib(nibName: name, bundle: nibs.bundle), forCellReuseIdentifier: identifier)
            registered[identifier] = name
            registrations[identifier] = "nib '\(name)' in \(nibs.bundle.bundlePath)"
        }

        /// Registers `cellType` under `identifier`; `false` when it is not this view's cell class (`CellRegistrar`).
        package func registerClass(_ cellType: AnyObject.Type, forReuseIdentifier identifier: String) -> Bool {
            guard let cellClass = cellType as? UITableViewCell.Type else { return false }
            tableView?.register(cellClass, forCellReuseIdentifier: identifier)
            registered[identifier] = String(describing: cellClass)
            registrations[identifier] = "class \(cellClass)"
            return true
        }

        /// Registers Tabula's standard content cell under `identifier` (`CellRegistrar`).
        package func registerContentCell(forReuseIdentifier identifier: String) {
            tableView?.register(TabulaTableCell.self, forCellReuseIdentifier: identifier)
            registered[identifier] = "ContentCell"
            registrations[identifier] = "Tabula content cell"
        }

        // MARK: UITableViewDataSource

        /// The snapshot's number of sections.
        public func numberOfSections(in tableView: UITableView) -> Int {
            hasLoaded = true
            return driver.snapshot.numberOfSections
        }

        /// The number of items of the snapshot's section, 0 for a section it does not have.
        public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            driver.snapshot.numberOfItems(inSection: section)
        }

        /// The configured cell of the item at `indexPath` (a placeholder and a diagnostic for an item no configurator takes).
        public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            // The count methods answer from the same snapshot, so the item exists. An item no
            // configurator takes (a live source skips `apply`'s check) gets a placeholder and a
            // diagnostic, never a trap.
            guard let item = driver.snapshot.item(at: indexPath.itemPath) else { return UITableViewCell() }
            let cell = cells.cell(
                for: item, at: indexPath.itemPath, itemsInSection: driver.snapshot.numberOfItems(inSection: indexPath.section), registrar: bridge, view: tableView,
                report: driver.report
            ) { tableView.dequeueReusableCell(withIdentifier: $0, for: indexPath) }
            if let contentCell = cell as? TabulaTableCell, let onToggle {
                contentCell.onToggle = { isOn in onToggle(item, isOn) }
            }
            return cell
        }

        /// The section's header title.
        public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
            driver.snapshot.section(at: section)?.header
        }

        /// The section's footer title.
        public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
            driver.snapshot.section(at: section)?.footer
        }

        /// Whether the row can be edited: deleted (`canDelete`) or reordered (`canMove`).
        public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
            item(at: indexPath).map { canDelete($0) || canMove($0) } ?? false
        }

        /// Whether the row can be reordered: `canMove` for its item.
        public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
            item(at: indexPath).map(canMove) ?? false
        }

        /// Deletes the item from the newest snapshot (keeping live updates that wait) and tells `onDelete`.
        public func tableView(
            _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
        ) {
            guard editingStyle == .delete, let item = item(at: indexPath) else { return }
            // On top of the newest state: a live update still waiting is kept. An item the newest
            // state no longer has is already on its way out.
            guard let next = try? driver.applyEdit({ try $0.deleteItems([item.id]) }) else { return }
            onDelete?(item, next)
        }

        /// Records an interactive move in the snapshot, so the driver and the table agree, and tells `onMove`.
        public func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
            guard let item = item(at: sourceIndexPath),
                let next = try? driver.acknowledgeMove(from: sourceIndexPath.itemPath, to: destinationIndexPath.itemPath)
            else { return }
            onMove?(item, next)
        }

        // MARK: UITableViewDelegate

        /// Deselects the row (when `deselectsAfterSelection`), hands the selected item to
        /// `onSelect`, then tells your ``delegate``.
        public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            if deselectsAfterSelection { tableView.deselectRow(at: indexPath, animated: true) }
            if let item = item(at: indexPath) { onSelect?(item, indexPath.itemPath) }
            delegate?.tableView?(tableView, didSelectRowAt: indexPath)
        }

        /// Hands the item about to be shown to `onWillDisplay`, then tells your ``delegate``.
        public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
            if let item = item(at: indexPath) { onWillDisplay?(item, indexPath.itemPath) }
            delegate?.tableView?(tableView, willDisplay: cell, forRowAt: indexPath)
        }

        /// Delete for items that `canDelete`, nothing for the others (which may still be reordered).
        public func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
            if let style = delegate?.tableView?(tableView, editingStyleForRowAt: indexPath) { return style }
            return item(at: indexPath).map(canDelete) == true ? .delete : .none
        }

        /// Rows that cannot be deleted are not indented in editing mode.
        public func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool {
            if let indent = delegate?.tableView?(tableView, shouldIndentWhileEditingRowAt: indexPath) { return indent }
            return item(at: indexPath).map(canDelete) == true
        }

        /// The swipe actions `trailingSwipeActions` builds for the item, or else your ``delegate``'s.
        public func tableView(
            _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
        ) -> UISwipeActionsConfiguration? {
            if let item = item(at: indexPath), let trailingSwipeActions { return trailingSwipeActions(item, indexPath.itemPath) }
            return delegate?.tableView?(tableView, trailingSwipeActionsConfigurationForRowAt: indexPath)
        }

        /// The swipe actions `leadingSwipeActions` builds for the item, or else your ``delegate``'s.
        public func tableView(
            _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
        ) -> UISwipeActionsConfiguration? {
            if let item = item(at: indexPath), let leadingSwipeActions { return leadingSwipeActions(item, indexPath.itemPath) }
            return delegate?.tableView?(tableView, leadingSwipeActionsConfigurationForRowAt: indexPath)
        }

        /// The context menu `contextMenu` builds for the item, or else your ``delegate``'s.
        public func tableView(
            _ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: CGPoint
        ) -> UIContextMenuConfiguration? {
            if let item = item(at: indexPath), let contextMenu { return contextMenu(item, indexPath.itemPath) }
            return delegate?.tableView?(tableView, contextMenuConfigurationForRowAt: indexPath, point: point)
        }

        // MARK: UITableViewDataSourcePrefetching

        /// Hands the items at `indexPaths` to `onPrefetch`.
        public func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
            onPrefetch?(indexPaths.compactMap(item(at:)))
        }

        /// Hands the items at `indexPaths` to `onCancelPrefetch`.
        public func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
            onCancelPrefetch?(indexPaths.compactMap(item(at:)))
        }
    }

    extension TableViewAdapter where Item: Equatable {
        /// Creates an adapter that compares content with `==` and picks the cheapest correct update
        /// of a changed item: `reconfigure` when it keeps its cell class, reload when the class
        /// changes (``CellConfigurators/cheapestUpdate``).
        // Inlinable, so that the `==` the diff runs for every matched item is specialised for
        // your item type.
        @inlinable
        public convenience init(
            tableView: UITableView, cells: CellConfigurators<Item>, bundle: Bundle = .main,
            differ: ListDriver<SectionID, Item>.Differ = .specialised
        ) throws {
            try self.init(tableView: tableView, cells: cells, bundle: bundle, updateKind: cells.cheapestUpdate, differ: differ)
            driver._comparesWithEquality(updates: .reconfigure)  // the same classification, with `==` inline
        }
    }
#endif
