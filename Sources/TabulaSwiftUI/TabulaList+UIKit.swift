#if canImport(SwiftUI) && canImport(UIKit)
    import SwiftUI
    import Tabula
    import TabulaUIKit
    import UIKit

    extension TabulaList: UIViewRepresentable {
        /// The table or collection view, and its adapter.
        @MainActor
        public final class Coordinator {
            let state: TabulaListState<SectionID, Item>
            var table: TableViewAdapter<SectionID, Item>?
            var collection: CollectionViewAdapter<SectionID, Item>?
            /// Reads and sets the scroll position (`scrollPosition(id:initialAnchor:)`).
            var position: UIKitScrollPositionGlue<SectionID, Item>?

            init(list: TabulaList) {
                state = TabulaListState(content: list.content)
            }
        }

        /// Makes the coordinator that keeps the adapter.
        public func makeCoordinator() -> Coordinator { Coordinator(list: self) }

        /// Makes the table or collection view and its adapter, and shows the first snapshot.
        public func makeUIView(context: Context) -> UIScrollView {
            let coordinator = context.coordinator
            let state = coordinator.state
            let view: UIScrollView
            do {
                switch style {
                case .table(let appearance):
                    let tableView = UITableView(frame: .zero, style: appearance.tableStyle)
                    // Hosted SwiftUI rows resize their cells when their content changes size.
                    if #available(iOS 16, tvOS 16, *) { tableView.selfSizingInvalidation = .enabledIncludingConstraints }
                    view = tableView
                    let adapter = try TableViewAdapter<SectionID, Item>(tableView: tableView, cells: state.cells, updateKind: content.updateKind)
                    state.attach(adapter, swipe: Self.swipeConfiguration, menu: Self.menuConfiguration)
                    state.connectListState(to: adapter)
                    coordinator.table = adapter
                    coordinator.position = UIKitScrollPositionGlue(view: tableView, state: state) { [weak adapter] in adapter?.displayedSnapshot ?? Snapshot() }
                case .collection(let appearance):
                    let collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
                    if #available(iOS 16, tvOS 16, *) { collectionView.selfSizingInvalidation = .enabledIncludingConstraints }
                    view = collectionView
                    let adapter = try CollectionViewAdapter<SectionID, Item>(collectionView: collectionView, cells: state.cells, updateKind: content.updateKind)
                    state.attach(adapter, swipe: Self.swipeConfiguration, menu: Self.menuConfiguration)
                    state.connectListState(to: adapter)
                    collectionView.collectionViewLayout = Self.listLayout(appearance, state: state, adapter: adapter)
                    coordinator.collection = adapter
                    coordinator.position = UIKitScrollPositionGlue(view: collectionView, state: state) { [weak adapter] in
                        adapter?.displayedSnapshot ?? Snapshot()
                    }
                }
            } catch {
                report(error)
                return UITableView()
            }
            updateAdapters(coordinator, context: context, animated: false)
            return view
        }

        /// Shows the new snapshot, animated unless the transaction disables animations.
        public func updateUIView(_ view: UIScrollView, context: Context) {
            updateAdapters(context.coordinator, context: context, animated: !context.transaction.disablesAnimations)
        }

        /// A list layout whose sections each have a header or footer only when they have a title,
        /// asked again at every layout pass (so it follows each snapshot), with the adapter's swipe
        /// actions.
        private static func listLayout(
            _ appearance: TabulaListStyle.Appearance, state: TabulaListState<SectionID, Item>, adapter: CollectionViewAdapter<SectionID, Item>
        ) -> UICollectionViewLayout {
            UICollectionViewCompositionalLayout { [weak state, weak adapter] section, environment in
                var configuration = UICollectionLayoutListConfiguration(appearance: appearance.listAppearance)
                if let state, let adapter {
                    configuration.headerMode = state.showsHeader(inSection: section, of: adapter.displayedSnapshot) ? .supplementary : .none
                    configuration.footerMode = state.showsFooter(inSection: section, of: adapter.displayedSnapshot) ? .supplementary : .none
                    configuration.leadingSwipeActionsConfigurationProvider = adapter.leadingSwipeActionsProvider
                    configuration.trailingSwipeActionsConfigurationProvider = adapter.trailingSwipeActionsProvider
                }
                return NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
            }
        }

        /// Swipe actions as UIKit shows them, in their order (the first is at the edge, and a full
        /// swipe performs it).
        private static func swipeConfiguration(_ actions: [ListRowAction]) -> UISwipeActionsConfiguration? {
            guard !actions.isEmpty else { return nil }
            return UISwipeActionsConfiguration(actions: actions.map { action in
                let contextual = UIContextualAction(style: action.isDestructive ? .destructive : .normal, title: action.title) { _, _, done in
                    action.handler()
                    done(true)
                }
                contextual.image = action.systemImage.flatMap { UIImage(systemName: $0) }
                return contextual
            })
        }

        /// A context menu of the actions, which are also the row's custom accessibility actions.
        private static func menuConfiguration(_ actions: [ListRowAction]) -> UIContextMenuConfiguration? {
            UIContextMenuConfiguration(actions: actions)
        }

        private func updateAdapters(_ coordinator: Coordinator, context: Context, animated: Bool) {
            let state = coordinator.state
            state.content = content
            state.content.isEditing = context.environment.editMode?.wrappedValue.isEditing ?? false
            let editing = state.content.isEditing
            if let adapter = coordinator.table, let tableView = adapter.tableView {
                tableView.allowsMultipleSelectionDuringEditing = state.allowsMultipleSelection
                if tableView.isEditing != editing { tableView.setEditing(editing, animated: animated) }
                state.show(in: adapter, animated: animated) { [weak adapter] ids in
                    guard let adapter, let tableView = adapter.tableView else { return }
                    for path in tableView.indexPathsForSelectedRows ?? [] where adapter.itemIdentifier(for: path).map({ !ids.contains($0) }) ?? true {
                        tableView.deselectRow(at: path, animated: animated)
                    }
                    for id in ids { try? adapter.selectItem(id, animated: animated, scrollPosition: .none) }
                }
            }
            if let adapter = coordinator.collection, let collectionView = adapter.collectionView {
                collectionView.allowsMultipleSelectionDuringEditing = state.allowsMultipleSelection
                collectionView.isEditing = editing
                state.show(in: adapter, animated: animated) { [weak adapter] ids in
                    guard let adapter, let collectionView = adapter.collectionView else { return }
                    for path in collectionView.indexPathsForSelectedItems ?? [] where adapter.itemIdentifier(for: path).map({ !ids.contains($0) }) ?? true {
                        collectionView.deselectItem(at: path, animated: animated)
                    }
                    for id in ids { try? adapter.selectItem(id, animated: animated) }
                }
            }
        }
    }

    extension TabulaListStyle.Appearance {
        var tableStyle: UITableView.Style {
            switch self {
            case .plain: return .plain
            case .grouped: return .grouped
            case .insetGrouped: return .insetGrouped
            }
        }

        var listAppearance: UICollectionLayoutListConfiguration.Appearance {
            switch self {
            case .plain: return .plain
            case .grouped: return .grouped
            case .insetGrouped: return .insetGrouped
            }
        }
    }
#endif
