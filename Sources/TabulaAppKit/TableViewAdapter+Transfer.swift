#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit
    import Tabula

    /// A table adapter as the source of a drag, as a table a drag is dropped in finds it (the
    /// source table's data source): what marks its drags, and what the drag in progress carries.
    @MainActor
    protocol RowDragSource: AnyObject {
        var dragSource: ObjectIdentifier { get }
        var draggedKeys: [AnyHashable] { get }
    }

    // Drags of rows into other lists and apps, and drops from them: the table's pasteboard drag
    // methods, in the class, call these; every decision is the core's.
    extension TableViewAdapter: RowDragSource {
        /// How a row dragged out of the table is described to other apps (and to lists that take
        /// it as another app's content): write its representations on the pasteboard item, which
        /// already carries the row for Tabula lists. `nil`, the default: Tabula lists only.
        /// Takes effect while ``reordersByDragging`` is on.
        ///
        /// ```swift
        /// adapter.pasteboardContent = { task, item in item.setString(task.title, forType: .string) }
        /// ```
        public var pasteboardContent: ((Item, NSPasteboardItem) -> Void)? {
            get { core.transfers.dragDescription as? (Item, NSPasteboardItem) -> Void }
            set { core.transfers.dragDescription = newValue }
        }

        var dragSource: ObjectIdentifier { core.dragSource }
        var draggedKeys: [AnyHashable] { dragged.map(AnyHashable.init) }

        /// The types the table takes while ``reordersByDragging`` is on: its rows, and the content
        /// types the list accepts from other apps.
        func registerDragTypes() {
            guard let tableView else { return }
            let types = reordersByDragging ? [Self.rowType] + core.acceptedDropTypes.map { NSPasteboard.PasteboardType($0) } : []
            if tableView.registeredDraggedTypes != types { tableView.registerForDraggedTypes(types) }
            // Rows dragged into other apps are copied there; within the app, Tabula lists move them.
            if reordersByDragging { tableView.setDraggingSourceOperationMask(.copy, forLocal: false) }
        }

        /// What a drag of table row `row` writes: the row, for Tabula lists, and the app's
        /// description; `nil` when the row cannot be dragged.
        func pasteboardItem(forRow row: Int) -> NSPasteboardItem? {
            guard reordersByDragging, let path = path(ofRow: row), let id = core.dragItems(at: [path]).first else { return nil }
            let item = NSPasteboardItem()
            item.setString(String(row), forType: Self.rowType)
            if let describe = pasteboardContent, let dragged = core.draggedItem(AnyHashable(id)) { describe(dragged, item) }
            return item
        }

        /// The Tabula list a drag began in and what it carries, or `nil` for another app's drag.
        private func localDrag(_ info: any NSDraggingInfo) -> (source: ObjectIdentifier, keys: [AnyHashable])? {
            guard let table = info.draggingSource as? NSTableView, let source = table.dataSource as? any RowDragSource else { return nil }
            let keys = source.draggedKeys
            return keys.isEmpty ? nil : (source.dragSource, keys)
        }

        func validateDrop(_ info: any NSDraggingInfo, proposedRow row: Int, proposedDropOperation dropOperation: NSTableView.DropOperation) -> NSDragOperation {
            guard let tableView else { return [] }
            let types = (info.draggingPasteboard.types ?? []).map(\.rawValue)
            let proposal = core.dropProposal(from: localDrag(info)?.source, typeIdentifiers: types, at: dropPosition(aboveRow: row))
            // AppKit asks again periodically while the drag rests, so a folder under it springs
            // open once the core's wait has passed.
            core.dragHovers(over: dropOperation == .on ? dropPosition(aboveRow: row) : nil, at: ProcessInfo.processInfo.systemUptime)
            // Between rows, or onto the row an item placement names.
            let placement: NSTableView.DropOperation = proposal.placement == .intoItem ? .on : .above
            if dropOperation != placement { tableView.setDropRow(row, dropOperation: placement) }
            switch proposal.operation {
            case .move: return .move
            case .copy: return .copy
            case .forbidden: return []
            }
        }

        /// `onto`: dropped onto row `row` (into its item, a folder), as the proposal placed it.
        func acceptDrop(_ info: any NSDraggingInfo, row: Int, onto: Bool) -> Bool {
            let position = dropPosition(aboveRow: row)
            if let drag = localDrag(info), core.acceptsDrags(from: drag.source) {
                if drag.source == core.dragSource { dragged = [] }
                return core.performDrop(of: drag.keys, from: drag.source, at: position, into: onto)
            }
            guard let target = core.dropDestination(for: position) else { return false }
            let items = info.draggingPasteboard.pasteboardItems ?? []
            let offered = items.map { $0.types.map(\.rawValue) }
            let outcomes = core.dropLoadPlan(offering: offered).map { plan -> Result<DroppedContent, DropLoadError> in
                switch plan {
                case .skip(let failure):
                    return .failure(failure)
                case .load(let index, let type):
                    guard let data = items[index].data(forType: NSPasteboard.PasteboardType(type)) else {
                        return .failure(DropLoadError(itemIndex: index, typeIdentifier: type, offeredTypes: offered[index], reason: .loadFailed("")))
                    }
                    return .success(DroppedContent(typeIdentifier: type, bytes: [UInt8](data)))
                }
            }
            return (try? core.receive(outcomes, to: target)) != nil
        }
    }
#endif
