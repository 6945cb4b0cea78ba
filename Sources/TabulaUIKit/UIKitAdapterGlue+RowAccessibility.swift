#if canImport(UIKit)
    import UIKit
    import Tabula

    /// The Expand or Collapse action Tabula gives an outline row, with the value it set beside it:
    /// told apart from the app's own custom actions, so that a cell configured again gets Tabula's
    /// anew and keeps the app's.
    @MainActor
    final class TabulaExpansionAction: UIAccessibilityCustomAction {
        /// The `accessibilityValue` ("expanded", "collapsed") set with this action.
        private(set) var value = ""
        private var toggle: @MainActor () -> Bool = { false }

        /// An action titled `title` that calls `toggle`; the action is its own target (which
        /// `UIAccessibilityCustomAction` holds weakly), so it lives as long as the cell keeps it.
        convenience init(title: String, value: String, toggle: @escaping @MainActor () -> Bool) {
            self.init(name: title, target: nil, selector: #selector(performToggle))
            self.target = self
            self.value = value
            self.toggle = toggle
        }

        @objc private func performToggle() -> Bool { toggle() }
    }

    /// What assistive technologies meet on a UIKit adapter's rows and section headers, from the
    /// core's decisions (the expansion `ListAdapterCore.accessibilityRow(at:)` reports too).
    ///
    /// A table's and a collection list's swipe actions reach VoiceOver through UIKit itself, as
    /// custom actions of their cells, and a context menu opens with VoiceOver's double tap and
    /// hold; offered again here, each would be read twice (and a `UIContextMenuConfiguration`
    /// does not give its menu back). What UIKit does not say is an outline row's expansion: the
    /// glue gives the row the value "expanded" or "collapsed" and the action that toggles it.
    extension UIKitAccessibilityGlue {
        /// Gives `cell`, configured for the row at `path`, its expansion as the core decides it
        /// (`ListAdapterCore.expansion(at:)`, in the adapter's `accessibilityStrings`): the
        /// value and the Expand or Collapse action of an outline row with children, which toggles
        /// the row's item wherever it has moved. The app's own custom actions stay, and a value the
        /// app set is kept; a cell reused for a row without children loses Tabula's. Only the
        /// expansion is read here, on every configuration: the swipe and menu handlers are not
        /// run for a row VoiceOver may never reach.
        package func showAccessibility(of cell: UIView, at path: ItemPath) {
            let actions = cell.accessibilityCustomActions ?? []
            let previous = actions.lazy.compactMap { $0 as? TabulaExpansionAction }.first
            let isExpanded = core.expansion(at: path)
            guard previous != nil || isExpanded != nil else { return }  // no outline here, then or now
            if let previous, cell.accessibilityValue == previous.value { cell.accessibilityValue = nil }
            var kept = actions.filter { !($0 is TabulaExpansionAction) }
            if let isExpanded, let id = core.driver.snapshot.item(at: path)?.id {
                let strings = core.accessibilityStrings
                let value = strings.expansionValue(isExpanded: isExpanded)
                kept.append(
                    TabulaExpansionAction(title: strings.expansionAction(isExpanded: isExpanded), value: value) { [weak core] in
                        core?.toggleExpansion(of: id) ?? false
                    })
                if cell.accessibilityValue == nil { cell.accessibilityValue = value }
            }
            cell.accessibilityCustomActions = kept.isEmpty ? nil : kept
        }

        /// Marks a section header view as a header for VoiceOver (its rotor moves between
        /// headings).
        package func showHeading(_ view: UIView) { UIKitHeading.mark(view) }
    }
#endif
