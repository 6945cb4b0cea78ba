// One screen per adapter feature (issue 13): apply results, commands by identity, and a
// collection with supplementary views, reordering and swipe actions.
#if canImport(UIKit)
    import UIKit
    import Tabula
    import TabulaUIKit

    struct TodoTask: Identifiable, Hashable, Sendable {
        var id: Int
        var title: String
    }

    /// Apply as Apple names it, and what became of each apply.
    final class ApplyResultsViewController: UITableViewController {
        private var adapter: TableViewAdapter<Int, TodoTask>?
        private(set) var lastResult: ApplyResult?

        override func viewDidLoad() {
            super.viewDidLoad()
            do {
                adapter = try TableViewAdapter<Int, TodoTask>(tableView: tableView, cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.title) } })
            } catch {
                preconditionFailure("\(error)")  // a registration conflict: a programming error, stop with its message
            }
            adapter?.driver.reloadThreshold = 500   // a huge change reloads instead of animating
            navigationItem.rightBarButtonItems = [
                UIBarButtonItem(title: "Shuffle", primaryAction: UIAction { [weak self] _ in self?.shuffle(animated: true) }),
                UIBarButtonItem(title: "Quietly", primaryAction: UIAction { [weak self] _ in self?.shuffle(animated: false) }),
                UIBarButtonItem(title: "Reload", primaryAction: UIAction { [weak self] _ in self?.reload() }),
            ]
            shuffle(animated: false)
        }

        private func tasks() -> Snapshot<Int, TodoTask> {
            (try? Snapshot(items: (0..<20).map { TodoTask(id: $0, title: "Task \($0)") }.shuffled())) ?? Snapshot()
        }

        private func shuffle(animated: Bool) {
            Task { @MainActor in
                // .batchUpdates(animated:), .reloaded(reason), .unchanged or .superseded.
                lastResult = await adapter?.apply(tasks(), animatingDifferences: animated)
                navigationItem.prompt = lastResult.map { "\($0)" }
            }
        }

        private func reload() {
            Task { @MainActor in lastResult = await adapter?.applyUsingReloadData(tasks()) }
        }
    }

    /// Reading and commands by identity.
    final class IdentityViewController: UITableViewController {
        private var adapter: TableViewAdapter<Int, TodoTask>?

        override func viewDidLoad() {
            super.viewDidLoad()
            do {
                adapter = try TableViewAdapter<Int, TodoTask>(tableView: tableView, cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.title) } })
            } catch {
                preconditionFailure("\(error)")  // a registration conflict: a programming error, stop with its message
            }
            navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Go to 42", primaryAction: UIAction { [weak self] _ in
                try? self?.adapter?.scrollToItem(42, at: .middle)
                try? self?.adapter?.selectItem(42)
            })
            if let snapshot = try? Snapshot(items: (0..<100).map { TodoTask(id: $0, title: "Task \($0)") }) { adapter?.apply(snapshot) }
        }

        /// The identifiers on screen, for a status line.
        var visibleIdentifiers: [Int] { adapter?.visibleItems.map(\.id) ?? [] }
    }

    /// A badge shown above each section of the board.
    final class CountBadge: UICollectionReusableView {
        let label = UILabel()
        override init(frame: CGRect) {
            super.init(frame: frame)
            addSubview(label)
        }
        required init?(coder: NSCoder) {
            super.init(coder: coder)
            addSubview(label)
        }
    }

    /// A collection: list layout with swipe actions from the adapter, reordering, supplementary
    /// views, prefetching.
    final class BoardViewController: UICollectionViewController {
        private var adapter: CollectionViewAdapter<String, TodoTask>?
        static let badgeKind = SupplementaryKind(rawValue: "badge")

        init() {
            super.init(collectionViewLayout: UICollectionViewFlowLayout())
        }
        required init?(coder: NSCoder) { super.init(coder: coder) }

        override func viewDidLoad() {
            super.viewDidLoad()
            let adapter: CollectionViewAdapter<String, TodoTask>
            do {
                adapter = try CollectionViewAdapter(
                    collectionView: collectionView, cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.title) } })
            } catch {
                preconditionFailure("\(error)")  // a registration conflict: a programming error, stop with its message
            }
            var list = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
            list.headerMode = .supplementary
            list.trailingSwipeActionsConfigurationProvider = adapter.trailingSwipeActionsProvider
            collectionView.collectionViewLayout = UICollectionViewCompositionalLayout.list(using: list)
            adapter.trailingSwipeActions = { [weak adapter] task, _ in
                UISwipeActionsConfiguration(actions: [
                    UIContextualAction(style: .destructive, title: "Delete") { _, _, done in
                        done((try? adapter?.deleteItem(task.id)) != nil)
                    }
                ])
            }
            adapter.canMove = { _ in true }
            adapter.onMove = { reorder, _ in print("moved", reorder.items) }
            adapter.onPrefetch = { tasks in print("prefetch", tasks.map(\.id)) }
            try? adapter.registerSupplementaryViews([
                .view(CountBadge.self, kind: Self.badgeKind) { badge, section in badge.label.text = "\(section.numberOfItems)" }
            ])
            self.adapter = adapter
            let snapshot = try? Snapshot<String, TodoTask> {
                Section("todo", header: "To do", items: (0..<5).map { TodoTask(id: $0, title: "Task \($0)") })
                Section("done", header: "Done", items: (5..<8).map { TodoTask(id: $0, title: "Task \($0)") })
            }
            if let snapshot { adapter.apply(snapshot) }
        }
    }
#endif
