/// What a list accepts from outside itself and whom it tells: drags from other Tabula lists (by
/// the source list's identity, with the conversion of its items), content dropped from other apps
/// (a handler per content type), the app's drop proposals, and the handlers that hear items
/// leave and arrive. Held by the core; set through ``ListAdapter``.
@MainActor
package struct ListTransfers<SectionID: Hashable & Sendable, Item: Identifiable & Sendable> where Item.ID: Sendable {
    /// A list whose drags this one accepts: what the destination asks of it, with the source's
    /// types hidden behind the dragged identifiers (`AnyHashable`, as the drag carries them).
    package struct Source {
        /// The dragged items that the source still shows and holds, converted to this list's
        /// type, with the identifiers of those taken (a conversion that gives `nil` leaves its
        /// item where it is); and the identifiers the source no longer has.
        var take: @MainActor ([AnyHashable]) -> (items: [Item], taken: [AnyHashable], gone: [AnyHashable])
        /// Removes the taken items from the source and tells its app; with the way back, for
        /// undo (`nil` when nothing was removed).
        var remove: @MainActor ([AnyHashable]) -> TransferReturn<SectionID, Item>?
        /// The dragged items the source no longer shows or holds, without reporting them: what
        /// stands in the way of a redo.
        var lacks: @MainActor ([AnyHashable]) -> [AnyHashable]
    }

    /// A handler for content of one type dropped from another app.
    package struct DropHandler {
        var typeIdentifier: String
        var makeItems: (DroppedContent) throws -> [Item]
    }

    /// Told the items that left this list for another one, with the new snapshot.
    package var onRemoval: ((Removal<Item.ID>, Snapshot<SectionID, Item>) -> Void)?
    /// Told the items that arrived from another list or app, with the new snapshot.
    package var onInsertion: ((Insertion<SectionID, Item>, Snapshot<SectionID, Item>) -> Void)?
    /// The lists whose drags this one accepts, by their drag source.
    package var sources: [ObjectIdentifier: Source] = [:]
    /// The content types accepted from other apps, in the order registered (the first that a
    /// dropped item offers wins).
    package var dropHandlers: [DropHandler] = []
    /// Told the items of another app's drop that did not arrive (no accepted type, or content
    /// that failed to load), once per drop, in the drop's order.
    package var onDropLoadFailure: (([DropLoadError]) -> Void)?
    /// Whether a drop may go into an item of an outline section (a folder), its items becoming
    /// the item's last children; `nil`: into none.
    package var canDropInto: ((Item) -> Bool)?
    /// Told the moves the user made in an outline section, with the section's new tree.
    package var onOutlineMove: ((OutlineMove<SectionID, Item.ID>, SectionSnapshot<Item>) -> Void)?
    /// How long a drag rests over a collapsed folder before it expands, in seconds; `nil`:
    /// folders do not spring open.
    package var springLoadingDelay: Double? = 0.75
    /// The drag hovering over the list, for spring-loaded folders.
    package var springLoading = SpringLoading<Item.ID>()
    /// Where the drag hovering over the list was last (as shown), for a spring-loading check
    /// made after a wait.
    package var hoverPosition: ItemPath?
    /// The app's proposal for a drop at a position; `nil` keeps the standard one.
    package var proposal: ((DropRequest<SectionID, Item>) -> DropProposal?)?
    /// How the app describes a dragged item to other apps, in its platform's terms, set and read
    /// by the UIKit and AppKit adapters (an item provider, or what goes on a pasteboard item):
    /// the core cannot name those types.
    package var dragDescription: Any?

    package init() {}
}
