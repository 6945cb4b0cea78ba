extension Snapshot {
    /// The destination of a drop at `path`, a position in this snapshot as the view shows it
    /// while the items `moving` are still in place (UIKit's and AppKit's drop locations are): the
    /// first item at or after `path` in its section that is not being moved, or the end of the
    /// section when none is. `nil` when the section does not exist or `path.item` is outside
    /// `0...count`.
    ///
    /// By identity, so a live update applied between this call and the reorder's application
    /// cannot shift the drop to another neighbour.
    ///
    /// `present` says whether an item is still in the list the reorder will be applied to (the
    /// newest snapshot, when an update waits to be shown): an item it no longer has is passed over
    /// as a moved one is.
    package func reorderDestination(
        forDropAt path: ItemPath, moving: Set<Item.ID>, present: (Item.ID) -> Bool = { _ in true }
    ) -> Reorder<SectionID, Item.ID>.Destination? {
        guard let section = section(at: path.section), (0...section.items.count).contains(path.item) else { return nil }
        if let stays = section.items[path.item...].first(where: { !moving.contains($0.id) && present($0.id) }) { return .before(stays.id) }
        return .endOfSection(section.id)
    }
}

extension Snapshot {
    /// The reorder that moves the item `id` one place up (`down` false) or down, across section
    /// boundaries: from the top of a section to the end of the one before, from the end of a
    /// section to the top of the one after (an empty section is a place of its own). `nil` when
    /// the item is already first (or last) in the list, or absent: the move keys of a list
    /// without a pointer.
    package func reorder(moving id: Item.ID, down: Bool) -> Reorder<SectionID, Item.ID>? {
        guard let path = itemPath(for: id), let section = section(at: path.section) else { return nil }
        let items = section.items
        if down {
            if path.item + 2 < items.count { return Reorder([id], to: .before(items[path.item + 2].id)) }
            if path.item + 1 < items.count { return Reorder([id], to: .endOfSection(section.id)) }
            guard let next = self.section(at: path.section + 1) else { return nil }
            return Reorder([id], to: next.items.first.map { .before($0.id) } ?? .endOfSection(next.id))
        }
        if path.item > 0 { return Reorder([id], to: .before(items[path.item - 1].id)) }
        guard path.section > 0, let previous = self.section(at: path.section - 1) else { return nil }
        return Reorder([id], to: .endOfSection(previous.id))
    }
}

/// A row of a table that shows its sections as one column of rows (AppKit's): a section's
/// header, an item, or a section's footer.
package enum FlatRow: Equatable, Sendable {
    case header(section: Int)
    case item(ItemPath)
    case footer(section: Int)

    /// The list position of a drop above row `row` of `rows` (`rows.count`: below the last row),
    /// for sections holding `itemCounts` items: above an item, that item's position; above a
    /// header, the end of the section before (the start of the first section); above a footer
    /// or below the last row, the end of that section (of the last one). `nil` for a row out of
    /// range or a list without sections.
    package static func dropPosition(aboveRow row: Int, of rows: [FlatRow], itemCounts: [Int]) -> ItemPath? {
        guard !itemCounts.isEmpty, row >= 0, row <= rows.count else { return nil }
        guard row < rows.count else { return ItemPath(item: itemCounts[itemCounts.count - 1], section: itemCounts.count - 1) }
        switch rows[row] {
        case .item(let path):
            return path
        case .header(let section):
            return section > 0 ? ItemPath(item: itemCounts[section - 1], section: section - 1) : ItemPath(item: 0, section: section)
        case .footer(let section):
            return ItemPath(item: itemCounts[section], section: section)
        }
    }
}
