#if canImport(UIKit)
    import UIKit
    import Tabula

    /// A custom action Tabula gives a row (an outline row's Expand or Collapse, an entry of a
    /// context menu built from ``ListRowAction``s), told apart from the app's own, so that a cell
    /// configured again gets Tabula's anew and keeps the app's.
    @MainActor
    final class TabulaRowAction: UIAccessibilityCustomAction {
        /// The `accessibilityValue` ("expanded", "collapsed") set with this action; `nil` for a
        /// menu entry.
        private(set) var value: String?
        private var run: @MainActor () -> Bool = { false }

        /// An action titled `title` that calls `run`; the action is its own target (which
        /// `UIAccessibilityCustomAction` holds weakly), so it lives as long as the cell keeps it.
        convenience init(title: String, image: UIImage? = nil, value: String? = nil, run: @escaping @MainActor () -> Bool) {
            self.init(name: title, image: image, target: nil, selector: #selector(performRun))
            self.target = self
            self.value = value
            self.run = run
        }

        @objc private func performRun() -> Bool { run() }
    }

    /// What assistive technologies meet on a UIKit adapter's rows and section headers, from the
    /// core's decisions (`ListAdapterCore.accessibilityRow(at:)` and `ListRowAction`'s, which the
    /// headless view reads too).
    ///
    /// A table's and a collection list's swipe actions, and a table's swipe to delete, reach
    /// VoiceOver through UIKit itself, as custom actions of their cells. A context menu opens with
    /// VoiceOver's double tap and hold, which not every user finds: the entries of a menu built
    /// with `UIContextMenuConfiguration(actions:)` become custom actions of the row too, but those
    /// titled as one of the row's swipe actions, so none is read twice (UIKit does not give back the
    /// menu of a configuration built otherwise). An outline row gets the value "expanded" or
    /// "collapsed" and the action that toggles it.
    ///
    /// The menu and swipe handlers run as the cell is configured, as `cellForRowAt` runs, and the
    /// menu handler again when an entry is performed; an entry keeps only its title and place.
    extension UIKitAccessibilityGlue {
        /// Gives `cell`, configured for the row at `path`, Tabula's custom actions: the entries
        /// of its context menu when the adapter's `contextMenu` built it from actions, then, where
        /// `expansion` is on, an outline row's value and its Expand or Collapse action, in the
        /// adapter's `accessibilityStrings`. Each acts on the row's item wherever it has moved by
        /// then. The app's own custom actions stay, and a value the app set is kept; a cell reused
        /// for a row without them loses Tabula's.
        package func showAccessibility(of cell: UIView, at path: ItemPath, expansion: Bool = true) {
            let actions = cell.accessibilityCustomActions ?? []
            let previous = actions.compactMap { $0 as? TabulaRowAction }
            let menu = core.contextMenu(at: path)??.rowActions ?? []
            let isExpanded = expansion ? core.expansion(at: path) : nil
            guard !previous.isEmpty || !menu.isEmpty || isExpanded != nil else { return }  // nothing of Tabula's, then or now
            var added: [UIAccessibilityCustomAction] = []
            var value: String?
            if let id = core.driver.snapshot.item(at: path)?.id {
                if !menu.isEmpty {
                    let offered = ListRowAction.accessibleEntries(titled: menu.map(\.title), besides: swipeTitles(at: path))
                    added += offered.map { menuAction(menu[$0], at: $0, of: id) }
                }
                if let isExpanded {
                    let strings = core.accessibilityStrings
                    value = strings.expansionValue(isExpanded: isExpanded)
                    added.append(
                        TabulaRowAction(title: strings.expansionAction(isExpanded: isExpanded), value: value) { [weak core] in
                            core?.toggleExpansion(of: id) ?? false
                        })
                }
            }
            let merged = RowAccessibilityMerge.merge(
                actions: actions, value: cell.accessibilityValue, isTabulas: { $0 is TabulaRowAction },
                valueOf: { ($0 as? TabulaRowAction)?.value }, adding: added, value: value)
            cell.accessibilityCustomActions = merged.actions
            if cell.accessibilityValue != merged.value { cell.accessibilityValue = merged.value }
        }

        /// The titles of the actions UIKit itself offers on the row at `path`: its swipe actions,
        /// and a table's swipe to delete where the row can be deleted.
        private func swipeTitles(at path: ItemPath) -> [String] {
            let swipes = [true, false].compactMap { core.swipeActions(at: path, leading: $0) ?? nil }
            var titles = swipes.flatMap { $0.actions.compactMap(\.title) }
            if deletesBySwipe, core.canDelete(at: path) { titles.append(UIKitPlatform.deleteTitle) }
            return titles
        }

        /// The menu entry `entry`, at `index` in its menu, as a custom action of the item `id`'s
        /// row. It keeps only the entry's title and place (not the app's handler, which could hold
        /// the screen the cell is in); performed, it asks the handler for the row's menu again and
        /// runs the entry it stands for (`ListRowAction.entry(titled:at:in:)`), or does nothing
        /// and reports failure.
        private func menuAction(_ entry: ListRowAction, at index: Int, of id: Item.ID) -> UIAccessibilityCustomAction {
            let title = entry.title
            return TabulaRowAction(title: title, image: entry.systemImage.flatMap { UIImage(systemName: $0) }) { [weak core] in
                guard let core, let path = core.driver.snapshot.itemPath(for: id), let menu = core.contextMenu(at: path)??.rowActions,
                    let current = ListRowAction.entry(titled: title, at: index, in: menu.map(\.title))
                else { return false }
                menu[current].handler()
                return true
            }
        }

        /// Marks a section header view as a header for VoiceOver (its rotor moves between
        /// headings).
        package func showHeading(_ view: UIView) { UIKitHeading.mark(view) }
    }
#endif
