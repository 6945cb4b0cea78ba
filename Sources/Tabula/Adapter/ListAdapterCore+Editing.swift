/// The edit paths, selection and display calls of the adapter core: what a swipe, a move, a
/// selection, a prefetch, a swipe action or a context menu asks of the list.
extension ListAdapterCore {
    // MARK: Editing

    /// Whether the item at `path` can be edited: deleted or reordered.
    package func canEdit(at path: ItemPath) -> Bool { item(at: path).map { canDelete($0) || canMove($0) } ?? false }
    /// Whether the item at `path` can be deleted.
    package func canDelete(at path: ItemPath) -> Bool { item(at: path).map(canDelete) ?? false }
    /// Whether the item at `path` can be reordered.
    package func canMove(at path: ItemPath) -> Bool { item(at: path).map(canMove) ?? false }

    /// Deletes the item the view shows at `path` (a swipe to delete), as ``deleteItem(_:)``.
    ///
    /// - Throws: `SnapshotError` naming the path or the item when it is no longer there; the
    ///   error is reported as a ``ListDiagnostic`` too, for views whose data source cannot throw.
    package func commitDelete(at path: ItemPath) throws {
        try reporting {
            let item = try driver.snapshot.existingItem(at: path)
            try deleteItem(item.id)
        }
    }

    /// Deletes the item `id` on top of the newest snapshot (a live update that waits is kept),
    /// animated, keeps the delete for undo, and tells ``onDelete``: what a swipe to delete and a
    /// swipe action's handler do. In a section given a section snapshot, the item goes from the
    /// tree, with the items under it, and the section stays an outline; that delete is not kept
    /// for undo.
    ///
    /// - Throws: `SnapshotError.unknownItem` naming `id` when the newest snapshot lacks it.
    package func deleteItem(_ id: Item.ID) throws {
        let before = driver.latestSnapshot
        guard let item = before[id] else { throw SnapshotError<SectionID, Item.ID>.unknownItem(id) }
        announcer.noteUserEdit([id])
        if let next = try driver.deleteFromSectionSnapshot(id) {
            onDelete?(item, next)
            return
        }
        let next = try driver.applyEdit { try $0.deleteItems([id]) }
        record(.delete([item]), inverse: .reinsertions(before.reinsertions(restoring: [id])))
        onDelete?(item, next)
    }

    /// Records a move the user made in the view (the view moved the row itself) and tells
    /// ``onMove`` the ``Reorder`` it amounts to.
    ///
    /// - Throws: `SnapshotError` naming a path out of range; reported as a diagnostic too.
    package func moveItem(from source: ItemPath, to destination: ItemPath) throws {
        try reporting {
            let item = try driver.snapshot.existingItem(at: source)
            let before = driver.snapshot
            let next = try driver.acknowledgeMove(from: source, to: destination)
            guard let landed = next.itemPath(for: item.id) else { return }
            let made = Reorder([item.id], to: Self.destination(after: landed, in: next))
            record(made, before: before)
            onMove?(made, next)
        }
    }

    /// The destination that puts an item at `path` in `snapshot`, the item's own place left out:
    /// before the item after it, or at the end of its section.
    static func destination(after path: ItemPath, in snapshot: Snapshot<SectionID, Item>) -> Reorder<SectionID, Item.ID>.Destination {
        let next = ItemPath(item: path.item + 1, section: path.section)
        if let after = snapshot.item(at: next) { return .before(after.id) }
        return .endOfSection(snapshot.sectionIdentifiers[path.section])
    }

    /// Runs `edit`; an error is reported as a ``ListDiagnostic`` and thrown on.
    func reporting(_ edit: () throws -> Void) throws {
        do {
            try edit()
        } catch {
            driver.report(ListDiagnostic(.staleEdit("\(error)")))
            throw error
        }
    }

    // MARK: Selection and display

    /// Tells ``onSelect`` the user selected the item at `path`, and says whether the adapter now
    /// deselects it: only when ``deselectsAfterSelection`` is on and the view is not editing.
    package func didSelect(at path: ItemPath, isEditing: Bool) -> Bool {
        if let item = item(at: path) { onSelect?(item, path) }
        return deselectsAfterSelection && !isEditing
    }

