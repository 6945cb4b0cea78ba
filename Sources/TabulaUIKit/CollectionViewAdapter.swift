#if canImport(UIKit)
    import UIKit
    import Tabula

    /// Makes a `UICollectionView` show snapshots, with the same configurators and pipeline as
    /// ``TableViewAdapter`` (SPEC S4.3: one provider in a table and a collection).
    ///
    /// Section titles are shown in ``TabulaTitleView`` supplementary views of kind
    /// `UICollectionView.elementKindSectionHeader` and `…Footer`; give the layout header and footer
    /// sizes (or use a list layout with `headerMode = .supplementary`) to see them.
    ///
    /// The collection's delegate stays yours: set ``delegate`` and every `UICollectionViewDelegate`,
    /// `UICollectionViewDelegateFlowLayout` and `UIScrollViewDelegate` method the adapter does not
    /// implement (item sizes, insets, scrolling) reaches it; selection and display go to the typed
    /// handlers and then to your delegate. Keep the adapter in a stored property: the collection
    /// view holds it weakly.
    @MainActor
    public final class CollectionViewAdapter<SectionID: Hashable & Sendable, Item: Identifiable & Sendable>: NSObject,
        UICollectionViewDataSource, UICollectionViewDelegate, UICollectionViewDataSourcePrefetching, SelectableListAdapter, AdapterBackend
    where Item.ID: Sendable {
        /// The collection view driven. Not retained.
        public private(set) weak var collectionView: UICollectionView?
        /// The apply pipeline.
        public let driver: ListDriver<SectionID, Item>
        /// What the driver and the configurators reach this adapter through (kept: the driver holds
        /// its view weakly).
        private let bridge = AdapterBridge()
        /// The cell configurators.
        public let cells: CellConfigurators<Item>
        /// Your collection view delegate (and flow layout delegate): it receives every method the
        /// adapter does not implement, and the ones it does, after its typed handlers. Held weakly.
        public weak var delegate: (any UICollectionViewDelegate)? {
            didSet {
                forwarding.target = delegate
                guard let collectionView, collectionView.delegate === self else { return }
                collectionView.delegate = nil
                collectionView.delegate = self
            }
        }
        private nonisolated let forwarding = DelegateForwarding()
        /// Called when the user selects an item, with the item itself and its position.
        public var onSelect: ((Item, ItemPath) -> Void)?
        /// Called when an item's cell is about to be shown: call `PaginatedList.rowWillAppear(at:)`
        /// from here.
        public var onWillDisplay: ((Item, ItemPath) -> Void)?
        /// Context menus declared next to the items they act on.
        public var contextMenu: ((Item, ItemPath) -> UIContextMenuConfiguration?)?
        /// Whether the user may reorder an item (interactive movement). Default: no.
        public var canMove: (Item) -> Bool = { _ in false }
        /// Called after the user moved an item, with the new snapshot (update your model here).
        public var onMove: ((Item, Snapshot<SectionID, Item>) -> Void)?
        /// Called after ``deleteItem(_:)`` deleted an item, with the new snapshot.
        public var onDelete: ((Item, Snapshot<SectionID, Item>) -> Void)?
        /// Trailing swipe actions of list layouts; see ``trailingSwipeActionsProvider``.
        public var trailingSwipeActions: ((Item, ItemPath) -> UISwipeActionsConfiguration?)?
        /// Leading swipe actions of list layouts; see ``leadingSwipeActionsProvider``.
        public var leadingSwipeActions: ((Item, ItemPath) -> UISwipeActionsConfiguration?)?
        /// Called for toggles of `CellContent.Accessory.toggle(isOn:)` switches in ``TabulaCollectionCell``s.
        public var onToggle: ((Item, Bool) -> Void)?
        /// Called with the items the collection will soon show: start loading their images here.
        public var onPrefetch: (([Item]) -> Void)? {
            didSet { collectionView?.prefetchDataSource = onPrefetch == nil && onCancelPrefetch == nil ? nil : self }
        }
        /// Called with the items whose prefetching is no longer needed.
        public var onCancelPrefetch: (([Item]) -> Void)? {
            didSet { collectionView?.prefetchDataSource = onPrefetch == nil && onCancelPrefetch == nil ? nil : self }
        }

        /// The supplementary views (``registerSupplementaryViews(_:)``).
        public private(set) var supplementaryViews: [SupplementaryConfigurator<SectionID>] = []
        /// How each reuse identifier was registered: `nib 'Name'` (and the bundle it came from),
        /// `class Name`, or `Tabula content cell`. A nib named after the class wins over the class.
        public private(set) var registrations: [String: String] = [:]

        private static var titleViewIdentifier: String { "TabulaTitleView" }
        private var titleViewKinds: Set<String> = []
        private var registered: [String: String] = [:]
        private var nibs: NibLookup
        private var hasLoaded = false

        /// Becomes `collectionView`'s data source and delegate and registers every cell the
        /// configurators use, and the title views.
        ///
        /// - Throws: ``ConfigurationError`` for conflicting registrations.
        public init(
            collectionView: UICollectionView, cells: CellConfigurators<Item>, bundle: Bundle = .main,
            updateKind: @escaping @Sendable (Item, Item) -> UpdateKind?, differ: ListDriver<SectionID, Item>.Differ = .specialised
        ) throws {
            self.collectionView = collectionView
            self.cells = cells
            self.nibs = NibLookup(bundle: bundle)
            self.driver = ListDriver(updateKind: updateKind, canReconfigure: cells.canReconfigure, differ: differ)
            super.init()
            try connect(through: bridge)
            for kind in [UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter] {
                collectionView.register(TabulaTitleView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: Self.titleViewIdentifier)
                titleViewKinds.insert(kind)
            }
            collectionView.dataSource = self
            collectionView.delegate = self
        }

        /// The item at `indexPath`, or `nil`.
        public func item(at indexPath: IndexPath) -> Item? { driver.snapshot.item(at: indexPath.itemPath) }

        /// For `UICollectionLayoutListConfiguration.trailingSwipeActionsConfigurationProvider`:
        /// the actions ``trailingSwipeActions`` builds for the item at an index path.
        public var trailingSwipeActionsProvider: (IndexPath) -> UISwipeActionsConfiguration? {
            { [weak self] indexPath in
                guard let self, let item = self.item(at: indexPath) else { return nil }
                return self.trailingSwipeActions?(item, indexPath.itemPath)
            }
        }

        /// For `UICollectionLayoutListConfiguration.leadingSwipeActionsConfigurationProvider`.
        public var leadingSwipeActionsProvider: (IndexPath) -> UISwipeActionsConfiguration? {
            { [weak self] indexPath in
                guard let self, let item = self.item(at: indexPath) else { return nil }
                return self.leadingSwipeActions?(item, indexPath.itemPath)
            }
        }

        /// Deletes the item `id` on top of the newest snapshot (a live update that waits is kept),
        /// animated, and tells ``onDelete``: what a swipe action's handler calls.
        ///
        /// - Throws: `SnapshotError.unknownItem` naming `id` when the newest snapshot lacks it.
        public func deleteItem(_ id: Item.ID) throws {
            guard let item = driver.latestSnapshot[id] else { throw SnapshotError<SectionID, Item.ID>.unknownItem(id) }
            let next = try driver.applyEdit { try $0.deleteItems([id]) }
            onDelete?(item, next)
        }

        // MARK: Reading and commands by identity

        /// The index path of the item `id` on screen, or `nil` (Apple's `indexPath(for:)`).
        public func indexPath(for id: Item.ID) -> IndexPath? { itemPath(for: id).map(IndexPath.init) }

        /// The identifier of the item at `indexPath`, or `nil` (Apple's `itemIdentifier(for:)`).
        public func itemIdentifier(for indexPath: IndexPath) -> Item.ID? { itemIdentifier(at: indexPath.itemPath) }

        /// The items whose cells are visible.
        public var visibleItems: [Item] { (collectionView?.indexPathsForVisibleItems ?? []).sorted().compactMap(item(at:)) }

        /// The items selected now.
        public var selectedItems: [Item] { (collectionView?.indexPathsForSelectedItems ?? []).sorted().compactMap(item(at:)) }

        /// Scrolls to the item `id`.
        ///
        /// - Throws: `SnapshotError.unknownItem` naming `id` when it is not shown.
        public func scrollToItem(_ id: Item.ID, at position: UICollectionView.ScrollPosition = .top, animated: Bool = true) throws {
            collectionView?.scrollToItem(at: IndexPath(try existingItemPath(for: id)), at: position, animated: animated)
        }

        /// Selects the item `id` (the delegate is not told).
        ///
        /// - Throws: `SnapshotError.unknownItem` naming `id` when it is not shown.
        public func selectItem(_ id: Item.ID, animated: Bool = true, scrollPosition: UICollectionView.ScrollPosition = []) throws {
            collectionView?.selectItem(at: IndexPath(try existingItemPath(for: id)), animated: animated, scrollPosition: scrollPosition)
        }

        /// Deselects the item `id`.
        ///
        /// - Throws: `SnapshotError.unknownItem` naming `id` when it is not shown.
        public func deselectItem(_ id: Item.ID, animated: Bool = true) throws {
            collectionView?.deselectItem(at: IndexPath(try existingItemPath(for: id)), animated: animated)
        }

        // MARK: Your delegate

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
        package var flavor: ListFlavor { .collection }
        /// Whether the view can animate now: it has loaded once and is in a window (`ListViewUpdating`).
        package var canAnimateUpdates: Bool { hasLoaded && collectionView?.window != nil }

        /// The counts the view itself reports, which the driver compares with its snapshot (`ListViewUpdating`).
        package func displayedItemCounts() -> [Int] {
            guard let collectionView else { return [] }
            return (0..<collectionView.numberOfSections).map { collectionView.numberOfItems(inSection: $0) }
        }

        /// Reloads the view from the snapshot (`ListViewUpdating`; the driver calls it).
        package func reloadData() {
            hasLoaded = true
            collectionView?.reloadData()
        }

        /// Replays one stage of a changeset as one batch update (`ListViewUpdating`; the driver calls it).
        package func performBatchUpdates(
            _ update: BatchUpdate, animated: Bool, updateData: () -> Void, completion: @escaping @MainActor () -> Void
        ) {
            guard let collectionView else {
                updateData()
                completion()
                return
            }
            // UIKit runs the updates block synchronously, inside this call.
            withoutActuallyEscaping(updateData) { updateData in
            let body = {
                collectionView.performBatchUpdates({
                    updateData()
                    if !update.deletedSections.isEmpty { collectionView.deleteSections(IndexSet(update.deletedSections)) }
                    if !update.insertedSections.isEmpty { collectionView.insertSections(IndexSet(update.insertedSections)) }
                    for move in update.movedSections { collectionView.moveSection(move.from, toSection: move.to) }
                    if !update.deletedItems.isEmpty { collectionView.deleteItems(at: update.deletedItems.map(IndexPath.init)) }
                    if !update.insertedItems.isEmpty { collectionView.insertItems(at: update.insertedItems.map(IndexPath.init)) }
                    for move in update.movedItems { collectionView.moveItem(at: IndexPath(move.from), to: IndexPath(move.to)) }
                    if !update.reloadedItems.isEmpty { collectionView.reloadItems(at: update.reloadedItems.map(IndexPath.init)) }
                    if !update.reconfiguredItems.isEmpty { collectionView.reconfigureItems(at: update.reconfiguredItems.map(IndexPath.init)) }
                }, completion: { _ in
                    for section in update.updatedSectionTitles { self.refreshTitles(ofSection: section) }
                    completion()
                })
            }
            if animated { body() } else { UIView.performWithoutAnimation(body) }
            }
        }

        /// Configures the visible supplementary views of `section` again (its titles changed): a
        /// configurator's views with the section, title views with the new title.
        private func refreshTitles(ofSection section: Int) {
            guard let collectionView, let context = driver.snapshot.sectionContext(at: section) else { return }
            let path = IndexPath(item: 0, section: section)
            for kind in Set(supplementaryViews.map(\.kind.rawValue)).union(titleViewKinds) {
                guard let view = collectionView.supplementaryView(forElementKind: kind, at: path) else { continue }
                if let configurator = supplementaryViews.configurator(for: SupplementaryKind(rawValue: kind)) {
                    configurator.configure(view, for: context)
                } else if let titleView = view as? TabulaTitleView {
                    titleView.label.text = kind == UICollectionView.elementKindSectionHeader ? context.header
                        : kind == UICollectionView.elementKindSectionFooter ? context.footer : nil
                }
            }
        }

        // MARK: CellRegistrar

        /// The class this adapter registered under `identifier` (`CellRegistrar`).
        package func registeredCellTypeName(forReuseIdentifier identifier: String) -> String? { registered[identifier] }

        /// The cell class of the nib named `name` in the adapter's bundle, if there is one (`CellRegistrar`).
        package func nibCellTypeName(named name: String) -> String? { nibs.cellClassName(inNibNamed: name) }

        /// Registers the nib `name` under `identifier` (`CellRegistrar`).
        package func registerNib(named name: String, forReuseIdentifier identifier: String) {
            collectionView?.register(UINib(nibName: name, bundle: nibs.bundle), forCellWithReuseIdentifier: identifier)
            registered[identifier] = name
            registrations[identifier] = "nib '\(name)' in \(nibs.bundle.bundlePath)"
        }

        /// Registers `cellType` under `identifier`; `false` when it is not this view's cell class (`CellRegistrar`).
        package func registerClass(_ cellType: AnyObject.Type, forReuseIdentifier identifier: String) -> Bool {
            guard let cellClass = cellType as? UICollectionViewCell.Type else { return false }
            collectionView?.register(cellClass, forCellWithReuseIdentifier: identifier)
            registered[identifier] = String(describing: cellClass)
            registrations[identifier] = "class \(cellClass)"
            return true
        }

        /// Registers Tabula's standard content cell under `identifier` (`CellRegistrar`).
        package func registerContentCell(forReuseIdentifier identifier: String) {
            collectionView?.register(TabulaCollectionCell.self, forCellWithReuseIdentifier: identifier)
            registered[identifier] = "ContentCell"
            registrations[identifier] = "Tabula content cell"
        }

        // MARK: UICollectionViewDataSource

        /// The snapshot's number of sections.
        public func numberOfSections(in collectionView: UICollectionView) -> Int {
            hasLoaded = true
            return driver.snapshot.numberOfSections
        }

        /// The number of items of the snapshot's section, 0 for a section it does not have.
        public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            driver.snapshot.numberOfItems(inSection: section)
        }

        /// The configured cell of the item at `indexPath` (a placeholder and a diagnostic for an item no configurator takes).
        public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            // An item no configurator takes (a live source skips `apply`'s check), or a path the
            // snapshot lacks, gets the registered placeholder and a diagnostic, never a trap.
            guard let item = driver.snapshot.item(at: indexPath.itemPath) else {
                driver.report(ListDiagnostic(.noConfigurator(item: "nothing", at: indexPath.itemPath)))
                return collectionView.dequeueReusableCell(withReuseIdentifier: CellConfigurators<Item>.placeholderReuseIdentifier, for: indexPath)
            }
            let cell = cells.cell(
                for: item, at: indexPath.itemPath, itemsInSection: driver.snapshot.numberOfItems(inSection: indexPath.section), registrar: bridge, view: collectionView,
                report: driver.report
            ) { collectionView.dequeueReusableCell(withReuseIdentifier: $0, for: indexPath) }
            if let contentCell = cell as? TabulaCollectionCell {
                contentCell.onToggle = onToggle.map { onToggle in { isOn in onToggle(item, isOn) } }
            }
            return cell
        }

        /// Whether the item can be reordered: `canMove` for it.
        public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
            item(at: indexPath).map(canMove) ?? false
        }

        /// Records an interactive move in the snapshot, so the driver and the view agree, and tells `onMove`.
        public func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
            guard let item = item(at: sourceIndexPath),
                let next = try? driver.acknowledgeMove(from: sourceIndexPath.itemPath, to: destinationIndexPath.itemPath)
            else { return }
            onMove?(item, next)
        }

        /// The supplementary view of `kind` for the section: its configurator's view, or else for
        /// headers and footers a ``TabulaTitleView`` with the section's title. A kind the layout
        /// asks for and nobody configured gets an empty title view and a diagnostic.
        public func collectionView(
            _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
        ) -> UICollectionReusableView {
            let context = driver.snapshot.sectionContext(at: indexPath.section)
            if let configurator = supplementaryViews.configurator(for: SupplementaryKind(rawValue: kind)), let context {
                let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: configurator.reuseIdentifier, for: indexPath)
                configurator.configure(view, for: context)
                return view
            }
            if !titleViewKinds.contains(kind) {
                collectionView.register(TabulaTitleView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: Self.titleViewIdentifier)
                titleViewKinds.insert(kind)
                driver.report(ListDiagnostic(.configuration("no supplementary view is configured for kind '\(kind)', which the layout asks for")))
            }
            let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: Self.titleViewIdentifier, for: indexPath)
            let title: String?
            switch kind {
            case UICollectionView.elementKindSectionHeader: title = context?.header
            case UICollectionView.elementKindSectionFooter: title = context?.footer
            default: title = nil
            }
            (view as? TabulaTitleView)?.label.text = title
            return view
        }

        /// Registers supplementary views (`UICollectionReusableView` subclasses, from a nib named
        /// after the class in the adapter's bundle when one exists) for their kinds, each
        /// configured with its section. Headers and footers without a configurator show their
        /// section's title in a ``TabulaTitleView``.
        ///
        /// - Throws: ``ConfigurationError`` for a class that is not a reusable view, or a nib whose
        ///   view is of another class; nothing is registered then.
        public func registerSupplementaryViews(_ configurators: [SupplementaryConfigurator<SectionID>]) throws {
            let plan = try nibs.supplementaryPlan(configurators) { $0 is UICollectionReusableView.Type }
            for (configurator, fromNib) in plan {
                let kind = configurator.kind.rawValue
                if fromNib {
                    collectionView?.register(
                        UINib(nibName: configurator.viewTypeName, bundle: nibs.bundle), forSupplementaryViewOfKind: kind,
                        withReuseIdentifier: configurator.reuseIdentifier)
                    registrations[configurator.reuseIdentifier] = "nib '\(configurator.viewTypeName)' in \(nibs.bundle.bundlePath)"
                } else if let viewClass = configurator.viewType as? UICollectionReusableView.Type {
                    collectionView?.register(viewClass, forSupplementaryViewOfKind: kind, withReuseIdentifier: configurator.reuseIdentifier)
                    registrations[configurator.reuseIdentifier] = "class \(configurator.viewTypeName)"
                }
            }
            supplementaryViews = configurators
            if hasLoaded { collectionView?.reloadData() }
        }

        // MARK: UICollectionViewDelegate

        /// Hands the selected item to `onSelect`, then tells your ``delegate``.
        public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            if let item = item(at: indexPath) { onSelect?(item, indexPath.itemPath) }
            delegate?.collectionView?(collectionView, didSelectItemAt: indexPath)
        }

        /// Hands the item about to be shown to `onWillDisplay`, then tells your ``delegate``.
        public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
            if let item = item(at: indexPath) { onWillDisplay?(item, indexPath.itemPath) }
            delegate?.collectionView?(collectionView, willDisplay: cell, forItemAt: indexPath)
        }

        /// The context menu `contextMenu` builds for the item, or else your ``delegate``'s.
        public func collectionView(
            _ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath, point: CGPoint
        ) -> UIContextMenuConfiguration? {
            if let item = item(at: indexPath), let contextMenu { return contextMenu(item, indexPath.itemPath) }
            return delegate?.collectionView?(collectionView, contextMenuConfigurationForItemAt: indexPath, point: point)
        }

        // MARK: UICollectionViewDataSourcePrefetching

        /// Hands the items at `indexPaths` to `onPrefetch`.
        public func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
            onPrefetch?(indexPaths.compactMap(item(at:)))
        }

        /// Hands the items at `indexPaths` to `onCancelPrefetch`.
        public func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
            onCancelPrefetch?(indexPaths.compactMap(item(at:)))
        }
    }

    extension CollectionViewAdapter where Item: Equatable {
        /// Creates an adapter that compares content with `==` and picks the cheapest correct update
        /// of a changed item: `reconfigure` when it keeps its cell class, reload when the class
        /// changes (``CellConfigurators/cheapestUpdate``).
        // Inlinable, so that the `==` the diff runs for every matched item is specialised for
        // your item type.
        @inlinable
        public convenience init(
            collectionView: UICollectionView, cells: CellConfigurators<Item>, bundle: Bundle = .main,
            differ: ListDriver<SectionID, Item>.Differ = .specialised
        ) throws {
            try self.init(collectionView: collectionView, cells: cells, bundle: bundle, updateKind: cells.cheapestUpdate, differ: differ)
            driver._comparesWithEquality(updates: .reconfigure)  // the same classification, with `==` inline
        }
    }
#endif
