#if canImport(UIKit)
    import UIKit
    import Tabula

    /// What the UIKit adapters' glue needs of `UITableView` and `UICollectionView` alike: cell
    /// registration, and setting the data source and delegate.
    @MainActor
    package protocol UIKitListView: AnyObject {
        /// Registers `cellClass` under `identifier`; `false` when it is not this view's cell class.
        func registerCell(_ cellClass: AnyObject.Type, forReuseIdentifier identifier: String) -> Bool
        /// Registers `nib` under `identifier`.
        func registerCell(_ nib: UINib, forReuseIdentifier identifier: String)
        /// Registers Tabula's standard content cell under `identifier`.
        func registerContentCell(forReuseIdentifier identifier: String)
        /// Sets the data source and delegate to `adapter` (`nil`: none).
        func connect(_ adapter: (any NSObjectProtocol)?)
        /// Sets the prefetching data source to `adapter` (`nil`: none).
        func prefetch(with adapter: (any NSObjectProtocol)?)
        /// The item count of every section, as the view shows them.
        func itemCounts() -> [Int]
        /// The window the view is in, if any.
        var window: UIWindow? { get }
        /// Reloads everything from the data source.
        func reloadData()
        /// Runs `updates` as one batch, then `completion` (UIKit's own method).
        func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?)
        /// Issues `update`'s operations, inside a batch: deletes, inserts and moves of sections,
        /// then of items, then reloads and reconfigures.
        func issue(_ update: BatchUpdate, animation: UITableView.RowAnimation)
    }

    extension UITableView: UIKitListView {
        package func itemCounts() -> [Int] { (0..<numberOfSections).map { numberOfRows(inSection: $0) } }
        package func issue(_ update: BatchUpdate, animation: UITableView.RowAnimation) {
            if !update.deletedSections.isEmpty { deleteSections(IndexSet(update.deletedSections), with: animation) }
            if !update.insertedSections.isEmpty { insertSections(IndexSet(update.insertedSections), with: animation) }
            for move in update.movedSections { moveSection(move.from, toSection: move.to) }
            if !update.deletedItems.isEmpty { deleteRows(at: update.deletedItems.map(IndexPath.init), with: animation) }
            if !update.insertedItems.isEmpty { insertRows(at: update.insertedItems.map(IndexPath.init), with: animation) }
            for move in update.movedItems { moveRow(at: IndexPath(move.from), to: IndexPath(move.to)) }
            if !update.reloadedItems.isEmpty { reloadRows(at: update.reloadedItems.map(IndexPath.init), with: animation) }
            if !update.reconfiguredItems.isEmpty { reconfigureRows(at: update.reconfiguredItems.map(IndexPath.init)) }
        }
        package func registerCell(_ cellClass: AnyObject.Type, forReuseIdentifier identifier: String) -> Bool {
            guard let cellClass = cellClass as? UITableViewCell.Type else { return false }
            register(cellClass, forCellReuseIdentifier: identifier)
            return true
        }
        package func registerCell(_ nib: UINib, forReuseIdentifier identifier: String) { register(nib, forCellReuseIdentifier: identifier) }
        package func registerContentCell(forReuseIdentifier identifier: String) { register(TabulaTableCell.self, forCellReuseIdentifier: identifier) }
        package func connect(_ adapter: (any NSObjectProtocol)?) {
            dataSource = adapter as? any UITableViewDataSource
            delegate = adapter as? any UITableViewDelegate
        }
        package func prefetch(with adapter: (any NSObjectProtocol)?) { prefetchDataSource = adapter as? any UITableViewDataSourcePrefetching }
    }

    extension UICollectionView: UIKitListView {
        package func itemCounts() -> [Int] { (0..<numberOfSections).map { numberOfItems(inSection: $0) } }
        /// The operations of `update` (a collection view has no row animations).
        package func issue(_ update: BatchUpdate, animation: UITableView.RowAnimation) {
            if !update.deletedSections.isEmpty { deleteSections(IndexSet(update.deletedSections)) }
            if !update.insertedSections.isEmpty { insertSections(IndexSet(update.insertedSections)) }
            for move in update.movedSections { moveSection(move.from, toSection: move.to) }
            if !update.deletedItems.isEmpty { deleteItems(at: update.deletedItems.map(IndexPath.init)) }
            if !update.insertedItems.isEmpty { insertItems(at: update.insertedItems.map(IndexPath.init)) }
            for move in update.movedItems { moveItem(at: IndexPath(move.from), to: IndexPath(move.to)) }
            if !update.reloadedItems.isEmpty { reloadItems(at: update.reloadedItems.map(IndexPath.init)) }
            if !update.reconfiguredItems.isEmpty { reconfigureItems(at: update.reconfiguredItems.map(IndexPath.init)) }
        }
        package func registerCell(_ cellClass: AnyObject.Type, forReuseIdentifier identifier: String) -> Bool {
            guard let cellClass = cellClass as? UICollectionViewCell.Type else { return false }
            register(cellClass, forCellWithReuseIdentifier: identifier)
            return true
        }
        package func registerCell(_ nib: UINib, forReuseIdentifier identifier: String) { register(nib, forCellWithReuseIdentifier: identifier) }
        package func registerContentCell(forReuseIdentifier identifier: String) {
            register(TabulaCollectionCell.self, forCellWithReuseIdentifier: identifier)
        }
        package func connect(_ adapter: (any NSObjectProtocol)?) {
            dataSource = adapter as? any UICollectionViewDataSource
            delegate = adapter as? any UICollectionViewDelegate
        }
        package func prefetch(with adapter: (any NSObjectProtocol)?) {
            prefetchDataSource = adapter as? any UICollectionViewDataSourcePrefetching
        }
    }

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
    }

    extension UIKitAdapterGlue {
        /// Whether the view can animate now: it has loaded once and is in a window.
        package var canAnimateUpdates: Bool { hasLoaded && listView?.window != nil }

        package func displayedItemCounts() -> [Int] { listView?.itemCounts() ?? [] }

        package func reloadData() {
            hasLoaded = true
            listView?.reloadData()
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
        }

        /// The view caches which methods its data source and delegate answer when they are set:
        /// set them again.
        package func reconnect() {
            listView?.connect(nil)
            listView?.connect(self)
            handlersDidChange()
        }

        package func handlersDidChange() { listView?.prefetch(with: wantsPrefetching ? self : nil) }

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
