import Tabula

/// Hears about the items a ``HeadlessListView`` will soon show, as
/// `UITableViewDataSourcePrefetching` does.
@MainActor
public protocol HeadlessListPrefetching: AnyObject {
    /// The items at `paths` are just below the viewport.
    func listView(_ listView: HeadlessListView, prefetchItemsAt paths: [ItemPath])
    /// The items at `paths` left that band without being shown.
    func listView(_ listView: HeadlessListView, cancelPrefetchingForItemsAt paths: [ItemPath])
}
