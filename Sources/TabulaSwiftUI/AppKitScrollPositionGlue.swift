#if canImport(SwiftUI) && canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit
    import Tabula
    import TabulaAppKit

    /// The AppKit side of a ``TabulaList``'s scroll position: reads the rows on screen as the
    /// clip view scrolls and scrolls where the list's state says (`TabulaListState+Position.swift`
    /// decides both, and is tested on Linux).
    @MainActor
    final class AppKitScrollPositionGlue<SectionID: Hashable & Sendable, Item: Identifiable & Sendable> where Item.ID: Sendable {
        private weak var scrollView: NSScrollView?
        private weak var adapter: TableViewAdapter<SectionID, Item>?
        private weak var state: TabulaListState<SectionID, Item>?
        private let observers = NotificationTokens()
        /// Whether the user is scrolling (a live scroll: a trackpad, the scroller).
        private var userScrolling = false
        /// Set while this glue scrolls, so that a change of size it causes asks nothing again.
        private var settling = false

        init(scrollView: NSScrollView, adapter: TableViewAdapter<SectionID, Item>, state: TabulaListState<SectionID, Item>) {
            self.scrollView = scrollView
            self.adapter = adapter
            self.state = state
            state.afterShow = { [weak self] in self?.settle() }
            let clip = scrollView.contentView
            clip.postsBoundsChangedNotifications = true
            clip.postsFrameChangedNotifications = true
            scrollView.documentView?.postsFrameChangedNotifications = true
            let center = NotificationCenter.default
            func on(_ name: Notification.Name, of object: AnyObject?, _ body: @escaping @MainActor @Sendable (AppKitScrollPositionGlue) -> Void) {
                observers.tokens.append(center.addObserver(forName: name, object: object, queue: .main) { [weak self] _ in
                    guard let self else { return }
                    // Posted on the main queue: the main thread.
                    ForwardingTarget.runOnMainThread { body(self) }
                })
            }
            on(NSView.boundsDidChangeNotification, of: clip) { $0.scrolled() }
            on(NSView.frameDidChangeNotification, of: clip) { $0.settle() }
            on(NSView.frameDidChangeNotification, of: scrollView.documentView) { $0.settle() }
            on(NSScrollView.willStartLiveScrollNotification, of: scrollView) { $0.userScrolling = true }
            on(NSScrollView.didEndLiveScrollNotification, of: scrollView) { $0.userScrolling = false }
        }

        /// Scrolls where the state asks, if anywhere, then reads the position.
        func settle() {
            guard !settling, let scrollView, let adapter, let tableView = adapter.tableView, let state else { return }
            settling = true
            defer { settling = false }
            let insets = scrollView.contentInsets, clip = scrollView.contentView
            switch state.scrollRequest(viewportHeight: Double(clip.bounds.height - insets.top - insets.bottom)) {
            case nil: break
            case .item(let id)?:
                guard let row = adapter.row(for: id) else { break }
                scroll(to: tableView.rect(ofRow: row).minY - insets.top)
            case .edge(.top)?:
                scroll(to: -insets.top)
            case .edge(.bottom)?:
                scroll(to: tableView.frame.height - clip.bounds.height + insets.bottom)
            }
            scrolled()
        }

        /// Scrolls the clip view to `y`, kept within the content.
        private func scroll(to y: CGFloat) {
            guard let scrollView, let documentHeight = scrollView.documentView?.frame.height else { return }
            let insets = scrollView.contentInsets, clip = scrollView.contentView
            let maxY = max(-insets.top, documentHeight - clip.bounds.height + insets.bottom)
            clip.scroll(to: NSPoint(x: clip.bounds.minX, y: min(max(y, -insets.top), maxY)))
            scrollView.reflectScrolledClipView(clip)
        }

        /// Reads the rows on screen; a new position is written once SwiftUI's update is over.
        private func scrolled() {
            guard let scrollView, let adapter, let tableView = adapter.tableView, let state else { return }
            let range = tableView.rows(in: tableView.visibleRect)
            let rows = (range.location..<(range.location + range.length)).compactMap { row -> AnchorLayout<Item.ID>.Row? in
                guard let id = adapter.item(atRow: row)?.id else { return nil }
                let rect = tableView.rect(ofRow: row)
                return AnchorLayout.Row(id: id, minY: Double(rect.minY), height: Double(rect.height))
            }
            let top = Double(scrollView.contentView.bounds.minY + scrollView.contentInsets.top)
            if state.viewScrolled(rows: rows, viewportTop: top, byUser: userScrolling) {
                Task { @MainActor [weak state] in state?.writePosition() }
            }
        }
    }

    /// Notification observers, removed when the glue goes.
    private final class NotificationTokens {
        var tokens: [any NSObjectProtocol] = []
        deinit { for token in tokens { NotificationCenter.default.removeObserver(token) } }
    }
#endif
