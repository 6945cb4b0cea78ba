import Tabula

extension HeadlessListAdapter where SectionID: Codable, Item.ID: Codable {
    /// The list as the person left it: the selected items, the expanded outline items (hidden
    /// ones under a collapsed parent too) and the first visible item, by identifier. (The
    /// headless view scrolls by whole rows, so the offset is 0.)
    public var listState: ListState<SectionID, Item.ID> {
        let snapshot = driver.snapshot
        let anchor = listView.indexPathsForVisibleItems.min().flatMap { snapshot.item(at: $0)?.id }
        return ListState(
            selected: selectedItems.map(\.id), expanded: core.expandedItems, anchorItem: anchor,
            anchorSection: anchor.flatMap { snapshot.sectionIdentifier(containingItem: $0) }, anchorOffset: anchor == nil ? nil : 0)
    }

    /// Restores `state` onto the list shown now, by identifier: expands the saved outline items
    /// that an outline section holds (without asking `sectionSnapshotHandlers`),
    /// then selects the saved items that still exist (and only those) and scrolls to the anchor;
    /// returns what was applied and what was skipped because it no longer exists.
    @discardableResult
    public func restore(_ state: ListState<SectionID, Item.ID>) -> ListStateRestoration<SectionID, Item.ID> {
        let expansion = core.restoreExpansion(state.expanded)
        var restoration = state.restored(onto: driver.snapshot)
        restoration.applied.expanded = expansion.applied
        restoration.skipped.expanded = expansion.skipped
        for path in listView.indexPathsForSelectedItems { listView.deselectItem(at: path) }
        for id in restoration.applied.selected { try? selectItem(id) }
        if let anchor = restoration.applied.anchorItem { try? scrollToItem(anchor) }
        return restoration
    }
}
