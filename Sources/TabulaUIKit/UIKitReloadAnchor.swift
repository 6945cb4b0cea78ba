#if canImport(UIKit)
    import UIKit
    import Tabula

    extension UIKitAdapterGlue where Self: ListAdapter {
        /// Reads what the driver's anchor holds before `reloadData` (by position, against the
        /// snapshot the view still shows, `ListDriver.shownBeforeReload`), and returns what to run
        /// right after the reload: lay out, read the frames by position in the new snapshot, and set
        /// the offset `AnchorCorrection` computes. `nil`: nothing is held.
        package func reloadAnchorCorrection() -> (@MainActor () -> Void)? {
            let anchor = driver.activeScrollAnchor
            guard anchor != .none, hasLoaded, let shown = driver.shownBeforeReload, let view = listView as? any UIKitAnchorFrames else {
                return nil
            }
            func frame(_ path: ItemPath) -> (minY: Double, height: Double)? {
                view.frameOfItem(at: IndexPath(path)).map { (Double($0.minY), Double($0.height)) }
            }
            func viewport() -> (offset: Double, height: Double, top: Double) {
                let insets = view.adjustedContentInset
                return (Double(view.contentOffset.y + insets.top), Double(view.bounds.height - insets.top - insets.bottom), Double(insets.top))
            }
            let now = viewport()
            guard
                let correction = AnchorCorrection(
                    anchor, shown: shown, visible: view.visibleItemIndexPaths.map(\.itemPath), frame: frame, contentOffset: now.offset,
                    viewportHeight: now.height, contentHeight: Double(view.contentSize.height))
            else { return nil }
            return { [weak self] in
                guard let self else { return }
                view.layoutIfNeeded()
                let now = viewport()
                guard
                    let offset = correction.offset(
                        showing: self.driver.snapshot, frame: frame, viewportHeight: now.height, contentHeight: Double(view.contentSize.height))
                else { return }
                view.contentOffset.y = CGFloat(offset - now.top)
            }
        }
    }
#endif
