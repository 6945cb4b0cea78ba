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
    /// decisions, `ListAdapterCore.dragItems(at:)`, `dropProposal(from:typeIdentifiers:at:)`,
    /// `performDrop(of:from:at:)`, `dropLoadPlan(offering:)` and `dropDestination(for:)`, and loads
    /// other apps' content (`ContentLoad.swift`).
    @MainActor
    package final class DragAndDropDelegate: NSObject, UITableViewDragDelegate, UITableViewDropDelegate, UICollectionViewDragDelegate,
        UICollectionViewDropDelegate
    {
        let source: ObjectIdentifier
        /// The identifiers of the items at a path that may be dragged, each with the app's
        /// description of it for other apps (`nil`: none).
        let draggable: (ItemPath) -> [(id: AnyHashable, provider: NSItemProvider?)]
        /// What a drop from a source (`nil`: another app), offering content types, would do at a
        /// proposed position.
        let proposal: (ObjectIdentifier?, [String], ItemPath?) -> DropProposal
        /// Whether the list takes drags that a source started (its own, or a list it accepts).
        let acceptsSource: (ObjectIdentifier) -> Bool
        /// Drops identifiers a Tabula list's drag carries at a proposed position (into the item
        /// there, when the last argument says so).
        let dropLocal: ([AnyHashable], ObjectIdentifier, ItemPath?, Bool) -> Void
        /// How to load each item of another app's drop, given the types each offers.
        let loadPlan: ([[String]]) -> [DropLoadPlan]
        /// Fixes where another app's content dropped at a proposed position goes: what inserts
        /// what loaded there, and reports what did not, or `nil` when it cannot land.
        let dropExternal: (ItemPath?) -> (([Result<DroppedContent, DropLoadError>]) -> Void)?
        /// A drag hovers over a position at a time (`nil` position: none, or ended): the seconds
        /// to wait before asking again whether a folder there springs open, or `nil`
        /// (`DragAndDropDelegate+SpringLoading.swift`).
        let hover: (ItemPath?, Double) -> Double?
        /// The check a wait asked for, at a time, where the drag was last.
        let hoverAgain: (Double) -> Double?

        init<SectionID, Item, Platform>(core: ListAdapterCore<SectionID, Item, Platform>) {
            source = core.dragSource
            draggable = { [unowned core] path in
                let describe = core.transfers.dragDescription as? (Item) -> NSItemProvider?
                return core.dragItems(at: [path]).map { id in (AnyHashable(id), core.draggedItem(AnyHashable(id)).flatMap { describe?($0) }) }
            }
            proposal = { [unowned core] source, types, proposed in core.dropProposal(from: source, typeIdentifiers: types, at: proposed) }
            acceptsSource = { [unowned core] source in core.acceptsDrags(from: source) }
            dropLocal = { [unowned core] keys, source, proposed, into in core.performDrop(of: keys, from: source, at: proposed, into: into) }
            loadPlan = { [unowned core] offered in core.dropLoadPlan(offering: offered) }
            hover = { [unowned core] proposed, now in core.dragHovers(over: proposed, at: now).wait }
            hoverAgain = { [unowned core] now in core.dragStillHovers(at: now).wait }
            dropExternal = { [unowned core] proposed in
                guard let target = core.dropDestination(for: proposed) else { return nil }
                return { [weak core] outcomes in _ = try? core?.receive(outcomes, to: target) }
            }
        }

        private func items(at indexPath: IndexPath, adding session: UIDragSession?) -> [UIDragItem] {
            let carried = Set((session?.items ?? []).compactMap { ($0.localObject as? DraggedItem)?.id })
            return draggable(indexPath.itemPath).filter { !carried.contains($0.id) }.map { dragged in
                let item = UIDragItem(itemProvider: dragged.provider ?? NSItemProvider())
                item.localObject = DraggedItem(id: dragged.id, source: source)
                return item
            }
        }

        /// The core's proposal for `session` over `indexPath`.
        private func proposal(for session: UIDropSession, at indexPath: IndexPath?) -> DropProposal {
            springLoad(over: indexPath)
            let source = (session.localDragSession?.items ?? []).lazy.compactMap { ($0.localObject as? DraggedItem)?.source }.first
            var types: [String] = []
            for item in session.items { types += item.itemProvider.registeredTypeIdentifiers.filter { !types.contains($0) } }
            return proposal(source, types, indexPath?.itemPath)
        }

        /// A drag of a Tabula list this one takes moves its items (into the item at `indexPath`
        /// when `into`, the proposal's intent); anything else is another app's
        /// content, loaded as the type the list registered, then inserted where it was dropped;
        /// the items that do not load are reported (`onDropLoadFailure`).
        private func perform(_ items: [UIDragItem], at indexPath: IndexPath?, into: Bool) {
            let local = items.compactMap { $0.localObject as? DraggedItem }
            if let source = local.first?.source, local.count == items.count, acceptsSource(source) {
                dropLocal(local.map(\.id), source, indexPath?.itemPath, into)
                return
            }
            guard let insert = dropExternal(indexPath?.itemPath) else { return }
            let providers = items.map(\.itemProvider)
            ContentLoad.start(providers, plan: loadPlan(providers.map(\.registeredTypeIdentifiers)), then: insert)
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
            let proposal = proposal(for: session, at: destinationIndexPath)
            guard proposal.operation != .forbidden else { return UITableViewDropProposal(operation: .forbidden) }
            let intent: UITableViewDropProposal.Intent = proposal.placement == .intoItem ? .insertIntoDestinationIndexPath : .insertAtDestinationIndexPath
            return UITableViewDropProposal(operation: Self.operation(proposal), intent: intent)
        }

        package func tableView(_ tableView: UITableView, performDropWith coordinator: UITableViewDropCoordinator) {
            let into = coordinator.proposal.intent == .insertIntoDestinationIndexPath
            perform(coordinator.items.map(\.dragItem), at: coordinator.destinationIndexPath, into: into)
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
            let proposal = proposal(for: session, at: destinationIndexPath)
            guard proposal.operation != .forbidden else { return UICollectionViewDropProposal(operation: .forbidden) }
            let intent: UICollectionViewDropProposal.Intent = proposal.placement == .intoItem ? .insertIntoDestinationIndexPath : .insertAtDestinationIndexPath
            return UICollectionViewDropProposal(operation: Self.operation(proposal), intent: intent)
        }

        package func collectionView(_ collectionView: UICollectionView, performDropWith coordinator: UICollectionViewDropCoordinator) {
            let into = coordinator.proposal.intent == .insertIntoDestinationIndexPath
            perform(coordinator.items.map(\.dragItem), at: coordinator.destinationIndexPath, into: into)
        }

        /// UIKit's operation for the core's.
        private static func operation(_ proposal: DropProposal) -> UIDropOperation {
            switch proposal.operation {
            case .move: return .move
            case .copy: return .copy
            case .forbidden: return .forbidden
            }
        }
    }

    extension TableViewAdapter {
        /// Whether the user reorders by dragging rows: one, or several picked up in one drag,
        /// dropped anywhere in the table, each drop ending as one `Reorder` told to `onMove`
        /// and kept for undo. Rows that `canMove` allows. Off by default; on, the adapter is the
        /// table's drag and drop delegate, which also drops here the drags of the lists this one
        /// accepts (`acceptDrags(from:)`) and the content of other apps it accepts
        /// (`acceptDrops(ofType:makeItems:)`), with the proposal `dropProposal` refines, and lets
        /// rows be dragged into other lists and apps (described by `itemProvider`).
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
