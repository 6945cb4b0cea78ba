/// The words a list says to assistive technologies and shows as key-command titles, which an
/// app sets in its own language; English by default.
///
/// ```swift
/// adapter.accessibilityStrings = ListAccessibilityStrings(
///     deleteCommand: "Löschen", toggleSwitchCommand: "Schalter umlegen",
///     expandAction: "Aufklappen", collapseAction: "Zuklappen",
///     expandedValue: "aufgeklappt", collapsedValue: "zugeklappt")
/// ```
public struct ListAccessibilityStrings: Hashable, Sendable {
    /// The title of the Delete key command (UIKit's `keyCommands`, shown in the iPad's
    /// keyboard shortcuts overlay): "Delete".
    public var deleteCommand: String
    /// The title of the Space key command that flips the focused row's switch: "Toggle Switch".
    public var toggleSwitchCommand: String
    /// The accessibility action that expands a collapsed outline row: "Expand".
    public var expandAction: String
    /// The accessibility action that collapses an expanded outline row: "Collapse".
    public var collapseAction: String
    /// What an expanded outline row says after its label: "expanded".
    public var expandedValue: String
    /// What a collapsed outline row says after its label: "collapsed".
    public var collapsedValue: String

    /// Strings with the given words; each one left out is the English default.
    public init(
        deleteCommand: String = "Delete", toggleSwitchCommand: String = "Toggle Switch", expandAction: String = "Expand",
        collapseAction: String = "Collapse", expandedValue: String = "expanded", collapsedValue: String = "collapsed"
    ) {
        self.deleteCommand = deleteCommand
        self.toggleSwitchCommand = toggleSwitchCommand
        self.expandAction = expandAction
        self.collapseAction = collapseAction
        self.expandedValue = expandedValue
        self.collapsedValue = collapsedValue
    }

    /// The English strings every adapter starts with.
    public static var english: ListAccessibilityStrings { ListAccessibilityStrings() }

    /// The title of the action that toggles an outline row that is expanded as `isExpanded` says.
    public func expansionAction(isExpanded: Bool) -> String { isExpanded ? collapseAction : expandAction }

    /// What an outline row that is expanded as `isExpanded` says after its label.
    public func expansionValue(isExpanded: Bool) -> String { isExpanded ? expandedValue : collapsedValue }
}
