/// Announcements of live changes, and the keyboard: declared once for every adapter, decided in
/// its ``ListAdapterCore``.
extension ListAdapter {
    // MARK: Announcements

    /// Phrases what changed in the list for VoiceOver and the other assistive technologies
    /// ("3 new messages"); return `nil` to say nothing. `nil` (the default) announces nothing.
    ///
    /// The changes shown within ``announcementDelay`` seconds of the first are coalesced into
    /// one ``ListChange``, the list when the delay ends against the list before the first, and
    /// phrased once. The user's own edits (a swipe or the Delete key deleting, a switch flipped)
    /// are left out unless ``announcesUserEdits`` is on.
    ///
    /// ```swift
    /// adapter.announceChanges = { change in
    ///     change.inserted.isEmpty ? nil : "\(change.inserted.count) new messages"
    /// }
    /// ```
    public var announceChanges: ((ListChange<Item.ID>) -> String?)? {
        get { core.announcer.phrase }
        set {
            core.announcer.phrase = newValue
        }
    }
    /// How long, in seconds, changes are gathered into one announcement (default 1).
    public var announcementDelay: Double {
        get { core.announcer.delay }
        set { core.announcer.delay = newValue }
    }
    /// Whether the user's own edits are announced too (default `false`: the person knows what
    /// they did).
    public var announcesUserEdits: Bool {
        get { core.announcer.announcesUserEdits }
        set { core.announcer.announcesUserEdits = newValue }
    }
    /// What waits out ``announcementDelay``; `nil` (the default): the view's, which is the main
    /// actor's clock on a device and the view's `clock` in `TabulaTesting`.
    public var announcementScheduler: AnnouncementScheduler? {
        get { core.announcer.scheduler }
        set { core.announcer.scheduler = newValue }
    }

    // MARK: Words

    /// The words the list says to assistive technologies and titles its key commands with: the
    /// Delete and Space key commands, the Expand and Collapse actions of outline rows and the
    /// "expanded" and "collapsed" they say. English by default; set your own to localise them.
    ///
    /// ```swift
    /// adapter.accessibilityStrings.deleteCommand = "Supprimer"
    /// ```
    public var accessibilityStrings: ListAccessibilityStrings {
        get { core.accessibilityStrings }
        set { core.accessibilityStrings = newValue }
    }

    // MARK: Keyboard

    /// The item keyboard focus is on; `nil` when none is. It stays on its item across every
    /// update, and moves to the neighbour ``Snapshot/focusTarget(after:from:to:)`` names when the
    /// item is deleted, as VoiceOver's cursor does.
    public var keyboardFocusedItem: Item.ID? { core.keyboard.item }

    /// Puts keyboard focus on the item `id`, or clears it (`nil`).
    ///
    /// - Throws: `SnapshotError.unknownItem` naming `id` when the list does not show it.
    public func focusKeyboard(on id: Item.ID?) throws {
        if let id, !driver.snapshot.contains(id) { throw SnapshotError<SectionID, Item.ID>.unknownItem(id) }
        core.moveKeyboardFocus(to: id)
    }

    /// Whether moving keyboard focus selects the item it moves to, telling ``onSelect`` as a tap
    /// does (default `false`), as `selectionFollowsFocus` does on iPad.
    public var selectionFollowsFocus: Bool {
        get { core.keyboard.selectionFollowsFocus }
        set {
            core.keyboard.selectionFollowsFocus = newValue
            core.accessibilityGlue?.keyboardSettingsDidChange(selectionFollowsFocus: newValue)
        }
    }

    /// The text type-select matches for an item; `nil` (the default) matches the text of the
    /// item's standard content (``CellContent/text``).
    public var typeSelectLabel: ((Item) -> String?)? {
        get { core.keyboard.label }
        set { core.keyboard.label = newValue }
    }

    /// Does what `key` does: the arrows, Home and End move keyboard focus; Delete deletes the
    /// selected items, or else the focused one, that ``canDelete`` allows, as a swipe to delete
    /// does (``onDelete`` is told of each, and each delete can be undone); Space flips the
    /// switch of the focused row's standard content (``onToggle``, undoable as a tap on the
    /// switch) or else selects the row; typed text moves focus to the next row whose label
    /// starts with it.
    ///
    /// - Returns: whether the list handled the key; pass it on to the app when it did not.
    @discardableResult
    public func handleKey(_ key: ListKey) -> Bool { core.handleKey(key) }
}
