#if canImport(UIKit)
    import UIKit
    import Tabula

    /// A table view controller built from configurators, fed snapshots.
    ///
    /// It is a `UITableViewController`, so what that class gives stays: selection cleared when the
    /// view appears (`clearsSelectionOnViewWillAppear`), Edit/Done through `editButtonItem`,
    /// keyboard avoidance, pull to refresh. Rows size themselves (automatic dimension with an
    /// estimate).
    ///
    /// ```swift
    /// let users = ListTableViewController<String, User>(cell: UserCell.self)   // a ConfigurableCell
    /// users.adapter.onSelect(self) { controller, user, _ in controller.open(user) }
    /// try await users.setItems(results, in: "results")   // reloads or animates, and scrolls to the top
    /// ```
    ///
    /// `adapter` is created when the view loads (it needs the table view); reading it loads the
    /// view.
    @MainActor
    open class ListTableViewController<SectionID: Hashable & Sendable, Item: Identifiable & Equatable & Sendable>: UITableViewController
    where Item.ID: Sendable {
        /// The adapter that drives the table. Reading it loads the view if it has not loaded yet
        /// (the adapter needs the table), so handlers can be set right after `init`.
        ///
        /// - Precondition: a subclass that overrides `viewDidLoad` calls `super.viewDidLoad()`
        ///   (that is where the adapter is made).
        public var adapter: TableViewAdapter<SectionID, Item> {
            loadViewIfNeeded()
            guard let storedAdapter else {
                // Only a subclass whose `viewDidLoad` does not call `super` gets here.
                preconditionFailure("ListTableViewController: viewDidLoad did not run its super implementation")
            }
            return storedAdapter
        }
        private var storedAdapter: TableViewAdapter<SectionID, Item>?
        /// The cell configurators.
        public let cells: CellConfigurators<Item>
        /// Whether setting new items scrolls back to the top.
        public var scrollsToTopOnNewItems = true
        private let bundle: Bundle

        /// Creates the controller; cells are registered when the view loads.
        public init(style: UITableView.Style = .insetGrouped, cells: CellConfigurators<Item>, bundle: Bundle = .main) {
            self.cells = cells
            self.bundle = bundle
            super.init(style: style)
        }

        /// Creates the controller for a cell that configures itself (a
        /// `TableViewController<Item, Cell: Configurable>`): the cell class is the whole setup.
        public convenience init<Cell: UITableViewCell & ConfigurableCell>(style: UITableView.Style = .insetGrouped, cell: Cell.Type, bundle: Bundle = .main)
        where Cell.Model == Item {
            self.init(style: style, cells: CellConfigurators { CellConfigurator.cell(cell) }, bundle: bundle)
        }

        @available(*, unavailable, message: "ListTableViewController is created in code, with its configurators")
        public required init?(coder: NSCoder) {
            fatalError("ListTableViewController is created in code, with its configurators")
        }

        /// Sizes rows automatically and creates the adapter, registering every cell.
        ///
        /// - Precondition: the configurators register without conflict (two cell classes under one
        ///   identifier, or a nib of another class, is a programming error in them; `TableViewAdapter`'s
        ///   initialiser reports it as a `ConfigurationError`, and the headless tests find it first).
        open override func viewDidLoad() {
            super.viewDidLoad()
            tableView.rowHeight = UITableView.automaticDimension
            tableView.estimatedRowHeight = 44
            do {
                storedAdapter = try TableViewAdapter(tableView: tableView, cells: cells, bundle: bundle)
            } catch {
                // Conflicting registrations are a programming error in the configurators (two cell
                // classes under one identifier, a nib of another class), found on the first run.
                preconditionFailure("ListTableViewController: \(error)")
            }
        }

        /// Shows `snapshot` (batch updates, animated unless `animatingDifferences` is false) and
        /// returns what became of it.
        @discardableResult
        public func apply(_ snapshot: Snapshot<SectionID, Item>, animatingDifferences: Bool = true) async -> ApplyResult {
            await adapter.apply(snapshot, animatingDifferences: animatingDifferences)
        }

        /// Shows `items` in one section and scrolls to the top (as a generic controller's `items` setter does).
        ///
        /// An apply that a newer one replaced before it was shown does not scroll (search as you
        /// type: the newest results decide), and an empty table is never scrolled.
        ///
        /// - Throws: `SnapshotError` naming an identifier that two items share; nothing changes then.
        @discardableResult
        public func setItems(_ items: [Item], in section: SectionID, header: String? = nil) async throws -> ApplyResult {
            let snapshot = try Snapshot<SectionID, Item>([Section(section, header: header, items: items)])
            let result = await apply(snapshot)
            if result != .superseded, scrollsToTopOnNewItems, tableView.numberOfSections > 0, tableView.numberOfRows(inSection: 0) > 0 {
                tableView.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top, animated: true)
            }
            return result
        }
    }

    extension UIViewController {
        /// Adds `child` as a child view controller whose view fills `container` after
        /// `configure` has set it up.
        public func embed<Child: UIViewController>(_ child: Child, in container: UIView, configure: (Child) -> Void = { _ in }) {
            configure(child)
            addChild(child)
            child.view.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(child.view)
            NSLayoutConstraint.activate([
                child.view.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                child.view.trailingAnchor.constraint(equalTo: container.trailingAnchor),
                child.view.topAnchor.constraint(equalTo: container.topAnchor),
                child.view.bottomAnchor.constraint(equalTo: container.bottomAnchor),
            ])
            child.didMove(toParent: self)
        }

    }
#endif
