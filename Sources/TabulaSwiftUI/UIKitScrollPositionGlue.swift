#if canImport(SwiftUI) && canImport(UIKit)
    import Tabula
    import TabulaUIKit
    import UIKit

    /// The UIKit side of a ``TabulaList``'s scroll position: reads the rows on screen as the view
    /// scrolls and scrolls where the list's state says (`TabulaListState+Position.swift` decides
    /// both, and is tested on Linux).
    @MainActor
    final class UIKitScrollPositionGlue<SectionID: Hashable & Sendable, Item: Identifiable & Sendable> where Item.ID: Sendable {
        private weak var view: (any UIKitAnchorFrames)?
        private weak var state: TabulaListState<SectionID, Item>?
        /// The snapshot on screen (the adapter's driver's), to read items by position.
        private let shown: @MainActor () -> Snapshot<SectionID, Item>
        private var observations: [NSKeyValueObservation] = []
        /// Set while this glue scrolls, so that a change of size it causes asks nothing again.
        private var settling = false

        init(view: any UIKitAnchorFrames, state: TabulaListState<SectionID, Item>, shown: @escaping @MainActor () -> Snapshot<SectionID, Item>) {
            self.view = view
            self.state = state
            self.shown = shown
            state.afterShow = { [weak self] in self?.settle() }
            // Key-value observation leaves the view's delegate to the adapter and the app; UIKit
            // reports these changes on the main thread.
            let scrollView: UIScrollView = view
            observations = [
                scrollView.observe(\.contentOffset) { [weak self] _, _ in
                    guard let self else { return }
                    ForwardingTarget.runOnMainThread { self.scrolled() }
                },
                scrollView.observe(\.contentSize) { [weak self] _, _ in
                    guard let self else { return }
                    ForwardingTarget.runOnMainThread { self.resized() }
                },
                // The bounds' origin is the content offset: only a new size settles.
                scrollView.observe(\.bounds) { [weak self] _, _ in
                    guard let self else { return }
                    ForwardingTarget.runOnMainThread { self.resized() }
                },
            ]
        }

        /// The sizes last settled for: the viewport's and the content's.
        private var sizes: (viewport: CGSize, content: CGSize)?

        /// Settles when the viewport or the content changed size (rows measured, the view laid out).
        private func resized() {
            guard let view, sizes.map({ $0.viewport != view.bounds.size || $0.content != view.contentSize }) ?? true else { return }
            settle()
        }

        /// Scrolls where the state asks, if anywhere, then reads the position.
        func settle() {
            guard !settling, let view, let state else { return }
            settling = true
            defer {
                settling = false
                sizes = (view.bounds.size, view.contentSize)
            }
            let insets = view.adjustedContentInset
            switch state.scrollRequest(viewportHeight: Double(view.bounds.height - insets.top - insets.bottom)) {
            case nil: break
            case .item(let id)?:
                guard let path = shown().itemPath(for: id), let frame = view.frameOfItem(at: IndexPath(path)) else { break }
                scroll(view, to: frame.minY - insets.top)
            case .edge(.top)?:
                scroll(view, to: -insets.top)
            case .edge(.bottom)?:
                view.layoutIfNeeded()
                scroll(view, to: view.contentSize.height - view.bounds.height + insets.bottom)
            }
            scrolled()
        }

        /// Sets the offset, kept within the content.
        private func scroll(_ view: UIScrollView, to y: CGFloat) {
            let insets = view.adjustedContentInset
            let maxY = max(-insets.top, view.contentSize.height - view.bounds.height + insets.bottom)
            view.setContentOffset(CGPoint(x: view.contentOffset.x, y: min(max(y, -insets.top), maxY)), animated: false)
        }

        /// Reads the rows on screen; a new position is written once SwiftUI's update is over.
        private func scrolled() {
            guard let view, let state else { return }
            let snapshot = shown()
            let rows = view.visibleItemIndexPaths.compactMap { path -> AnchorLayout<Item.ID>.Row? in
                guard let id = snapshot.item(at: path.itemPath)?.id, let frame = view.frameOfItem(at: path) else { return nil }
                return AnchorLayout.Row(id: id, minY: Double(frame.minY), height: Double(frame.height))
            }
            let top = Double(view.contentOffset.y + view.adjustedContentInset.top)
            let byUser = view.isTracking || view.isDragging || view.isDecelerating
            if state.viewScrolled(rows: rows, viewportTop: top, byUser: byUser) {
                Task { @MainActor [weak state] in state?.writePosition() }
            }
        }
    }
#endif
