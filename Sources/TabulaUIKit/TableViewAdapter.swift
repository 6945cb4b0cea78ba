#if canImport(UIKit)
    import UIKit
    import Tabula

    /// Makes a `UITableView` show snapshots: its data source and delegate, over the
    /// `ListAdapterCore` every Tabula adapter shares.
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
    /// The table's delegate stays yours: set ``delegate`` and every `UITableViewDelegate`,
    /// `UIScrollViewDelegate` and `UITableViewDataSource` method the adapter does not implement
    /// reaches it (row heights, header views, scrolling, section index titles). Of the ones it
    /// implements, selection, display, swipe actions and context menus go to the typed handlers
    /// and, when a handler is not set or after it, to your delegate too; the data-source ones
    /// (section titles, `canEditRowAt`, `canMoveRowAt`, committing a delete, a move) ask your
    /// delegate where no Tabula declaration covers the section or row: a title the snapshot does
    /// not give, editing while `canDelete` and `canMove` are not set. Declare those methods
    /// `@objc` in a controller that does not adopt `UITableViewDataSource`.
    ///
    /// `tableView.delegate = self`, kept from a screen written for Apple's diffable data source,
    /// would cut the adapter off: the adapter notices at its next apply or cell, reports a
    /// `ListDiagnostic` naming the line, and, when you set no ``delegate``, makes that object its
    /// delegate and takes the table's delegate back. The selection stays as the
    /// table manages it (set `deselectsAfterSelection` for rows that act when tapped). Keep the
    /// adapter in a stored property: the table holds it weakly.
    @MainActor
    public final class TableViewAdapter<SectionID: Hashable & Sendable, Item: Identifiable & Sendable>: ForwardingAdapter, ListAdapter,
        UITableViewDataSource, UITableViewDataSourcePrefetching, UITableViewDelegate
    where Item.ID: Sendable {
        /// The table view driven. Not retained.
        public private(set) weak var tableView: UITableView?
        /// The undo manager the user's edits (moves, deletes, toggles) are registered with, each
        /// named by `undoActionName` (⌘Z, shake to undo), as `undo()` describes; `nil`, the
        /// default: the view's own, from its window.
        public weak var undoManager: UndoManager?
        /// The drag and drop delegate while ``reordersByDragging`` is on (the view holds it weakly).
        var dragAndDrop: DragAndDropDelegate?
        /// What the adapter is built on: driver, configurators, handlers, edit paths.
        public let core: ListAdapterCore<SectionID, Item, UIKitPlatform>
        /// The animation for inserted and deleted rows.
        public var rowAnimation: UITableView.RowAnimation = .automatic
        /// Your table view delegate, which may implement data-source methods too: it receives every
        /// method the adapter does not implement, and the ones it does, after its typed handlers.
        /// Held weakly; whenever it is set, replaced or released, the table's data source and
        /// delegate are set again, so the table asks afresh which methods exist. An object released on the main thread (a view controller, a
        /// view) is forgotten at once; one released on another thread, on the main actor's next
        /// turn, during which the view may still call a method only it answered: release it on the
        /// main thread.
        public weak var delegate: (any UITableViewDelegate)? {
            get { forwarding.object as? any UITableViewDelegate }
            set { setForwardingTarget(newValue) }
        }

        package var nibs: NibLookup
        package var hasLoaded = false

        /// Becomes `tableView`'s data source and delegate and registers every cell the configurators
        /// use (from a nib named after the class in `bundle` when one exists).
        ///
        /// - Throws: ``ConfigurationError`` for conflicting registrations, naming both classes.
        // Inlinable, so that the core is made here, for your types: the path that configures a
        // cell again when an object it read changes is compiled for them (`ListAdapterCore`).
        @inlinable
        public convenience init(
            tableView: UITableView, cells: CellConfigurators<Item>, bundle: Bundle = .main,
            updateKind: @escaping @Sendable (Item, Item) -> UpdateKind?, differ: ListDriver<SectionID, Item>.Differ = .specialised
        ) throws {
            try self.init(tableView: tableView, bundle: bundle, core: ListAdapterCore(cells: cells, updateKind: updateKind, differ: differ))
        }

        /// Becomes `tableView`'s data source and delegate with `core`, and registers every cell the
        /// configurators use.
        @usableFromInline
        init(tableView: UITableView, bundle: Bundle, core: ListAdapterCore<SectionID, Item, UIKitPlatform>) throws {
            self.tableView = tableView
            self.nibs = NibLookup(bundle: bundle)
            self.core = core
            super.init(forwarding: core.forwarding)
            try core.connect(to: self)
            // A cell configured again in place (a reconfigure, an observed object's change) takes
            // the size its new content needs.
            tableView.followCellSizes()
            core.registerUndo { [weak self] in self?.undoManager ?? self?.tableView?.undoManager }
            reconnect()
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

        // MARK: Header and footer views

        /// Registers custom header and footer views (`UITableViewHeaderFooterView` subclasses, from
        /// a nib named after the class in the adapter's bundle when one exists), each configured
        /// with its section; sections without a configurator of a kind show their titles.
        ///
        /// - Throws: ``ConfigurationError`` for a class that is not a header-footer view, a nib
        ///   whose view is of another class, a kind a table does not have, or two classes under
        ///   one identifier; nothing is registered then.
        public func registerSupplementaryViews(_ configurators: [SupplementaryConfigurator<SectionID>]) throws {
            let plan = try nibs.supplementaryPlan(core.adoptSupplementaryViews(configurators), kinds: [.header, .footer]) {
                $0 is UITableViewHeaderFooterView.Type
            }
            for (configurator, fromNib) in plan {
                if fromNib {
                    tableView?.register(UINib(nibName: configurator.viewTypeName, bundle: nibs.bundle), forHeaderFooterViewReuseIdentifier: configurator.reuseIdentifier)
                } else if let viewClass = configurator.viewType as? UITableViewHeaderFooterView.Type {
                    tableView?.register(viewClass, forHeaderFooterViewReuseIdentifier: configurator.reuseIdentifier)
                }
            }
            if hasLoaded { tableView?.reloadData() }
        }

        func supplementaryView(_ kind: SupplementaryKind, forSection section: Int) -> UIView? {
            guard let tableView, let (configurator, context) = core.supplementary(kind, section: section),
                let view = tableView.dequeueReusableHeaderFooterView(withIdentifier: configurator.reuseIdentifier)
            else { return nil }
            configurator.configure(view, for: context)
            return view
        }

        // MARK: Data source

        /// The snapshot's number of sections.
        public func numberOfSections(in tableView: UITableView) -> Int {
            hasLoaded = true
            return driver.snapshot.numberOfSections
        }

        /// The number of items of the snapshot's section, 0 for a section it does not have.
        public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            driver.snapshot.numberOfItems(inSectionAt: section)
        }

        /// The configured cell of the item at `indexPath` (a placeholder and a diagnostic for an item no configurator takes).
        public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            core.cell(at: indexPath.itemPath, in: tableView, registrar: self) { tableView.dequeueReusableCell(withIdentifier: $0, for: indexPath) }
        }

        /// The section's header title, or else your ``delegate``'s.
        public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
            core.title(.header, section: section) { appObject?.tableView?(tableView, titleForHeaderInSection: section) ?? nil }
        }

        /// The section's footer title, or else your ``delegate``'s.
        public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
            core.title(.footer, section: section) { appObject?.tableView?(tableView, titleForFooterInSection: section) ?? nil }
        }

        /// Whether the row can be edited: deleted (`canDelete`) or reordered (`canMove`); your
        /// ``delegate``'s answer while neither is set.
        public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
            core.canEdit(at: indexPath.itemPath) { appObject?.tableView?(tableView, canEditRowAt: indexPath) }
        }

        /// Whether the row can be reordered: `canMove` for its item; your ``delegate``'s answer
        /// while it is not set.
        public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
            core.canMove(at: indexPath.itemPath) { appObject?.tableView?(tableView, canMoveRowAt: indexPath) }
        }

        /// Deletes the item from the newest snapshot (keeping live updates that wait) and tells
        /// `onDelete`; an item already gone is reported as a `ListDiagnostic`. While neither
        /// `canDelete` nor `canMove` is set, your ``delegate`` commits the edit instead.
        public func tableView(
            _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
        ) {
            guard editingStyle == .delete || !core.declaresEditing else { return }
            try? core.commitDelete(at: indexPath.itemPath) {  // a failure is reported by the core
                appObject?.tableView?(tableView, commit: editingStyle, forRowAt: indexPath)
            }
        }

        /// Records an interactive move in the snapshot, so the driver and the table agree, and
        /// tells `onMove`; then, while `canMove` is not set, your ``delegate``.
        public func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
            try? core.moveItem(from: sourceIndexPath.itemPath, to: destinationIndexPath.itemPath) {  // a failure is reported by the core
                appObject?.tableView?(tableView, moveRowAt: sourceIndexPath, to: destinationIndexPath)
            }
        }

        /// The app's object, asked by its Objective-C methods: a controller need not adopt
        /// `UITableViewDataSource` to answer one of its methods.
        private var appObject: AnyObject? { forwarding.object }

        /// Keeps a dragged row where it may land (a row of an outline section among its siblings,
        /// a plain row out of outlines), then asks your ``delegate``.
        public func tableView(
            _ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
            toProposedIndexPath proposedDestinationIndexPath: IndexPath
        ) -> IndexPath {
            let target = IndexPath(driver.targetPathForMove(from: sourceIndexPath.itemPath, proposed: proposedDestinationIndexPath.itemPath))
            return delegate?.tableView?(tableView, targetIndexPathForMoveFromRowAt: sourceIndexPath, toProposedIndexPath: target) ?? target
        }

        /// Hands the items at `indexPaths` to `onPrefetch`.
        public func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
            core.prefetch(at: indexPaths.map(\.itemPath))
        }

        /// Hands the items at `indexPaths` to `onCancelPrefetch`.
        public func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
            core.cancelPrefetching(at: indexPaths.map(\.itemPath))
        }

        // MARK: Delegate

        /// Hands the selected item to `onSelect`, deselects the row when `deselectsAfterSelection`
        /// (never while editing), then tells your ``delegate``.
        public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            if core.didSelect(at: indexPath.itemPath, isEditing: tableView.isEditing) { tableView.deselectRow(at: indexPath, animated: true) }
            delegate?.tableView?(tableView, didSelectRowAt: indexPath)
        }

        /// Hands the deselected item to `onDeselect`, then tells your ``delegate``.
        public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
            core.didDeselect(at: indexPath.itemPath)
            delegate?.tableView?(tableView, didDeselectRowAt: indexPath)
        }

        /// Hands the item about to be shown to `onWillDisplay`, then tells your ``delegate``.
        public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
            core.willDisplay(at: indexPath.itemPath)
            delegate?.tableView?(tableView, willDisplay: cell, forRowAt: indexPath)
        }

        /// Ends the tracking of what the cell's configuration read (it no longer shows its item),
        /// then tells your ``delegate``.
        public func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
            core.didEndDisplaying(cell)
            delegate?.tableView?(tableView, didEndDisplaying: cell, forRowAt: indexPath)
        }

        /// Marks the header view as a header for VoiceOver, then tells your ``delegate``.
        public func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int) {
            showHeading(view)
            delegate?.tableView?(tableView, willDisplayHeaderView: view, forSection: section)
        }

        /// The section's custom header view, or else your ``delegate``'s, or else none (the title shows).
        public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
            supplementaryView(.header, forSection: section) ?? delegate?.tableView?(tableView, viewForHeaderInSection: section)
        }

        /// The section's custom footer view, or else your ``delegate``'s, or else none (the title shows).
        public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? {
            supplementaryView(.footer, forSection: section) ?? delegate?.tableView?(tableView, viewForFooterInSection: section)
        }

        /// Your ``delegate``'s style, or else delete for items that `canDelete` and nothing for the
        /// others (which may still be reordered).
        public func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
            if let style = delegate?.tableView?(tableView, editingStyleForRowAt: indexPath) { return style }
            return core.deletesWhileEditing(at: indexPath.itemPath) ? .delete : .none
        }

        /// Rows that cannot be deleted are not indented in editing mode (unless your ``delegate`` says).
        public func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool {
            if let indent = delegate?.tableView?(tableView, shouldIndentWhileEditingRowAt: indexPath) { return indent }
            return core.deletesWhileEditing(at: indexPath.itemPath)
        }

        /// The swipe actions `trailingSwipeActions` builds for the item, or else your ``delegate``'s.
        public func tableView(
            _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
        ) -> UISwipeActionsConfiguration? {
            core.swipeActions(at: indexPath.itemPath, leading: false)
                ?? delegate?.tableView?(tableView, trailingSwipeActionsConfigurationForRowAt: indexPath)
        }

        /// The swipe actions `leadingSwipeActions` builds for the item, or else your ``delegate``'s.
        public func tableView(
            _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
        ) -> UISwipeActionsConfiguration? {
            core.swipeActions(at: indexPath.itemPath, leading: true)
                ?? delegate?.tableView?(tableView, leadingSwipeActionsConfigurationForRowAt: indexPath)
        }

        /// The context menu `contextMenu` builds for the item, or else your ``delegate``'s.
        public func tableView(
            _ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: CGPoint
        ) -> UIContextMenuConfiguration? {
            core.contextMenu(at: indexPath.itemPath) ?? delegate?.tableView?(tableView, contextMenuConfigurationForRowAt: indexPath, point: point)
        }
    }

    // MARK: What the core asks of the table

    extension TableViewAdapter: UIKitAdapterGlue {
        package var listView: UITableView? { tableView }
        package var viewName: String { "tableView" }

        package func adoptDelegate(_ object: AnyObject) -> Bool {
            guard let object = object as? any UITableViewDelegate else { return false }
            delegate = object
            return true
        }
        package var wantsPrefetching: Bool { core.wantsPrefetching }
        package func visibleCell(at path: ItemPath) -> AnyObject? { tableView?.cellForRow(at: IndexPath(path)) }

        package var flavor: ListFlavor { .table }

        package var batchAnimation: UITableView.RowAnimation { rowAnimation }

        package func titleRefresh(after update: BatchUpdate) -> @MainActor () -> Void {
            let before = ReplacedSnapshot(driver.snapshot, before: update)
            return { [weak self] in
                guard let self else { return }
                refreshTitles(core.sectionsToRefresh(after: update, before: before), before: before, titled: Set(update.updatedSectionTitles))
            }
        }

        /// Updates the visible header and footer views of `sections` in place (a section reload
        /// inside the batch would conflict with its row updates); a section whose title came or
        /// went changes its layout, and is reloaded after the batch, without animation. Title
        /// views are set again only in the sections whose titles changed (`titled`): elsewhere a
        /// view without a configurator may be the app's delegate's.
        private func refreshTitles(_ sections: [Int], before: ReplacedSnapshot<SectionID, Item.ID>, titled: Set<Int>) {
            guard let tableView, !sections.isEmpty else { return }
            var reload = IndexSet()
            for (context, cameOrWent) in core.titleChanges(in: sections, before: before) {
                if cameOrWent {
                    reload.insert(context.index)
                    continue
                }
                for (kind, view, title) in [
                    (SupplementaryKind.header, tableView.headerView(forSection: context.index), context.header),
                    (.footer, tableView.footerView(forSection: context.index), context.footer),
                ] {
                    guard let view else { continue }
                    if let configurator = supplementaryViews.configurator(for: kind, in: context) {
                        configurator.configure(view, for: context)
                    } else if titled.contains(context.index) {
                        var configuration = view.defaultContentConfiguration()
                        configuration.text = title
                        view.contentConfiguration = configuration
                    }
                }
            }
            if !reload.isEmpty { tableView.reloadSections(reload, with: .none) }
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

        /// Creates an adapter whose cells come from `cellProvider`, as Apple's
        /// `UITableViewDiffableDataSource(tableView:cellProvider:)`: one `switch` over the item's
        /// kinds, each case the configurator of its cell (registered the first time it is shown).
        ///
        /// ```swift
        /// adapter = TableViewAdapter(tableView: tableView) { [unowned self] row in
        ///     switch row {
        ///     case .airplaneMode: .cell(ToggleCell.self) { cell, _ in cell.delegate = self }
        ///     case .wifi: .content { _ in CellContent(text: "Wi-Fi", accessory: .disclosureIndicator) }
        ///     }
        /// }
        /// ```
        ///
        /// Never throws: each kind's cell is registered as it is first shown, and a conflict is then
        /// reported as a `ListDiagnostic`.
        @inlinable
        public convenience init(
            tableView: UITableView, bundle: Bundle = .main, differ: ListDriver<SectionID, Item>.Differ = .specialised,
            cellProvider: @escaping @Sendable (Item) -> CellConfigurator<Item>?
        ) {
            // Nothing is registered up front (each kind's cell is, as it is first shown, a conflict then
            // reported as a diagnostic), so nothing throws.
            try! self.init(tableView: tableView, cells: CellConfigurators(resolving: cellProvider), bundle: bundle, differ: differ)
        }
    }
#endif
