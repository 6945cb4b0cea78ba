import Foundation
import Tabula
import TabulaTesting
import Testing

/// Undo and redo of every edit the user makes through a list (deletes, moves and drops, switches),
/// by identity, on top of the newest snapshot, with the app's model following through its handlers.
@MainActor
@Suite("Undo and redo: deletes, moves and toggles, safe under live updates")
struct UndoTests {
    /// A row with a switch.
    struct Chore: Identifiable, Hashable, Sendable {
        var id: Int
        var title: String
        var done = false
    }

    /// The app's model, as an app holds it: sections of chores, kept in step by the handlers.
    final class Model {
        var sections: [Section<String, Chore>]
        var events: [String] = []
        init(_ sections: [Section<String, Chore>]) { self.sections = sections }
        var ids: [[Int]] { sections.map { $0.items.map(\.id) } }
        /// Each section's chores, identifier and switch, left out those `leaving` names.
        func state(leaving out: Set<Int> = []) -> [[String]] {
            sections.map { $0.items.filter { !out.contains($0.id) }.map { "\($0.id)\($0.done ? "+" : "")" } }
        }
        func snapshot() throws -> Snapshot<String, Chore> { try Snapshot(sections) }
        func update(_ id: Int, _ change: (inout Chore) -> Void) {
            for s in sections.indices {
                if let i = sections[s].items.firstIndex(where: { $0.id == id }) { change(&sections[s].items[i]) }
            }
        }
    }

    static let cells = CellConfigurators<Chore> {
        CellConfigurator.content { CellContent(text: $0.title, accessory: .toggle(isOn: $0.done)) }
    }

    func shown(_ model: Model) throws -> (HeadlessListView, HeadlessListAdapter<String, Chore>) {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Chore>(listView: list, cells: Self.cells)
        adapter.canMove = { _ in true }
        adapter.canDelete = { _ in true }
        adapter.onMove = { [model] reorder, _ in
            model.events.append("move \(reorder.items)")
            do { try model.sections.apply(reorder) } catch { Issue.record("the app could not apply \(reorder): \(error)") }
        }
        adapter.onDelete = { [model] chore, _ in
            model.events.append("delete \(chore.id)")
            for s in model.sections.indices { model.sections[s].items.removeAll { $0.id == chore.id } }
        }
        adapter.onReinsert = { [model] reinsertion, _ in
            model.events.append("reinsert \(reinsertion.identifiers)")
            do { try model.sections.apply(reinsertion) } catch { Issue.record("the app could not apply \(reinsertion): \(error)") }
        }
        // As an app's switch handler: the model changes, and the list is built from it again.
        adapter.onToggle = { [model, weak adapter] chore, isOn in
            model.events.append("toggle \(chore.id) \(isOn)")
            model.update(chore.id) { $0.done = isOn }
            adapter?.apply(try! model.snapshot())
        }
        adapter.apply(try model.snapshot())
        return (list, adapter)
    }

    static func chores() -> [Section<String, Chore>] {
        [Section("home", items: (1...4).map { Chore(id: $0, title: "c\($0)") }), Section("work", items: (5...6).map { Chore(id: $0, title: "c\($0)") })]
    }

    @Test("a swipe to delete is undone: the item comes back with its content before its old neighbour, and onReinsert tells the model")
    func deleteUndoRedo() throws {
        let model = Model(Self.chores())
        model.sections[0].items[1].title = "renamed"
        let (list, adapter) = try shown(model)
        try list.commitDelete(at: ItemPath(item: 1, section: 0))
        try list.commitDelete(at: ItemPath(item: 1, section: 0))
        #expect(model.ids == [[1, 4], [5, 6]])
        #expect(adapter.nextUndoActionName == "Delete")
        // A sync inserts 7 between 1 and 4: the undo still lands before 4 and 3, by identity.
        model.sections[0].items.insert(Chore(id: 7, title: "c7"), at: 1)
        adapter.apply(try model.snapshot())
        #expect(adapter.undo())
        #expect(model.ids == [[1, 7, 3, 4], [5, 6]])
        #expect(adapter.undo())
        #expect(model.ids == [[1, 7, 2, 3, 4], [5, 6]])
        #expect(adapter.displayedSnapshot[2]?.title == "renamed", "the deleted item comes back with its content")
        #expect(model.events.suffix(2) == ["reinsert [3]", "reinsert [2]"])
        #expect(adapter.nextRedoActionName == "Delete" && !adapter.canUndo)
        #expect(adapter.redo() && adapter.redo())
        #expect(model.ids == [[1, 7, 4], [5, 6]])
        #expect(adapter.displayedSnapshot.sections.map { $0.items.map(\.id) } == model.ids)
        try list.checkConsistency()
    }

