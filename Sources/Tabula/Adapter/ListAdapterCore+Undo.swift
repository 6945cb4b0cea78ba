/// Undo and redo of the edits the user makes through a list: moves and drops, deletes, the
/// switches of standard content cells, and what arrived from other lists and apps
/// (`ListAdapterCore+TransferUndo.swift`). Each is kept by identity with what puts it back, and
/// undone or redone on top of the newest snapshot; what it names that a later change removed (or
/// put back) is a conflict, reported and not applied.
extension ListAdapterCore {
    /// Keeps `edit` for undo with `inverse`, unless ``recordsUndo`` is off or
    /// ``shouldRecordUndo`` refuses it, and tells the glue its name.
    func record(_ edit: ListEdit<SectionID, Item>, inverse: EditHistory<SectionID, Item>.Inverse) {
        guard recordsUndo, !inverse.isEmpty, shouldRecordUndo?(edit) ?? true else { return }
        let name = undoActionName?(edit) ?? edit.defaultActionName
        history.record(EditHistory.Entry(edit: edit, inverse: inverse, name: name))
        onUndoable?(name)
    }

    /// The user flipped the switch of `item`'s cell to `isOn`: kept for undo, and told to
    /// ``onToggle``.
    @usableFromInline
    func didToggle(_ item: Item, isOn: Bool) {
        noteUserEdit(item.id)
        record(.toggle(item, isOn: isOn), inverse: .toggle(item.id, isOn: !isOn))
        onToggle?(item, isOn)
    }

    /// Flips the switch of the item `id` to `isOn` as the user's own edit (a key that toggles the
    /// selected row): kept for undo, and told to ``onToggle`` with the newest snapshot's item.
    ///
    /// - Throws: `SnapshotError.unknownItem` naming `id` when the newest snapshot lacks it.
    package func toggle(_ id: Item.ID, isOn: Bool) throws {
        guard let item = driver.latestSnapshot[id] else { throw SnapshotError<SectionID, Item.ID>.unknownItem(id) }
        didToggle(item, isOn: isOn)
    }

    /// Whether an edit the user made can be undone.
    package var canUndo: Bool { !history.undoable.isEmpty }
    /// Whether an undone edit can be made again.
    package var canRedo: Bool { !history.redoable.isEmpty }
    /// The name of the edit ``undo()`` would undo ("Delete"), or `nil`.
    package var nextUndoActionName: String? { history.undoable.last?.name }
    /// The name of the edit ``redo()`` would make again, or `nil`.
    package var nextRedoActionName: String? { history.redoable.last?.name }

    /// Undoes the user's last edit on top of the newest snapshot, animated, and tells the app
    /// through the handler of what puts it back: ``onMove`` for a move, ``onReinsert`` for a
    /// delete, ``onToggle`` for a switch, ``ListTransfers/onRemoval`` for items that arrived
    /// (and the source list's ``onReinsert`` for items dragged in from it).
    ///
    /// - Returns: whether it was undone. When a later change conflicts (an item or section it
    ///   names is gone, or an item it puts back is there again), nothing is applied, the entry is
    ///   dropped, and the conflict goes to ``onUndoConflict`` and is reported as a
    ///   ``ListDiagnostic/Kind/staleEdit(_:)``.
    @discardableResult
    package func undo() -> Bool {
        guard let entry = history.popUndo() else { return false }
        announcer.noteUserEdit(entry.edit.identifiers)
        let latest = driver.latestSnapshot
        if let conflict = conflict(undoing: entry.inverse, in: latest, name: entry.name) { return report(conflict) }
        switch entry.inverse {
        case .reorders(let reorders):
            guard let next = try? driver.applyEdit({ for reorder in reorders { try $0.apply(reorder) } }) else { return false }
            for reorder in reorders { onMove?(reorder, next) }
        case .outlineMoves(let moves):
            guard let section = moves.first?.section, let tree = try? applyOutlineMoves(moves, in: section) else { return false }
            for move in moves { transfers.onOutlineMove?(move, tree) }
        case .reinsertions(let reinsertions):
            guard putBack(reinsertions) else { return false }
        case .toggle(let id, let isOn):
            if let item = latest[id] { onToggle?(item, isOn) }
        case .withdrawal(let removal, let source):
            guard withdraw(removal, returningTo: source) else { return false }
        }
        history.pushRedo(entry)
        return true
    }

