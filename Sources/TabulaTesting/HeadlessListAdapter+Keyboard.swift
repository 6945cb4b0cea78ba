import Tabula

/// The headless view's side of the core's keyboard and announcement decisions: its selection,
/// its switches, and the announcements it records.
extension HeadlessListAdapter: ListAccessibilityGlue {
    package var selectedPaths: [ItemPath] { listView.indexPathsForSelectedItems }

    package func setSelectedPaths(_ paths: [ItemPath]) {
        let wanted = Set(paths)
        for path in listView.indexPathsForSelectedItems where !wanted.contains(path) { listView.deselectItem(at: path) }
        let multiple = listView.isEditing ? listView.allowsMultipleSelectionDuringEditing : listView.allowsMultipleSelection
        for path in (multiple ? paths.sorted() : Array(paths.sorted().prefix(1))) { try? listView.selectItem(at: path) }
    }

    package func selectAsUser(at path: ItemPath) {
        for other in listView.indexPathsForSelectedItems where other != path {
            listView.deselectItem(at: other)
            listView(listView, didDeselectItemAt: other)
        }
        guard !listView.indexPathsForSelectedItems.contains(path), (try? listView.selectItem(at: path)) != nil else { return }
        listView(listView, didSelectItemAt: path)
    }

    package func showSwitch(_ isOn: Bool, at path: ItemPath) {
        guard let cell = listView.cellForItem(at: path), case .toggle = cell.accessory else { return }
        cell.accessory = .toggle(isOn: isOn)
    }

    package func post(announcement text: String) { listView.announcements.append(text) }

    package var defaultAnnouncementScheduler: AnnouncementScheduler { listView.clock.scheduler }

    package func showKeyboardFocus(at path: ItemPath?) {
        guard let path, !listView.indexPathsForVisibleItems.contains(path) else { return }
        try? listView.scrollToItem(at: path)
    }

    /// Presses `key` on the list, as a keyboard does: see `handleKey(_:)`.
    ///
    /// - Returns: whether the list handled it.
    @discardableResult
    public func press(_ key: ListKey) -> Bool { handleKey(key) }

    /// Where the item keyboard focus is on is shown now.
    public var keyboardFocusedPath: ItemPath? { core.keyboardFocusedPath }
}
