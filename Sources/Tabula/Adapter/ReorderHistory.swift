/// The reorders the user made through a list, kept for undo and redo by identity: each entry is
/// the reorder made and the reorders that put it back, so a live update between the edit and the
/// undo cannot misplace it. An undo or redo that names an item or section the list no longer
/// has is a conflict: it is reported, not applied.
package struct ReorderHistory<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
    package struct Entry: Sendable {
        /// What the user did.
        package var made: Reorder<SectionID, ItemID>
        /// What puts it back.
        package var inverse: [Reorder<SectionID, ItemID>]
    }

    package private(set) var undoable: [Entry] = []
    package private(set) var redoable: [Entry] = []
    /// How many entries undo keeps; the oldest go first.
    package var limit = 100

    package init() {}

    /// Records a reorder the user made; what could be redone is forgotten.
    package mutating func record(_ made: Reorder<SectionID, ItemID>, inverse: [Reorder<SectionID, ItemID>]) {
        guard !inverse.isEmpty else { return }
        undoable.append(Entry(made: made, inverse: inverse))
        if undoable.count > limit { undoable.removeFirst(undoable.count - limit) }
        redoable.removeAll()
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
