/// What a view's glue does for the core's accessibility and keyboard decisions: it reads and
/// sets the view's selection, flips a row's switch, posts announcements and shows keyboard focus.
/// The decisions (where focus and selection go as the list changes, what a key does, what is
/// announced) are the core's; a view whose glue does not adopt this protocol keeps its own.
@MainActor
package protocol ListAccessibilityGlue: ListViewGlue {
    /// The paths the view shows selected, in any order.
    var selectedPaths: [ItemPath] { get }
    /// Makes exactly `paths` the view's selection, without telling the delegate (as
    /// `selectRow(at:animated:scrollPosition:)` does).
    func setSelectedPaths(_ paths: [ItemPath])
    /// Selects the row at `path` alone, telling the delegate of what it deselected and selected,
    /// as a tap does: selection that follows keyboard focus.
    func selectAsUser(at path: ItemPath)
    /// Shows the switch of the row at `path` in the state `isOn` the core set for its item (the
    /// Space key), without telling ``TogglingCell/onToggle``: the core already did.
    func showSwitch(_ isOn: Bool, at path: ItemPath)
    /// Posts `text` to the platform's assistive technologies as an announcement.
    func post(announcement text: String)
    /// Keyboard focus moved to the row at `path` (`nil`: no row): the view shows it and scrolls
    /// it into view.
    func showKeyboardFocus(at path: ItemPath?)
    /// What waits out an announcement's delay when the app set no scheduler: the main actor's
    /// clock, or a test's.
    var defaultAnnouncementScheduler: AnnouncementScheduler { get }
    /// The view is connected, or ``ListAdapter/selectionFollowsFocus`` changed: a view that
    /// moves focus by itself (UIKit's focus engine) is set up to do so, and to select as it
    /// moves when `selectionFollowsFocus` is on.
    func keyboardSettingsDidChange(selectionFollowsFocus: Bool)
}

extension ListAccessibilityGlue {
    package func showSwitch(_ isOn: Bool, at path: ItemPath) {}
    package func showKeyboardFocus(at path: ItemPath?) {}
    package var defaultAnnouncementScheduler: AnnouncementScheduler { .continuous }
    package func keyboardSettingsDidChange(selectionFollowsFocus: Bool) {}
}
