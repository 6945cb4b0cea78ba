import Tabula

/// Hears about selection in a ``HeadlessListView``, as `UITableViewDelegate` does.
@MainActor
public protocol HeadlessListDelegate: AnyObject {
    /// The user selected the item at `path`.
    func listView(_ listView: HeadlessListView, didSelectItemAt path: ItemPath)
    /// The item at `path` was deselected.
    func listView(_ listView: HeadlessListView, didDeselectItemAt path: ItemPath)
    /// The cell of the item at `path` is about to be shown (`tableView(_:willDisplay:forRowAt:)`):
    /// it came into the viewport, by scrolling, a reload or an update.
    func listView(_ listView: HeadlessListView, willDisplay cell: HeadlessCell, forItemAt path: ItemPath)
    /// The cell that showed the item at `path` left the screen (`tableView(_:didEndDisplaying:forRowAt:)`):
    /// it scrolled away, its item was deleted or reloaded, or the view reloaded its data. `path` is
    /// where the item was before the change.
    func listView(_ listView: HeadlessListView, didEndDisplaying cell: HeadlessCell, forItemAt path: ItemPath)
    /// The swipe actions of the item at `path` on `edge` (default: none), as
    /// `trailingSwipeActionsConfigurationForRowAt`.
    func listView(_ listView: HeadlessListView, swipeActionsForItemAt path: ItemPath, edge: HeadlessAction.Edge) -> [HeadlessAction]?
    /// The context menu of the item at `path` (default: none), as `contextMenuConfigurationForRowAt`.
    func listView(_ listView: HeadlessListView, contextMenuForItemAt path: ItemPath) -> [HeadlessAction]?
    /// Where a row dragged from `source` lands when the user lets go at `proposed` (default:
    /// there), as `tableView(_:targetIndexPathForMoveFromRowAt:toProposedIndexPath:)`.
    func listView(_ listView: HeadlessListView, targetPathForMoveFrom source: ItemPath, proposed: ItemPath) -> ItemPath
}

extension HeadlessListDelegate {
    /// Nothing, by default.
    public func listView(_ listView: HeadlessListView, didDeselectItemAt path: ItemPath) {}
    /// Nothing, by default.
    public func listView(_ listView: HeadlessListView, willDisplay cell: HeadlessCell, forItemAt path: ItemPath) {}
    /// Nothing, by default.
    public func listView(_ listView: HeadlessListView, didEndDisplaying cell: HeadlessCell, forItemAt path: ItemPath) {}
    /// None, by default.
    public func listView(_ listView: HeadlessListView, swipeActionsForItemAt path: ItemPath, edge: HeadlessAction.Edge) -> [HeadlessAction]? { nil }
    /// None, by default.
    public func listView(_ listView: HeadlessListView, contextMenuForItemAt path: ItemPath) -> [HeadlessAction]? { nil }
    /// `proposed`, by default.
    public func listView(_ listView: HeadlessListView, targetPathForMoveFrom source: ItemPath, proposed: ItemPath) -> ItemPath { proposed }
}
