#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit
    import Tabula

    /// Tabula's standard `NSTableView` cell: shows ``CellContent`` with a text field, a secondary
    /// label and, for toggles, a switch.
    open class TabulaTableCellView: NSTableCellView, ContentCell {
        /// The secondary text, on the trailing side.
        public let secondaryField = NSTextField(labelWithString: "")
        /// The switch shown for toggle accessories.
        public let toggle = NSSwitch()

        /// Creates the view and its subviews.
        public override init(frame frameRect: NSRect) {
            super.init(frame: frameRect)
            setUpSubviews()
        }

        /// Creates the view from an archive (a nib), with its subviews: a text field the nib
        /// connected is kept.
        public required init?(coder: NSCoder) {
            super.init(coder: coder)
            setUpSubviews()
        }

        private func setUpSubviews() {
            let field = textField ?? NSTextField(labelWithString: "")
            var added: [NSView] = [secondaryField, toggle]
            if textField == nil {
                textField = field
                added.insert(field, at: 0)
            }
            for view in added {
                view.translatesAutoresizingMaskIntoConstraints = false
                addSubview(view)
            }
            secondaryField.textColor = .secondaryLabelColor
            var constraints = [
                toggle.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -4),
                toggle.centerYAnchor.constraint(equalTo: centerYAnchor),
                secondaryField.trailingAnchor.constraint(equalTo: toggle.leadingAnchor, constant: -4),
                secondaryField.centerYAnchor.constraint(equalTo: centerYAnchor),
            ]
            if added.contains(field) {
                constraints += [
                    field.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 4),
                    field.centerYAnchor.constraint(equalTo: centerYAnchor),
                ]
            }
            NSLayoutConstraint.activate(constraints)
        }

        /// Shows `content`: text, secondary text, accessory and style.
        public func apply(_ content: CellContent) {
            textField?.stringValue = content.text ?? ""
            var secondary = content.secondaryText ?? ""
            if content.accessory.isDisclosureIndicator { secondary += secondary.isEmpty ? "›" : "  ›" }
            if content.accessory.isCheckmark { secondary += secondary.isEmpty ? "✓" : "  ✓" }
            secondaryField.stringValue = secondary
            toggle.isHidden = content.accessory.toggleState == nil
            toggle.state = content.accessory.toggleState == true ? .on : .off
            textField?.textColor = content.style == "footer" ? .secondaryLabelColor : .labelColor
        }
    }

    /// Makes an `NSTableView` show snapshots, with the same configurators and apply pipeline as the
    /// UIKit adapters (SPEC B8). `NSTableView` has no sections: each section's header becomes a
    /// group row and its footer a plain row after its items. Its updates are applied one after
    /// another rather than as one batch, so each stage is replayed as removals, then the fewest
    /// moves (the rows of a longest increasing subsequence stay) and inserts, top to bottom; the
    /// adapter's row list follows each step, so a view the table asks for during an update is the
    /// right one.
    ///
    /// The table's delegate stays yours: set ``delegate`` and every `NSTableViewDelegate` method the
    /// adapter does not implement (row heights, type-select, sorting) reaches it. Keep the adapter
    /// in a stored property: the table holds it weakly.
    @MainActor
    public final class TableViewAdapter<SectionID: Hashable & Sendable, Item: Identifiable & Sendable>: NSObject,
        NSTableViewDataSource, NSTableViewDelegate, NSMenuDelegate, SelectableListAdapter, AdapterBackend
    where Item.ID: Sendable {
        enum Row: Hashable {
            case header(SectionID)
            case item(Item.ID)
            case footer(SectionID)
        }

        /// The table view driven. Not retained.
        public private(set) weak var tableView: NSTableView?
        /// The apply pipeline.
        public let driver: ListDriver<SectionID, Item>
        /// What the driver and the configurators reach this adapter through (kept: the driver holds
        /// its view weakly).
        private let bridge = AdapterBridge()
        /// The cell configurators.
        public let cells: CellConfigurators<Item>
        /// Called when the user selects an item, with the item itself and its position.
        public var onSelect: ((Item, ItemPath) -> Void)?
        /// Called when an item's row view is added to the table (`tableView(_:didAdd:forRow:)`):
        /// call `PaginatedList.rowWillAppear(at:)` from here.
        public var onWillDisplay: ((Item, ItemPath) -> Void)?
        /// Trailing swipe actions declared next to the items they act on (`tableView(_:rowActionsForRow:edge:)`).
        public var trailingSwipeActions: ((Item, ItemPath) -> [NSTableViewRowAction])?
        /// Leading swipe actions declared next to the items they act on.
        public var leadingSwipeActions: ((Item, ItemPath) -> [NSTableViewRowAction])?
        /// Context menus declared next to the items they act on: the table's menu is filled for
        /// the clicked item's row when it opens.
        public var contextMenu: ((Item, ItemPath) -> NSMenu?)? {
            didSet {
                guard let tableView else { return }
                if contextMenu != nil, tableView.menu?.delegate !== self {
                    let menu = NSMenu()
                    menu.delegate = self
                    tableView.menu = menu
                }
            }
        }
        /// Your table view delegate: it receives every method the adapter does not implement.
        /// Held weakly.
        public weak var delegate: (any NSTableViewDelegate)? {
            didSet {
                forwarding.set(delegate)
                guard let tableView, tableView.delegate === self else { return }
                tableView.delegate = nil
                tableView.delegate = self
            }
        }
        private nonisolated let forwarding = Forwarding()

        private var rows: [Row] = []
        private var rowIndex: [Row: Int] = [:]
        private var registered: [String: String] = [:]
        private var classes: [String: NSView.Type] = [:]
        private let bundle: Bundle
        private var hasLoaded = false

        /// Becomes `tableView`'s data source and delegate and registers the configurators' cells.
        ///
        /// - Throws: `ConfigurationError` for conflicting registrations, or a nib whose cell view
        ///   is of another class than its configurator's, naming both.
        public init(
            tableView: NSTableView, cells: CellConfigurators<Item>, bundle: Bundle = .main,
            updateKind: @escaping @Sendable (Item, Item) -> UpdateKind?, differ: ListDriver<SectionID, Item>.Differ = .specialised
        ) throws {
            self.tableView = tableView
            self.cells = cells
            self.bundle = bundle
            self.driver = ListDriver(updateKind: updateKind, canReconfigure: cells.canReconfigure, differ: differ)
            super.init()
            try connect(through: bridge)
            tableView.dataSource = self
            tableView.delegate = self
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
        public func item(atRow row: Int) -> Item? {
            guard rows.indices.contains(row), case .item(let id) = rows[row] else { return nil }
            return driver.snapshot[id]
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

        // MARK: ListViewUpdating

        /// Which rules and wording apply (`ListViewUpdating`).
        package var flavor: ListFlavor { .table }
        /// Whether the view can animate now: it has loaded once and is in a window (`ListViewUpdating`).
        package var canAnimateUpdates: Bool { hasLoaded && tableView?.window != nil }

        /// The item counts the table shows (`ListViewUpdating`). `NSTableView` has no sections, so
        /// the table's own row count is checked against the adapter's rows (headers, items and
        /// footers of the snapshot on screen): when rows were changed behind the adapter's back,
        /// the table's count alone is returned, which matches no snapshot, and the driver reloads
        /// with a diagnostic.
        package func displayedItemCounts() -> [Int] {
            let counts = driver.snapshot.itemCounts
            guard let tableView, hasLoaded else { return counts }
            return tableView.numberOfRows == rows.count ? counts : [tableView.numberOfRows]
        }

        /// Reloads the view from the snapshot (`ListViewUpdating`; the driver calls it).
        package func reloadData() {
            hasLoaded = true
            setRows(rows(of: driver.snapshot))
            tableView?.reloadData()
        }

        /// Replays one stage of a changeset (`ListViewUpdating`; the driver calls it): removals,
        /// then the fewest moves and the inserts, top to bottom, the row list following each step.
        ///
        /// - Complexity: O(*n* log *n* + (*m* + *k*) · *n*) for *n* rows, *m* moves and *k* inserts.
        package func performBatchUpdates(
            _ update: BatchUpdate, animated: Bool, updateData: () -> Void, completion: @escaping @MainActor () -> Void
        ) {
            let before = driver.snapshot
            updateData()
            let after = driver.snapshot
            let target = rows(of: after)
            guard let tableView else {
                setRows(target)
                completion()
                return
            }
            let animation: NSTableView.AnimationOptions = animated ? [.effectFade, .slideUp] : []
            let targetIndex = Dictionary(uniqueKeysWithValues: target.enumerated().map { ($0.element, $0.offset) })
            tableView.beginUpdates()
            // Removals: the rows the target does not have.
            let removed = IndexSet(rows.indices.filter { targetIndex[rows[$0]] == nil })
            var current = rows.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
            rows = current
            if !removed.isEmpty { tableView.removeRows(at: removed, withAnimation: animation) }
            // The rows in a longest increasing run of target positions stay; the others move.
            let staying = longestIncreasingSubsequenceMask(current.map { Int32(targetIndex[$0]!) })
            let stays = Set(current.indices.filter { staying[$0] }.map { current[$0] })
            let present = Set(current)
            for (index, row) in target.enumerated() {
                if index < current.count && current[index] == row { continue }
                if !present.contains(row) {
                    current.insert(row, at: index)
                    rows = current
                    tableView.insertRows(at: IndexSet(integer: index), withAnimation: animation)
                } else if !stays.contains(row), let from = current[index...].firstIndex(of: row) {
                    current.remove(at: from)
                    current.insert(row, at: index)
                    rows = current
                    tableView.moveRow(at: from, to: index)
                }
            }
            tableView.endUpdates()
            setRows(target)
            // Updated items, by their rows after the update.
            var updated = IndexSet()
            for path in update.reloadedItems + update.reconfiguredItems {
                if let id = before.item(at: path)?.id, let index = rowIndex[.item(id)] { updated.insert(index) }
            }
            for section in update.updatedSectionTitles {
                guard let id = after.section(at: section)?.id else { continue }
                for row in [Row.header(id), .footer(id)] { if let index = rowIndex[row] { updated.insert(index) } }
            }
            if !updated.isEmpty {
                tableView.reloadData(forRowIndexes: updated, columnIndexes: IndexSet(integersIn: 0..<max(1, tableView.numberOfColumns)))
            }
            completion()
        }

        // MARK: CellRegistrar

        /// The class this adapter registered under `identifier` (`CellRegistrar`).
        package func registeredCellTypeName(forReuseIdentifier identifier: String) -> String? { registered[identifier] }

        /// The class of the cell view in the nib named `name` in the adapter's bundle, if there is
        /// such a nib (`CellRegistrar`): the configurators check it against their cell class.
        package func nibCellTypeName(named name: String) -> String? {
            guard bundle.path(forResource: name, ofType: "nib") != nil, let nib = NSNib(nibNamed: name, bundle: bundle) else { return nil }
            var objects: NSArray?
            guard nib.instantiate(withOwner: nil, topLevelObjects: &objects) else { return "(unreadable nib)" }
            let view = (objects as? [Any])?.first { $0 is NSTableCellView } ?? (objects as? [Any])?.first { $0 is NSView }
            return view.map { String(describing: type(of: $0)) } ?? "(no view)"
        }

        /// Registers the nib `name` under `identifier` (`CellRegistrar`).
        package func registerNib(named name: String, forReuseIdentifier identifier: String) {
            tableView?.register(NSNib(nibNamed: name, bundle: bundle), forIdentifier: NSUserInterfaceItemIdentifier(identifier))
            registered[identifier] = name
        }

        /// Registers `cellType` under `identifier`; `false` when it is not this view's cell class (`CellRegistrar`).
        package func registerClass(_ cellType: AnyObject.Type, forReuseIdentifier identifier: String) -> Bool {
            guard let viewClass = cellType as? NSView.Type else { return false }
            classes[identifier] = viewClass
            registered[identifier] = String(describing: viewClass)
            return true
        }

        /// Registers Tabula's standard content cell under `identifier` (`CellRegistrar`).
        package func registerContentCell(forReuseIdentifier identifier: String) {
            classes[identifier] = TabulaTableCellView.self
            registered[identifier] = "ContentCell"
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
                return view
            case .footer(let id):
                let view = dequeue("TabulaFooter", make: TabulaTableCellView.self, tableView)
                (view as? TabulaTableCellView)?.apply(CellContent(text: driver.snapshot.section(id)?.footer, style: "footer"))
                return view
            case .item(let id):
                guard let item = driver.snapshot[id], let path = driver.snapshot.indexPath(of: id) else { return nil }
                return cells.cell(
                    for: item, at: path, itemsInSection: driver.snapshot.numberOfItems(inSection: path.section), registrar: bridge, view: tableView,
                    report: driver.report
                ) { identifier in
                    // A nib registered under the identifier is made by the table; a class by us.
                    dequeue(identifier, make: classes[identifier] ?? TabulaTableCellView.self, tableView)
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

        /// The swipe actions of the row's item, or else your ``delegate``'s.
        public func tableView(_ tableView: NSTableView, rowActionsForRow row: Int, edge: NSTableView.RowActionEdge) -> [NSTableViewRowAction] {
            if let item = item(atRow: row), let path = driver.snapshot.indexPath(of: item.id),
                let actions = (edge == .trailing ? trailingSwipeActions : leadingSwipeActions)
            {
                return actions(item, path)
            }
            return delegate?.tableView?(tableView, rowActionsForRow: row, edge: edge) ?? []
        }

        /// Fills the table's menu with what ``contextMenu`` builds for the clicked item.
        public func menuNeedsUpdate(_ menu: NSMenu) {
            menu.removeAllItems()
            guard let tableView, let contextMenu, let item = item(atRow: tableView.clickedRow),
                let path = driver.snapshot.indexPath(of: item.id), let built = contextMenu(item, path)
            else { return }
            for entry in built.items {
                built.removeItem(entry)
                menu.addItem(entry)
            }
        }

        /// Hands the item of an added row view to `onWillDisplay`, then tells your ``delegate``.
        public func tableView(_ tableView: NSTableView, didAdd rowView: NSTableRowView, forRow row: Int) {
            if let item = item(atRow: row), let path = driver.snapshot.indexPath(of: item.id) { onWillDisplay?(item, path) }
            delegate?.tableView?(tableView, didAdd: rowView, forRow: row)
        }

        /// Hands the selected item to `onSelect`, then tells your ``delegate``.
        public func tableViewSelectionDidChange(_ notification: Notification) {
            if let tableView, let item = item(atRow: tableView.selectedRow), let path = driver.snapshot.indexPath(of: item.id) {
                onSelect?(item, path)
            }
            delegate?.tableViewSelectionDidChange?(notification)
        }

        // MARK: Your delegate

        /// Whether the adapter, or your ``delegate`` for the methods the adapter does not
        /// implement, answers `selector`.
        public nonisolated override func responds(to selector: Selector!) -> Bool {
            super.responds(to: selector) || forwarding.responds(to: selector)
        }

        /// Sends the delegate methods the adapter does not implement to your ``delegate``.
        public nonisolated override func forwardingTarget(for selector: Selector!) -> Any? {
            if !super.responds(to: selector), let target = forwarding.target(answering: selector) { return target }
            return super.forwardingTarget(for: selector)
        }
    }

    /// The app's delegate as `responds(to:)` and `forwardingTarget(for:)` see it: `NSObject` calls
    /// them outside any actor, so it is kept behind a lock (`@unchecked Sendable`: a lock the
    /// compiler cannot check), set on the main actor.
    final class Forwarding: @unchecked Sendable {
        private let lock = NSLock()
        private weak var object: NSObjectProtocol?

        func set(_ newValue: NSObjectProtocol?) { lock.withLock { object = newValue } }

        func responds(to selector: Selector) -> Bool { lock.withLock { object }?.responds(to: selector) ?? false }

        func target(answering selector: Selector) -> NSObjectProtocol? {
            guard let object = lock.withLock({ object }), object.responds(to: selector) else { return nil }
            return object
        }
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
    }
#endif
