#if canImport(UIKit)
    import UIKit
    import Tabula

    /// What the anchor glue reads of a table or collection view: the items on screen and their
    /// frames in the content.
    @MainActor
    package protocol UIKitAnchorFrames: UIScrollView {
        /// The paths of the items on screen.
        var visibleItemIndexPaths: [IndexPath] { get }
        /// The frame of the item at `path` in the content, as laid out now (estimated or measured).
        func frameOfItem(at path: IndexPath) -> CGRect?
    }

    extension UITableView: UIKitAnchorFrames {
        package var visibleItemIndexPaths: [IndexPath] { indexPathsForVisibleRows ?? [] }
        package func frameOfItem(at path: IndexPath) -> CGRect? {
            path.section < numberOfSections && path.row < numberOfRows(inSection: path.section) ? rectForRow(at: path) : nil
        }
    }

    extension UICollectionView: UIKitAnchorFrames {
        package var visibleItemIndexPaths: [IndexPath] { indexPathsForVisibleItems }
        package func frameOfItem(at path: IndexPath) -> CGRect? { layoutAttributesForItem(at: path)?.frame }
    }

    extension UIKitAdapterGlue where Self: ListAdapter {
        /// Reads what the driver's anchor holds before a batch, and returns what to run right after
        /// `performBatchUpdates` returns (before the next frame is drawn): lay out, read the frames
        /// again, and set the offset `AnchorCorrection` computes. `nil`: nothing is held.
        package func anchorCorrection() -> (@MainActor () -> Void)? {
            let anchor = driver.activeScrollAnchor
            guard anchor != .none, let view = listView as? any UIKitAnchorFrames else { return nil }
            func frame(_ id: Item.ID, in snapshot: Snapshot<SectionID, Item>) -> (minY: Double, height: Double)? {
                guard let path = snapshot.itemPath(for: id), let rect = view.frameOfItem(at: IndexPath(path)) else { return nil }
                return (Double(rect.minY), Double(rect.height))
            }
            func viewport() -> (offset: Double, height: Double, top: Double) {
                let insets = view.adjustedContentInset
                return (Double(view.contentOffset.y + insets.top), Double(view.bounds.height - insets.top - insets.bottom), Double(insets.top))
            }
            let before = driver.snapshot
            let visible = view.visibleItemIndexPaths.sorted().compactMap { before.item(at: $0.itemPath)?.id }
            let now = viewport()
            guard
                let correction = AnchorCorrection(
                    anchor, visible: visible, frame: { frame($0, in: before) }, contentOffset: now.offset, viewportHeight: now.height,
                    contentHeight: Double(view.contentSize.height))
            else { return nil }
            return { [weak self] in
                guard let self else { return }
                view.layoutIfNeeded()
                let after = self.driver.snapshot, now = viewport()
                guard
                    let offset = correction.offset(
                        frame: { frame($0, in: after) }, viewportHeight: now.height, contentHeight: Double(view.contentSize.height))
                else { return }
                view.contentOffset.y = CGFloat(offset - now.top)
            }
        }
    }
#endif