    /// Tells ``onDeselect`` the item at `path` was deselected.
    package func didDeselect(at path: ItemPath) {
        if let item = item(at: path) { onDeselect?(item, path) }
    }

    /// Tells ``onWillDisplay`` the item at `path` is about to be shown.
    package func willDisplay(at path: ItemPath) {
        if let item = item(at: path) { onWillDisplay?(item, path) }
    }

    /// The view no longer shows `cell` (it scrolled away, was deleted, or went back to its pool):
    /// the tracking of what its configuration read ends, so the objects it read keep no
    /// registration for it.
    package func didEndDisplaying(_ cell: AnyObject) { observer.release(cell) }

    /// Whether the view should ask the adapter about prefetching.
    package var wantsPrefetching: Bool { onPrefetch != nil || onCancelPrefetch != nil }

    /// Hands the items at `paths` to ``onPrefetch``.
    package func prefetch(at paths: [ItemPath]) { onPrefetch?(paths.compactMap(item(at:))) }

    /// Hands the items at `paths` to ``onCancelPrefetch``.
    package func cancelPrefetching(at paths: [ItemPath]) { onCancelPrefetch?(paths.compactMap(item(at:))) }

    /// What ``trailingSwipeActions`` (or ``leadingSwipeActions``) builds for the item at `path`.
    /// A handler's `nil` for an item, or no trailing handler, leaves that item the default: an
    /// item that ``canDelete`` allows gets the platform's Delete action in a view that offers no
    /// swipe to delete by itself (a collection list, an AppKit table), as a UIKit table row gets
    /// swipe to delete. `nil` when no handler is set and no Delete applies, so the view asks the
    /// app's delegate instead; `.some(nil)` when a handler chose no actions.
    package func swipeActions(at path: ItemPath, leading: Bool) -> Platform.SwipeActions?? {
        guard let item = item(at: path) else { return nil }
        let handler = leading ? leadingSwipeActions : trailingSwipeActions
        if let handler, let built = handler(item, path) { return .some(built) }
        if !leading, let delete = deleteAction(for: item) { return .some(delete) }
        return handler == nil ? nil : .some(nil)
    }

    /// The platform's Delete swipe action for `item`, when ``canDelete`` allows it and the view
    /// offers no swipe to delete by itself.
    private func deleteAction(for item: Item) -> Platform.SwipeActions? {
        guard glue?.deletesBySwipe == false, canDelete(item) else { return nil }
        let id = item.id
        // A tap on an item a live update removed meanwhile is a stale edit, reported as a swipe
        // to delete's is.
        return Platform.deleteSwipeAction { [weak self] in
            guard let self else { return false }
            return (try? reporting { try deleteItem(id) }) != nil
        }
    }

    /// Whether a key press is the Delete key (backspace, U+007F) or the forward delete key
    /// (U+F728, `NSDeleteFunctionKey`), pressed without another modifier: what deletes the
    /// selected rows of an AppKit table.
    package nonisolated static func isDeleteKey(_ characters: String?, otherModifiers: Bool) -> Bool {
        !otherModifiers && (characters == "\u{7F}" || characters == "\u{F728}")
    }

    /// Deletes the items the view shows selected at `paths` that ``canDelete`` allows, as the
    /// Delete key does in an AppKit table, and tells ``onDelete`` of each; returns whether any
    /// was deleted (the key is then handled). An item a live update removed meanwhile is reported
    /// as a stale edit.
    package func deleteSelected(at paths: [ItemPath]) -> Bool {
        let ids = paths.compactMap(item(at:)).filter(canDelete).map { $0.id }
        var deleted = false
        for id in ids where (try? reporting { try deleteItem(id) }) != nil { deleted = true }
        return deleted
    }

    /// What ``contextMenu`` builds for the item at `path`; `nil` when no handler is set.
    package func contextMenu(at path: ItemPath) -> Platform.ContextMenu?? {
        guard let contextMenu, let item = item(at: path) else { return nil }
        return .some(contextMenu(item, path))
    }
}
