/// What an adapter's view does for its core: the batch replay the driver asks for, registration,
/// and setting the view's data source and delegate again.
@MainActor
package protocol ListViewGlue: AnyObject, CellRegistrar {
    /// Which rules and wording apply.
    var flavor: ListFlavor { get }
    /// Whether animated batch updates can run now (``ListViewUpdating/canAnimateUpdates``).
    var canAnimateUpdates: Bool { get }
    /// The section counts the view shows now.
    func displayedItemCounts() -> [Int]
    /// Reloads everything from the data source.
    func reloadData()
    /// Performs `update` as one batch (``ListViewUpdating/performBatchUpdates(_:animated:updateData:completion:)``).
    func performBatchUpdates(_ update: BatchUpdate, animated: Bool, updateData: () -> Void, completion: @escaping @MainActor () -> Void)
    /// Sets the view's data source and delegate again, so that it asks `responds(to:)` afresh:
    /// the app's object changed or went away.
    func reconnect()
    /// A handler whose presence the view must know of changed (prefetching).
    func handlersDidChange()
    /// Whether the view keeps its cells between draws (`false` for the terminal, which configures
    /// every visible row as it draws, so its rows follow their items without being tracked).
    var keepsCells: Bool { get }
    /// The cell the view shows now for the item at `path`, or `nil` when that item is not visible.
    func visibleCell(at path: ItemPath) -> AnyObject?
    /// `cell` was configured for the item at `path`: what the view adds of its own (an outline
    /// disclosure).
    func didConfigure(_ cell: AnyObject, at path: ItemPath)
    /// Whether the view offers a Delete swipe for a deletable row by itself (a UIKit table, from
    /// the row's editing style). A collection list and an AppKit table do not: the core offers the
    /// platform's Delete action for them.
    var deletesBySwipe: Bool { get }
    /// The cells of the items at `paths` were configured again in place, outside any batch
    /// update: the view measures their rows again where their height can follow their content.
    func resizeRows(at paths: [ItemPath])
    /// The objects the view calls now as its data source and its delegate, or `nil` when there
    /// is no view to ask (it is gone, or, as the terminal's, it has no such properties).
    var connectedObjects: (dataSource: AnyObject?, delegate: AnyObject?)? { get }
    /// How an app's code names the view (`tableView`), for the diagnostic of a replaced delegate.
    var viewName: String { get }
    /// Makes `object`, which took the adapter's place as the view's delegate, the app's object
    /// the adapter forwards to, and sets the view's data source and delegate back to the
    /// adapter; `false` when `object` cannot be the adapter's delegate (not of the view's
    /// delegate type).
    func adoptDelegate(_ object: AnyObject) -> Bool
    /// Whether `object` is the controller that owns the view and is its data source and delegate
    /// by default (a `UITableViewController`): found there when the adapter is made, it is no
    /// line of the app's to change.
    func isViewsOwnController(_ object: AnyObject) -> Bool
}

extension ListViewGlue {
    package func reconnect() {}
    package func handlersDidChange() {}
    package var keepsCells: Bool { true }
    package func visibleCell(at path: ItemPath) -> AnyObject? { nil }
    package func didConfigure(_ cell: AnyObject, at path: ItemPath) {}
    package var deletesBySwipe: Bool { flavor == .table }
    package func resizeRows(at paths: [ItemPath]) {}
    package var connectedObjects: (dataSource: AnyObject?, delegate: AnyObject?)? { nil }
    package var viewName: String { "listView" }
    package func adoptDelegate(_ object: AnyObject) -> Bool { false }
    package func isViewsOwnController(_ object: AnyObject) -> Bool { false }
}
