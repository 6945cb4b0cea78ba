#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit
    import Tabula

    /// Makes an `NSTableView` show snapshots, with the same configurators, pipeline and
    /// `ListAdapterCore` as the UIKit adapters. `NSTableView` has no sections: each section's
    /// header becomes a group row and its footer a plain row after its items. It applies row
    /// operations one at a time, so each stage is replayed as a `RowReplay`: the rows that go are
    /// removed, then rows off a longest increasing run move once and new rows are inserted, the
    /// adapter's row list following each step, so a view the table asks for during an update is
    /// the right one.
    ///
    /// The table's delegate stays yours: set ``delegate`` and every `NSTableViewDelegate` and
    /// data-source method the adapter does not implement (row heights, type-select, sorting)
    /// reaches it. Keep the adapter in a stored property: the table holds it weakly.
    @MainActor
    public final class TableViewAdapter<SectionID: Hashable & Sendable, Item: Identifiable & Sendable>: ForwardingAdapter, ListAdapter,
        NSTableViewDataSource, NSTableViewDelegate, NSMenuDelegate
    where Item.ID: Sendable {
        enum Row: Hashable {
            case header(SectionID)
            case item(Item.ID)
            case footer(SectionID)
        }

        /// The table view driven. Not retained.
        public private(set) weak var tableView: NSTableView?
        /// The undo manager the user's edits (moves, deletes, toggles) are registered with, each
        /// named by `undoActionName` (⌘Z, shake to undo), as `undo()` describes; `nil`, the
        /// default: the view's own, from its window.
        public weak var undoManager: UndoManager?
        /// What the adapter is built on: driver, configurators, handlers, edit paths.
        public let core: ListAdapterCore<SectionID, Item, AppKitPlatform>
        /// Your table view delegate: it receives every method the adapter does not implement. An
        /// object set as the table's delegate instead (`tableView.delegate = self`, or an outlet
        /// connected in Interface Builder) is noticed at the next apply or cell, reported as a
        /// `ListDiagnostic` naming the line, and becomes this delegate when none is set. Held
        /// weakly; whenever it is set, replaced or released, the table's data source and delegate
        /// are set again. An object released on the main thread (a view controller, a
        /// view) is forgotten at once; one released on another thread, on the main actor's next
        /// turn, during which the view may still call a method only it answered: release it on the
        /// main thread.
        public weak var delegate: (any NSTableViewDelegate)? {
            get { forwarding.object as? any NSTableViewDelegate }
            set { setForwardingTarget(newValue) }
        }

        private var rows: [Row] = []
        private var rowIndex: [Row: Int] = [:]
        private var classes = CellClasses<NSView>(contentCell: TabulaTableCellView.self)
        private var selectedRows: [Row] = []
        private let bundle: Bundle
        private var hasLoaded = false
        /// Watches the Delete key and Space for the table (removed with the adapter).
        private var deleteKey: DeleteKeyMonitor?

        /// Becomes `tableView`'s data source and delegate and registers the configurators' cells.
        ///
        /// - Throws: `ConfigurationError` for conflicting registrations, or a nib whose cell view
        ///   is of another class than its configurator's, naming both.
        // Inlinable, so that the core is made here, for your types: the path that configures a
        // cell again when an object it read changes is compiled for them (`ListAdapterCore`).
        @inlinable
        public convenience init(
            tableView: NSTableView, cells: CellConfigurators<Item>, bundle: Bundle = .main,
            updateKind: @escaping @Sendable (Item, Item) -> UpdateKind?, differ: ListDriver<SectionID, Item>.Differ = .specialised
        ) throws {
            try self.init(tableView: tableView, bundle: bundle, core: ListAdapterCore(cells: cells, updateKind: updateKind, differ: differ))
        }

        /// Becomes `tableView`'s data source and delegate with `core`, and registers the
        /// configurators' cells.
        @usableFromInline
        init(tableView: NSTableView, bundle: Bundle, core: ListAdapterCore<SectionID, Item, AppKitPlatform>) throws {
            self.tableView = tableView
            self.bundle = bundle
            self.core = core
            super.init(forwarding: core.forwarding)
            try core.connect(to: self)
            core.registerUndo { [weak self] in self?.undoManager ?? self?.tableView?.undoManager }
            reconnect()
            // A local monitor runs on the main thread, before the window dispatches the event: the
            // Delete key and Space go to the core (`TableViewAdapter+Keyboard.swift`).
            deleteKey = DeleteKeyMonitor(NSEvent.addLocalMonitorForEvents(matching: .keyDown) { [weak self] event in
                guard let self else { return event }
                return self.handleKeyEvent(event) ? nil : event
            })
        }

        private func rows(of snapshot: Snapshot<SectionID, Item>) -> [Row] {
            var rows: [Row] = []
            for section in snapshot.sections {
                if section.header != nil { rows.append(.header(section.id)) }
                rows.append(contentsOf: section.items.map { .item($0.id) })
                if section.footer != nil { rows.append(.footer(section.id)) }
            }
            return rows
        }

        private func setRows(_ new: [Row]) {
            rows = new
            rowIndex = Dictionary(uniqueKeysWithValues: new.enumerated().map { ($0.element, $0.offset) })
        }

        // MARK: Reading and commands by identity

        /// The table row of the item `id`, or `nil` when it is not shown.
        public func row(for id: Item.ID) -> Int? { rowIndex[.item(id)] }

        /// The items whose rows are visible, top to bottom.
        public var visibleItems: [Item] {
            guard let tableView else { return [] }
            let range = tableView.rows(in: tableView.visibleRect)
            return (range.lowerBound..<range.upperBound).compactMap(item(atRow:))
        }

        /// The items selected now.
        public var selectedItems: [Item] { (tableView?.selectedRowIndexes ?? []).compactMap(item(atRow:)) }

        /// The item of table row `row`, or `nil` for a header, a footer or a row out of range.
        public func item(atRow row: Int) -> Item? { path(ofRow: row).flatMap(driver.snapshot.item(at:)) }

        /// The position of the item of table row `row`, or `nil` for a header, a footer or a row
        /// out of range.
        func path(ofRow row: Int) -> ItemPath? {
            guard rows.indices.contains(row), case .item(let id) = rows[row] else { return nil }
            return driver.snapshot.itemPath(for: id)
        }

        /// Scrolls the row of the item `id` into view.
        ///
        /// - Throws: `SnapshotError.unknownItem` naming `id` when it is not shown.
        public func scrollToItem(_ id: Item.ID) throws {
            tableView?.scrollRowToVisible(try existingRow(for: id))
        }

        /// Selects the item `id` (the delegate is told, as `selectRowIndexes` tells it).
        ///
        /// - Throws: `SnapshotError.unknownItem` naming `id` when it is not shown.
        public func selectItem(_ id: Item.ID) throws {
            tableView?.selectRowIndexes(IndexSet(integer: try existingRow(for: id)), byExtendingSelection: false)
        }

        private func existingRow(for id: Item.ID) throws -> Int {
            guard let row = rowIndex[.item(id)] else { throw SnapshotError<SectionID, Item.ID>.unknownItem(id) }
            return row
        }

        // MARK: NSTableViewDataSource and delegate

        /// The number of rows: every section header, item and footer.
        public func numberOfRows(in tableView: NSTableView) -> Int {
            if !hasLoaded {
                hasLoaded = true
                setRows(rows(of: driver.snapshot))
            }
            return rows.count
        }

        /// Whether the row is a section header.
        public func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool {
            guard rows.indices.contains(row), case .header = rows[row] else { return false }
            return true
        }

        /// Only item rows can be selected (unless your ``delegate`` decides).
        public func tableView(_ tableView: NSTableView, shouldSelectRow row: Int) -> Bool {
            if let answer = delegate?.tableView?(tableView, shouldSelectRow: row) { return answer }
            return item(atRow: row) != nil
        }

        /// The header or footer view, or the configured cell view of the row.
        public func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
            guard rows.indices.contains(row) else { return nil }
            switch rows[row] {
            case .header(let id):
                let view = dequeue("TabulaHeader", make: TabulaTableCellView.self, tableView)
                (view as? TabulaTableCellView)?.apply(CellContent(text: driver.snapshot.section(id)?.header))
                showHeading(view)
                return view
            case .footer(let id):
                let view = dequeue("TabulaFooter", make: TabulaTableCellView.self, tableView)
                (view as? TabulaTableCellView)?.apply(CellContent(text: driver.snapshot.section(id)?.footer, style: .footer))
                return view
            case .item(let id):
                guard let path = driver.snapshot.itemPath(for: id) else { return nil }
                return core.cell(at: path, in: tableView, registrar: self) { identifier in
                    // A nib registered under the identifier is made by the table; a class by us.
                    dequeue(identifier, make: classes[identifier], tableView)
                }
            }
        }

        private func dequeue(_ identifier: String, make type: NSView.Type, _ tableView: NSTableView) -> NSView {
            let key = NSUserInterfaceItemIdentifier(identifier)
            if let view = tableView.makeView(withIdentifier: key, owner: self) { return view }
            let view = type.init(frame: .zero)
            view.identifier = key
            return view
        }

        /// Your ``delegate``'s row view, or else, for an item's row, one that offers the row's
        /// context menu items and outline action to assistive technologies
        /// (`TableViewAdapter+Accessibility.swift`).
        public func tableView(_ tableView: NSTableView, rowViewForRow row: Int) -> NSTableRowView? {
            delegate?.tableView?(tableView, rowViewForRow: row) ?? accessibleRowView(forRow: row)
        }

        /// The swipe actions of the row's item, or else your ``delegate``'s.
        public func tableView(_ tableView: NSTableView, rowActionsForRow row: Int, edge: NSTableView.RowActionEdge) -> [NSTableViewRowAction] {
            if let path = path(ofRow: row), let actions = core.swipeActions(at: path, leading: edge == .leading) { return actions ?? [] }
            return delegate?.tableView?(tableView, rowActionsForRow: row, edge: edge) ?? []
        }

        /// Fills the table's menu with what ``contextMenu`` builds for the clicked item.
        public func menuNeedsUpdate(_ menu: NSMenu) {
            menu.removeAllItems()
            guard let tableView, let path = path(ofRow: tableView.clickedRow), let built = core.contextMenu(at: path) ?? nil else { return }
            for entry in built.items {
                built.removeItem(entry)
                menu.addItem(entry)
            }
        }

        /// Hands the item of an added row view to `onWillDisplay`, then tells your ``delegate``.
        public func tableView(_ tableView: NSTableView, didAdd rowView: NSTableRowView, forRow row: Int) {
            if let path = path(ofRow: row) { core.willDisplay(at: path) }
            delegate?.tableView?(tableView, didAdd: rowView, forRow: row)
        }

        /// Ends the tracking of what the removed row's cells' configurations read (they no longer
        /// show their items), then tells your ``delegate``.
        public func tableView(_ tableView: NSTableView, didRemove rowView: NSTableRowView, forRow row: Int) {
            for column in 0..<rowView.numberOfColumns {
                if let cell = rowView.view(atColumn: column) { core.didEndDisplaying(cell as AnyObject) }
            }
            delegate?.tableView?(tableView, didRemove: rowView, forRow: row)
        }

        // MARK: Reordering by dragging rows

        /// Whether the user reorders by dragging rows, one or several selected ones, dropped
        /// between rows anywhere in the table: each drop ends as one `Reorder` told to
        /// `onMove` and kept for undo. Rows that `canMove` allows. Off by default. On, the table
        /// also takes the drags of the lists this one accepts (`acceptDrags(from:)`) and the
        /// pasteboard content of other apps it accepts (`acceptDrops(ofType:makeItems:)`), with
        /// the proposal `dropProposal` refines, and its rows can be dragged into other lists and
        /// apps (described by `pasteboardContent`): `TableViewAdapter+Transfer.swift`.
        public var reordersByDragging = false {
            didSet { registerDragTypes() }
        }

        /// The pasteboard type of a dragged row: its table row, meaningful to this table only.
        static var rowType: NSPasteboard.PasteboardType { NSPasteboard.PasteboardType("dev.tabula.row") }

        /// The identifiers of the drag in progress, taken when it began.
        var dragged: [Item.ID] = []

        public func tableView(_ tableView: NSTableView, pasteboardWriterForRow row: Int) -> (any NSPasteboardWriting)? {
            pasteboardItem(forRow: row)
        }

        public func tableView(
            _ tableView: NSTableView, draggingSession session: NSDraggingSession, willBeginAt screenPoint: NSPoint, forRowIndexes rowIndexes: IndexSet
        ) {
            dragged = core.dragItems(at: rowIndexes.compactMap(path(ofRow:)))
        }

        public func tableView(
            _ tableView: NSTableView, draggingSession session: NSDraggingSession, endedAt screenPoint: NSPoint, operation: NSDragOperation
        ) {
            dragged = []
        }

        public func tableView(
            _ tableView: NSTableView, validateDrop info: any NSDraggingInfo, proposedRow row: Int, proposedDropOperation dropOperation: NSTableView.DropOperation
        ) -> NSDragOperation {
            validateDrop(info, proposedRow: row, proposedDropOperation: dropOperation)
        }

        public func tableView(
            _ tableView: NSTableView, acceptDrop info: any NSDraggingInfo, row: Int, dropOperation: NSTableView.DropOperation
        ) -> Bool {
            acceptDrop(info, row: row, onto: dropOperation == .on)
        }

        /// The list position of a drop above table row `row`, as the core decides it.
        func dropPosition(aboveRow row: Int) -> ItemPath? {
            let shown = driver.snapshot
            let flat: [FlatRow] = rows.map { row in
                switch row {
                case .header(let id): return .header(section: shown.sectionIndex(of: id) ?? 0)
                case .item(let id): return .item(shown.itemPath(for: id) ?? ItemPath(item: 0, section: 0))
                case .footer(let id): return .footer(section: shown.sectionIndex(of: id) ?? 0)
                }
            }
            return FlatRow.dropPosition(aboveRow: row, of: flat, itemCounts: shown.itemCounts)
        }

        /// Hands the items that became selected to `onSelect` and those that no longer are to
        /// `onDeselect`, then tells your ``delegate``. A row the table keeps selected is deselected
        /// when `deselectsAfterSelection` (the table has no editing mode).
        public func tableViewSelectionDidChange(_ notification: Notification) {
            guard let tableView else { return }
            let now = tableView.selectedRowIndexes.compactMap { rows.indices.contains($0) ? rows[$0] : nil }
            for row in selectedRows where !now.contains(row) {
                if case .item(let id) = row, let path = driver.snapshot.itemPath(for: id) { core.didDeselect(at: path) }
            }
            var deselect = IndexSet()
            for row in now where !selectedRows.contains(row) {
                if case .item(let id) = row, let path = driver.snapshot.itemPath(for: id), core.didSelect(at: path, isEditing: false),
                    let index = rowIndex[row]
                {
                    deselect.insert(index)
                }
            }
            selectedRows = now.filter { row in rowIndex[row].map { !deselect.contains($0) } ?? false }
            for index in deselect { tableView.deselectRow(index) }
            delegate?.tableViewSelectionDidChange?(notification)
        }
    }

    // MARK: What the core asks of the table

    extension TableViewAdapter: ListViewGlue {
        package var flavor: ListFlavor { .table }
        /// `NSTableView` has no swipe to delete: the core offers a Delete row action.
        package var deletesBySwipe: Bool { false }

        /// Cells configured again in place (an object they read changed): their rows' heights follow.
        package func resizeRows(at paths: [ItemPath]) { noteHeights(ofRowsAt: paths) }

        /// Tells the table the rows of the items at `paths` may have changed height
        /// (`noteHeightOfRows(withIndexesChanged:)`), when row heights follow content: the table
        /// measures rows with Auto Layout, or your delegate gives each row's height.
        private func noteHeights(ofRowsAt paths: [ItemPath]) {
            guard let tableView, !paths.isEmpty, rowHeightsFollowContent else { return }
            let snapshot = driver.snapshot
            let rows = IndexSet(paths.compactMap { path in snapshot.item(at: path).flatMap { rowIndex[.item($0.id)] } })
            if !rows.isEmpty { tableView.noteHeightOfRows(withIndexesChanged: rows) }
        }

        /// Whether a row's height can follow its content.
        private var rowHeightsFollowContent: Bool {
            guard let tableView else { return false }
            return tableView.usesAutomaticRowHeights || delegate?.responds(to: #selector(NSTableViewDelegate.tableView(_:heightOfRow:))) == true
        }

        package func visibleCell(at path: ItemPath) -> AnyObject? {
            guard let id = driver.snapshot.item(at: path)?.id, let row = rowIndex[.item(id)] else { return nil }
            return tableView?.view(atColumn: 0, row: row, makeIfNecessary: false)
        }
        package var canAnimateUpdates: Bool { hasLoaded && tableView?.window != nil }

        /// The item counts the table shows. `NSTableView` has no sections, so the table's own row
        /// count is checked against the adapter's rows: when rows were changed behind the
        /// adapter's back, the table's count alone is returned, which matches no snapshot, and the
        /// driver reloads with a diagnostic.
        package func displayedItemCounts() -> [Int] {
            let counts = driver.snapshot.itemCounts
            guard let tableView, hasLoaded else { return counts }
            return tableView.numberOfRows == rows.count ? counts : [tableView.numberOfRows]
        }

        package func reloadData() {
            // Read against the rows shown until now, held once the table shows the new ones.
            let holdAnchor = hasLoaded ? anchorCorrection() : nil
            hasLoaded = true
            setRows(rows(of: driver.snapshot))
            tableView?.reloadData()
            holdAnchor?()
        }

        /// Replays one stage: removals, then moves and inserts (`RowReplay`), the row list
        /// following each step; then the updated rows and titles are reloaded in place.
        ///
        /// - Complexity: O((*n* + *m*) log (*n* + *m*)) to plan, and O(*n*) per step to keep the
        ///   row list, for *n* rows and *m* new ones.
        package func performBatchUpdates(
            _ update: BatchUpdate, animated: Bool, updateData: () -> Void, completion: @escaping @MainActor () -> Void
        ) {
            let before = ReplacedSnapshot(driver.snapshot, before: update)
            let holdAnchor = anchorCorrection()
            updateData()
            let after = driver.snapshot
            let target = rows(of: after)
            guard let tableView else {
                setRows(target)
                completion()
                return
            }
            let animation: NSTableView.AnimationOptions = animated ? [.effectFade, .slideUp] : []
            let replay = RowReplay(from: rows, to: target)
            tableView.beginUpdates()
            for index in replay.removals.reversed() { rows.remove(at: index) }
            if !replay.removals.isEmpty { tableView.removeRows(at: IndexSet(replay.removals), withAnimation: animation) }
            for step in replay.steps {
                switch step {
                case let .insert(at, row):
                    rows.insert(target[row], at: at)
                    tableView.insertRows(at: IndexSet(integer: at), withAnimation: animation)
                case let .move(from, to):
                    rows.insert(rows.remove(at: from), at: to)
                    tableView.moveRow(at: from, to: to)
                }
            }
            tableView.endUpdates()
            setRows(target)
            // Before the next frame is drawn: no jump is ever shown.
            holdAnchor?()
            // Updated items, by their rows after the update.
            var updated = IndexSet()
            for path in update.reloadedItems + update.reconfiguredItems {
                if let id = before.updatedItems[path], let index = rowIndex[.item(id)] { updated.insert(index) }
            }
            for section in core.sectionsToRefresh(after: update, before: before) {
                guard let id = after.section(at: section)?.id else { continue }
                for row in [Row.header(id), .footer(id)] { if let index = rowIndex[row] { updated.insert(index) } }
            }
            if !updated.isEmpty {
                tableView.reloadData(forRowIndexes: updated, columnIndexes: IndexSet(integersIn: 0..<max(1, tableView.numberOfColumns)))
            }
            // Rows reloaded or reconfigured in place keep their height until told.
            noteHeights(ofRowsAt: core.rowsNeedingSizePass(after: update, before: before, includingReloads: true))
            completion()
        }

        package var connectedObjects: (dataSource: AnyObject?, delegate: AnyObject?)? {
            tableView.map { ($0.dataSource, $0.delegate) }
        }
        package var viewName: String { "tableView" }

        package func adoptDelegate(_ object: AnyObject) -> Bool {
            guard let object = object as? any NSTableViewDelegate else { return false }
            delegate = object
            return true
        }

        /// The table caches which methods its data source and delegate answer when they are set:
        /// set both again. The context menu follows ``contextMenu``.
        package func reconnect() {
            guard let tableView else { return }
            (tableView.dataSource, tableView.delegate) = (nil, nil)
            (tableView.dataSource, tableView.delegate) = (self, self)
            handlersDidChange()
        }

        package func handlersDidChange() {
            registerDragTypes()
            guard let tableView, contextMenu != nil, tableView.menu?.delegate !== self else { return }
            let menu = NSMenu()
            menu.delegate = self
            tableView.menu = menu
        }

        /// The class of the cell view in the nib named `name` in the adapter's bundle, if there is
        /// such a nib: the registry checks it against the configurator's class.
        package func nibCellTypeName(named name: String) -> String? {
            guard bundle.path(forResource: name, ofType: "nib") != nil, let nib = NSNib(nibNamed: name, bundle: bundle) else { return nil }
            var objects: NSArray?
            guard nib.instantiate(withOwner: nil, topLevelObjects: &objects) else { return "(unreadable nib)" }
            let view = (objects as? [Any])?.first { $0 is NSTableCellView } ?? (objects as? [Any])?.first { $0 is NSView }
            return view.map { String(reflecting: type(of: $0)) } ?? "(no view)"
        }

        package func registerNib(named name: String, forReuseIdentifier identifier: String) {
            tableView?.register(NSNib(nibNamed: name, bundle: bundle), forIdentifier: NSUserInterfaceItemIdentifier(identifier))
        }

        package func registerClass(_ cellType: AnyObject.Type, forReuseIdentifier identifier: String) -> Bool {
            classes.register(cellType, as: identifier)
        }

        package func registerContentCell(forReuseIdentifier identifier: String) { classes.registerContentCell(as: identifier) }
    }

    extension TableViewAdapter where Item: Equatable {
        /// Creates an adapter that compares content with `==` (``CellConfigurators/cheapestUpdate``).
        // Inlinable, so that the `==` the diff runs for every matched item is specialised for
        // your item type.
        @inlinable
        public convenience init(
            tableView: NSTableView, cells: CellConfigurators<Item>, bundle: Bundle = .main,
            differ: ListDriver<SectionID, Item>.Differ = .specialised
        ) throws {
            try self.init(tableView: tableView, cells: cells, bundle: bundle, updateKind: cells.cheapestUpdate, differ: differ)
            driver._comparesWithEquality(updates: .reconfigure)  // the same classification, with `==` inline
        }

        /// Creates an adapter whose cells come from `cellProvider`: one `switch` over the item's
        /// kinds, each case the configurator of its cell (registered the first time it is shown),
        /// as a cell provider of Apple's diffable data sources.
        ///
        /// Never throws: each kind's cell is registered as it is first shown, and a conflict is then
        /// reported as a `ListDiagnostic`.
        @inlinable
        public convenience init(
            tableView: NSTableView, bundle: Bundle = .main, differ: ListDriver<SectionID, Item>.Differ = .specialised,
            cellProvider: @escaping @Sendable (Item) -> CellConfigurator<Item>?
        ) {
            // Nothing is registered up front (each kind's cell is, as it is first shown, a conflict then
            // reported as a diagnostic), so nothing throws.
            try! self.init(tableView: tableView, cells: CellConfigurators(resolving: cellProvider), bundle: bundle, differ: differ)
        }
    }

    /// An event monitor, removed when this object ends.
    final class DeleteKeyMonitor {
        private let token: Any?

        init(_ token: Any?) { self.token = token }

        deinit {
            if let token { NSEvent.removeMonitor(token) }
        }
    }
#endif
