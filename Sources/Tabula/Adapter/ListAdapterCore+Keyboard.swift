/// Keyboard focus and selection, kept on their items as the list changes, and what each
/// ``ListKey`` does: decided here once for every view whose glue adopts
/// ``ListAccessibilityGlue``.
extension ListAdapterCore {
    /// Where keyboard focus is and what the core needs to keep it, and the selection, on their
    /// items.
    package struct KeyboardState {
        /// The item keyboard focus is on.
        var item: Item.ID?
        /// The list (as it heads to, ``ListDriver/latestSnapshot``) when focus last moved or
        /// followed its item.
        var basis = Snapshot<SectionID, Item>()
        /// Whether ``basis`` was let go as an edit in place began that keeps the focused item: the
        /// driver's snapshot stands for it then. Held, it would make the edit copy every item.
        var basisIsShown = false
        /// What the view showed as the update being shown began, kept until it is shown while
        /// announcements need it; `nil` otherwise. Never kept between updates: the driver's
        /// snapshot stays the only owner of its storage, and edits it in place.
        var displayed: Snapshot<SectionID, Item>?
        /// The selected items as a show began.
        var selectedBefore: [Item.ID] = []
        /// The items to keep selected that the list heads to but the view does not show yet (an
        /// update shown in stages, or interrupted): selected as a later stage shows them.
        var pendingSelection: [Item.ID]?
        /// Whether selecting follows keyboard focus.
        var selectionFollowsFocus = false
        /// The label type-select matches; `nil`: the text of the item's standard content.
        var label: ((Item) -> String?)?
    }

    /// The glue's accessibility side, when it has one: cast once, as the view connects, and kept
    /// by the announcer (every update reads it).
    var accessibilityGlue: (any ListAccessibilityGlue)? { announcer.glue }

    /// Where the item keyboard focus is on is shown now.
    package var keyboardFocusedPath: ItemPath? { keyboard.item.flatMap { driver.snapshot.itemPath(for: $0) } }

    /// Puts keyboard focus on the item `id` (`nil` clears it), shows it, and selects it when
    /// selection follows focus.
    package func moveKeyboardFocus(to id: Item.ID?) {
        keyboard.item = id
        keyboard.basis = driver.latestSnapshot
        keyboard.basisIsShown = false
        let path = keyboardFocusedPath
        accessibilityGlue?.showKeyboardFocus(at: path)
        if keyboard.selectionFollowsFocus, let path { accessibilityGlue?.selectAsUser(at: path) }
    }

    /// The view moved keyboard focus by itself (UIKit's focus engine, an AppKit table's
    /// selection) to the row at `path` (`nil`: off the list): focus follows that item from now
    /// on. The view has shown it, and selected it if it does that itself.
    package func viewMovedKeyboardFocus(to path: ItemPath?) {
        let id = path.flatMap { driver.snapshot.item(at: $0)?.id }
        guard id != keyboard.item else { return }
        keyboard.item = id
        keyboard.basis = driver.latestSnapshot
        keyboard.basisIsShown = false
    }

    /// The key a press of `characters` is (as AppKit's `charactersIgnoringModifiers` reads it),
    /// among those a view leaves to the core: Delete or forward delete, and Space, pressed
    /// without another modifier; `nil` for any other press.
    package nonisolated static func key(forCharacters characters: String?, otherModifiers: Bool) -> ListKey? {
        guard !otherModifiers else { return nil }
        if isDeleteKey(characters, otherModifiers: false) { return .delete }
        return characters == " " ? .space : nil
    }

    /// The keys that do something now, for a view that offers key commands (UIKit): Delete when
    /// ``canDelete`` allows a selected item, or the focused one when none is selected; Space when
    /// the focused row shows a switch (a row without one is selected by the view's own Space).
    package var liveCommandKeys: [ListKey] {
        var keys: [ListKey] = []
        let selected = accessibilityGlue?.selectedPaths ?? []
        let targets = selected.isEmpty ? keyboardFocusedPath.map { [$0] } ?? [] : selected
        if targets.contains(where: { item(at: $0).map(canDelete) ?? false }) { keys.append(.delete) }
        if let item = keyboardFocusedPath.flatMap(item(at:)), switchState(of: item) != nil { keys.append(.space) }
        return keys
    }

