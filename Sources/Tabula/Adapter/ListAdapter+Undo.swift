/// Undo and redo of the reorders the user makes through a list: interactive moves, drags of one
/// or many items, the terminal's move keys.
///
/// Each reorder is kept by identity, with the reorders that put it back, and undone on top of the
/// newest snapshot: a live update between the move and the undo does not misplace it, and an undo
/// that names an item a sync removed is reported (a ``ListDiagnostic``), not applied. ``onMove``
/// hears each reorder an undo or redo makes, so the app's model follows with the same
/// `model.apply(reorder)` line. The UIKit and AppKit adapters also register each move with the
/// view's `UndoManager` (⌘Z, shake to undo); set ``recordsUndo`` to `false` to keep your own,
/// model-level undo instead.
///
/// ```swift
/// adapter.onMove = { reorder, _ in try? tasks.apply(reorder) }
/// // … the user drags a task, then:
/// adapter.undo()     // the task goes back, and `tasks` with it
/// adapter.redo()
/// ```
extension ListAdapter {
    /// Whether the user's reorders are kept for ``undo()`` (default `true`).
    public var recordsUndo: Bool {
        get { core.recordsUndo }
        set {
            core.recordsUndo = newValue
            if !newValue { core.reorderHistory.removeAll() }
        }
    }

    /// Whether a reorder the user made can be undone.
    public var canUndo: Bool { core.canUndo }
    /// Whether an undone reorder can be made again.
    public var canRedo: Bool { core.canRedo }

    /// Undoes the user's last reorder, animated, and tells ``onMove`` what puts it back.
    ///
    /// - Returns: whether it was undone: `false` when there is nothing to undo, or when a live
    ///   update removed an item or section the undo names (reported as a ``ListDiagnostic``; the
    ///   entry is dropped).
    @discardableResult
    public func undo() -> Bool { core.undo() }

    /// Makes the last undone reorder again, animated, and tells ``onMove``.
    ///
    /// - Returns: whether it was made; see ``undo()``.
    @discardableResult
    public func redo() -> Bool { core.redo() }

    /// Applies a reorder as the user's own (a move chosen from a menu, say): on top of the newest
    /// snapshot, animated, kept for undo, and told to ``onMove``.
    ///
    /// - Throws: ``SnapshotError`` naming an item or section the list lacks; nothing changes then.
    public func reorder(_ reorder: Reorder<SectionID, Item.ID>) throws { try core.reorder(reorder) }
}
