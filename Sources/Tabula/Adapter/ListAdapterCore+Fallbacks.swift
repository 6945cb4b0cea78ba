extension ListAdapterCore {
    // The data-source methods an adapter implements answer from Tabula's declarations: the
    // snapshot's titles, `canDelete` and `canMove`. Where no declaration covers a section or a
    // row, the adapter asks the app's object (its `delegate`), as a screen ported from a diffable
    // data source's subclass has those methods there; `fallback` is that question, `nil` when the
    // object does not answer it.

    /// The title of `kind` (a header or a footer) of `section`: the snapshot's, or else the app's
    /// object's.
    package func title(_ kind: SupplementaryKind, section: Int, fallback: () -> String?) -> String? {
        let shown = driver.snapshot.section(at: section)
        return (kind == .footer ? shown?.footer : shown?.header) ?? fallback()
    }

    /// Whether the app declared editing (``canDelete`` or ``canMove``): until it does, the
    /// questions about editing go to its object.
    package var declaresEditing: Bool { declaresDeletion || declaresMoves }

    /// Whether the row at `path` can be edited (deleted or reordered): Tabula's answer when the
    /// app declared editing, otherwise its object's (`false` when it does not answer).
    package func canEdit(at path: ItemPath, fallback: () -> Bool?) -> Bool {
        declaresEditing ? canEdit(at: path) : fallback() ?? false
    }

    /// Whether the row at `path` can be deleted: ``canDelete`` when the app declared editing,
    /// otherwise its object's answer.
    package func canDelete(at path: ItemPath, fallback: () -> Bool?) -> Bool {
        declaresEditing ? canDelete(at: path) : fallback() ?? false
    }

    /// Whether the row at `path` can be reordered: ``canMove`` when the app declared it,
    /// otherwise its object's answer.
    package func canMove(at path: ItemPath, fallback: () -> Bool?) -> Bool {
        declaresMoves ? canMove(at: path) : fallback() ?? false
    }

    /// Whether the editing style of the row at `path` is delete: ``canDelete`` when the app
    /// declared editing; otherwise delete, the view's default, for the rows the app's object lets
    /// the user edit.
    package func deletesWhileEditing(at path: ItemPath) -> Bool { declaresEditing ? canDelete(at: path) : true }

    /// Deletes the row at `path` the user deleted (``commitDelete(at:)``) when the app declared
    /// editing; otherwise hands the delete to the app's object (`fallback`), whose data it is.
    ///
    /// - Throws: what ``commitDelete(at:)`` throws.
    package func commitDelete(at path: ItemPath, fallback: () throws -> Void) throws {
        if declaresEditing { try commitDelete(at: path) } else { try fallback() }
    }

    /// Records the move the user made (``moveItem(from:to:)``), so the view and the snapshot
    /// agree; then, when the app declared no moves, tells its object (`fallback`) too.
    ///
    /// - Throws: what ``moveItem(from:to:)`` throws; the app's object is then not told.
    package func moveItem(from source: ItemPath, to destination: ItemPath, fallback: () throws -> Void) throws {
        try moveItem(from: source, to: destination)
        if !declaresMoves { try fallback() }
    }
}
