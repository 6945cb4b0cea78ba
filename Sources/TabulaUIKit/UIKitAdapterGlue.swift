#if canImport(UIKit)
    import UIKit
    import Tabula

    /// The glue the two UIKit adapters share: registration in their view, and setting its data
    /// source and delegate again when the app's object changes.
    @MainActor
    package protocol UIKitAdapterGlue: ListViewGlue, NSObjectProtocol {
        associatedtype View: UIKitListView
        /// The view driven, while it lives.
        var listView: View? { get }
        /// The nibs named after cell classes, in the adapter's bundle.
        var nibs: NibLookup { get set }
        /// Whether the adapter wants prefetching calls (it has a prefetch handler).
        var wantsPrefetching: Bool { get }
        /// Whether the view has asked for its data once.
        var hasLoaded: Bool { get set }
        /// The row animation of an animated batch (a table's `rowAnimation`).
        var batchAnimation: UITableView.RowAnimation { get }
        /// What to do once `update`'s batch is done about the section titles it changed (captured
        /// before the batch, run after it).
        func titleRefresh(after update: BatchUpdate) -> @MainActor () -> Void
        /// What keeps the anchor still through a batch (`UIKitScrollAnchor.swift`): read before it,
        /// run as it returns; `nil` when nothing is held.
        func anchorCorrection() -> (@MainActor () -> Void)?
        /// What keeps the anchor still through `reloadData` (`UIKitReloadAnchor.swift`).
        func reloadAnchorCorrection() -> (@MainActor () -> Void)?
    }

    extension UIKitAdapterGlue {
        /// Whether the view can animate now: it has loaded once and is in a window.
        package var canAnimateUpdates: Bool { hasLoaded && listView?.window != nil }

        package func displayedItemCounts() -> [Int] { listView?.itemCounts() ?? [] }

        package func reloadData() {
            let holdAnchor = reloadAnchorCorrection()
            hasLoaded = true
            listView?.reloadData()
            if let holdAnchor { UIView.performWithoutAnimation(holdAnchor) }
        }

        /// Replays one stage as one `performBatchUpdates`: the data source starts answering with
        /// the new state inside it, then the view's operations; titles are refreshed after it.
        package func performBatchUpdates(
            _ update: BatchUpdate, animated: Bool, updateData: () -> Void, completion: @escaping @MainActor () -> Void
        ) {
            guard let listView else {
                updateData()
                completion()
                return
            }
            let refreshTitles = titleRefresh(after: update)
            let holdAnchor = anchorCorrection()
            let animation = animated ? batchAnimation : .none
            // UIKit runs the updates block synchronously, inside this call.
            withoutActuallyEscaping(updateData) { updateData in
                let batch = {
                    listView.performBatchUpdates({
                        updateData()
                        listView.issue(update, animation: animation)
                    }, completion: { _ in
                        refreshTitles()
                        completion()
                    })
                }
                if animated { batch() } else { UIView.performWithoutAnimation(batch) }
            }
            // In the same turn as the batch, before the next frame: no jump is ever drawn.
            if let holdAnchor { UIView.performWithoutAnimation(holdAnchor) }
        }

        /// The view caches which methods its data source and delegate answer when they are set:
        /// set them again.
        package func reconnect() {
            listView?.connect(nil)
            listView?.connect(self)
            handlersDidChange()
        }

        package func handlersDidChange() { listView?.prefetch(with: wantsPrefetching ? self : nil) }

        package var connectedObjects: (dataSource: AnyObject?, delegate: AnyObject?)? { listView?.connectedObjects }

        package func isViewsOwnController(_ object: AnyObject) -> Bool { listView?.isOwnView(of: object) ?? false }

        /// Cells configured again in place (an object they read changed): their sizes follow.
        package func resizeRows(at paths: [ItemPath]) { listView?.resizeItems(at: paths.map(IndexPath.init)) }

        package func nibCellTypeName(named name: String) -> String? { nibs.cellClassName(inNibNamed: name) }

        package func registerNib(named name: String, forReuseIdentifier identifier: String) {
            listView?.registerCell(UINib(nibName: name, bundle: nibs.bundle), forReuseIdentifier: identifier)
        }

        package func registerClass(_ cellType: AnyObject.Type, forReuseIdentifier identifier: String) -> Bool {
            listView?.registerCell(cellType, forReuseIdentifier: identifier) ?? false
        }

        package func registerContentCell(forReuseIdentifier identifier: String) {
            listView?.registerContentCell(forReuseIdentifier: identifier)
        }
    }
#endif