    /// Does what `key` does to the list; returns whether the list handled it (otherwise the key
    /// goes on to the app).
    package func handleKey(_ key: ListKey) -> Bool {
        let snapshot = driver.snapshot
        switch key {
        case .up, .down, .home, .end:
            guard let target = Self.row(key, from: keyboardFocusedPath, in: snapshot) else { return false }
            moveKeyboardFocus(to: snapshot.item(at: target)?.id)
            return true
        case .delete:
            let selected = accessibilityGlue?.selectedPaths ?? []
            let paths = selected.isEmpty ? keyboardFocusedPath.map { [$0] } ?? [] : selected.sorted()
            return deleteSelected(at: paths)
        case .space:
            guard let path = keyboardFocusedPath, let item = item(at: path) else { return false }
            if let isOn = switchState(of: item) {
                // The user's own flip, as a tap on the switch: kept for undo, told to onToggle.
                guard (try? reporting { try toggle(item.id, isOn: !isOn) }) != nil else { return false }
                accessibilityGlue?.showSwitch(!isOn, at: path)
            } else {
                accessibilityGlue?.selectAsUser(at: path)
            }
            return true
        case .text(let typed):
            let rows = Self.flatRows(in: snapshot)
            let start = keyboardFocusedPath.flatMap { rows.firstIndex(of: $0) } ?? 0
            guard let match = TypeSelect.match(typed, count: rows.count, from: start, label: { self.typeSelectLabel(at: rows[$0]) })
            else { return false }
            moveKeyboardFocus(to: snapshot.item(at: rows[match])?.id)
            return true
        }
    }

    /// The state of `item`'s switch when its row shows one the app hears (its standard content
    /// has a ``CellContent/Accessory/toggle(isOn:)`` accessory and ``onToggle`` is set); `nil`
    /// otherwise.
    func switchState(of item: Item) -> Bool? {
        guard onToggle != nil else { return nil }
        return cells.configurator(for: item)?.content(for: item)?.accessory.toggleState
    }

    /// The standard content of the row at `path` with its switch showing `isOn`: what a view's
    /// glue shows after the core flipped it (Space); `nil` when the row shows no switch.
    package func content(at path: ItemPath, switchShowing isOn: Bool) -> CellContent? {
        guard let item = item(at: path), var content = cells.configurator(for: item)?.content(for: item),
            content.accessory.toggleState != nil
        else { return nil }
        content.accessory = .toggle(isOn: isOn)
        return content
    }

    /// The label type-select matches for the row at `path`.
    package func typeSelectLabel(at path: ItemPath) -> String? {
        guard let item = item(at: path) else { return nil }
        if let label = keyboard.label { return label(item) }
        return cells.configurator(for: item)?.content(for: item)?.text
    }

    /// Every row's path, in display order.
    static func flatRows(in snapshot: Snapshot<SectionID, Item>) -> [ItemPath] {
        (0..<snapshot.numberOfSections).flatMap { section in
            (0..<snapshot.numberOfItems(inSectionAt: section)).map { ItemPath(item: $0, section: section) }
        }
    }

    /// The row an arrow, Home or End key moves focus to from `path` (`nil`: no focus yet, so the
    /// first or last row); `nil` when there is none (the list is empty, or focus is at its end).
    static func row(_ key: ListKey, from path: ItemPath?, in snapshot: Snapshot<SectionID, Item>) -> ItemPath? {
        let sections = 0..<snapshot.numberOfSections
        let first = sections.lazy.first { snapshot.numberOfItems(inSectionAt: $0) > 0 }.map { ItemPath(item: 0, section: $0) }
        let last = sections.reversed().lazy.first { snapshot.numberOfItems(inSectionAt: $0) > 0 }
            .map { ItemPath(item: snapshot.numberOfItems(inSectionAt: $0) - 1, section: $0) }
        switch key {
        case .home: return first
        case .end: return last
        case .down:
            guard let path else { return first }
            if path.item + 1 < snapshot.numberOfItems(inSectionAt: path.section) { return ItemPath(item: path.item + 1, section: path.section) }
            return ((path.section + 1)..<snapshot.numberOfSections).lazy.first { snapshot.numberOfItems(inSectionAt: $0) > 0 }
                .map { ItemPath(item: 0, section: $0) }
        case .up:
            guard let path else { return last }
            if path.item > 0 { return ItemPath(item: path.item - 1, section: path.section) }
            return (0..<path.section).reversed().lazy.first { snapshot.numberOfItems(inSectionAt: $0) > 0 }
                .map { ItemPath(item: snapshot.numberOfItems(inSectionAt: $0) - 1, section: $0) }
        default: return nil
        }
    }

