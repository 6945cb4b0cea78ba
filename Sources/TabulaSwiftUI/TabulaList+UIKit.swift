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

            init(list: TabulaList) {
                state = TabulaListState(list: list)
            }
        }

        /// Makes the coordinator that keeps the adapter.
        public func makeCoordinator() -> Coordinator { Coordinator(list: self) }

        /// Makes the table or collection view and its adapter, and shows the first snapshot.
        public func makeUIView(context: Context) -> UIScrollView {
            let coordinator = context.coordinator
            let state = coordinator.state
            let view: UIScrollView
            switch style {
            case .table(let appearance):
                let tableView = UITableView(frame: .zero, style: appearance.tableStyle)
                // Hosted SwiftUI rows resize their cells when their content changes size.
                if #available(iOS 16, tvOS 16, *) { tableView.selfSizingInvalidation = .enabledIncludingConstraints }
                view = tableView
                do {
                    let adapter = try TableViewAdapter<SectionID, Item>(tableView: tableView, cells: cells, updateKind: updateKind)
                    adapter.onSelect = { [weak state] item, _ in state?.userSelected(item) }
                    coordinator.table = adapter
                } catch {
                    report(error)
                }
            case .collection(let appearance):
                var configuration = UICollectionLayoutListConfiguration(appearance: appearance.listAppearance)
                let hasHeaders = snapshot.sections.contains { $0.header != nil }
                let hasFooters = snapshot.sections.contains { $0.footer != nil }
                configuration.headerMode = hasHeaders ? .supplementary : .none
                configuration.footerMode = hasFooters ? .supplementary : .none
                weak var adapterReference: CollectionViewAdapter<SectionID, Item>?
                configuration.trailingSwipeActionsConfigurationProvider = { [weak state] indexPath in
                    guard let state, state.list.actions.onDelete != nil, let adapter = adapterReference,
                        let item = adapter.item(at: indexPath)
                    else { return nil }
                    let delete = UIContextualAction(style: .destructive, title: nil) { _, _, done in
                        done((try? adapter.deleteItem(item.id)) != nil)
                    }
                    delete.image = UIImage(systemName: "trash")
                    return UISwipeActionsConfiguration(actions: [delete])
                }
                let collectionView = UICollectionView(
                    frame: .zero, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
                if #available(iOS 16, tvOS 16, *) { collectionView.selfSizingInvalidation = .enabledIncludingConstraints }
                view = collectionView
                do {
                    let adapter = try CollectionViewAdapter<SectionID, Item>(collectionView: collectionView, cells: cells, updateKind: updateKind)
                    adapter.onSelect = { [weak state, weak collectionView] item, path in
                        guard let state else { return }
                        // Without a selection binding, a tap is an action: the highlight goes.
                        if state.list.selection == nil { collectionView?.deselectItem(at: IndexPath(path), animated: true) }
                        state.userSelected(item)
                    }
                    adapterReference = adapter
                    coordinator.collection = adapter
                } catch {
                    report(error)
                }
            }
            updateAdapters(coordinator, animated: false)
            return view
        }

        /// Shows the new snapshot, animated unless the transaction disables animations.
        public func updateUIView(_ view: UIScrollView, context: Context) {
            updateAdapters(context.coordinator, animated: !context.transaction.disablesAnimations)
        }

        private func updateAdapters(_ coordinator: Coordinator, animated: Bool) {
            let state = coordinator.state
            state.list = self
            let onDelete = actions.onDelete
            if let adapter = coordinator.table {
                adapter.deselectsAfterSelection = selection == nil
                adapter.canDelete = { _ in onDelete != nil }
                adapter.onDelete = { item, _ in onDelete?(item) }
                state.show(in: adapter, animated: animated) { [weak adapter] id in
                    guard let adapter else { return }
                    if let id, (try? adapter.selectItem(id, animated: animated, scrollPosition: .none)) != nil { return }
                    for item in adapter.selectedItems { try? adapter.deselectItem(item.id, animated: animated) }
                }
            }
            if let adapter = coordinator.collection {
                adapter.onDelete = { item, _ in onDelete?(item) }
                state.show(in: adapter, animated: animated) { [weak adapter] id in
                    guard let adapter, let collectionView = adapter.collectionView else { return }
                    if let id, let indexPath = adapter.indexPath(for: id) {
                        collectionView.selectItem(at: indexPath, animated: animated, scrollPosition: [])
                    } else {
                        for indexPath in collectionView.indexPathsForSelectedItems ?? [] {
                            collectionView.deselectItem(at: indexPath, animated: animated)
                        }
                    }
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