    /// Makes the last undone edit again, on top of the newest snapshot, and tells the app as the
    /// edit itself did (``onMove``, ``onDelete``, ``onToggle``, ``ListTransfers/onInsertion``).
    ///
    /// - Returns: whether it was made; a conflict is reported as ``undo()``'s is.
    @discardableResult
    package func redo() -> Bool {
        guard let entry = history.popRedo() else { return false }
        announcer.noteUserEdit(entry.edit.identifiers)
        let latest = driver.latestSnapshot
        if let conflict = conflict(redoing: entry, in: latest) { return report(conflict) }
        let redone: EditHistory<SectionID, Item>.Entry
        switch entry.edit {
        case .move(let reorder):
            guard let next = try? driver.applyEdit({ try $0.apply(reorder) }) else { return false }
            redone = EditHistory.Entry(edit: entry.edit, inverse: .reorders(latest.inverse(of: reorder)), name: entry.name)
            onMove?(reorder, next)
        case .outlineMove(let move):
            guard let inverse = try? outlineTree(of: move.section)?.inverse(of: move), let tree = try? applyOutlineMoves([move], in: move.section)
            else { return false }
            redone = EditHistory.Entry(edit: entry.edit, inverse: .outlineMoves(inverse), name: entry.name)
            transfers.onOutlineMove?(move, tree)
        case .delete(let deleted):
            let ids = deleted.map { $0.id }
            let items = ids.compactMap { latest[$0] }
            guard let next = try? driver.applyEdit({ try $0.deleteItems(ids) }) else { return false }
            redone = EditHistory.Entry(edit: .delete(items), inverse: .reinsertions(latest.reinsertions(restoring: Set(ids))), name: entry.name)
            for item in items { onDelete?(item, next) }
        case .toggle(let item, let isOn):
            let current = latest[item.id] ?? item
            redone = EditHistory.Entry(edit: .toggle(current, isOn: isOn), inverse: .toggle(item.id, isOn: !isOn), name: entry.name)
            onToggle?(current, isOn)
        case .transfer, .drop:
            guard let made = redoArrival(entry) else { return false }
            redone = made
        }
        history.pushUndo(redone)
        onUndoable?(entry.name)
        return true
    }

    /// Reports `conflict` (``onUndoConflict`` and a diagnostic); `false`, as the undo or redo
    /// that met it returns.
    private func report(_ conflict: UndoConflict<SectionID, Item.ID>) -> Bool {
        driver.report(ListDiagnostic(.staleEdit(conflict.description)))
        onUndoConflict?(conflict)
        return false
    }

    /// What in `latest` stands in the way of putting an edit back with `inverse`, or `nil`.
    func conflict(
        undoing inverse: EditHistory<SectionID, Item>.Inverse, in latest: Snapshot<SectionID, Item>, name: String
    ) -> UndoConflict<SectionID, Item.ID>? {
        var conflict = UndoConflict<SectionID, Item.ID>(.undo, of: name)
        switch inverse {
        case .reorders(let reorders):
            for reorder in reorders {
                conflict.missingItems += reorder.items.filter { !latest.contains($0) }
                Self.check(reorder.destination, in: latest, into: &conflict)
            }
        case .outlineMoves(let moves):
            check(moves, into: &conflict)
        case .reinsertions(let reinsertions):
            for reinsertion in reinsertions {
                conflict.presentItems += reinsertion.identifiers.filter(latest.contains)
                Self.check(reinsertion.destination, in: latest, into: &conflict)
            }
        case .toggle(let id, _):
            if !latest.contains(id) { conflict.missingItems.append(id) }
        case .withdrawal(let removal, let source):
            conflict.missingItems += removal.items.filter { !latest.contains($0) }
            source?.check(&conflict)
        }
        return conflict.isEmpty ? nil : conflict
    }

    /// What in `latest` stands in the way of making `entry`'s edit again, or `nil`.
    private func conflict(redoing entry: EditHistory<SectionID, Item>.Entry, in latest: Snapshot<SectionID, Item>) -> UndoConflict<SectionID, Item.ID>? {
        var conflict = UndoConflict<SectionID, Item.ID>(.redo, of: entry.name)
        switch (entry.edit, entry.inverse) {
        case (.transfer(let insertion), .withdrawal(_, let source)), (.drop(let insertion), .withdrawal(_, let source)):
            self.conflict(redoing: insertion, from: source, into: &conflict)
        case (let edit, _):
            conflict.missingItems = edit.identifiers.filter { !latest.contains($0) }
            if case .move(let reorder) = edit { Self.check(reorder.destination, in: latest, into: &conflict) }
            if case .outlineMove(let move) = edit, conflict.isEmpty { check([move], into: &conflict) }
        }
        return conflict.isEmpty ? nil : conflict
    }

    /// Adds `destination` to `conflict` when `latest` lacks it.
    static func check(
        _ destination: Reorder<SectionID, Item.ID>.Destination, in latest: Snapshot<SectionID, Item>, into conflict: inout UndoConflict<SectionID, Item.ID>
    ) {
        switch destination {
        case .before(let id) where !latest.contains(id): conflict.missingItems.append(id)
        case .endOfSection(let id) where latest.sectionIndex(of: id) == nil: conflict.missingSections.append(id)
        default: break
        }
    }
}
