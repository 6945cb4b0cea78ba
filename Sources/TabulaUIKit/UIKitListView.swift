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
    }

    extension UITableView: UIKitListView {
        package func itemCounts() -> [Int] { (0..<numberOfSections).map { numberOfRows(inSection: $0) } }
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
    }

    extension UIKitAdapterGlue {
        /// Whether the view can animate now: it has loaded once and is in a window.
        package var canAnimateUpdates: Bool { hasLoaded && listView?.window != nil }

        package func displayedItemCounts() -> [Int] { listView?.itemCounts() ?? [] }

        package func reloadData() {
            hasLoaded = true
            listView?.reloadData()
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
