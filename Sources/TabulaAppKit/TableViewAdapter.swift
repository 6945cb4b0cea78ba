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
            let field = NSTextField(labelWithString: "")
            textField = field
            for view in [field, secondaryField, toggle] as [NSView] {
                view.translatesAutoresizingMaskIntoConstraints = false
                addSubview(view)
            }
            secondaryField.textColor = .secondaryLabelColor
            NSLayoutConstraint.activate([
                field.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 4),
                field.centerYAnchor.constraint(equalTo: centerYAnchor),
                toggle.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -4),
                toggle.centerYAnchor.constraint(equalTo: centerYAnchor),
                secondaryField.trailingAnchor.constraint(equalTo: toggle.leadingAnchor, constant: -4),
                secondaryField.centerYAnchor.constraint(equalTo: centerYAnchor),
            ])
        }

        /// Creates the view from an archive, with its subviews.
        public required init?(coder: NSCoder) {
            super.init(coder: coder)
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
        }
    }

    /// Makes an `NSTableView` show snapshots, with the same configurators and apply pipeline as the
    /// UIKit adapters (SPEC B8). `NSTableView` has no sections: each section's header becomes a
    /// group row. Its updates are applied one after another rather than as one batch, so each
    /// stage is replayed as removals, then inserts and moves in ascending order.
    @MainActor
    public final class TableViewAdapter<SectionID: Hashable & Sendable, Item: Identifiable & Sendable>: NSObject,
        NSTableViewDataSource, NSTableViewDelegate, ListAdapter
    where Item.ID: Sendable {
        enum Row: Hashable {
            case header(SectionID)
            case item(Item.ID)
        }

        /// The table view driven. Not retained.
        public private(set) weak var tableView: NSTableView?
        /// The apply pipeline.
        public let driver: ListDriver<SectionID, Item>
        /// The cell configurators.
        public let cells: CellConfigurators<Item>
        /// Called when the user selects an item.
        public var onSelect: ((Item) -> Void)?

        private var rows: [Row] = []
        private var displayedCounts: [Int] = []
        private var registered: [String: String] = [:]
        private var classes: [String: NSView.Type] = [:]
        private let bundle: Bundle
        private var hasLoaded = false

        /// Becomes `tableView`'s data source and delegate and registers the configurators' cells.
        public init(
            tableView: NSTableView, cells: CellConfigurators<Item>, bundle: Bundle = .main,
            updateKind: @escaping @Sendable (Item, Item) -> UpdateKind?
        ) throws {
            self.tableView = tableView
            self.cells = cells
            self.bundle = bundle
            self.driver = ListDriver(updateKind: updateKind, canReconfigure: cells.canReconfigure)
            super.init()
            try connect()
            tableView.dataSource = self
            tableView.delegate = self
        }

        private func rows(of snapshot: Snapshot<SectionID, Item>) -> [Row] {
            var rows: [Row] = []
            for section in snapshot.sections {
                if section.header != nil { rows.append(.header(section.id)) }
                rows.append(contentsOf: section.items.map { .item($0.id) })
            }
            return rows
        }

        // MARK: ListViewUpdating

        /// Which rules and wording apply (`ListViewUpdating`).
        public var flavor: ListFlavor { .table }
        /// Whether the view can animate now: it has loaded once and is in a window (`ListViewUpdating`).
        public var canAnimateUpdates: Bool { hasLoaded && tableView?.window != nil }
        /// The counts the view itself reports, which the driver compares with its snapshot (`ListViewUpdating`).
        public func displayedItemCounts() -> [Int] { displayedCounts }

        /// Reloads the view from the snapshot (`ListViewUpdating`; the driver calls it).
        public func reloadData() {
            hasLoaded = true
            rows = rows(of: driver.snapshot)
            displayedCounts = driver.snapshot.sections.map(\.items.count)
            tableView?.reloadData()
        }

        /// Replays one stage of a changeset as one batch update (`ListViewUpdating`; the driver calls it).
        public func performBatchUpdates(
            _ update: BatchUpdate, animated: Bool, updateData: () -> Void, completion: @escaping @MainActor () -> Void
        ) {
            let before = driver.snapshot
            updateData()
            let after = driver.snapshot
            let target = rows(of: after)
            guard let tableView else {
                rows = target
                completion()
                return
            }
            let animation: NSTableView.AnimationOptions = animated ? [.effectFade, .slideUp] : []
            let targetSet = Set(target)
            tableView.beginUpdates()
            // Removals, from the bottom so indices stay valid.
            let removed = IndexSet(rows.indices.filter { !targetSet.contains(rows[$0]) })
            tableView.removeRows(at: removed, withAnimation: animation)
            var current = rows.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
            let present = Set(current)
            // Inserts and moves, top to bottom: each row in turn is put where the target has it.
            for (index, row) in target.enumerated() {
                if index < current.count && current[index] == row { continue }
                if !present.contains(row) {
                    tableView.insertRows(at: IndexSet(integer: index), withAnimation: animation)
                    current.insert(row, at: index)
                } else if let from = current[index...].firstIndex(of: row) {
                    tableView.moveRow(at: from, to: index)
                    current.remove(at: from)
                    current.insert(row, at: index)
                }
            }
            tableView.endUpdates()
            rows = target
            displayedCounts = after.sections.map(\.items.count)
            // Updated items, by their rows after the update.
            var updated = IndexSet()
            for path in update.reloadedItems + update.reconfiguredItems {
                if let id = before.item(at: path)?.id, let index = rows.firstIndex(of: .item(id)) { updated.insert(index) }
            }
            for section in update.updatedSectionTitles {
                if let id = after.section(at: section)?.id, let index = rows.firstIndex(of: .header(id)) { updated.insert(index) }
            }
            if !updated.isEmpty {
                tableView.reloadData(forRowIndexes: updated, columnIndexes: IndexSet(integersIn: 0..<max(1, tableView.numberOfColumns)))
            }
            completion()
        }

        // MARK: CellRegistrar

        /// The class this adapter registered under `identifier` (`CellRegistrar`).
        public func registeredCellTypeName(forReuseIdentifier identifier: String) -> String? { registered[identifier] }

        /// The cell class of the nib named `name` in the adapter's bundle, if there is one (`CellRegistrar`).
        public func nibCellTypeName(named name: String) -> String? {
            bundle.path(forResource: name, ofType: "nib") != nil ? name : nil
        }

        /// Registers the nib `name` under `identifier` (`CellRegistrar`).
        public func registerNib(named name: String, forReuseIdentifier identifier: String) {
            tableView?.register(NSNib(nibNamed: name, bundle: bundle), forIdentifier: NSUserInterfaceItemIdentifier(identifier))
            registered[identifier] = name
        }

        /// Registers `cellType` under `identifier`; `false` when it is not this view's cell class (`CellRegistrar`).
        public func registerClass(_ cellType: AnyObject.Type, forReuseIdentifier identifier: String) -> Bool {
            guard let viewClass = cellType as? NSView.Type else { return false }
            classes[identifier] = viewClass
            registered[identifier] = String(describing: viewClass)
            return true
        }

        /// Registers Tabula's standard content cell under `identifier` (`CellRegistrar`).
        public func registerContentCell(forReuseIdentifier identifier: String) {
            classes[identifier] = TabulaTableCellView.self
            registered[identifier] = "ContentCell"
        }

        // MARK: NSTableViewDataSource and delegate

        /// The number of rows: every section header and every item.
        public func numberOfRows(in tableView: NSTableView) -> Int {
            if !hasLoaded {
                hasLoaded = true
                rows = rows(of: driver.snapshot)
                displayedCounts = driver.snapshot.sections.map(\.items.count)
            }
            return rows.count
        }

        /// Whether the row is a section header.
        public func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool {
            if case .header = rows[row] { return true }
            return false
        }

        /// The header view or the configured cell view of the row.
        public func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
            switch rows[row] {
            case .header(let id):
                let view = dequeue("TabulaHeader", make: TabulaTableCellView.self, tableView)
                (view as? TabulaTableCellView)?.apply(CellContent(text: driver.snapshot.section(id)?.header))
                return view
            case .item(let id):
                guard let item = driver.snapshot[id] else { return nil }
                let path = driver.snapshot.indexPath(of: id) ?? ItemPath(item: row, section: 0)
                return cells.cell(
                    for: item, at: path, itemsInSection: driver.snapshot.numberOfItems(inSection: path.section), registrar: self, view: tableView,
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

        /// Hands the selected item to `onSelect`.
        public func tableViewSelectionDidChange(_ notification: Notification) {
            guard let tableView, tableView.selectedRow >= 0, case .item(let id) = rows[tableView.selectedRow],
                let item = driver.snapshot[id]
            else { return }
            onSelect?(item)
        }
    }

    extension TableViewAdapter where Item: Equatable {
        /// Creates an adapter that compares content with `==` (``CellConfigurators/cheapestUpdate``).
        public convenience init(tableView: NSTableView, cells: CellConfigurators<Item>, bundle: Bundle = .main) throws {
            try self.init(tableView: tableView, cells: cells, bundle: bundle, updateKind: cells.cheapestUpdate)
        }
    }
#endif
