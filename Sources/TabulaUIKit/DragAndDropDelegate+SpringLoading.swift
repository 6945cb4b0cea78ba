#if canImport(UIKit)
    import UIKit
    import Tabula

    // Spring-loaded outline folders on iOS: UIKit tells the drop delegate where the drag is only
    // when it moves, so a drag resting over a collapsed folder is asked about again after the
    // wait the core names; the core decides whether the folder under it springs open.
    extension DragAndDropDelegate {
        /// The drag is over `indexPath` now (`nil`: over no row).
        func springLoad(over indexPath: IndexPath?) {
            guard let wait = hover(indexPath?.itemPath, ProcessInfo.processInfo.systemUptime) else { return }
            askAgain(after: wait)
        }

        private func askAgain(after seconds: Double) {
            Task { @MainActor [weak self] in
                try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
                guard let self, let more = hoverAgain(ProcessInfo.processInfo.systemUptime) else { return }
                askAgain(after: more)
            }
        }

        package func tableView(_ tableView: UITableView, dropSessionDidExit session: UIDropSession) {
            _ = hover(nil, ProcessInfo.processInfo.systemUptime)
        }

        package func tableView(_ tableView: UITableView, dropSessionDidEnd session: UIDropSession) {
            _ = hover(nil, ProcessInfo.processInfo.systemUptime)
        }

        package func collectionView(_ collectionView: UICollectionView, dropSessionDidExit session: UIDropSession) {
            _ = hover(nil, ProcessInfo.processInfo.systemUptime)
        }

        package func collectionView(_ collectionView: UICollectionView, dropSessionDidEnd session: UIDropSession) {
            _ = hover(nil, ProcessInfo.processInfo.systemUptime)
        }
    }
#endif
