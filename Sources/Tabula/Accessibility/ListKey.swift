/// A key press a list handles itself, whatever the platform: what the adapters turn a
/// `UIKey`, an `NSEvent` or a terminal key into for ``ListAdapter/handleKey(_:)``.
public enum ListKey: Hashable, Sendable {
    /// The up arrow: focus moves to the row above.
    case up
    /// The down arrow: focus moves to the row below.
    case down
    /// Home: focus moves to the first row.
    case home
    /// End: focus moves to the last row.
    case end
    /// Delete (or forward delete): deletes the selected rows, or else the focused row, that
    /// ``ListAdapter/canDelete`` allows.
    case delete
    /// Space: flips the focused row's switch; a row without one is selected.
    case space
    /// Typed text: focus moves to the next row whose label starts with it (type-select). The
    /// view gathers the characters typed in quick succession into one string.
    case text(String)
}
