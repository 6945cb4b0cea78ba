/// Turns the changes a list shows into spoken announcements: the changes that arrive within one
/// window are coalesced into one ``ListChange``, the app phrases it, and the view posts the text.
///
/// A window opens with the first change shown while none is open and closes
/// ``ListAdapter/announcementDelay`` seconds later; the change announced is the list when it
/// closed against the list when it opened, so an item inserted and deleted within the window is
/// not announced. The user's own edits (a swipe or Delete key delete, a switch flipped) are left
/// out unless ``ListAdapter/announcesUserEdits`` is on: the person knows what they did.
@MainActor
package final class ListAnnouncer<SectionID: Hashable & Sendable, Item: Identifiable & Sendable> where Item.ID: Sendable {
    /// The app's phrasing; `nil` (the default) announces nothing and costs nothing.
    var phrase: ((ListChange<Item.ID>) -> String?)?
    /// How long a window stays open, in seconds.
    var delay = 1.0
    /// Whether the user's own edits are announced too.
    var announcesUserEdits = false
    /// What waits out a window; `nil`: the view's (``ListAccessibilityGlue/defaultAnnouncementScheduler``).
    var scheduler: AnnouncementScheduler?
    /// The view's glue, which posts what is announced.
    weak var glue: (any ListAccessibilityGlue)?

    /// The list shown when the open window opened; `nil` while no window is open.
    private var baseline: Snapshot<SectionID, Item>?
    /// Items the user's own edits touched since the window opened.
    private var userEdited: Set<Item.ID> = []

    package init() {}

    /// Whether the next change shown opens a window, and so needs the list shown before it: a
    /// phrase is set and no window is open. While one is, the list it opened on is kept already,
    /// and the views need not hold another (an edit in place would copy the list it shares).
    var opensWindowOnNextChange: Bool { phrase != nil && baseline == nil }

    /// Notes that the user's own edit touches `ids` (deleted, toggled): an update of these items
    /// within the window is not announced.
    func noteUserEdit(_ ids: some Sequence<Item.ID>) {
        guard phrase != nil, !announcesUserEdits else { return }
        userEdited.formUnion(ids)
    }

    /// Notes that the view went from showing `old` to showing something newer: opens a window
    /// when none is open. `current` reads the list when the window closes.
    func noteShown(
        from old: Snapshot<SectionID, Item>, current: @escaping @MainActor @Sendable () -> Snapshot<SectionID, Item>?,
        changed: @escaping @Sendable (Item, Item) -> Bool
    ) {
        guard phrase != nil, baseline == nil else { return }
        baseline = old
        (scheduler ?? glue?.defaultAnnouncementScheduler ?? .continuous).schedule(delay) { [weak self] in
            guard let self, let new = current() else { return }
            self.close(on: new, changed: changed)
        }
    }

    /// Ends the open window with the list showing `new`: phrases what changed and posts it.
    private func close(on new: Snapshot<SectionID, Item>, changed: (Item, Item) -> Bool) {
        guard let old = baseline else { return }
        let leftOut = userEdited
        baseline = nil
        userEdited = []
        let change = ListChange.between(old, new, leavingOut: leftOut, changed: changed)
        guard !change.isEmpty, let text = phrase?(change), !text.isEmpty else { return }
        glue?.post(announcement: text)
    }
}
