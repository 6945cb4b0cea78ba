/// What an assistive technology needs of the adapter core: the actions a row offers without a
/// gesture, taken from the same handlers its swipes and context menu use.
extension ListAdapterCore {
    /// The actions of the item at `path` that an assistive technology offers as custom actions:
    /// its leading swipe actions, its trailing swipe actions (with the platform's Delete where a
    /// swipe would show it), then its context menu, each built by the handler the gesture uses.
    /// Empty parts are left out; each adapter turns the parts into its platform's custom actions.
    package func accessibilityActionSources(at path: ItemPath) -> AccessibilityActionSources<Platform> {
        let leading = swipeActions(at: path, leading: true) ?? nil
        let trailing = swipeActions(at: path, leading: false) ?? nil
        let menu = contextMenu(at: path) ?? nil
        return AccessibilityActionSources(swipes: [leading, trailing].compactMap { $0 }, contextMenu: menu)
    }

    /// Whether selecting a row does something the app handles, so an assistive technology can
    /// call the row a button.
    package var rowsAreSelectable: Bool { onSelect != nil }
}

/// The swipe actions and context menu of one row, as its handlers built them.
package struct AccessibilityActionSources<Platform: ListPlatform> {
    /// Leading, then trailing swipe actions, for the edges that have any.
    package var swipes: [Platform.SwipeActions]
    /// The context menu, when the row has one.
    package var contextMenu: Platform.ContextMenu?
}
