/// What an adapter keeps, across a batch, of the snapshot the batch replaces: each section's
/// number of items and titles, by identifier, and the identifiers of the items the batch reloads
/// or reconfigures.
///
/// Not the snapshot itself: an edit in place changes the driver's snapshot, and a copy held across
/// it would make that edit copy every item (the headless `apply scenario=one-row-100k
/// path=update-items` line).
package struct ReplacedSnapshot<SectionID: Hashable, ItemID: Hashable> {
    /// A section as it was.
    package struct SectionRecord {
        package var numberOfItems: Int
        package var header: String?
        package var footer: String?
    }

    /// The sections, by identifier.
    package var sections: [SectionID: SectionRecord]
    /// The items the batch updates in place, by their paths before it.
    package var updatedItems: [ItemPath: ItemID]

    /// Records what `update` will need of `snapshot`, the snapshot it starts from.
    ///
    /// - Complexity: O(*s* + *u*) for *s* sections and *u* reloaded and reconfigured items.
    package init<Item: Identifiable>(_ snapshot: Snapshot<SectionID, Item>, before update: BatchUpdate) where Item.ID == ItemID {
        var sections: [SectionID: SectionRecord] = [:]
        sections.reserveCapacity(snapshot.numberOfSections)
        for section in snapshot.sections {
            sections[section.id] = SectionRecord(numberOfItems: section.items.count, header: section.header, footer: section.footer)
        }
        var updatedItems: [ItemPath: ItemID] = [:]
        for path in update.reloadedItems + update.reconfiguredItems {
            if let id = snapshot.item(at: path)?.id { updatedItems[path] = id }
        }
        self.sections = sections
        self.updatedItems = updatedItems
    }
}
