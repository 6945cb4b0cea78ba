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
        /// The objects the view calls now as its data source and its delegate.
        var connectedObjects: (dataSource: AnyObject?, delegate: AnyObject?) { get }
        /// Whether `object` is the view's own controller (a `UITableViewController` of this
        /// table), which is its data source and delegate by default.
        func isOwnView(of object: AnyObject) -> Bool
        /// Sets the prefetching data source to `adapter` (`nil`: none).
        func prefetch(with adapter: (any NSObjectProtocol)?)
        /// Makes `delegate` the view's drag and drop delegate and turns dragging on (`nil`: off).
        func reorderByDragging(with delegate: DragAndDropDelegate?)
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
        /// Lets self-sizing cells resize after any Auto Layout change in their content
        /// (`selfSizingInvalidation = .enabledIncludingConstraints`, iOS 16), unless the app
        /// turned self-sizing invalidation off.
        func followCellSizes()
        /// The cells at `paths` were configured again in place: their sizes are measured again, by
        /// their own invalidation where self-sizing invalidation is on, otherwise by a layout pass.
        func resizeItems(at paths: [IndexPath])
    }

    extension UITableView: UIKitListView {
        package func followCellSizes() {
            if #available(iOS 16, tvOS 16, *), selfSizingInvalidation == .enabled { selfSizingInvalidation = .enabledIncludingConstraints }
        }
        package func resizeItems(at paths: [IndexPath]) {
            if #available(iOS 16, tvOS 16, *), selfSizingInvalidation != .disabled { return }  // the cells resized themselves
            // An empty batch measures the rows again, animating the change of height.
            performBatchUpdates(nil, completion: nil)
        }
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
        package var connectedObjects: (dataSource: AnyObject?, delegate: AnyObject?) { (dataSource, delegate) }
        package func isOwnView(of object: AnyObject) -> Bool { (object as? UITableViewController)?.viewIfLoaded === self }
        package func prefetch(with adapter: (any NSObjectProtocol)?) { prefetchDataSource = adapter as? any UITableViewDataSourcePrefetching }
        package func reorderByDragging(with delegate: DragAndDropDelegate?) {
            (dragDelegate, dropDelegate, dragInteractionEnabled) = (delegate, delegate, delegate != nil)
        }
    }

    extension UICollectionView: UIKitListView {
        package func followCellSizes() {
            if #available(iOS 16, tvOS 16, *), selfSizingInvalidation == .enabled { selfSizingInvalidation = .enabledIncludingConstraints }
        }
        package func resizeItems(at paths: [IndexPath]) {
            if #available(iOS 16, tvOS 16, *), selfSizingInvalidation != .disabled { return }  // the cells resized themselves
            let layout = collectionViewLayout
            let contextClass = type(of: layout).invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type
            let context = (contextClass ?? UICollectionViewLayoutInvalidationContext.self).init()
            context.invalidateItems(at: paths)
            layout.invalidateLayout(with: context)
        }
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
        package var connectedObjects: (dataSource: AnyObject?, delegate: AnyObject?) { (dataSource, delegate) }
        package func isOwnView(of object: AnyObject) -> Bool { (object as? UICollectionViewController)?.viewIfLoaded === self }
        package func reorderByDragging(with delegate: DragAndDropDelegate?) {
            (dragDelegate, dropDelegate, dragInteractionEnabled) = (delegate, delegate, delegate != nil)
        }
        package func prefetch(with adapter: (any NSObjectProtocol)?) {
            prefetchDataSource = adapter as? any UICollectionViewDataSourcePrefetching
        }
    }
#endif
