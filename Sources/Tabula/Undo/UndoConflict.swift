/// An undo or redo Tabula did not apply because a later change to the list (a live update, most
/// often) conflicts with it: what it names is gone, or already back. The list and the app's model
/// are left as they are, and the entry leaves the history.
///
/// An undo of items dragged in from another list takes them out of this list and puts them back
/// in the other one, so what either list lacks or has again conflicts; the other list's
/// identifiers are named here when their type is this list's, and in the description otherwise.
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

    /// What conflicts in the other list of a drag between two lists that the properties above
    /// cannot name, its identifiers being of other types (or the list itself being gone).
    var otherList: [String] = []

    /// Whether anything conflicts.
    var isEmpty: Bool { missingItems.isEmpty && missingSections.isEmpty && presentItems.isEmpty && otherList.isEmpty }

    /// Adds what conflicts in the other list of a drag between two lists: its identifiers where
    /// they are of this list's types, described otherwise.
    mutating func absorb<OtherSection, OtherItem>(_ other: UndoConflict<OtherSection, OtherItem>) {
        for id in other.missingItems {
            if let id = id as? ItemID { missingItems.append(id) } else { otherList.append("item \(id) is no longer in the list it came from") }
        }
        for id in other.missingSections {
            if let id = id as? SectionID { missingSections.append(id) } else { otherList.append("section \(id) is no longer in the list the items came from") }
        }
        for id in other.presentItems {
            if let id = id as? ItemID { presentItems.append(id) } else { otherList.append("item \(id) is back in the list it came from") }
        }
        otherList += other.otherList
    }
}

extension UndoConflict: CustomStringConvertible {
    public var description: String {
        var parts: [String] = []
        if !missingItems.isEmpty { parts.append("items \(missingItems) are no longer in the list") }
        if !missingSections.isEmpty { parts.append("sections \(missingSections) are no longer in the list") }
        if !presentItems.isEmpty { parts.append("items \(presentItems) are already in the list") }
        parts += otherList
        return "\(direction) of \(actionName) conflicts with a later change: \(parts.joined(separator: "; "))"
    }
}
