#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit
    import Tabula

    extension TableViewAdapter {
        /// Reads what the driver's anchor holds before a batch, and returns what to run once the
        /// table's updates end (before the next frame is drawn): read the frames again and scroll
        /// the clip view to the offset `AnchorCorrection` computes. `nil`: nothing is held.
        func anchorCorrection() -> (@MainActor () -> Void)? {
            let anchor = driver.activeScrollAnchor
            guard anchor != .none, let tableView, let scrollView = tableView.enclosingScrollView else { return nil }
            let clip = scrollView.contentView
            func frame(_ id: Item.ID) -> (minY: Double, height: Double)? {
                guard let row = row(for: id) else { return nil }
                let rect = tableView.rect(ofRow: row)
                return (Double(rect.minY), Double(rect.height))
            }
            func viewport() -> (offset: Double, height: Double, top: Double) {
                let insets = scrollView.contentInsets
                return (Double(clip.bounds.minY + insets.top), Double(clip.bounds.height - insets.top - insets.bottom), Double(insets.top))
            }
            let range = tableView.rows(in: tableView.visibleRect)
            let visible = (range.location..<(range.location + range.length)).compactMap { item(atRow: $0)?.id }
            let now = viewport()
            guard
                let correction = AnchorCorrection(
                    anchor, visible: visible, frame: frame, contentOffset: now.offset, viewportHeight: now.height,
                    contentHeight: Double(tableView.frame.height))
            else { return nil }
            return {
                let now = viewport()
                guard
                    let offset = correction.offset(frame: frame, viewportHeight: now.height, contentHeight: Double(tableView.frame.height))
                else { return }
                clip.scroll(to: NSPoint(x: clip.bounds.minX, y: CGFloat(offset - now.top)))
                scrollView.reflectScrolledClipView(clip)
            }
        }
    }
#endif
