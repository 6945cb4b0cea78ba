/// The way back to the list a drag between two lists took its items from, kept with the drop
/// for undo and redo by the list the items arrived in: the source list's types stay hidden in
/// its closures, and its identifiers are carried as the drag carried them.
package struct TransferReturn<SectionID: Hashable & Sendable, Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
    /// The source list's drag source: its link in ``ListTransfers/sources`` takes the items
    /// again on redo.
    package var source: ObjectIdentifier
    /// The items taken, as the drag carried them (the source's identifiers, in the drag's order).
    package var keys: [AnyHashable] { makeKeys() }
    private let makeKeys: @Sendable () -> [AnyHashable]
    /// Adds to a conflict what in the source list's newest snapshot stands in the way of putting
    /// the items back: items it has again, neighbours or sections it lost, or the list itself gone.
    package var check: @MainActor @Sendable (inout UndoConflict<SectionID, Item.ID>) -> Void
    /// Puts the items back in the source list where they were, animated, and tells its app
    /// (``ListAdapter/onReinsert``); `false` when it could not.
    package var putBack: @MainActor @Sendable () -> Bool

    /// The way back to the list marked `source`, which gave up the items `ids`.
    package init<SourceItemID: Hashable & Sendable>(
        source: ObjectIdentifier, ids: [SourceItemID], check: @escaping @MainActor @Sendable (inout UndoConflict<SectionID, Item.ID>) -> Void,
        putBack: @escaping @MainActor @Sendable () -> Bool
    ) {
        self.source = source
        makeKeys = { ids.map(AnyHashable.init) }
        self.check = check
        self.putBack = putBack
    }
}
