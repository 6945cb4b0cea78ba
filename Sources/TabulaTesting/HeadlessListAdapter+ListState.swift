import Tabula

extension HeadlessListAdapter where SectionID: Codable, Item.ID: Codable {
    /// The list as the person left it: the selected items, the expanded outline items (hidden
    /// ones under a collapsed parent too) and the first visible item, by identifier. (The
    /// headless view scrolls by whole rows, so the offset is 0.)
    public var listState: ListState<SectionID, Item.ID> {
        core.listState(anchor: listView.indexPathsForVisibleItems.min().map { ($0, 0) })
    }

    /// Restores `state` onto the list shown now, by identifier: expands the saved outline items
    /// that an outline section holds (without asking `sectionSnapshotHandlers`),
    /// then selects the saved items that still exist (and only those) and scrolls to the anchor;
    /// returns what was applied and what was skipped because it no longer exists.
    @discardableResult
    public func restore(_ state: ListState<SectionID, Item.ID>) -> ListStateRestoration<SectionID, Item.ID> {
        core.restore(state) { path, _ in try? listView.scrollToItem(at: path) }
    }
}
