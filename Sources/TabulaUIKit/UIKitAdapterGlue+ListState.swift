#if canImport(UIKit)
    import UIKit
    import Tabula

    /// What the UIKit adapters' `listState` and `restore(_:)` read of their view and do to it:
    /// where the first visible row is, and scrolling back to it. What is saved and what is
    /// restored is the core's (`ListAdapterCore+ListState.swift`).
    extension UIKitAdapterGlue where Self: ListAdapter {
        /// The first row visible at the top of the view, and how far it is scrolled past the top
        /// of the visible area, in points; `nil` when no row is visible.
        package func firstVisibleRow() -> (path: ItemPath, offset: Double)? {
            guard let view = listView as? any UIKitAnchorFrames else { return nil }
            let top = view.contentOffset.y + view.adjustedContentInset.top
            for path in view.visibleItemIndexPaths.sorted() {
                guard let frame = view.frameOfItem(at: path), frame.maxY > top else { continue }
                return (path.itemPath, Double(top - frame.minY))
            }
            return nil
        }

        /// Scrolls so that the row at `path` is `offset` points past the top of the visible area
        /// (`nil`: its top at the top), as far as the content allows.
        package func scroll(toRowAt path: ItemPath, offset: Double?) {
            guard let view = listView as? any UIKitAnchorFrames else { return }
            view.layoutIfNeeded()
            guard let frame = view.frameOfItem(at: IndexPath(path)) else { return }
            let insets = view.adjustedContentInset
            let lowest = -insets.top
            let highest = max(lowest, view.contentSize.height + insets.bottom - view.bounds.height)
            let wanted = frame.minY + CGFloat(offset ?? 0) - insets.top
            view.contentOffset.y = min(max(wanted, lowest), highest)
        }
    }

    extension TableViewAdapter where SectionID: Codable, Item.ID: Codable {
        /// The table as the person left it, by identifier: the selected items, the expanded
        /// outline items (hidden ones under a collapsed parent too), and the first visible item
        /// with how far it is scrolled past the top. Encode it (into the scene's user activity, or
        /// `@SceneStorage`) and give it to ``restore(_:)`` after a relaunch.
        ///
        /// ```swift
        /// let data = try JSONEncoder().encode(adapter.listState)
        /// ```
        public var listState: ListState<SectionID, Item.ID> { core.listState(anchor: firstVisibleRow()) }

        /// Restores `state` onto the items the table shows now, matched by identifier: expands the
        /// saved outline items (without asking `sectionSnapshotHandlers`), selects the saved items
        /// that still exist (and only those; the delegate is not told), and scrolls the anchor back
        /// to where it was (or the top of its section to the top, when the item is gone). Apply
        /// the data first.
        ///
        /// - Returns: what was applied, and what was skipped because it no longer exists.
        @discardableResult
        public func restore(_ state: ListState<SectionID, Item.ID>) -> ListStateRestoration<SectionID, Item.ID> {
            core.restore(state) { path, offset in scroll(toRowAt: path, offset: offset) }
        }
    }

    extension CollectionViewAdapter where SectionID: Codable, Item.ID: Codable {
        /// The collection as the person left it, by identifier: the selected items, the expanded
        /// outline items (hidden ones under a collapsed parent too), and the first visible item
        /// with how far it is scrolled past the top. Encode it and give it to ``restore(_:)``
        /// after a relaunch.
        public var listState: ListState<SectionID, Item.ID> { core.listState(anchor: firstVisibleRow()) }

        /// Restores `state` onto the items the collection shows now, matched by identifier: as
        /// `TableViewAdapter.restore(_:)` does. Apply the data first.
        ///
        /// - Returns: what was applied, and what was skipped because it no longer exists.
        @discardableResult
        public func restore(_ state: ListState<SectionID, Item.ID>) -> ListStateRestoration<SectionID, Item.ID> {
            core.restore(state) { path, offset in scroll(toRowAt: path, offset: offset) }
        }
    }
#endif
