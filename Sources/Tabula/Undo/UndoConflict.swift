/// An undo or redo Tabula did not apply because a later change to the list (a live update, most
/// often) conflicts with it: what it names is gone, or already back. The list and the app's model
/// are left as they are, and the entry leaves the history.
///
/// ```swift
/// adapter.onUndoConflict = { conflict in
///     status = "Could not \(conflict.direction == .undo ? "undo" : "redo") \(conflict.actionName)"
/// }
/// ```
public struct UndoConflict<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Hashable, Sendable, Error {
    /// Whether an undo or a redo conflicted.
    public enum Direction: Hashable, Sendable {
        case undo, redo
    }

    /// Whether an undo or a redo conflicted.
    public var direction: Direction
    /// The action's name, as the undo manager showed it ("Delete").
    public var actionName: String
    /// Items the undo or redo names that the list no longer has.
    public var missingItems: [ItemID]
    /// Sections the undo or redo names that the list no longer has.
    public var missingSections: [SectionID]
    /// Items the undo or redo would put back that the list already has again.
    public var presentItems: [ItemID]

    /// A conflict of an undo or redo of `actionName`.
    public init(_ direction: Direction, of actionName: String, missingItems: [ItemID] = [], missingSections: [SectionID] = [], presentItems: [ItemID] = []) {
        self.direction = direction
        self.actionName = actionName
        self.missingItems = missingItems
        self.missingSections = missingSections
        self.presentItems = presentItems
    }

    /// Whether anything conflicts.
    var isEmpty: Bool { missingItems.isEmpty && missingSections.isEmpty && presentItems.isEmpty }
}

extension UndoConflict: CustomStringConvertible {
    public var description: String {
        var parts: [String] = []
        if !missingItems.isEmpty { parts.append("items \(missingItems) are no longer in the list") }
        if !missingSections.isEmpty { parts.append("sections \(missingSections) are no longer in the list") }
        if !presentItems.isEmpty { parts.append("items \(presentItems) are already in the list") }
        return "\(direction) of \(actionName) conflicts with a later change: \(parts.joined(separator: "; "))"
    }
}
