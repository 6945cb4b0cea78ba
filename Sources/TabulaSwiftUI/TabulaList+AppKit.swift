#if canImport(SwiftUI) && canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit
    import SwiftUI
    import Tabula
    import TabulaAppKit

    extension TabulaList: NSViewRepresentable {
        /// The table view and its adapter.
        @MainActor
        public final class Coordinator {
            let state: TabulaListState<SectionID, Item>
            var adapter: TableViewAdapter<SectionID, Item>?
            /// Reads and sets the scroll position (`scrollPosition(id:initialAnchor:)`).
            var position: AppKitScrollPositionGlue<SectionID, Item>?

            init(list: TabulaList) {
                state = TabulaListState(content: list.content)
            }
        }

        /// Makes the coordinator that keeps the adapter.
        public func makeCoordinator() -> Coordinator { Coordinator(list: self) }

        /// Makes a scroll view with the table and its adapter, and shows the first snapshot. Both
        /// styles are a table on macOS.
        public func makeNSView(context: Context) -> NSScrollView {
            let coordinator = context.coordinator
            let state = coordinator.state
            let tableView = NSTableView()
            tableView.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("TabulaColumn")))
            tableView.headerView = nil
            // Hosted SwiftUI rows are as tall as their content.
            tableView.usesAutomaticRowHeights = true
            switch style {
            case .table(let appearance), .collection(let appearance):
                switch appearance {
                case .plain: tableView.style = .plain
                case .grouped: tableView.style = .fullWidth
                case .insetGrouped: tableView.style = .inset
                }
            }
            let scrollView = NSScrollView()
            scrollView.documentView = tableView
            scrollView.hasVerticalScroller = true
            do {
                let adapter = try TableViewAdapter<SectionID, Item>(tableView: tableView, cells: state.cells, updateKind: content.updateKind)
                state.attach(adapter, swipe: Self.rowActions, menu: Self.menu)
                state.connectListState(to: adapter)
                coordinator.adapter = adapter
                coordinator.position = AppKitScrollPositionGlue(scrollView: scrollView, adapter: adapter, state: state)
            } catch {
                report(error)
            }
            updateAdapter(coordinator, animated: false)
            return scrollView
        }

        /// Shows the new snapshot, animated unless the transaction disables animations.
        public func updateNSView(_ view: NSScrollView, context: Context) {
            updateAdapter(context.coordinator, animated: !context.transaction.disablesAnimations)
        }

        private func updateAdapter(_ coordinator: Coordinator, animated: Bool) {
            coordinator.state.content = content
            guard let adapter = coordinator.adapter else { return }
            adapter.tableView?.allowsMultipleSelection = coordinator.state.allowsMultipleSelection
            coordinator.state.show(in: adapter, animated: animated) { [weak adapter] ids in
                guard let adapter, let tableView = adapter.tableView else { return }
                let rows = IndexSet(ids.compactMap { adapter.row(for: $0) })
                tableView.selectRowIndexes(rows, byExtendingSelection: false)
            }
        }

        /// Swipe actions as row actions.
        private static func rowActions(_ actions: [ListRowAction]) -> [NSTableViewRowAction]? {
            actions.map { action in
                NSTableViewRowAction(style: action.isDestructive ? .destructive : .regular, title: action.title) { _, _ in action.handler() }
            }
        }

        /// A context menu of the actions.
        private static func menu(_ actions: [ListRowAction]) -> NSMenu? {
            guard !actions.isEmpty else { return nil }
            let menu = NSMenu()
            for action in actions { menu.addItem(ListRowActionMenuItem(action)) }
            return menu
        }
    }

    /// A menu item that performs a ``ListRowAction``.
    @MainActor
    final class ListRowActionMenuItem: NSMenuItem {
        private let rowAction: ListRowAction

        init(_ action: ListRowAction) {
            rowAction = action
            super.init(title: action.title, action: #selector(performRowAction), keyEquivalent: "")
            target = self
        }

        required init(coder: NSCoder) { fatalError("made in code") }

        @objc private func performRowAction() { rowAction.handler() }
    }
#endif
