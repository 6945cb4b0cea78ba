/// The driver's section snapshots, made on first use: a list that never applies one never makes
/// them, and its driver calls nothing of them.
extension ListDriver {
    /// The sections of this list shown as trees (Apple's section snapshots): apply one to a
    /// section, expand and collapse its items, ask an item's outline state.
    ///
    /// ```swift
    /// try await driver.sectionSnapshots.apply(folders, to: "folders")
    /// try driver.sectionSnapshots.toggleExpansion("Documents")
    /// ```
    public var sectionSnapshots: SectionSnapshots<SectionID, Item> {
        if let jobFollower { return jobFollower }
        let made = SectionSnapshots(driver: self)
        jobFollower = made
        return made
    }

    /// ``SectionSnapshots/outlineState(of:)``, without making the section snapshots: every cell a
    /// collection adapter, the headless view or the terminal configures asks.
    ///
    /// - Complexity: O(1) in a list without section snapshots; O(*d*) for the item's depth *d*.
    package func outlineState(of id: Item.ID) -> OutlineState? {
        jobFollower?.outlineState(of: id)
    }

    /// Where a row dragged from `source` may land, given the place `proposed` the view offers: see
    /// ``SectionSnapshots/targetPathForMove(from:proposed:)``.
    package func targetPathForMove(from source: ItemPath, proposed: ItemPath) -> ItemPath {
        guard let jobFollower else { return proposed }
        return jobFollower.targetPathForMove(from: source, proposed: proposed)
    }

    /// Deletes the item `id` from the section snapshot of its section, with the items under it:
    /// see ``SectionSnapshots/delete(_:)``. `nil` when `id` is not in such a section.
    package func deleteFromSectionSnapshot(_ id: Item.ID) throws -> Snapshot<SectionID, Item>? {
        try jobFollower?.delete(id)
    }
}
