#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit
    import Tabula

    /// The AppKit table's side of the core's keyboard and announcement decisions. The table moves
    /// its selection with the arrows itself, and keyboard focus is its selected row; the Delete
    /// key, Space and type-select go to the core, and announcements to VoiceOver.
    extension TableViewAdapter: ListAccessibilityGlue {
        package var selectedPaths: [ItemPath] {
            (tableView?.selectedRowIndexes ?? []).compactMap { item(atRow: $0).flatMap { driver.snapshot.itemPath(for: $0.id) } }
        }

        /// Selects exactly the rows of `paths` (the table tells its delegate; the adapter tells
        /// `onSelect` only of items that were not selected before).
        package func setSelectedPaths(_ paths: [ItemPath]) {
            guard let tableView else { return }
            let rows = IndexSet(paths.compactMap { driver.snapshot.item(at: $0).flatMap { row(for: $0.id) } })
            if rows != tableView.selectedRowIndexes { tableView.selectRowIndexes(rows, byExtendingSelection: false) }
        }

        package func selectAsUser(at path: ItemPath) { setSelectedPaths([path]) }

        package func post(announcement text: String) {
            guard let element = tableView ?? NSApp.mainWindow else { return }
            NSAccessibility.post(
                element: element, notification: .announcementRequested,
                userInfo: [.announcement: text, .priority: NSAccessibilityPriorityLevel.high.rawValue])
        }

        package func showKeyboardFocus(at path: ItemPath?) {
            guard let tableView, let row = path.flatMap({ driver.snapshot.item(at: $0) }).flatMap({ row(for: $0.id) }) else { return }
            tableView.scrollRowToVisible(row)
        }

        package func showSwitch(_ isOn: Bool, at path: ItemPath) {
            guard let cell = visibleCell(at: path) as? any ContentCell, let content = core.content(at: path, switchShowing: isOn) else { return }
            cell.apply(content)
        }

        /// Handles `event` when it is a key the core decides (Delete, forward delete, Space)
        /// pressed while the table is first responder in its window; returns whether it did (the
        /// event then goes no further). Keyboard focus is the table's selected row.
        func handleKeyEvent(_ event: NSEvent) -> Bool {
            guard let tableView, let window = tableView.window, event.window === window, window.firstResponder === tableView else { return false }
            let modifiers = event.modifierFlags.intersection(.deviceIndependentFlagsMask).subtracting([.function, .numericPad, .capsLock])
            typealias Core = ListAdapterCore<SectionID, Item, AppKitPlatform>
            guard let key = Core.key(forCharacters: event.charactersIgnoringModifiers, otherModifiers: !modifiers.isEmpty) else { return false }
            let focused = tableView.selectedRow >= 0 ? item(atRow: tableView.selectedRow).flatMap { driver.snapshot.itemPath(for: $0.id) } : nil
            core.viewMovedKeyboardFocus(to: focused)
            return core.handleKey(key)
        }

        /// The string type-select matches for `row`: the core's label for its item (the app's
        /// `typeSelectLabel`, else the text of its standard content); `nil` for headers, footers.
        func typeSelectString(forRow row: Int) -> String? {
            item(atRow: row).flatMap { driver.snapshot.itemPath(for: $0.id) }.flatMap(core.typeSelectLabel(at:))
        }
    }

    /// What `NSTableViewDelegate`'s type-select method asks of the adapter (a generic class,
    /// which cannot declare Objective-C methods in an extension; its non-generic base answers).
    @MainActor
    protocol AppKitTypeSelectGlue: AnyObject {
        func typeSelectString(forRow row: Int) -> String?
    }

    extension TableViewAdapter: AppKitTypeSelectGlue {}

    extension ForwardingAdapter {
        /// `tableView(_:typeSelectStringFor:row:)`, under its Objective-C name: the app's delegate
        /// is asked first where it answers.
        @objc(tableView:typeSelectStringForTableColumn:row:)
        package func tabulaTypeSelectString(_ tableView: NSTableView, for tableColumn: NSTableColumn?, row: Int) -> String? {
            if let delegate = forwarding.object as? any NSTableViewDelegate,
                delegate.responds(to: #selector(NSTableViewDelegate.tableView(_:typeSelectStringFor:row:)))
            {
                return delegate.tableView?(tableView, typeSelectStringFor: tableColumn, row: row)
            }
            return (self as? any AppKitTypeSelectGlue)?.typeSelectString(forRow: row)
        }
    }
#endif