    @Test("the last item of a section deleted and undone goes back to the end of its section")
    func deleteLastOfSection() throws {
        let model = Model(Self.chores())
        let (list, adapter) = try shown(model)
        try list.commitDelete(at: ItemPath(item: 1, section: 1))
        #expect(adapter.undo())
        #expect(model.ids == [[1, 2, 3, 4], [5, 6]])
        #expect(adapter.displayedSnapshot.sections.map { $0.items.map(\.id) } == model.ids)
    }

    @Test("a flipped switch is undone by flipping it back through onToggle, and redone")
    func toggleUndoRedo() throws {
        let model = Model(Self.chores())
        let (list, adapter) = try shown(model)
        try list.flipToggle(at: ItemPath(item: 2, section: 0))
        #expect(model.state() == [["1", "2", "3+", "4"], ["5", "6"]])
        #expect(adapter.nextUndoActionName == "Toggle")
        #expect(adapter.undo())
        #expect(model.state() == [["1", "2", "3", "4"], ["5", "6"]])
        #expect(adapter.redo())
        #expect(model.state() == [["1", "2", "3+", "4"], ["5", "6"]])
        #expect(model.events == ["toggle 3 true", "toggle 3 false", "toggle 3 true"])
        try adapter.toggle(5, isOn: true)
        #expect(model.state()[1] == ["5+", "6"] && adapter.undo() && model.state()[1] == ["5", "6"])
        #expect(throws: SnapshotError<String, Int>.self) { try adapter.toggle(99, isOn: true) }
    }

