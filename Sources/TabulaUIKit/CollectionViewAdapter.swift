#if canImport(UIKit)
    import UIKit
    import Tabula

    /// Makes a `UICollectionView` show snapshots, with the same configurators, pipeline and
    /// `ListAdapterCore` as ``TableViewAdapter``: one provider in a table and a collection.
    ///
    /// Section titles are shown in ``TabulaTitleView`` supplementary views of kind
    /// `UICollectionView.elementKindSectionHeader` and `…Footer`; give the layout header and footer
    /// sizes (or use a list layout with `headerMode = .supplementary`) to see them.
    ///
    /// The collection's delegate stays yours: set ``delegate`` and every `UICollectionViewDelegate`,
    /// `UICollectionViewDelegateFlowLayout`, `UIScrollViewDelegate` and data-source method the
    /// adapter does not implement (item sizes, insets, scrolling, index titles) reaches it;
    /// selection and display go to the typed handlers and then to your delegate. The data-source
    /// methods it implements ask your delegate where no Tabula declaration covers the section or
    /// item: `canMoveItemAt` and a move while `canMove` is not set, a supplementary view no
    /// configurator or title gives (declare them `@objc` in a controller that does not adopt
    /// `UICollectionViewDataSource`). `collectionView.delegate = self`, kept from a screen written
    /// for Apple's diffable data source, is noticed and reported as `TableViewAdapter` does. The
    /// selection stays as the collection manages it. Keep the adapter in a stored property: the
    /// collection view holds it weakly.
    @MainActor
    public final class CollectionViewAdapter<SectionID: Hashable & Sendable, Item: Identifiable & Sendable>: ForwardingAdapter, ListAdapter,
        UICollectionViewDataSource, UICollectionViewDataSourcePrefetching, UICollectionViewDelegate
    where Item.ID: Sendable {
        /// The collection view driven. Not retained.
        public private(set) weak var collectionView: UICollectionView?
        /// The undo manager the user's edits (moves, deletes, toggles) are registered with, each
        /// named by `undoActionName` (⌘Z, shake to undo), as `undo()` describes; `nil`, the
        /// default: the view's own, from its window.
        public weak var undoManager: UndoManager?
        /// The drag and drop delegate while ``reordersByDragging`` is on (the view holds it weakly).
        var dragAndDrop: DragAndDropDelegate?
        /// What the adapter is built on: driver, configurators, handlers, edit paths.
        public let core: ListAdapterCore<SectionID, Item, UIKitPlatform>
        /// Your collection view delegate (and flow layout delegate), which may implement
        /// data-source methods too: it receives every method the adapter does not implement, and
        /// the ones it does, after its typed handlers. Held weakly; whenever it is set, replaced or
        /// released, the collection's data source and delegate are set again. An object released on the main thread (a view controller, a
        /// view) is forgotten at once; one released on another thread, on the main actor's next
        /// turn, during which the view may still call a method only it answered: release it on the
        /// main thread.
        public weak var delegate: (any UICollectionViewDelegate)? {
            get { forwarding.object as? any UICollectionViewDelegate }
            set { setForwardingTarget(newValue) }
        }

        static var titleViewIdentifier: String { "TabulaTitleView" }
        var titleViewKinds: Set<String> = []
        package var nibs: NibLookup
        package var hasLoaded = false

        /// Becomes `collectionView`'s data source and delegate and registers every cell the
        /// configurators use, and the title views.
        ///
        /// - Throws: ``ConfigurationError`` for conflicting registrations.
        // Inlinable, so that the core is made here, for your types: the path that configures a
        // cell again when an object it read changes is compiled for them (`ListAdapterCore`).
        @inlinable
        public convenience init(
            collectionView: UICollectionView, cells: CellConfigurators<Item>, bundle: Bundle = .main,
            updateKind: @escaping @Sendable (Item, Item) -> UpdateKind?, differ: ListDriver<SectionID, Item>.Differ = .specialised
        ) throws {
            try self.init(collectionView: collectionView, bundle: bundle, core: ListAdapterCore(cells: cells, updateKind: updateKind, differ: differ))
        }

        /// Becomes `collectionView`'s data source and delegate with `core`, and registers every
        /// cell the configurators use, and the title views.
        @usableFromInline
        init(collectionView: UICollectionView, bundle: Bundle, core: ListAdapterCore<SectionID, Item, UIKitPlatform>) throws {
            self.collectionView = collectionView
            self.nibs = NibLookup(bundle: bundle)
            self.core = core
            super.init(forwarding: core.forwarding)
            try core.connect(to: self)
            // A cell configured again in place (a reconfigure, an observed object's change) takes
            // the size its new content needs.
            collectionView.followCellSizes()
            for kind in [UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter] {
                collectionView.register(TabulaTitleView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: Self.titleViewIdentifier)
                titleViewKinds.insert(kind)
            }
            core.registerUndo { [weak self] in self?.undoManager ?? self?.collectionView?.undoManager }
            reconnect()
        }

        /// The item at `indexPath`, or `nil`.
        public func item(at indexPath: IndexPath) -> Item? { driver.snapshot.item(at: indexPath.itemPath) }

        /// For `UICollectionLayoutListConfiguration.trailingSwipeActionsConfigurationProvider`:
        /// the actions ``trailingSwipeActions`` builds for the item at an index path.
        public var trailingSwipeActionsProvider: (IndexPath) -> UISwipeActionsConfiguration? {
            { [weak self] indexPath in self?.core.swipeActions(at: indexPath.itemPath, leading: false) ?? nil }
        }

        /// For `UICollectionLayoutListConfiguration.leadingSwipeActionsConfigurationProvider`.
        public var leadingSwipeActionsProvider: (IndexPath) -> UISwipeActionsConfiguration? {
            { [weak self] indexPath in self?.core.swipeActions(at: indexPath.itemPath, leading: true) ?? nil }
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

        // MARK: Supplementary views

        /// Registers supplementary views (`UICollectionReusableView` subclasses, from a nib named
        /// after the class in the adapter's bundle when one exists) for their kinds, each
        /// configured with its section. Headers and footers without a configurator show their
        /// section's title in a ``TabulaTitleView``.
        ///
        /// - Throws: ``ConfigurationError`` for a class that is not a reusable view, a nib whose
        ///   view is of another class, or two classes under one identifier; nothing is registered
        ///   then.
        public func registerSupplementaryViews(_ configurators: [SupplementaryConfigurator<SectionID>]) throws {
            let plan = try nibs.supplementaryPlan(core.adoptSupplementaryViews(configurators)) { $0 is UICollectionReusableView.Type }
            for (configurator, fromNib) in plan {
                let kind = configurator.kind.rawValue
                if fromNib {
                    collectionView?.register(
                        UINib(nibName: configurator.viewTypeName, bundle: nibs.bundle), forSupplementaryViewOfKind: kind,
                        withReuseIdentifier: configurator.reuseIdentifier)
                } else if let viewClass = configurator.viewType as? UICollectionReusableView.Type {
                    collectionView?.register(viewClass, forSupplementaryViewOfKind: kind, withReuseIdentifier: configurator.reuseIdentifier)
                }
            }
            if hasLoaded { collectionView?.reloadData() }
        }

        /// The title a ``TabulaTitleView`` of `kind` shows for a section.
        static func title(ofKind kind: String, in context: SectionContext<SectionID>?) -> String? {
            switch kind {
            case UICollectionView.elementKindSectionHeader: return context?.header
            case UICollectionView.elementKindSectionFooter: return context?.footer
            default: return nil
            }
        }

        // MARK: Data source

        /// The snapshot's number of sections.
        public func numberOfSections(in collectionView: UICollectionView) -> Int {
            hasLoaded = true
            return driver.snapshot.numberOfSections
        }

        /// The number of items of the snapshot's section, 0 for a section it does not have.
        public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            driver.snapshot.numberOfItems(inSectionAt: section)
        }

        /// The configured cell of the item at `indexPath` (a placeholder and a diagnostic for an item no configurator takes).
        public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            core.cell(at: indexPath.itemPath, in: collectionView, registrar: self) {
                collectionView.dequeueReusableCell(withReuseIdentifier: $0, for: indexPath)
            }
        }

        /// Whether the item can be reordered: `canMove` for it; your ``delegate``'s answer while
        /// it is not set.
        public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
            core.canMove(at: indexPath.itemPath) { appObject?.collectionView?(collectionView, canMoveItemAt: indexPath) }
        }

        /// Records an interactive move in the snapshot, so the driver and the view agree, and
        /// tells `onMove`; then, while `canMove` is not set, your ``delegate``.
        public func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
            try? core.moveItem(from: sourceIndexPath.itemPath, to: destinationIndexPath.itemPath) {  // a failure is reported by the core
                appObject?.collectionView?(collectionView, moveItemAt: sourceIndexPath, to: destinationIndexPath)
            }
        }

        /// The app's object, asked by its Objective-C methods: a controller need not adopt
        /// `UICollectionViewDataSource` to answer one of its methods.
        private var appObject: AnyObject? { forwarding.object }

        /// Keeps a dragged item where it may land (an item of an outline section among its
        /// siblings, a plain item out of outlines), then asks your ``delegate``.
        public func collectionView(
            _ collectionView: UICollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
            atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
        ) -> IndexPath {
            let target = IndexPath(driver.targetPathForMove(from: originalIndexPath.itemPath, proposed: proposedIndexPath.itemPath))
            return delegate?.collectionView?(
                collectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath: originalIndexPath, atCurrentIndexPath: currentIndexPath,
                toProposedIndexPath: target) ?? target
        }

        /// The supplementary view of `kind` for the section: its configurator's view, or else for
        /// headers and footers a ``TabulaTitleView`` with the section's title, or else your
        /// ``delegate``'s view. A kind the layout asks for and nobody configured gets an empty
        /// title view and a diagnostic.
        public func collectionView(
            _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
        ) -> UICollectionReusableView {
            if let (configurator, context) = core.supplementary(SupplementaryKind(rawValue: kind), section: indexPath.section) {
                let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: configurator.reuseIdentifier, for: indexPath)
                configurator.configure(view, for: context)
                return view
            }
            let title = Self.title(ofKind: kind, in: driver.snapshot.sectionContext(at: indexPath.section))
            if title == nil, let view = appObject?.collectionView?(collectionView, viewForSupplementaryElementOfKind: kind, at: indexPath) {
                return view
            }
            if !titleViewKinds.contains(kind) {
                collectionView.register(TabulaTitleView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: Self.titleViewIdentifier)
                titleViewKinds.insert(kind)
                driver.report(ListDiagnostic(.configuration("no supplementary view is configured for kind '\(kind)', which the layout asks for")))
            }
            let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: Self.titleViewIdentifier, for: indexPath)
            (view as? TabulaTitleView)?.label.text = title
            return view
        }

        /// Hands the items at `indexPaths` to `onPrefetch`.
        public func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
            core.prefetch(at: indexPaths.map(\.itemPath))
        }

        /// Hands the items at `indexPaths` to `onCancelPrefetch`.
        public func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
            core.cancelPrefetching(at: indexPaths.map(\.itemPath))
        }

        // MARK: Delegate

        /// Hands the selected item to `onSelect`, deselects it when `deselectsAfterSelection`
        /// (never while editing), then tells your ``delegate``.
        public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            let isEditing: Bool
            if #available(iOS 14, tvOS 14, *) { isEditing = collectionView.isEditing } else { isEditing = false }
            if core.didSelect(at: indexPath.itemPath, isEditing: isEditing) { collectionView.deselectItem(at: indexPath, animated: true) }
            delegate?.collectionView?(collectionView, didSelectItemAt: indexPath)
        }

        /// Hands the deselected item to `onDeselect`, then tells your ``delegate``.
        public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
            core.didDeselect(at: indexPath.itemPath)
            delegate?.collectionView?(collectionView, didDeselectItemAt: indexPath)
        }

        /// Hands the item about to be shown to `onWillDisplay`, then tells your ``delegate``.
        public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
            core.willDisplay(at: indexPath.itemPath)
            delegate?.collectionView?(collectionView, willDisplay: cell, forItemAt: indexPath)
        }

        /// Ends the tracking of what the cell's configuration read (it no longer shows its item),
        /// then tells your ``delegate``.
        public func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
            core.didEndDisplaying(cell)
            delegate?.collectionView?(collectionView, didEndDisplaying: cell, forItemAt: indexPath)
        }

        /// Marks a section header as a header for VoiceOver, then tells your ``delegate``.
        public func collectionView(
            _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView, forElementKind elementKind: String,
            at indexPath: IndexPath
        ) {
            if elementKind == UICollectionView.elementKindSectionHeader { showHeading(view) }
            delegate?.collectionView?(collectionView, willDisplaySupplementaryView: view, forElementKind: elementKind, at: indexPath)
        }

        /// The context menu `contextMenu` builds for the item, or else your ``delegate``'s.
        public func collectionView(
            _ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath, point: CGPoint
        ) -> UIContextMenuConfiguration? {
            core.contextMenu(at: indexPath.itemPath)
                ?? delegate?.collectionView?(collectionView, contextMenuConfigurationForItemAt: indexPath, point: point)
        }
    }

    // MARK: What the core asks of the collection view

    extension CollectionViewAdapter: UIKitAdapterGlue {
        package var listView: UICollectionView? { collectionView }
        package var viewName: String { "collectionView" }

        package func adoptDelegate(_ object: AnyObject) -> Bool {
            guard let object = object as? any UICollectionViewDelegate else { return false }
            delegate = object
            return true
        }
        package var wantsPrefetching: Bool { core.wantsPrefetching }
        package func visibleCell(at path: ItemPath) -> AnyObject? { collectionView?.cellForItem(at: IndexPath(path)) }

        /// Shows an item's place in its section snapshot in Tabula's list cell: indentation, and
        /// the outline disclosure, whose tap expands or collapses the item; a cell that showed an
        /// outline and is configured for an item of a plain section shows none. Every cell gets
        /// its context menu's entries as custom actions, and another cell's outline row says
        /// expanded or collapsed to VoiceOver (`UIKitAdapterGlue+RowAccessibility.swift`).
        package func didConfigure(_ cell: AnyObject, at path: ItemPath) {
            // Tabula's list cell shows UIKit's outline disclosure, which says this by itself.
            if let cell = cell as? UIView { showAccessibility(of: cell, at: path, expansion: !(cell is TabulaCollectionCell)) }
            guard let cell = cell as? TabulaCollectionCell, let id = driver.snapshot.item(at: path)?.id else { return }
            if let outline = outlineState(of: id) {
                cell.showOutline(level: outline.level, isExpanded: outline.isExpanded) { [weak self] in _ = try? self?.toggleExpansion(id) }
            } else if cell.showsOutline {
                cell.hideOutline()
            }
        }

        /// A list layout configuration with this adapter's swipe actions
        /// (``ListAdapter/leadingSwipeActions``, ``ListAdapter/trailingSwipeActions``) already
        /// wired: what a compositional layout's section provider returns for a list section.
        ///
        /// ```swift
        /// let layout = UICollectionViewCompositionalLayout { index, environment in
        ///     switch adapter.sectionIdentifier(at: index) {
        ///     case .grid: return gridSection()
        ///     default: return .list(using: adapter.listConfiguration(.insetGrouped), layoutEnvironment: environment)
        ///     }
        /// }
        /// ```
        public func listConfiguration(
            _ appearance: UICollectionLayoutListConfiguration.Appearance, headerMode: UICollectionLayoutListConfiguration.HeaderMode = .none
        ) -> UICollectionLayoutListConfiguration {
            var configuration = UICollectionLayoutListConfiguration(appearance: appearance)
            configuration.headerMode = headerMode
            configuration.leadingSwipeActionsConfigurationProvider = leadingSwipeActionsProvider
            configuration.trailingSwipeActionsConfigurationProvider = trailingSwipeActionsProvider
            return configuration
        }

        package var flavor: ListFlavor { .collection }

        package var batchAnimation: UITableView.RowAnimation { .automatic }

        package func titleRefresh(after update: BatchUpdate) -> @MainActor () -> Void {
            let before = ReplacedSnapshot(driver.snapshot, before: update)
            return { [weak self] in
                guard let self else { return }
                for section in core.sectionsToRefresh(after: update, before: before) { refreshTitles(ofSection: section) }
            }
        }

        /// Configures the visible supplementary views of `section` again (its titles changed): a
        /// configurator's views with the section, title views with the new title.
        private func refreshTitles(ofSection section: Int) {
            guard let collectionView, let context = driver.snapshot.sectionContext(at: section) else { return }
            let path = IndexPath(item: 0, section: section)
            for kind in Set(supplementaryViews.map(\.kind.rawValue)).union(titleViewKinds) {
                guard let view = collectionView.supplementaryView(forElementKind: kind, at: path) else { continue }
                if let configurator = supplementaryViews.configurator(for: SupplementaryKind(rawValue: kind), in: context) {
                    configurator.configure(view, for: context)
                } else if let titleView = view as? TabulaTitleView {
                    titleView.label.text = Self.title(ofKind: kind, in: context)
                }
            }
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

        /// Creates an adapter whose cells come from `cellProvider`, as Apple's
        /// `UICollectionViewDiffableDataSource(collectionView:cellProvider:)`: one `switch` over
        /// the item's kinds, each case the configurator of its cell (registered the first time it
        /// is shown).
        ///
        /// Never throws: each kind's cell is registered as it is first shown, and a conflict is then
        /// reported as a `ListDiagnostic`.
        @inlinable
        public convenience init(
            collectionView: UICollectionView, bundle: Bundle = .main, differ: ListDriver<SectionID, Item>.Differ = .specialised,
            cellProvider: @escaping @Sendable (Item) -> CellConfigurator<Item>?
        ) {
            // Nothing is registered up front (each kind's cell is, as it is first shown, a conflict then
            // reported as a diagnostic), so nothing throws.
            try! self.init(collectionView: collectionView, cells: CellConfigurators(resolving: cellProvider), bundle: bundle, differ: differ)
        }
    }
#endif
