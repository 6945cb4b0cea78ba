/// Drags between two Tabula lists, and drops of content from other apps.
///
/// A list accepts the drags another list starts once told so, with a conversion when the two
/// lists' item types differ. A drop moves the items by identity: the destination list inserts
/// them and tells ``onInsertion`` where they went; the source list removes them and tells
/// ``onRemoval``. Each list shows its change as an animated update, and each app model follows
/// with one call:
///
/// ```swift
/// done.acceptDrags(from: todo)                          // same item type: moved as they are
/// todo.onRemoval = { removal, _ in todoItems.apply(removal) }
/// done.onInsertion = { insertion, _ in try? doneItems.apply(insertion) }
/// ```
///
/// A live update on either list during the drag cannot misplace the drop: the destination is
/// an item (or the end of a section), the items are named by identifier, and both go on top of
/// each list's newest snapshot. A dragged item that a sync removed from the source, or whose
/// identifier the destination already has, is left out and reported as a ``ListDiagnostic``.
///
/// The list the items arrived in keeps the drop for ``undo()`` as one action, named "Move" for a
/// drag from another list and "Drop" for content from another app. Its undo takes the items out
/// (``onRemoval``) and puts items from another list back there, before their old neighbours
/// (that list's ``onReinsert``); its redo moves them again. A live change in either list that
/// stands in the way is an ``UndoConflict``, reported, not applied.
extension ListAdapter {
    /// Called when items left this list because the user dragged them into another list, or an
    /// undo took back items that arrived, with the new snapshot: remove them from your model
    /// (`model.apply(removal)`).
    public var onRemoval: ((Removal<Item.ID>, Snapshot<SectionID, Item>) -> Void)? {
        get { core.transfers.onRemoval }
        set { core.transfers.onRemoval = newValue }
    }

    /// Called when items arrived in this list, dragged from another list or dropped from another
    /// app (or again, by a redo), with the new snapshot: insert them in your model
    /// (`try model.apply(insertion)`).
    public var onInsertion: ((Insertion<SectionID, Item>, Snapshot<SectionID, Item>) -> Void)? {
        get { core.transfers.onInsertion }
        set { core.transfers.onInsertion = newValue }
    }

    /// Accepts the drags `source` starts, each item made into one of this list's with `convert`;
    /// an item it gives `nil` for is not taken and stays in `source`. Holds `source` weakly.
    ///
    /// ```swift
    /// archive.acceptDrags(from: inbox) { message in ArchivedMessage(message) }
    /// ```
    public func acceptDrags<Source: ListAdapter>(from source: Source, converting convert: @escaping (Source.Item) -> Item?) {
        core.acceptDrags(from: source.core, converting: convert)
    }

    /// Accepts the drags `source`, a list of the same item type, starts: the items move as they
    /// are. Holds `source` weakly.
    public func acceptDrags<Source: ListAdapter>(from source: Source) where Source.Item == Item {
        core.acceptDrags(from: source.core) { $0 }
    }

    /// Accepts content of the type `typeIdentifier` (a uniform type identifier, such as
    /// `"public.utf8-plain-text"`) dropped from another app, made into items by `makeItems`.
    /// The first type registered that a dropped item offers is the one it is loaded as; items of
    /// no registered type, and items whose content fails to load, are left out and reported to
    /// ``onDropLoadFailure``. An error `makeItems` throws cancels the drop.
    ///
    /// ```swift
    /// notes.acceptDrops(ofType: "public.utf8-plain-text") { content in [Note(text: content.text)] }
    /// ```
    public func acceptDrops(ofType typeIdentifier: String, makeItems: @escaping (DroppedContent) throws -> [Item]) {
        core.transfers.dropHandlers.append(ListTransfers.DropHandler(typeIdentifier: typeIdentifier, makeItems: makeItems))
    }

    /// Called, once per drop from another app, with the items that did not arrive: those that
    /// offered none of the types the list accepts, and those whose content failed to load, each
    /// a ``DropLoadError`` naming the item's place in the drop and the type. The rest of the drop
    /// arrives without them (``onInsertion``); `nil`, the default, leaves them out unreported.
    ///
    /// ```swift
    /// notes.onDropLoadFailure = { failures in
    ///     print("\(failures.count) of the dropped items could not be read")
    /// }
    /// ```
    public var onDropLoadFailure: (([DropLoadError]) -> Void)? {
        get { core.transfers.onDropLoadFailure }
        set { core.transfers.onDropLoadFailure = newValue }
    }

    /// Refines what a drop at a position would do (``DropProposal``): return `nil` to keep the
    /// standard proposal (``DropRequest/standard``). Asked only for drops the list accepts.
    ///
    /// ```swift
    /// adapter.dropProposal = { request in
    ///     request.position.section == 0 ? .forbidden : nil    // nothing lands in "Pinned"
    /// }
    /// ```
    public var dropProposal: ((DropRequest<SectionID, Item>) -> DropProposal?)? {
        get { core.transfers.proposal }
        set { core.transfers.proposal = newValue }
    }
}
