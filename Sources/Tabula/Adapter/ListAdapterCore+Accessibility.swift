/// What an assistive technology needs of the adapter core: the actions a row offers without a
/// gesture, taken from the same handlers its swipes and context menu use, and what an outline row
/// says and does. Every adapter's glue reads a row through ``accessibilityRow(at:)``, so the
/// headless view that tests assert on offers what a device offers.
extension ListAdapterCore {
    /// What an assistive technology meets on the item at `path`: its leading swipe actions, its
    /// trailing swipe actions (with the platform's Delete where a swipe would show it), its
    /// context menu, each built by the handler the gesture uses; and, for an outline item with
    /// children, whether it is expanded, the value that says so and the title of the action that
    /// toggles it (``toggleExpansion(of:)``), in ``accessibilityStrings``. Empty parts are left
    /// out; each adapter turns the parts into its platform's custom actions. `nil` outside the
    /// list.
    package func accessibilityRow(at path: ItemPath) -> AccessibilityRow<Platform, Item.ID>? {
        guard let item = item(at: path) else { return nil }
        let leading = swipeActions(at: path, leading: true) ?? nil
        let trailing = swipeActions(at: path, leading: false) ?? nil
        let menu = contextMenu(at: path) ?? nil
        return AccessibilityRow(
            id: item.id, leadingSwipes: leading, trailingSwipes: trailing, contextMenu: menu, isExpanded: expansion(at: path),
            strings: accessibilityStrings, isButton: rowsAreSelectable)
    }

    /// What an assistive technology meets on the item `id`'s row wherever the item is shown now
    /// (``accessibilityRow(at:)``); `nil` once the item is gone. A view that gave a row its
    /// actions when it configured the row reads them again here when one is performed, so the
    /// action acts on its item after the list moved it, and on what the handler builds today.
    package func accessibilityRow(of id: Item.ID) -> AccessibilityRow<Platform, Item.ID>? {
        driver.snapshot.itemPath(for: id).flatMap(accessibilityRow(at:))
    }

    /// The title a view shows for the key command of `key` (UIKit's keyboard shortcuts overlay),
    /// in ``accessibilityStrings``: Delete and Space; `nil` for a key offered as no command.
    package func commandTitle(for key: ListKey) -> String? {
        switch key {
        case .delete: accessibilityStrings.deleteCommand
        case .space: accessibilityStrings.toggleSwitchCommand
        default: nil
        }
    }

    /// Whether selecting a row does something the app handles, so an assistive technology can
    /// call the row a button.
    package var rowsAreSelectable: Bool { onSelect != nil }
}

/// One row as an assistive technology meets it: the swipe actions and context menu its
/// handlers built, and its expansion when it is an outline item with children.
package struct AccessibilityRow<Platform: ListPlatform, ItemID> {
    /// The row's item: what its actions act on, wherever the item moves meanwhile.
    package var id: ItemID
    /// The leading swipe actions, when the row has some.
    package var leadingSwipes: Platform.SwipeActions?
    /// The trailing swipe actions, when the row has some.
    package var trailingSwipes: Platform.SwipeActions?
    /// The context menu, when the row has one.
    package var contextMenu: Platform.ContextMenu?
    /// Whether the row is an expanded (`true`) or collapsed (`false`) outline item; `nil` for a
    /// row without children or outside an outline.
    package var isExpanded: Bool?
    /// The words for the row's expansion.
    package var strings: ListAccessibilityStrings
    /// Whether selecting the row does something the app handles.
    package var isButton: Bool

    /// Leading, then trailing swipe actions, for the edges that have any.
    package var swipes: [Platform.SwipeActions] { [leadingSwipes, trailingSwipes].compactMap { $0 } }

    /// What the row says after its label: "expanded" or "collapsed"; `nil` for a row that is
    /// neither.
    package var value: String? { isExpanded.map(strings.expansionValue(isExpanded:)) }

    /// The title of the action that toggles the row's expansion: "Collapse" or "Expand"; `nil`
    /// for a row that is neither.
    package var expansionAction: String? { isExpanded.map(strings.expansionAction(isExpanded:)) }
}
