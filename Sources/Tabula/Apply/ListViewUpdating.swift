/// What the apply pipeline (``ListDriver``) needs of a view. The UIKit, AppKit, terminal and
/// headless adapters implement it; each only replays what the pipeline decided.
@MainActor
public protocol ListViewUpdating: AnyObject {
    /// Which rules and wording apply.
    var flavor: ListFlavor { get }
    /// Whether animated batch updates can run now: the view has loaded its data once and is in a
    /// window. When `false`, the pipeline reloads instead.
    var canAnimateUpdates: Bool { get }
    /// The section counts the view itself shows now (UIKit: `numberOfRows(inSection:)`).
    func displayedItemCounts() -> [Int]
    /// Reloads everything from the data source.
    func reloadData()
    /// Performs `update` as one batch. The view calls `updateData` first, inside the batch (that is
    /// when the data source starts answering with the new state), and `completion` once the batch,
    /// and its animation when `animated`, is done.
    func performBatchUpdates(
        _ update: BatchUpdate, animated: Bool, updateData: () -> Void, completion: @escaping @MainActor () -> Void)
}
