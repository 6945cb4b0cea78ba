/// What changed in a list over one or more updates, by identifier: what an app phrases an
/// announcement from (``ListAdapter/announceChanges``).
///
/// ```swift
/// adapter.announceChanges = { change in
///     change.inserted.isEmpty ? nil : "\(change.inserted.count) new messages"
/// }
/// ```
public struct ListChange<ItemID: Hashable & Sendable>: Hashable, Sendable {
    /// The items the list did not have before, in display order.
    public var inserted: [ItemID]
    /// The items the list no longer has, in their old display order.
    public var deleted: [ItemID]
    /// The items whose content changed, in display order.
    public var updated: [ItemID]

    /// A change with the given parts.
    public init(inserted: [ItemID] = [], deleted: [ItemID] = [], updated: [ItemID] = []) {
        self.inserted = inserted
        self.deleted = deleted
        self.updated = updated
    }

    /// Whether nothing was inserted, deleted or updated.
    public var isEmpty: Bool { inserted.isEmpty && deleted.isEmpty && updated.isEmpty }
}

extension ListChange {
    /// What changed from `old` to `new`: items by identifier, and content by `changed` (the
    /// driver's comparison, so "updated" means what the diff calls an update). Items in
    /// `leftOut` are not counted.
    ///
    /// - Complexity: O(*n* + *m*) for the items of both snapshots.
    static func between<SectionID: Hashable & Sendable, Item: Identifiable & Sendable>(
        _ old: Snapshot<SectionID, Item>, _ new: Snapshot<SectionID, Item>, leavingOut leftOut: Set<ItemID>,
        changed: (Item, Item) -> Bool
    ) -> ListChange where Item.ID == ItemID {
        var change = ListChange()
        for section in old.sections {
            for item in section.items where !new.contains(item.id) && !leftOut.contains(item.id) { change.deleted.append(item.id) }
        }
        for section in new.sections {
            for item in section.items where !leftOut.contains(item.id) {
                if let before = old[item.id] {
                    if changed(before, item) { change.updated.append(item.id) }
                } else {
                    change.inserted.append(item.id)
                }
            }
        }
        return change
    }
}
