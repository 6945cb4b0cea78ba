#if canImport(UIKit)
    import UIKit
    import Tabula

    /// What a drag of a Tabula list's row carries as its `localObject`: the item's identifier and
    /// the list that started the drag.
    private struct DraggedItem {
        let id: AnyHashable
        let source: ObjectIdentifier
    }

    /// The drag and drop delegate of a table or collection adapter (a generic class cannot adopt
    /// these Objective-C protocols in an extension): it turns UIKit's calls into the core's
    /// decisions, `ListAdapterCore.dragItems(at:)`, `acceptsDrop(from:at:)`, `dropPosition(for:)`
    /// and `drop(_:at:)`.
    @MainActor
    package final class DragAndDropDelegate: NSObject, UITableViewDragDelegate, UITableViewDropDelegate, UICollectionViewDragDelegate,
        UICollectionViewDropDelegate
    {
        let source: ObjectIdentifier
        /// The identifiers of the items at a path that may be dragged.
        let draggable: (ItemPath) -> [AnyHashable]
        /// Whether a drop from a source at a proposed position is accepted.
        let accepts: (ObjectIdentifier?, ItemPath?) -> Bool
        /// Drops the identifiers at a proposed position.
        let drop: ([AnyHashable], ItemPath?) -> Void

        init<SectionID, Item, Platform>(core: ListAdapterCore<SectionID, Item, Platform>) {
            source = core.dragSource
            draggable = { [unowned core] path in core.dragItems(at: [path]).map(AnyHashable.init) }
            accepts = { [unowned core] source, proposed in core.acceptsDrop(from: source, at: proposed) }
            drop = { [unowned core] ids, proposed in
                guard let position = core.dropPosition(for: proposed) else { return }
                _ = try? core.drop(ids.compactMap { $0.base as? Item.ID }, at: position)
            }
        }

        private func items(at indexPath: IndexPath, adding session: UIDragSession?) -> [UIDragItem] {
            let carried = Set((session?.items ?? []).compactMap { ($0.localObject as? DraggedItem)?.id })
            return draggable(indexPath.itemPath).filter { !carried.contains($0) }.map { id in
                let item = UIDragItem(itemProvider: NSItemProvider())
                item.localObject = DraggedItem(id: id, source: source)
                return item
            }
        }

        private func accepts(_ session: UIDropSession, at indexPath: IndexPath?) -> Bool {
            let source = (session.localDragSession?.items ?? []).lazy.compactMap { ($0.localObject as? DraggedItem)?.source }.first
            return accepts(source, indexPath?.itemPath)
        }

        private func perform(_ items: [UIDragItem], at indexPath: IndexPath?) {
            drop(items.compactMap { ($0.localObject as? DraggedItem)?.id }, indexPath?.itemPath)
        }

        package func tableView(_ tableView: UITableView, itemsForBeginning session: UIDragSession, at indexPath: IndexPath) -> [UIDragItem] {
            items(at: indexPath, adding: nil)
        }

        package func tableView(_ tableView: UITableView, itemsForAddingTo session: UIDragSession, at indexPath: IndexPath, point: CGPoint) -> [UIDragItem] {
            items(at: indexPath, adding: session)
        }

        package func tableView(
            _ tableView: UITableView, dropSessionDidUpdate session: UIDropSession, withDestinationIndexPath destinationIndexPath: IndexPath?
        ) -> UITableViewDropProposal {
            accepts(session, at: destinationIndexPath)
                ? UITableViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath) : UITableViewDropProposal(operation: .forbidden)
        }

        package func tableView(_ tableView: UITableView, performDropWith coordinator: UITableViewDropCoordinator) {
            perform(coordinator.items.map(\.dragItem), at: coordinator.destinationIndexPath)
        }

        package func collectionView(_ collectionView: UICollectionView, itemsForBeginning session: UIDragSession, at indexPath: IndexPath) -> [UIDragItem] {
            items(at: indexPath, adding: nil)
        }

        package func collectionView(
            _ collectionView: UICollectionView, itemsForAddingTo session: UIDragSession, at indexPath: IndexPath, point: CGPoint
        ) -> [UIDragItem] {
            items(at: indexPath, adding: session)
        }

        package func collectionView(
            _ collectionView: UICollectionView, dropSessionDidUpdate session: UIDropSession, withDestinationIndexPath destinationIndexPath: IndexPath?
        ) -> UICollectionViewDropProposal {
            accepts(session, at: destinationIndexPath)
                ? UICollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
                : UICollectionViewDropProposal(operation: .forbidden)
        }

        package func collectionView(_ collectionView: UICollectionView, performDropWith coordinator: UICollectionViewDropCoordinator) {
            perform(coordinator.items.map(\.dragItem), at: coordinator.destinationIndexPath)
        }
    }

    extension TableViewAdapter {
        /// Whether the user reorders by dragging rows: one, or several picked up in one drag,
        /// dropped anywhere in the table, each drop ending as one `Reorder` told to `onMove`
        /// and kept for undo. Rows that `canMove` allows; drags from other lists and apps are
        /// refused. Off by default; on, the adapter is the table's drag and drop delegate.
        public var reordersByDragging: Bool {
            get { dragAndDrop != nil }
            set {
                dragAndDrop = newValue ? DragAndDropDelegate(core: core) : nil
                tableView?.reorderByDragging(with: dragAndDrop)
            }
        }
    }

    extension CollectionViewAdapter {
        /// Whether the user reorders by dragging items, as a table adapter's
        /// `reordersByDragging` does; on, the adapter is the collection view's drag and drop
        /// delegate.
        public var reordersByDragging: Bool {
            get { dragAndDrop != nil }
            set {
                dragAndDrop = newValue ? DragAndDropDelegate(core: core) : nil
                collectionView?.reorderByDragging(with: dragAndDrop)
            }
        }
    }
#endif
