#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit
    import Tabula

    /// A row view that asks the adapter, when an assistive technology does, what its row offers:
    /// the items of its context menu and an outline row's Expand or Collapse action as custom
    /// actions, and "expanded" or "collapsed" as its value. Asked then, not when the row is made,
    /// so the app's menu handler runs only for a row VoiceOver is on, and the actions are those of
    /// the row's item as it is now.
    final class TabulaTableRowView: NSTableRowView {
        /// The row's custom actions and value, from the adapter's core; `nil`: none.
        var accessibility: (@MainActor () -> (actions: [NSAccessibilityCustomAction], value: String?)?)?

        override func accessibilityCustomActions() -> [NSAccessibilityCustomAction]? {
            let own = super.accessibilityCustomActions() ?? []
            let tabula = accessibility?()?.actions ?? []
            return own.isEmpty && tabula.isEmpty ? nil : own + tabula
        }

        override func accessibilityValue() -> Any? { accessibility?()?.value ?? super.accessibilityValue() }
    }

    /// An accessibility custom action that runs a closure on the main actor (the action is its
    /// own target, which `NSAccessibilityCustomAction` holds weakly).
    @MainActor
    final class TabulaCustomAction: NSAccessibilityCustomAction {
        private var run: @MainActor () -> Bool = { false }

        convenience init(name: String, run: @escaping @MainActor () -> Bool) {
            self.init(name: name, target: NSObject(), selector: #selector(performRun))
            self.target = self
            self.run = run
        }

        @objc private func performRun() -> Bool { run() }
    }

    /// The AppKit table's side of what assistive technologies meet on its rows and headers, from
    /// the core's decisions (`ListAdapterCore.accessibilityRow(at:)`).
    ///
    /// A row's context menu items become custom actions of the row (VoiceOver's Show Menu opens
    /// the table's menu for the clicked row, which a VoiceOver user has not clicked). Its row
    /// actions do not: an `NSTableViewRowAction` does not give its handler back, and the Delete
    /// key deletes what `canDelete` allows.
    extension TableViewAdapter {
        /// A row view for the item rows (headers and footers keep the table's), which offers
        /// the row's actions to assistive technologies.
        func accessibleRowView(forRow row: Int) -> NSTableRowView? {
            guard let tableView, let id = item(atRow: row)?.id else { return nil }
            let key = NSUserInterfaceItemIdentifier("TabulaRow")
            let view = tableView.makeView(withIdentifier: key, owner: self) as? TabulaTableRowView ?? TabulaTableRowView()
            view.identifier = key
            view.accessibility = { [weak self] in self?.accessibility(ofItem: id) }
            return view
        }

        /// The custom actions and value of the item `id`'s row: its context menu's items (those
        /// of its submenus too), then Expand or Collapse for an outline row with children.
        private func accessibility(ofItem id: Item.ID) -> (actions: [NSAccessibilityCustomAction], value: String?)? {
            guard let row = core.accessibilityRow(of: id) else { return nil }
            var actions = row.contextMenu.map(Self.customActions(of:)) ?? []
            if let title = row.expansionAction {
                actions.append(TabulaCustomAction(name: title) { [weak core] in core?.toggleExpansion(of: id) ?? false })
            }
            return (actions, row.value)
        }

        /// Each enabled, visible item of `menu` and its submenus, as an action that performs it
        /// as a click on it does.
        private static func customActions(of menu: NSMenu) -> [NSAccessibilityCustomAction] {
            menu.items.enumerated().flatMap { index, entry -> [NSAccessibilityCustomAction] in
                if let submenu = entry.submenu { return customActions(of: submenu) }
                guard !entry.isSeparatorItem, !entry.isHidden, entry.isEnabled, !entry.title.isEmpty else { return [] }
                return [TabulaCustomAction(name: entry.title) { [menu] in
                    menu.performActionForItem(at: index)
                    return true
                }]
            }
        }

        /// Marks a section header's view as a heading (VoiceOver's heading navigation moves
        /// between them).
        func showHeading(_ view: NSView) { view.setAccessibilityRole(NSAccessibility.Role(rawValue: "AXHeading")) }
    }
#endif
