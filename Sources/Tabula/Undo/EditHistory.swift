/// The edits the user made through a list, kept for undo and redo by identity: each entry is the
/// edit made, what puts it back, and the name the undo manager shows, so a live update between
/// the edit and the undo cannot misplace it. An undo or redo that names an item or section the
/// list no longer has (or would put back an item it has again) is a conflict: it is reported,
/// not applied.
package struct EditHistory<SectionID: Hashable & Sendable, Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
    /// What puts an edit back.
    package enum Inverse: Sendable {
        /// The reorders that put moved items back before their old neighbours.
        case reorders([Reorder<SectionID, Item.ID>])
        /// The moves that put items moved in an outline back under their old parents, before
        /// their old siblings.
        case outlineMoves([OutlineMove<SectionID, Item.ID>])
        /// The deleted items, with their content, to put back before their old neighbours.
        case reinsertions([Reinsertion<SectionID, Item>])
        /// The switch of the item flipped back to `isOn`.
        case toggle(Item.ID, isOn: Bool)
        /// The items that arrived (dragged from another list, or dropped from another app) taken
        /// out again; for a drag from another list, `source` puts them back there.
        case withdrawal(Removal<Item.ID>, source: TransferReturn<SectionID, Item>?)

        /// Whether there is nothing to put back (a move that moved nothing).
        var isEmpty: Bool {
            switch self {
            case .reorders(let reorders): return reorders.isEmpty
            case .outlineMoves(let moves): return moves.isEmpty
            case .reinsertions(let reinsertions): return reinsertions.isEmpty
            case .toggle: return false
            case .withdrawal(let removal, _): return removal.items.isEmpty
            }
        }
    }

    package struct Entry: Sendable {
        /// What the user did.
        package var edit: ListEdit<SectionID, Item>
        /// What puts it back.
        package var inverse: Inverse
        /// The name the undo manager shows ("Delete").
        package var name: String
    }

    package private(set) var undoable: [Entry] = []
    package private(set) var redoable: [Entry] = []
    /// How many entries undo keeps; the oldest go first.
    package var limit = 100

    package init() {}

    /// Records an edit the user made; what could be redone is forgotten.
    package mutating func record(_ entry: Entry) {
        guard !entry.inverse.isEmpty else { return }
        undoable.append(entry)
        if undoable.count > limit { undoable.removeFirst(undoable.count - limit) }
        redoable.removeAll()
    }

    /// Records a reorder the user made, named "Move"; what could be redone is forgotten.
    package mutating func record(_ made: Reorder<SectionID, Item.ID>, inverse: [Reorder<SectionID, Item.ID>]) {
        record(Entry(edit: .move(made), inverse: .reorders(inverse), name: ListEdit<SectionID, Item>.move(made).defaultActionName))
    }

    package mutating func popUndo() -> Entry? { undoable.popLast() }
    package mutating func popRedo() -> Entry? { redoable.popLast() }
    package mutating func pushRedo(_ entry: Entry) { redoable.append(entry) }
    package mutating func pushUndo(_ entry: Entry) { undoable.append(entry) }
    package mutating func removeAll() {
        undoable.removeAll()
        redoable.removeAll()
    }
}
