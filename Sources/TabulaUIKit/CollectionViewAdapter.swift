#if canImport(UIKit)
    import UIKit
    import Tabula

    /// Makes a `UICollectionView` show snapshots, with the same configurators and pipeline as
    /// ``TableViewAdapter`` (SPEC S4.3: one provider in a table and a collection).
    ///
    /// Section titles are shown in ``TabulaTitleView`` supplementary views of kind
    /// `UICollectionView.elementKindSectionHeader` and `…Footer`; give the layout header and footer
    /// sizes (or use a list layout with `headerMode = .supplementary`) to see them.
    @MainActor
    public final class CollectionViewAdapter<SectionID: Hashable & Sendable, Item: Identifiable & Sendable>: NSObject,
        UICollectionViewDataSource, UICollectionViewDelegate, ListAdapter
    where Item.ID: Sendable {
        /// The collection view driven. Not retained.
        public private(set) weak var collectionView: UICollectionView?
        /// The apply pipeline.
        public let driver: ListDriver<SectionID, Item>
        /// The cell configurators.
        public let cells: CellConfigurators<Item>
        /// Called when the user selects an item, with the item itself.
        public var onSelect: ((Item, IndexPath) -> Void)?
        /// Context menus declared next to the items they act on.
        public var contextMenu: ((Item, IndexPath) -> UIContextMenuConfiguration?)?

        private static var titleViewIdentifier: String { "TabulaTitleView" }
        private var registered: [String: String] = [:]
        private var nibs: NibLookup
        private var hasLoaded = false

        /// Becomes `collectionView`'s data source and delegate and registers every cell the
        /// configurators use, and the title views.
        ///
        /// - Throws: ``ConfigurationError`` for conflicting registrations.
        public init(
            collectionView: UICollectionView, cells: CellConfigurators<Item>, bundle: Bundle = .main,
            updateKind: @escaping @Sendable (Item, Item) -> UpdateKind?
        ) throws {
            self.collectionView = collectionView
            self.cells = cells
            self.nibs = NibLookup(bundle: bundle)
            self.driver = ListDriver(updateKind: updateKind, canReconfigure: cells.canReconfigure)
            super.init()
            try connect()
            for kind in [UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter] {
                collectionView.register(TabulaTitleView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: Self.titleViewIdentifier)
            }
            collectionView.dataSource = self
            collectionView.delegate = self
        }

        /// The item at `indexPath`, or `nil`.
        public func item(at indexPath: IndexPath) -> Item? { driver.snapshot.item(at: indexPath.itemPath) }

        // MARK: ListViewUpdating

        /// Which rules and wording apply (`ListViewUpdating`).
        public var flavor: ListFlavor { .collection }
        /// Whether the view can animate now: it has loaded once and is in a window (`ListViewUpdating`).
        public var canAnimateUpdates: Bool { hasLoaded && collectionView?.window != nil }

        /// The counts the view itself reports, which the driver compares with its snapshot (`ListViewUpdating`).
        public func displayedItemCounts() -> [Int] {
            guard let collectionView else { return [] }
            return (0..<collectionView.numberOfSections).map { collectionView.numberOfItems(inSection: $0) }
        }

        /// Reloads the view from the snapshot (`ListViewUpdating`; the driver calls it).
        public func reloadData() {
            hasLoaded = true
            collectionView?.reloadData()
        }

        /// Replays one stage of a changeset as one batch update (`ListViewUpdating`; the driver calls it).
        public func performBatchUpdates(
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

        private func refreshTitles(ofSection section: Int) {
            guard let collectionView, let data = driver.snapshot.section(at: section) else { return }
            let path = IndexPath(item: 0, section: section)
            (collectionView.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: path) as? TabulaTitleView)?
                .label.text = data.header
            (collectionView.supplementaryView(forElementKind: UICollectionView.elementKindSectionFooter, at: path) as? TabulaTitleView)?
                .label.text = data.footer
        }

        // MARK: CellRegistrar

        /// The class this adapter registered under `identifier` (`CellRegistrar`).
        public func registeredCellTypeName(forReuseIdentifier identifier: String) -> String? { registered[identifier] }

        /// The cell class of the nib named `name` in the adapter's bundle, if there is one (`CellRegistrar`).
        public func nibCellTypeName(named name: String) -> String? { nibs.cellClassName(inNibNamed: name) }

        /// Registers the nib `name` under `identifier` (`CellRegistrar`).
        public func registerNib(named name: String, forReuseIdentifier identifier: String) {
            collectionView?.register(UINib(nibName: name, bundle: nibs.bundle), forCellWithReuseIdentifier: identifier)
            registered[identifier] = name
        }

        /// Registers `cellType` under `identifier`; `false` when it is not this view's cell class (`CellRegistrar`).
        public func registerClass(_ cellType: AnyObject.Type, forReuseIdentifier identifier: String) -> Bool {
            guard let cellClass = cellType as? UICollectionViewCell.Type else { return false }
            collectionView?.register(cellClass, forCellWithReuseIdentifier: identifier)
            registered[identifier] = String(describing: cellClass)
            return true
        }

        /// Registers Tabula's standard content cell under `identifier` (`CellRegistrar`).
        public func registerContentCell(forReuseIdentifier identifier: String) {
            collectionView?.register(TabulaCollectionCell.self, forCellWithReuseIdentifier: identifier)
            registered[identifier] = "ContentCell"
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
            return cells.cell(
                for: item, at: indexPath.itemPath, itemsInSection: driver.snapshot.numberOfItems(inSection: indexPath.section), registrar: self, view: collectionView,
                report: driver.report
            ) { collectionView.dequeueReusableCell(withReuseIdentifier: $0, for: indexPath) }
        }

        /// The section's header or footer title view.
        public func collectionView(
            _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
        ) -> UICollectionReusableView {
            let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: Self.titleViewIdentifier, for: indexPath)
            let section = driver.snapshot.section(at: indexPath.section)
            (view as? TabulaTitleView)?.label.text = kind == UICollectionView.elementKindSectionHeader ? section?.header : section?.footer
            return view
        }

        // MARK: UICollectionViewDelegate

        /// Hands the selected item to `onSelect`.
        public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            guard let item = item(at: indexPath) else { return }
            onSelect?(item, indexPath)
        }

        /// The context menu `contextMenu` builds for the item, if any.
        public func collectionView(
            _ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath, point: CGPoint
        ) -> UIContextMenuConfiguration? {
            guard let item = item(at: indexPath), let contextMenu else { return nil }
            return contextMenu(item, indexPath)
        }
    }

    extension CollectionViewAdapter where Item: Equatable {
        /// Creates an adapter that compares content with `==` and picks the cheapest correct update
        /// of a changed item: `reconfigure` when it keeps its cell class, reload when the class
        /// changes (``CellConfigurators/cheapestUpdate``).
        public convenience init(collectionView: UICollectionView, cells: CellConfigurators<Item>, bundle: Bundle = .main) throws {
            try self.init(collectionView: collectionView, cells: cells, bundle: bundle, updateKind: cells.cheapestUpdate)
        }
    }
#endif