    // MARK: Following the list

    /// Whether a reload must keep what the view showed until then (``ListDriver/shownBeforeReload``):
    /// when rows are selected, or still to select, or announcements compare the list before and
    /// after.
    var readsShownOnReload: Bool {
        announcer.phrase != nil || keyboard.pendingSelection != nil || !(accessibilityGlue?.selectedPaths.isEmpty ?? true)
    }

    /// The view is about to change what it shows: the selection is read, by identifier, against
    /// what it shows until now. That is the driver's snapshot before a batch update (the batch
    /// changes it), and the one the driver kept before a reload (it holds the next one already).
    ///
    /// `update` is the batch about to be shown (`nil` for a reload): see ``releaseFocusBasis(before:)``.
    func viewWillShow(_ update: BatchUpdate?) {
        let reloading = update == nil
        if let update { releaseFocusBasis(before: update) }
        let shown = reloading ? driver.shownBeforeReload : driver.snapshot
        keyboard.displayed = announcer.opensWindowOnNextChange ? shown : nil
        guard let displayed = shown, let glue = accessibilityGlue else {
            keyboard.selectedBefore = []
            return
        }
        let selected = glue.selectedPaths.sorted().compactMap { displayed.item(at: $0)?.id }
        guard let pending = keyboard.pendingSelection else {
            keyboard.selectedBefore = selected
            return
        }
        keyboard.selectedBefore = pending + selected.filter { !pending.contains($0) }
    }

    /// Lets go of the focus basis before `update`, an edit in place of the list the basis is,
    /// when the edit keeps the focused item: the basis shares the driver's storage, and the edit
    /// would copy it. The item's neighbours are read from the driver's snapshot then, should a
    /// later update remove it; an edit in place moves nothing, so they are in the same order.
    /// An edit that deletes the focused item keeps the basis, and pays the copy, to find its
    /// neighbour (`update-one-100k-headless-focused` in `instructions.sh` guards this).
    private func releaseFocusBasis(before update: BatchUpdate) {
        guard let item = keyboard.item, !keyboard.basisIsShown else { return }
        let shown = driver.snapshot
        // The basis, the list shown and the list headed to share their storage only when the
        // driver edits the list shown in place.
        guard _sameStorage(keyboard.basis._sections, shown._sections), _sameStorage(driver.latestSnapshot._sections, shown._sections),
            let path = shown.itemPath(for: item), !update.deletedSections.contains(path.section), !update.deletedItems.contains(path)
        else { return }
        keyboard.basis = Snapshot()
        keyboard.basisIsShown = true
    }

    /// The view shows a new state: keyboard focus follows its item (else the neighbour
    /// ``Snapshot/focusTarget(after:from:to:)`` names), the selected items that the list still
    /// heads to stay selected (also after `reloadData`, which clears a view's selection), and
    /// when every one is gone while keyboard focus was on one of them, the item focus moved to
    /// is selected; an item of these that a later stage of the update shows is selected then.
    /// The change goes to the announcer.
    func viewDidShow() {
        let old = keyboard.displayed
        keyboard.displayed = nil
        let shown = driver.snapshot
        let focusedBefore = keyboard.item
        if let item = focusedBefore {
            let latest = driver.latestSnapshot
            keyboard.item = Snapshot.focusTarget(after: item, from: keyboard.basisIsShown ? shown : keyboard.basis, to: latest)
            keyboard.basis = latest
            keyboard.basisIsShown = false
        }
        keyboard.pendingSelection = nil
        if let glue = accessibilityGlue, !keyboard.selectedBefore.isEmpty {
            let latest = driver.latestSnapshot
            var ids = keyboard.selectedBefore.filter { latest.contains($0) }
            if ids.isEmpty, let focusedBefore, keyboard.selectedBefore.contains(focusedBefore), let now = keyboard.item { ids = [now] }
            let paths = ids.compactMap { shown.itemPath(for: $0) }
            if Set(paths) != Set(glue.selectedPaths) { glue.setSelectedPaths(paths) }
            if paths.count < ids.count { keyboard.pendingSelection = ids }
        }
        keyboard.selectedBefore = []
        if let old, announcer.phrase != nil {
            announcer.noteShown(from: old, current: { [weak self] in self?.driver.snapshot }, changed: { [updateKind = driver.updateKind] in updateKind($0, $1) != nil })
        }
    }
}
