/// Undo and redo of the edits the user makes through a list: moves and drops (interactive moves,
/// drags of one or many items, the terminal's move keys), deletes (swipe to delete, a Delete
/// action or key, ``deleteItem(_:)``), the switches of standard content cells, and what arrived
/// from outside: items dragged in from another list (one "Move", kept by the list they arrived
/// in) and content dropped from another app (a "Drop").
///
/// Each edit is kept by identity, with what puts it back, and undone on top of the newest
/// snapshot: a live update between the edit and the undo does not misplace it, and an undo that
/// names an item a sync removed (or would put back an item a sync restored) is reported as an
/// ``UndoConflict``, not applied. The handlers the edit itself reached hear the undo and the redo,
/// so the app's model follows: ``onMove`` gets the reorders that put a move back, ``onReinsert``
/// the deleted items to put back, ``onToggle`` the switch flipped back. An undone arrival goes
/// to ``onRemoval``, and items dragged in from another list go back there, where they were, told
/// to that list's ``onReinsert``. The UIKit and AppKit
/// adapters also register each edit with the view's `UndoManager`, named by ``undoActionName``
/// (⌘Z, the Edit menu, shake to undo). ``shouldRecordUndo`` leaves some edits out; set
/// ``recordsUndo`` to `false` to keep your own, model-level undo instead.
///
/// ```swift
/// adapter.onMove = { reorder, _ in try? tasks.apply(reorder) }
/// adapter.onDelete = { task, _ in tasks.removeAll { $0.id == task.id } }
/// adapter.onReinsert = { reinsertion, _ in try? tasks.apply(reinsertion) }
/// // … the user drags a task, then deletes another:
/// adapter.undo()     // the deleted task comes back, in the list and in `tasks`
/// adapter.undo()     // the dragged one goes back
/// adapter.redo()
/// ```
extension ListAdapter {
    /// Whether the user's edits are kept for ``undo()`` (default `true`). Turning it off forgets
    /// what was kept.
    public var recordsUndo: Bool {
        get { core.recordsUndo }
        set {
            core.recordsUndo = newValue
            if !newValue { core.history.removeAll() }
        }
    }

    /// Asked before an edit the user made is kept for undo (and registered with the undo
    /// manager); return `false` to leave it out, to register your own undo for it, say. `nil`,
    /// the default, keeps every edit.
    ///
    /// ```swift
    /// adapter.shouldRecordUndo = { edit in
    ///     if case .toggle = edit { return false }   // the settings model keeps its own undo
    ///     return true
    /// }
    /// ```
    public var shouldRecordUndo: ((ListEdit<SectionID, Item>) -> Bool)? {
        get { core.shouldRecordUndo }
        set { core.shouldRecordUndo = newValue }
    }

    /// The name an edit gets in the undo manager's menu items ("Undo Delete"): return it
    /// localised. `nil`, the default, uses ``ListEdit/defaultActionName`` ("Move", "Delete",
    /// "Toggle").
    ///
    /// ```swift
    /// adapter.undoActionName = { edit in
    ///     switch edit {
    ///     case .move, .outlineMove, .transfer: return "Verschieben"
    ///     case .delete: return "Löschen"
    ///     case .toggle: return "Umschalten"
    ///     case .drop: return "Ablegen"
    ///     }
    /// }
    /// ```
    public var undoActionName: ((ListEdit<SectionID, Item>) -> String)? {
        get { core.undoActionName }
        set { core.undoActionName = newValue }
    }

    /// Called when an undo puts deleted items back, with the ``Reinsertion`` (the items, their
    /// content as deleted, and their old neighbour) and the new snapshot: put them back in your
    /// model (`try? model.apply(reinsertion)`), as ``onDelete`` took them out.
    public var onReinsert: ((Reinsertion<SectionID, Item>, Snapshot<SectionID, Item>) -> Void)? {
        get { core.onReinsert }
        set { core.onReinsert = newValue }
    }

    /// Called when an undo or redo is not applied because a later change conflicts with it; the
    /// ``UndoConflict`` names what is gone or already back. It is reported as a
    /// ``ListDiagnostic/Kind/staleEdit(_:)`` too.
    public var onUndoConflict: ((UndoConflict<SectionID, Item.ID>) -> Void)? {
        get { core.onUndoConflict }
        set { core.onUndoConflict = newValue }
    }

    /// Whether an edit the user made can be undone.
    public var canUndo: Bool { core.canUndo }
    /// Whether an undone edit can be made again.
    public var canRedo: Bool { core.canRedo }
    /// The name of the edit ``undo()`` would undo ("Delete"), or `nil` when there is none.
    public var nextUndoActionName: String? { core.nextUndoActionName }
    /// The name of the edit ``redo()`` would make again, or `nil` when there is none.
    public var nextRedoActionName: String? { core.nextRedoActionName }

    /// Undoes the user's last edit, animated, and tells the app what puts it back: ``onMove``
    /// for a move, ``onReinsert`` for a delete, ``onToggle`` for a switch, ``onRemoval`` for
    /// items that arrived (with the source list's ``onReinsert`` for items dragged in from it).
    ///
    /// - Returns: whether it was undone: `false` when there is nothing to undo, or when a later
    ///   change conflicts with it (reported to ``onUndoConflict``; the entry is dropped).
    @discardableResult
    public func undo() -> Bool { core.undo() }

    /// Makes the last undone edit again, animated, and tells the app as the edit did
    /// (``onMove``, ``onDelete``, ``onToggle``, ``onInsertion`` and the source list's
    /// ``onRemoval``).
    ///
    /// - Returns: whether it was made; see ``undo()``.
    @discardableResult
    public func redo() -> Bool { core.redo() }

    /// Applies a reorder as the user's own (a move chosen from a menu, say): on top of the newest
    /// snapshot, animated, kept for undo, and told to ``onMove``.
    ///
    /// - Throws: ``SnapshotError`` naming an item or section the list lacks; nothing changes then.
    public func reorder(_ reorder: Reorder<SectionID, Item.ID>) throws { try core.reorder(reorder) }

    /// Flips the switch of the item `id` to `isOn` as the user's own edit (a key that toggles
    /// the selected row, say): kept for undo and told to ``onToggle``, as a flip of the switch
    /// in its cell is. Your `onToggle` updates the model and applies the new snapshot.
    ///
    /// - Throws: ``SnapshotError`` naming `id` when the list lacks it.
    public func toggle(_ id: Item.ID, isOn: Bool) throws { try core.toggle(id, isOn: isOn) }
}
