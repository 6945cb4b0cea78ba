#if canImport(UIKit)
    import UIKit
    import Tabula

    /// What the keyboard and announcement glue needs of `UITableView` and `UICollectionView`
    /// alike: the selection, scrolling, and focus that the keyboard moves.
    @MainActor
    package protocol UIKitKeyboardView: UIKitListView {
        /// The selected paths.
        var selectedIndexPaths: [IndexPath] { get }
        /// Selects the row at `path` without telling the delegate.
        func selectIndexPath(_ path: IndexPath)
        /// Deselects the row at `path` without telling the delegate.
        func deselectIndexPath(_ path: IndexPath)
        /// Scrolls the row at `path` into view, as little as it takes.
        func scrollIndexPathToVisible(_ path: IndexPath)
        /// Whether the path names a row the view shows.
        func contains(_ path: IndexPath) -> Bool
        /// Lets the keyboard focus rows (iPad, Mac Catalyst), and select as it moves when
        /// `selectionFollowsFocus`; the last focused index path is not remembered, because
        /// indexes change with the data: the adapter names the row to focus, by item.
        func allowKeyboardFocus(selectionFollowsFocus: Bool)
    }

    extension UITableView: UIKitKeyboardView {
        package var selectedIndexPaths: [IndexPath] { indexPathsForSelectedRows ?? [] }
        package func selectIndexPath(_ path: IndexPath) { selectRow(at: path, animated: false, scrollPosition: .none) }
        package func deselectIndexPath(_ path: IndexPath) { deselectRow(at: path, animated: false) }
        package func scrollIndexPathToVisible(_ path: IndexPath) { scrollToRow(at: path, at: .none, animated: true) }
        package func contains(_ path: IndexPath) -> Bool { path.section < numberOfSections && path.row < numberOfRows(inSection: path.section) }
        package func allowKeyboardFocus(selectionFollowsFocus: Bool) {
            allowsFocus = true
            self.selectionFollowsFocus = selectionFollowsFocus
            remembersLastFocusedIndexPath = false
        }
    }

    extension UICollectionView: UIKitKeyboardView {
        package var selectedIndexPaths: [IndexPath] { indexPathsForSelectedItems ?? [] }
        package func selectIndexPath(_ path: IndexPath) { selectItem(at: path, animated: false, scrollPosition: []) }
        package func deselectIndexPath(_ path: IndexPath) { deselectItem(at: path, animated: false) }
        package func scrollIndexPathToVisible(_ path: IndexPath) { scrollToItem(at: path, at: [], animated: true) }
        package func contains(_ path: IndexPath) -> Bool { path.section < numberOfSections && path.item < numberOfItems(inSection: path.section) }
        package func allowKeyboardFocus(selectionFollowsFocus: Bool) {
            allowsFocus = true
            self.selectionFollowsFocus = selectionFollowsFocus
            remembersLastFocusedIndexPath = false
        }
    }
#endif
