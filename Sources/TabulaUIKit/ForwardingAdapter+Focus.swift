#if canImport(UIKit)
    import UIKit
    import Tabula

    /// What the focus engine's delegate methods ask of a UIKit adapter: which row to focus, and
    /// where focus went. (The adapters are generic classes, which cannot declare Objective-C
    /// methods in an extension; their non-generic base answers the methods and asks this.)
    @MainActor
    package protocol UIKitFocusGlue: AnyObject {
        /// The row the focus engine should focus; `nil` leaves the choice to UIKit.
        var preferredFocusIndexPath: IndexPath? { get }
        /// The focus engine moved focus to `path` (`nil`: off the list).
        func focusEngineMoved(to path: IndexPath?)
    }

    extension ForwardingAdapter {
        // The focus methods of `UITableViewDelegate` and `UICollectionViewDelegate`, under their
        // Objective-C names. The app's delegate is asked first where it answers.

        @objc(indexPathForPreferredFocusedViewInTableView:)
        package func tabulaPreferredFocusPath(inTable tableView: UITableView) -> IndexPath? {
            if let own = (forwarding.object as? any UITableViewDelegate)?.indexPathForPreferredFocusedView?(in: tableView) { return own }
            return (self as? any UIKitFocusGlue)?.preferredFocusIndexPath
        }

        @objc(tableView:didUpdateFocusInContext:withAnimationCoordinator:)
        package func tabulaTable(
            _ tableView: UITableView, didUpdateFocusIn context: UITableViewFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator
        ) {
            (self as? any UIKitFocusGlue)?.focusEngineMoved(to: context.nextFocusedIndexPath)
            (forwarding.object as? any UITableViewDelegate)?.tableView?(tableView, didUpdateFocusIn: context, with: coordinator)
        }

        @objc(indexPathForPreferredFocusedViewInCollectionView:)
        package func tabulaPreferredFocusPath(inCollection collectionView: UICollectionView) -> IndexPath? {
            if let own = (forwarding.object as? any UICollectionViewDelegate)?.indexPathForPreferredFocusedView?(in: collectionView) {
                return own
            }
            return (self as? any UIKitFocusGlue)?.preferredFocusIndexPath
        }

        @objc(collectionView:didUpdateFocusInContext:withAnimationCoordinator:)
        package func tabulaCollection(
            _ collectionView: UICollectionView, didUpdateFocusIn context: UICollectionViewFocusUpdateContext,
            with coordinator: UIFocusAnimationCoordinator
        ) {
            (self as? any UIKitFocusGlue)?.focusEngineMoved(to: context.nextFocusedIndexPath)
            (forwarding.object as? any UICollectionViewDelegate)?.collectionView?(collectionView, didUpdateFocusIn: context, with: coordinator)
        }
    }
#endif
