/// What a person left a list as — the selected items, the expanded outline items, and the item
/// at the top of the screen with how far it was scrolled — saved by identifier, so it can be
/// restored after a relaunch onto whatever data the app loads then.
///
/// Encode it with any `Encoder` (for example into a scene's user activity) and restore it with
/// ``restored(onto:)``, which keeps what still exists and reports the rest.
public struct ListState<SectionID: Hashable & Sendable & Codable, ItemID: Hashable & Sendable & Codable>: Hashable, Sendable, Codable {
    /// The selected items, in display order when captured.
    public var selected: [ItemID]
    /// The expanded outline items.
    public var expanded: [ItemID]
    /// The item at the top of the visible area, if any.
    public var anchorItem: ItemID?
    /// The section of ``anchorItem``: when the item no longer exists, restoring anchors on the
    /// first item of this section instead.
    public var anchorSection: SectionID?
    /// How far ``anchorItem`` was scrolled past the top of the visible area, in points.
    public var anchorOffset: Double?

    /// A state with the given parts.
    public init(
        selected: [ItemID] = [], expanded: [ItemID] = [], anchorItem: ItemID? = nil, anchorSection: SectionID? = nil,
        anchorOffset: Double? = nil
    ) {
        self.selected = selected
        self.expanded = expanded
        self.anchorItem = anchorItem
        self.anchorSection = anchorSection
        self.anchorOffset = anchorOffset
    }

    /// What of the state still applies to a list showing `snapshot`, matched by identifier, and
    /// what no longer exists there.
    ///
    /// - Complexity: O(*n*) in the identifiers the state holds, plus the items of the anchor's
    ///   section when its item is gone.
    public func restored<Item: Identifiable>(onto snapshot: Snapshot<SectionID, Item>) -> ListStateRestoration<SectionID, ItemID>
    where Item.ID == ItemID {
        var kept = ListState(anchorOffset: nil)
        var skipped = ListState()
        for id in selected {
            if snapshot.contains(id) { kept.selected.append(id) } else { skipped.selected.append(id) }
        }
        for id in expanded {
            if snapshot.contains(id) { kept.expanded.append(id) } else { skipped.expanded.append(id) }
        }
        if let anchorItem, snapshot.contains(anchorItem) {
            kept.anchorItem = anchorItem
            kept.anchorSection = snapshot.sectionIdentifier(containingItem: anchorItem)
            kept.anchorOffset = anchorOffset
        } else {
            skipped.anchorItem = anchorItem
            // The item is gone: the top of its section, without the offset that was the item's.
            if let anchorSection, let first = snapshot.items(inSection: anchorSection)?.first {
                kept.anchorItem = first.id
                kept.anchorSection = anchorSection
            } else {
                skipped.anchorSection = anchorSection
            }
        }
        return ListStateRestoration(applied: kept, skipped: skipped)
    }
}

/// The outcome of restoring a ``ListState``: what applies to the list shown, and the identifiers
/// that no longer exist, skipped.
public struct ListStateRestoration<SectionID: Hashable & Sendable & Codable, ItemID: Hashable & Sendable & Codable>: Hashable, Sendable {
    /// The part of the state that applies: every identifier here is in the list.
    public var applied: ListState<SectionID, ItemID>
    /// The identifiers of the saved state that the list no longer has.
    public var skipped: ListState<SectionID, ItemID>

    /// Whether everything saved was found.
    public var isComplete: Bool { skipped == ListState() }
}
