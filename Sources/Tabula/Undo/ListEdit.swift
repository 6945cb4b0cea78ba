/// An edit the user made through a list, by identity: what Tabula keeps for undo, and what an
/// app's ``ListAdapter/shouldRecordUndo`` and ``ListAdapter/undoActionName`` handlers receive.
public enum ListEdit<SectionID: Hashable & Sendable, Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
    /// Items moved: an interactive move, a drag dropped in the list, the move keys, or
    /// ``ListAdapter/reorder(_:)``.
    case move(Reorder<SectionID, Item.ID>)
    /// Items moved within a section shown as an outline: among the tree's items, or into a
    /// folder item (``ListAdapter/canDropInto``).
    case outlineMove(OutlineMove<SectionID, Item.ID>)
    /// Items deleted (a swipe to delete, a Delete action or key, ``ListAdapter/deleteItem(_:)``),
    /// with their content as they were deleted.
    case delete([Item])
    /// The switch of a standard content cell flipped to `isOn`, or ``ListAdapter/toggle(_:isOn:)``.
    case toggle(Item, isOn: Bool)
    /// Items dragged in from another Tabula list, which lost them
    /// (``ListAdapter/acceptDrags(from:)``): kept by the list they arrived in.
    case transfer(Insertion<SectionID, Item>)
    /// Content dropped from another app, made into items
    /// (``ListAdapter/acceptDrops(ofType:makeItems:)``).
    case drop(Insertion<SectionID, Item>)

    /// The identifiers of the items the edit touches.
    public var identifiers: [Item.ID] {
        switch self {
        case .move(let reorder): return reorder.items
        case .outlineMove(let move): return move.items
        case .delete(let items): return items.map { $0.id }
        case .toggle(let item, _): return [item.id]
        case .transfer(let insertion), .drop(let insertion): return insertion.items.map { $0.id }
        }
    }

    /// The English name the undo manager shows when the app gives none ("Undo Delete"):
    /// "Move" (also for items moved in an outline, or dragged in from another list), "Delete", "Toggle" or "Drop".
    public var defaultActionName: String {
        switch self {
        case .move, .outlineMove, .transfer: return "Move"
        case .drop: return "Drop"
        case .delete: return "Delete"
        case .toggle: return "Toggle"
        }
    }
}

extension ListEdit: CustomStringConvertible {
    public var description: String {
        switch self {
        case .move(let reorder): return reorder.description
        case .outlineMove(let move): return move.description
        case .delete(let items): return "delete \(items.map { $0.id })"
        case .toggle(let item, let isOn): return "toggle \(item.id) \(isOn ? "on" : "off")"
        case .transfer(let insertion): return "move in: \(insertion)"
        case .drop(let insertion): return "drop: \(insertion)"
        }
    }
}
