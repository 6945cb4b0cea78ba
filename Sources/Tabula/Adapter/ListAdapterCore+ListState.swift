/// A list's ``ListState`` captured and restored by identifier, for every adapter: the glue only
/// reads where the first visible row is and scrolls back to it.
extension ListAdapterCore where SectionID: Codable, Item.ID: Codable {
    /// The list as the person left it: the items the view shows selected (in display order), the
    /// expanded outline items (hidden ones under a collapsed parent too), and `anchor`, the first
    /// visible row with how far it is scrolled past the top of the visible area, which the glue
    /// reads from its view (`nil`: the list shows no row).
    package func listState(anchor: (path: ItemPath, offset: Double)?) -> ListState<SectionID, Item.ID> {
        let snapshot = driver.snapshot
        let selected = (accessibilityGlue?.selectedPaths ?? []).sorted().compactMap { snapshot.item(at: $0)?.id }
        let item = anchor.flatMap { snapshot.item(at: $0.path)?.id }
        return ListState(
            selected: selected, expanded: expandedItems, anchorItem: item,
            anchorSection: item.flatMap { snapshot.sectionIdentifier(containingItem: $0) }, anchorOffset: item == nil ? nil : anchor?.offset)
    }

    /// Restores `state` onto the list shown now, by identifier: expands the saved outline items
    /// that an outline section holds (without asking ``SectionSnapshotHandlers``: a restoration,
    /// not the user's tap), makes the saved items that still exist the view's selection (and only
    /// those, through the glue's ``ListAccessibilityGlue/setSelectedPaths(_:)``), then hands the anchor's row and offset to `scroll`
    /// (the offset `nil` when the anchor fell back to the top of its section).
    ///
    /// - Returns: what was applied, and what was skipped because the list no longer has it.
    package func restore(
        _ state: ListState<SectionID, Item.ID>, scroll: (_ path: ItemPath, _ offset: Double?) -> Void
    ) -> ListStateRestoration<SectionID, Item.ID> {
        let expansion = restoreExpansion(state.expanded)
        let snapshot = driver.snapshot
        var restoration = state.restored(onto: snapshot)
        restoration.applied.expanded = expansion.applied
        restoration.skipped.expanded = expansion.skipped
        accessibilityGlue?.setSelectedPaths(restoration.applied.selected.compactMap { snapshot.itemPath(for: $0) })
        if let anchor = restoration.applied.anchorItem, let path = snapshot.itemPath(for: anchor) {
            scroll(path, restoration.applied.anchorOffset)
        }
        return restoration
    }
}
