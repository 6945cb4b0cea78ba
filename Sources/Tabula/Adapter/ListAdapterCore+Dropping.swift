/// What the UIKit and AppKit drag and drop glue asks the core, each a decision made here so that
/// the headless view runs it too: what a drag carries out, what a drop over a position would do
/// (``dropProposal(from:typeIdentifiers:at:)``), which type to load another app's content as, and
/// where a drop goes, fixed by identity when the drop is performed.
extension ListAdapterCore {
    /// The item a drag carries the key of (an identifier as the drag carries it), as the list
    /// shows it: what the app describes for other apps (an item provider, a pasteboard item).
    package func draggedItem(_ key: AnyHashable) -> Item? {
        guard let id = key.base as? Item.ID else { return nil }
        return driver.snapshot[id]
    }

    /// Performs the drop of a drag that began in a Tabula list (`source`), carrying `keys`, at
    /// `proposed`, the position the view proposes (`nil`: below the last row): a move within the
    /// list when the drag is its own, a move from another list it accepts drags from otherwise.
    ///
    /// `into`: the view dropped onto the item at `proposed` (a folder in an outline section),
    /// which a drag of this list's own items only can do (``dropInOutline(_:at:into:)``).
    ///
    /// - Returns: whether the drop was taken (not for a drag from a list it does not accept, a
    ///   position it lacks, or items all gone).
    @discardableResult
    package func performDrop(of keys: [AnyHashable], from source: ObjectIdentifier, at proposed: ItemPath?, into: Bool = false) -> Bool {
        dragEnded()
        guard let position = dropPosition(for: proposed) else { return false }
        if source == dragSource {
            let ids = keys.compactMap { $0.base as? Item.ID }
            let outline: Bool?
            do { outline = try dropInOutline(ids, at: position, into: into) } catch { return false }
            return outline ?? ((try? drop(ids, at: position)) != nil)
        }
        return !into && (try? receive(keys, from: source, at: position)) != nil
    }

    /// The content type to load a dropped item of another app as, given the types it offers:
    /// the first one this list registered with ``ListAdapter/acceptDrops(ofType:makeItems:)``
    /// that it offers, or `nil` (it is left out).
    package func dropType(offering offered: [String]) -> String? {
        acceptedDropTypes.first(where: offered.contains)
    }

    /// Where content from another app dropped at `proposed` goes, by identity: fixed when the drop
    /// is performed, so that a live update while its content loads cannot misplace it. `nil` when
    /// the list has no such position (reported).
    package func dropDestination(for proposed: ItemPath?) -> Reorder<SectionID, Item.ID>.Destination? {
        guard let position = dropPosition(for: proposed) else { return nil }
        return try? insertionDestination(at: position)
    }
}