    @Test("the app names each action (localised), and may leave edits out of the history")
    func namesAndVeto() throws {
        let model = Model(Self.chores())
        let (list, adapter) = try shown(model)
        adapter.undoActionName = { edit in
            switch edit {
            case .move, .outlineMove, .transfer: return "Verschieben"
            case .delete: return "Löschen"
            case .toggle: return "Umschalten"
            case .drop: return "Ablegen"
            }
        }
        var asked: [String] = []
        adapter.shouldRecordUndo = { edit in
            asked.append("\(edit)")
            if case .toggle = edit { return false }
            return true
        }
        try list.interactiveMove(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 0, section: 1))
        #expect(adapter.nextUndoActionName == "Verschieben")
        try list.commitDelete(at: ItemPath(item: 0, section: 0))
        #expect(adapter.nextUndoActionName == "Löschen")
        try list.flipToggle(at: ItemPath(item: 0, section: 0))
        #expect(adapter.nextUndoActionName == "Löschen", "the vetoed toggle is not kept")
        #expect(asked == ["move [1] before 5", "delete [2]", "toggle 3 on"])
        #expect(adapter.undo() && adapter.undo() && !adapter.undo())
        #expect(model.state() == [["1", "2", "3+", "4"], ["5", "6"]])
        adapter.recordsUndo = false
        #expect(!adapter.canRedo, "turning undo off forgets the history")
        try list.commitDelete(at: ItemPath(item: 0, section: 0))
        #expect(!adapter.canUndo)
    }

    @Test("an undo that a later change conflicts with is reported with the identifiers, not applied")
    func conflicts() throws {
        let model = Model(Self.chores())
        let (list, adapter) = try shown(model)
        var conflicts: [UndoConflict<String, Int>] = []
        adapter.onUndoConflict = { conflicts.append($0) }
        // A delete whose item a sync puts back: already there.
        try list.commitDelete(at: ItemPath(item: 0, section: 0))
        model.sections[0].items.insert(Chore(id: 1, title: "c1"), at: 0)
        adapter.apply(try model.snapshot())
        let before = model.state()
        #expect(!adapter.undo())
        #expect(model.state() == before)
        // A delete whose neighbour a sync removes: the neighbour is gone.
        try list.commitDelete(at: ItemPath(item: 1, section: 0))
        model.sections[0].items.removeAll { $0.id == 3 }
        adapter.apply(try model.snapshot())
        #expect(!adapter.undo())
        // A toggle whose item a sync removes.
        try list.flipToggle(at: ItemPath(item: 0, section: 1))
        model.sections[1].items.removeAll { $0.id == 5 }
        adapter.apply(try model.snapshot())
        #expect(!adapter.undo())
        #expect(conflicts == [
            UndoConflict(.undo, of: "Delete", presentItems: [1]),
            UndoConflict(.undo, of: "Delete", missingItems: [3]),
            UndoConflict(.undo, of: "Toggle", missingItems: [5]),
        ])
        #expect(adapter.driver.diagnostics.contains { "\($0)".contains("items [5] are no longer in the list") })
        // A redo whose item a sync removed after the undo.
        try list.commitDelete(at: ItemPath(item: 0, section: 1))
        #expect(adapter.undo())
        model.sections[1].items.removeAll { $0.id == 6 }
        adapter.apply(try model.snapshot())
        #expect(!adapter.redo())
        #expect(conflicts.last == UndoConflict(.redo, of: "Delete", missingItems: [6]))
        #expect(adapter.displayedSnapshot.sections.map { $0.items.map(\.id) } == model.ids)
        try list.checkConsistency()
    }

    @Test("a reinsertion applies alike to a snapshot, an array and sections, and names what stands in its way")
    func reinsertionApplies() throws {
        let back = Reinsertion<String, Chore>([Chore(id: 2, title: "c2"), Chore(id: 3, title: "c3")], at: .before(4))
        var array = [1, 4].map { Chore(id: $0, title: "c\($0)") }
        try array.apply(back)
        #expect(array.map(\.id) == [1, 2, 3, 4])
        var sections = [Section("a", items: [Chore(id: 1, title: "c1")]), Section("b", items: [Chore(id: 4, title: "c4")])]
        try sections.apply(back)
        #expect(sections.map { $0.items.map(\.id) } == [[1], [2, 3, 4]])
        var snapshot = try Snapshot([Section("a", items: [Chore(id: 1, title: "c1")]), Section("b", items: [Chore(id: 4, title: "c4")])])
        try snapshot.apply(back)
        try snapshot.apply(Reinsertion([Chore(id: 9, title: "c9")], at: .endOfSection("a")))
        #expect(snapshot.sections.map { $0.items.map(\.id) } == [[1, 9], [2, 3, 4]])
        #expect(throws: SnapshotError<String, Int>.duplicateItem(2, first: ItemPath(item: 0, section: 1), second: ItemPath(item: 0, section: 1))) { try snapshot.apply(back) }
        #expect(throws: SnapshotError<String, Int>.unknownItem(7)) { try array.apply(Reinsertion<String, Chore>([Chore(id: 8, title: "c8")], at: .before(7))) }
        #expect(throws: SnapshotError<String, Int>.unknownSection("z")) { try sections.apply(Reinsertion([Chore(id: 8, title: "c8")], at: .endOfSection("z"))) }
        #expect(array.count == 4 && sections[0].items.count == 1, "unchanged after an error")
        #expect("\(back)" == "reinsert [2, 3] before 4")
    }

    @Test("random deletes, moves, drags and toggles among live updates, then every edit undone in turn: the model is restored wherever no live change conflicted")
    func randomEditsUndone() throws {
        let seed = propertySeed()
        let count = DragAndDropTests.sequences / 10
        print("UndoTests.randomEditsUndone seed: \(seed), \(count) sequences  (replay with TABULA_SEED=\(seed))")
        var rng = SeededGenerator(seed: seed)
        let model = Model([])
        let (list, adapter) = try shown(model)
        var conflicts: [UndoConflict<String, Int>] = []
        adapter.onUndoConflict = { conflicts.append($0) }
        var next = 0
        func fresh() -> Chore {
            next += 1
            return Chore(id: next, title: "c\(next)", done: Bool.random(using: &rng))
        }
        for sequence in 0..<count {
            model.sections = (0..<Int.random(in: 1...3, using: &rng)).map { s in
                Section("s\(s)", items: (0..<Int.random(in: 0...5, using: &rng)).map { _ in fresh() })
            }
            adapter.applyUsingReloadData(try model.snapshot())
            adapter.recordsUndo = false
            adapter.recordsUndo = true
            conflicts = []
            // Half the sequences have live updates that only add and rename, which no undo
            // conflicts with; the others also delete, which some undos do.
            let deletesLive = Bool.random(using: &rng)
            let start = model.state()
            var added = Set<Int>(), removed = Set<Int>(), edits = 0
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let counts = list.itemCounts
                let filled = counts.indices.filter { counts[$0] > 0 }
                let s = filled.randomElement(using: &rng)
                let path = s.map { ItemPath(item: Int.random(in: 0..<counts[$0], using: &rng), section: $0) }
                switch (Int.random(in: 0..<5, using: &rng), path) {
                case (0, let path?):
                    try list.commitDelete(at: path)
                    edits += 1
                case (1, let path?):
                    try list.flipToggle(at: path)
                    edits += 1
                case (2, let path?):
                    let t = Int.random(in: 0..<counts.count, using: &rng)
                    if Bool.random(using: &rng) {
                        let sources = [path] + (0..<Int.random(in: 0...2, using: &rng)).map { _ in ItemPath(item: Int.random(in: 0..<counts[path.section], using: &rng), section: path.section) }
                        guard let drag = try list.beginDrag(itemsAt: sources) else { continue }
                        try list.drop(drag, at: ItemPath(item: Int.random(in: 0...counts[t], using: &rng), section: t))
                    } else {
                        let last = counts[t] - (t == path.section ? 1 : 0)
                        try list.interactiveMove(from: path, to: ItemPath(item: Int.random(in: 0...last, using: &rng), section: t))
                    }
                    edits += 1
                default:
                    // A live update: a new item, a renamed one, and (in half the sequences) one gone.
                    let target = Int.random(in: 0..<model.sections.count, using: &rng)
                    let item = fresh()
                    added.insert(item.id)
                    model.sections[target].items.insert(item, at: Int.random(in: 0...model.sections[target].items.count, using: &rng))
                    if let id = model.ids.flatMap({ $0 }).randomElement(using: &rng) { model.update(id) { $0.title += "'" } }
                    if deletesLive, let id = model.ids.flatMap({ $0 }).randomElement(using: &rng) {
                        removed.insert(id)
                        for s in model.sections.indices { model.sections[s].items.removeAll { $0.id == id } }
                    }
                    adapter.apply(try model.snapshot())
                }
            }
            var undone = 0
            while adapter.canUndo {
                if adapter.undo() { undone += 1 }
            }
            let context = "seed \(seed) sequence \(sequence)"
            if conflicts.isEmpty {
                if undone > edits { Issue.record("\(context): \(undone) undos of \(edits) edits"); return }
                let restored = model.state(leaving: added)
                let expected = start.map { $0.filter { !removed.contains(Int($0.prefix { $0.isNumber })!) } }
                if restored != expected { Issue.record("\(context): undone to \(restored), began as \(start), live removals \(removed)"); return }
            } else {
                // Only a live change makes the first conflict: it names what a sync removed. (An
                // undo left out then may make later ones: a delete not put back leaves a toggle of
                // the same item nothing to flip.)
                for conflict in conflicts.prefix(1) where !Set(conflict.missingItems).isSubset(of: removed) || !conflict.missingSections.isEmpty || !conflict.presentItems.isEmpty {
                    Issue.record("\(context): \(conflict) names nothing a live update touched (removed \(removed))")
                    return
                }
            }
            if removed.isEmpty {
                // Every undone edit is redone: nothing changed since, and nothing it names is gone.
                let before = conflicts.count
                var redone = 0
                while adapter.canRedo { if adapter.redo() { redone += 1 } }
                if redone != undone || conflicts.count != before { Issue.record("\(context): \(redone) of \(undone) redone"); return }
            }
            if adapter.displayedSnapshot.sections.map({ $0.items.map(\.id) }) != model.ids { Issue.record("\(context): the list disagrees with the model"); return }
            try list.checkConsistency()
        }
    }
}
