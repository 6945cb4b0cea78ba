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

            init(list: TabulaList) {
                state = TabulaListState(list: list)
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
                let adapter = try TableViewAdapter<SectionID, Item>(tableView: tableView, cells: cells, updateKind: updateKind)
                adapter.onSelect = { [weak state] item, _ in state?.userSelected(item) }
                adapter.trailingSwipeActions = { [weak state] item, _ in
                    guard let onDelete = state?.list.actions.onDelete else { return [] }
                    return [NSTableViewRowAction(style: .destructive, title: "Delete") { _, _ in onDelete(item) }]
                }
                coordinator.adapter = adapter
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
            coordinator.state.list = self
            guard let adapter = coordinator.adapter else { return }
            coordinator.state.show(in: adapter, animated: animated) { [weak adapter] id in
                guard let adapter else { return }
                if let id, (try? adapter.selectItem(id)) != nil { return }
                adapter.tableView?.deselectAll(nil)
            }
        }
    }
#endif
