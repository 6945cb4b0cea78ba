#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit
    import Tabula

    /// What `listState` and `restore(_:)` read of the table and do to it: where the first visible
    /// item row is, and scrolling back to it. What is saved and restored is the core's
    /// (`ListAdapterCore+ListState.swift`).
    extension TableViewAdapter {
        /// The first item row visible at the top of the table, and how far it is scrolled past the
        /// top of the visible area, in points; `nil` when no item row is visible.
        package func firstVisibleRow() -> (path: ItemPath, offset: Double)? {
            guard let tableView, let scrollView = tableView.enclosingScrollView else { return nil }
            let top = scrollView.contentView.bounds.minY + scrollView.contentInsets.top
            let range = tableView.rows(in: tableView.visibleRect)
            for row in range.lowerBound..<range.upperBound {
                let rect = tableView.rect(ofRow: row)
                guard rect.maxY > top, let path = path(ofRow: row) else { continue }
                return (path, Double(top - rect.minY))
            }
            return nil
        }

        /// Scrolls so that the row of the item at `path` is `offset` points past the top of the
        /// visible area (`nil`: its top at the top), as far as the content allows.
        package func scroll(toRowAt path: ItemPath, offset: Double?) {
            guard let tableView, let id = driver.snapshot.item(at: path)?.id, let row = row(for: id),
                let scrollView = tableView.enclosingScrollView
            else { return }
            let clip = scrollView.contentView
            let insets = scrollView.contentInsets
            let lowest = -insets.top
            let highest = max(lowest, tableView.frame.height + insets.bottom - clip.bounds.height)
            let wanted = tableView.rect(ofRow: row).minY + CGFloat(offset ?? 0) - insets.top
            clip.scroll(to: NSPoint(x: clip.bounds.minX, y: min(max(wanted, lowest), highest)))
            scrollView.reflectScrolledClipView(clip)
        }
    }

    extension TableViewAdapter where SectionID: Codable, Item.ID: Codable {
        /// The table as the person left it, by identifier: the selected items, the expanded
        /// outline items (hidden ones under a collapsed parent too), and the first visible item
        /// with how far it is scrolled past the top. Encode it (into the window's restorable
        /// state) and give it to ``restore(_:)`` after a relaunch.
        ///
        /// ```swift
        /// let data = try JSONEncoder().encode(adapter.listState)
        /// ```
        public var listState: ListState<SectionID, Item.ID> { core.listState(anchor: firstVisibleRow()) }

        /// Restores `state` onto the items the table shows now, matched by identifier: expands the
        /// saved outline items (without asking `sectionSnapshotHandlers`), selects the saved items
        /// that still exist (and only those; `onSelect` hears of them, as with ``selectItem(_:)``),
        /// and scrolls the anchor back to where it was (or the top of its section to the top, when
        /// the item is gone). Apply the data first.
        ///
        /// - Returns: what was applied, and what was skipped because it no longer exists.
        @discardableResult
        public func restore(_ state: ListState<SectionID, Item.ID>) -> ListStateRestoration<SectionID, Item.ID> {
            core.restore(state) { path, offset in scroll(toRowAt: path, offset: offset) }
        }
    }
#endif
