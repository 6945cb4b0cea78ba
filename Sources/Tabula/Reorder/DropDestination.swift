extension Snapshot {
    /// The destination of a drop at `path`, a position in this snapshot as the view shows it
    /// while the items `moving` are still in place (UIKit's and AppKit's drop locations are): the
    /// first item at or after `path` in its section that is not being moved, or the end of the
    /// section when none is. `nil` when the section does not exist or `path.item` is outside
    /// `0...count`.
    ///
    /// By identity, so a live update applied between this call and the reorder's application
    /// cannot shift the drop to another neighbour.
    package func reorderDestination(forDropAt path: ItemPath, moving: Set<Item.ID>) -> Reorder<SectionID, Item.ID>.Destination? {
        guard let section = section(at: path.section), (0...section.items.count).contains(path.item) else { return nil }
        if let stays = section.items[path.item...].first(where: { !moving.contains($0.id) }) { return .before(stays.id) }
        return .endOfSection(section.id)
    }
}
