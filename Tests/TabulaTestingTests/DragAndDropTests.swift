import Foundation
import Tabula
import TabulaTesting
import Testing

/// Drags of one or many items through the headless view, within and across sections, with live
/// updates arriving while a drag is in progress: each ends as one ``Reorder`` by identifier that
/// the app applies to its model, and the list and the model agree after every step.
@MainActor
@Suite("Drag and drop: typed reorders, safe under live updates")
struct DragAndDropTests {
    /// The app's model, as an app holds it: sections of items.
    final class Model {
        var sections: [Section<String, Mixed>]
        var reorders: [Reorder<String, Int>] = []
        init(_ sections: [Section<String, Mixed>]) { self.sections = sections }
        var ids: [[Int]] { sections.map { $0.items.map(\.id) } }
        func snapshot() throws -> Snapshot<String, Mixed> { try Snapshot(sections) }
    }

    func shown(_ model: Model) throws -> (HeadlessListView, HeadlessListAdapter<String, Mixed>) {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: AdapterTests.cells())
        adapter.canMove = { _ in true }
        adapter.onMove = { [model] reorder, _ in
            model.reorders.append(reorder)
            do { try model.sections.apply(reorder) } catch { Issue.record("the app could not apply \(reorder): \(error)") }
        }
        adapter.apply(try model.snapshot())
        return (list, adapter)
    }

    static func board() -> [Section<String, Mixed>] {
        [Section("todo", items: (1...4).map { .title(id: $0, "t\($0)") }), Section("done", items: (5...6).map { .title(id: $0, "t\($0)") })]
    }

    @Test("a drag of two items dropped in another section is one reorder, and the model follows")
    func twoItemsAcross() throws {
        let model = Model(Self.board())
        let (list, adapter) = try shown(model)
        let drag = try #require(try list.beginDrag(itemsAt: [ItemPath(item: 3, section: 0), ItemPath(item: 0, section: 0)]))
        try list.drop(drag, at: ItemPath(item: 1, section: 1))
        #expect(model.reorders == [Reorder([4, 1], to: .before(6))])
        #expect(model.ids == [[2, 3], [5, 4, 1, 6]])
        #expect(adapter.displayedSnapshot.sections.map { $0.items.map(\.id) } == model.ids)
        #expect(list.counters.reloads == 1, "shown with a batch, not a reload")
        try list.checkConsistency()
    }

    @Test("a drop at the end of a section, and one where the drag began")
    func endAndInPlace() throws {
        let model = Model(Self.board())
        let (list, adapter) = try shown(model)
        defer { withExtendedLifetime(adapter) {} }
        try list.drop(try #require(try list.beginDrag(itemsAt: [ItemPath(item: 0, section: 0)])), at: ItemPath(item: 2, section: 1))
        #expect(model.ids == [[2, 3, 4], [5, 6, 1]])
        // Dropped on itself: the items stay, before the item after them.
        try list.drop(try #require(try list.beginDrag(itemsAt: [ItemPath(item: 1, section: 0)])), at: ItemPath(item: 1, section: 0))
        #expect(model.ids == [[2, 3, 4], [5, 6, 1]])
        #expect(model.reorders.last == Reorder([3], to: .before(4)))
    }

    @Test("a live update during the drag: the drop lands by identity, a deleted dragged item is left out and reported")
    func liveUpdateDuringDrag() throws {
        let model = Model(Self.board())
        let (list, adapter) = try shown(model)
        let drag = try #require(try list.beginDrag(itemsAt: [ItemPath(item: 0, section: 0), ItemPath(item: 1, section: 0)]))
        // A sync deletes item 2 (dragged) and inserts 7 at the top of "done".
        model.sections[0].items.removeAll { $0.id == 2 }
        model.sections[1].items.insert(.title(id: 7, "t7"), at: 0)
        adapter.apply(try model.snapshot())
        // Dropped before item 6, as the list now shows it.
        try list.drop(drag, at: ItemPath(item: 2, section: 1))
        #expect(model.reorders == [Reorder([1], to: .before(6))])
        #expect(model.ids == [[3, 4], [7, 5, 1, 6]])
        #expect(adapter.displayedSnapshot.sections.map { $0.items.map(\.id) } == model.ids)
        #expect(adapter.driver.diagnostics.contains { "\($0)".contains("no longer in the list") })
    }

    @Test("items that cannot move do not start a drag; a drop outside the list is a typed error")
    func refusals() throws {
        let model = Model(Self.board())
        let (list, adapter) = try shown(model)
        adapter.canMove = { $0.id != 1 }
        #expect(try list.beginDrag(itemsAt: [ItemPath(item: 0, section: 0)]) == nil)
        let drag = try #require(try list.beginDrag(itemsAt: [ItemPath(item: 1, section: 0)]))
        #expect(throws: ListViewError.self) { try list.drop(drag, at: ItemPath(item: 3, section: 1)) }
        #expect(model.reorders.isEmpty && model.ids == [[1, 2, 3, 4], [5, 6]])
    }

    @Test("an interactive move in editing mode reaches the model as a reorder too")
    func interactiveMove() throws {
        let model = Model(Self.board())
        let (list, adapter) = try shown(model)
        defer { withExtendedLifetime(adapter) {} }
        try list.interactiveMove(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 2, section: 1))
        #expect(model.reorders == [Reorder([1], to: .endOfSection("done"))])
        #expect(model.ids == [[2, 3, 4], [5, 6, 1]])
        try list.interactiveMove(from: ItemPath(item: 2, section: 1), to: ItemPath(item: 1, section: 0))
        #expect(model.reorders.last == Reorder([1], to: .before(3)))
        #expect(model.ids == [[2, 1, 3, 4], [5, 6]])
    }

    /// How many random sequences the property test runs: `TABULA_SEQUENCES` in the environment;
    /// otherwise 100,000 in an optimised build (`swift test -c release`, which CI runs) and
    /// 10,000 in Debug, and a quarter of that under a sanitizer.
    static var sequences: Int {
        #if DEBUG
        let fallback = rounds(10_000)
        #else
        let fallback = 100_000
        #endif
        return ProcessInfo.processInfo.environment["TABULA_SEQUENCES"].flatMap(Int.init) ?? fallback
    }

    @Test("random drags within and across sections, interleaved with live updates that touch the dragged items: the list always equals the model")
    func randomDragsUnderLiveUpdates() throws {
        let seed = propertySeed()
        let count = Self.sequences
        print("DragAndDropTests.randomDragsUnderLiveUpdates seed: \(seed), \(count) sequences  (replay with TABULA_SEED=\(seed))")
        var rng = SeededGenerator(seed: seed)
        var next = 0
        func fresh() -> Mixed {
            next += 1
            return .title(id: next, "t\(next)")
        }
        // One list for every sequence, as a screen shows one model after another.
        let model = Model([])
        let (list, adapter) = try shown(model)
        // Any batch the view refused (UIKit's rules), or a view out of step with the driver.
        var refused: [ListDiagnostic] = []
        adapter.driver.onDiagnostic = { diagnostic in
            switch diagnostic.kind {
            case .viewRejectedBatch, .rejectedStage, .viewOutOfSync: refused.append(diagnostic)
            default: break
            }
        }
        var inFlightDrops = 0
        defer { #expect(inFlightDrops > count / 20, "drops made while an update was on its way: \(inFlightDrops)") }
        for sequence in 0..<count {
            model.sections = (0..<Int.random(in: 1...3, using: &rng)).map { s in
                Section("s\(s)", items: (0..<Int.random(in: 0...4, using: &rng)).map { _ in fresh() })
            }
            adapter.applyUsingReloadData(try model.snapshot())
            func liveUpdate() throws {
                // A sync: an item deleted, one inserted, one moved, anywhere.
                var sections = model.sections
                let s = Int.random(in: 0..<sections.count, using: &rng)
                if !sections[s].items.isEmpty, Bool.random(using: &rng) { sections[s].items.remove(at: Int.random(in: 0..<sections[s].items.count, using: &rng)) }
                if Bool.random(using: &rng) { sections[s].items.insert(fresh(), at: Int.random(in: 0...sections[s].items.count, using: &rng)) }
                let t = Int.random(in: 0..<sections.count, using: &rng)
                if !sections[s].items.isEmpty, Bool.random(using: &rng) {
                    let item = sections[s].items.remove(at: Int.random(in: 0..<sections[s].items.count, using: &rng))
                    sections[t].items.insert(item, at: Int.random(in: 0...sections[t].items.count, using: &rng))
                }
                model.sections = sections
                adapter.apply(try model.snapshot())
            }
            func randomPath(dropping: Bool) -> ItemPath? {
                let counts = list.itemCounts
                let candidates = counts.indices.filter { dropping || counts[$0] > 0 }
                guard let s = candidates.randomElement(using: &rng) else { return nil }
                return ItemPath(item: Int.random(in: 0..<(counts[s] + (dropping ? 1 : 0)), using: &rng), section: s)
            }
            for step in 0..<3 {
                let context = "seed \(seed) sequence \(sequence) step \(step)"
                switch Int.random(in: 0..<3, using: &rng) {
                case 0:
                    try liveUpdate()
                case 1:
                    let paths = (0..<Int.random(in: 1...3, using: &rng)).compactMap { _ in randomPath(dropping: false) }
                    guard !paths.isEmpty, let drag = try list.beginDrag(itemsAt: paths) else { continue }
                    var droppedInFlight = false
                    switch Int.random(in: 0..<3, using: &rng) {
                    case 0:
                        try liveUpdate()
                    case 1:
                        // The drop lands while a live update is on its way to the screen: the
                        // first stage of its batch has started, the view still shows the old list.
                        var failure: (any Error)?
                        adapter.driver.onChangeset = { [unowned adapter] _ in
                            adapter.driver.onChangeset = nil
                            guard let destination = randomPath(dropping: true) else { return }
                            droppedInFlight = true
                            do { try list.drop(drag, at: destination) } catch { failure = error }
                        }
                        try liveUpdate()
                        adapter.driver.onChangeset = nil
                        if let failure { throw failure }
                    default:
                        break
                    }
                    if !droppedInFlight, let destination = randomPath(dropping: true) { try list.drop(drag, at: destination) }
                    if droppedInFlight { inFlightDrops += 1 }
                default:
                    guard let source = randomPath(dropping: false), var destination = randomPath(dropping: true) else { continue }
                    // A row moved in the view lands at most at its section's last place.
                    if destination.section == source.section { destination.item = min(destination.item, list.itemCounts[source.section] - 1) }
                    try list.interactiveMove(from: source, to: destination)
                }
                // Plain comparisons, not `#expect`: this runs hundreds of thousands of times.
                let expected = model.ids
                if adapter.driver.latestSnapshot.sections.map({ $0.items.map(\.id) }) != expected
                    || adapter.displayedSnapshot.sections.map({ $0.items.map(\.id) }) != expected
                    || list.itemCounts != expected.map(\.count)
                {
                    Issue.record("\(context): the list shows \(adapter.displayedSnapshot.sections.map { $0.items.map(\.id) }), the model holds \(expected)")
                    return
                }
                if !refused.isEmpty {
                    Issue.record("\(context): \(refused)")
                    return
                }
            }
            try list.checkConsistency()
        }
    }

    @Test("undo puts a drag back, in the list and in the model; redo makes it again")
    func undoRedo() throws {
        let model = Model(Self.board())
        let (list, adapter) = try shown(model)
        try list.drop(try #require(try list.beginDrag(itemsAt: [ItemPath(item: 3, section: 0), ItemPath(item: 1, section: 0)])), at: ItemPath(item: 0, section: 1))
        #expect(model.ids == [[1, 3], [4, 2, 5, 6]])
        #expect(adapter.canUndo && !adapter.canRedo)
        #expect(adapter.undo())
        #expect(model.ids == [[1, 2, 3, 4], [5, 6]])
        #expect(adapter.displayedSnapshot.sections.map { $0.items.map(\.id) } == model.ids)
        #expect(!adapter.canUndo && adapter.canRedo)
        #expect(adapter.redo())
        #expect(model.ids == [[1, 3], [4, 2, 5, 6]])
        #expect(adapter.undo() && !adapter.undo())
        try list.checkConsistency()
    }

    @Test("an undo after a live update lands by identity; one that names a removed item is reported, not applied")
    func undoAfterLiveUpdates() throws {
        let model = Model(Self.board())
        let (list, adapter) = try shown(model)
        try list.interactiveMove(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 0, section: 1))
        #expect(model.ids == [[2, 3, 4], [1, 5, 6]])
        // A sync inserts 7 at the top and removes 4: the undo still puts 1 back before 2.
        model.sections[0].items.insert(.title(id: 7, "t7"), at: 0)
        model.sections[0].items.removeAll { $0.id == 4 }
        adapter.apply(try model.snapshot())
        #expect(adapter.undo())
        #expect(model.ids == [[7, 1, 2, 3], [5, 6]])
        // Moved again, then the moved item is deleted by a sync: the undo is a reported conflict.
        try list.interactiveMove(from: ItemPath(item: 3, section: 0), to: ItemPath(item: 2, section: 1))
        model.sections[1].items.removeAll { $0.id == 3 }
        adapter.apply(try model.snapshot())
        let before = model.ids
        var conflicts: [UndoConflict<String, Int>] = []
        adapter.onUndoConflict = { conflicts.append($0) }
        #expect(!adapter.undo())
        #expect(model.ids == before)
        #expect(conflicts == [UndoConflict(.undo, of: "Move", missingItems: [3])])
        #expect(adapter.driver.diagnostics.contains { "\($0)".contains("undo of Move conflicts with a later change") })
        adapter.recordsUndo = false
        try list.interactiveMove(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 0, section: 1))
        #expect(!adapter.canUndo)
    }

    @Test("random drags and moves, then every one undone in turn: the model is back where it began; redone: where it ended")
    func randomUndoRedo() throws {
        let seed = propertySeed()
        let count = Self.sequences / 10
        print("DragAndDropTests.randomUndoRedo seed: \(seed), \(count) sequences  (replay with TABULA_SEED=\(seed))")
        var rng = SeededGenerator(seed: seed)
        let model = Model([])
        let (list, adapter) = try shown(model)
        var next = 0
        for sequence in 0..<count {
            model.sections = (0..<Int.random(in: 1...3, using: &rng)).map { s in
                Section("s\(s)", items: (0..<Int.random(in: 0...5, using: &rng)).map { _ in
                    next += 1
                    return .title(id: next, "t\(next)")
                })
            }
            adapter.applyUsingReloadData(try model.snapshot())
            adapter.recordsUndo = false
            adapter.recordsUndo = true
            let start = model.ids
            for _ in 0..<Int.random(in: 1...5, using: &rng) {
                let counts = list.itemCounts
                let filled = counts.indices.filter { counts[$0] > 0 }
                guard let s = filled.randomElement(using: &rng) else { break }
                let source = ItemPath(item: Int.random(in: 0..<counts[s], using: &rng), section: s)
                let t = Int.random(in: 0..<counts.count, using: &rng)
                if Bool.random(using: &rng) {
                    // A drag of up to three items.
                    let sources = [source] + (0..<Int.random(in: 0...2, using: &rng)).map { _ in ItemPath(item: Int.random(in: 0..<counts[s], using: &rng), section: s) }
                    guard let drag = try list.beginDrag(itemsAt: sources) else { continue }
                    try list.drop(drag, at: ItemPath(item: Int.random(in: 0...counts[t], using: &rng), section: t))
                } else {
                    // An interactive move of one row.
                    let last = counts[t] - (t == s ? 1 : 0)
                    try list.interactiveMove(from: source, to: ItemPath(item: Int.random(in: 0...last, using: &rng), section: t))
                }
            }
            let end = model.ids
            while adapter.undo() {}
            if model.ids != start { Issue.record("seed \(seed) sequence \(sequence): undone to \(model.ids), began as \(start)"); return }
            while adapter.redo() {}
            if model.ids != end { Issue.record("seed \(seed) sequence \(sequence): redone to \(model.ids), ended as \(end)"); return }
            if adapter.displayedSnapshot.sections.map({ $0.items.map(\.id) }) != end { Issue.record("seed \(seed) sequence \(sequence): the list disagrees"); return }
        }
    }

    @Test("the decisions the UIKit and AppKit drop delegates ask for: where a drop goes, and whose drags are accepted")
    func dropDecisions() throws {
        let model = Model(Self.board())
        let (_, adapter) = try shown(model)
        let core = adapter.core
        // No position (below the last row): the end of the last section.
        #expect(core.dropPosition(for: nil) == ItemPath(item: 2, section: 1))
        #expect(core.dropPosition(for: ItemPath(item: 4, section: 0)) == ItemPath(item: 4, section: 0))
        #expect(core.dropPosition(for: ItemPath(item: 5, section: 0)) == nil)
        #expect(core.dropPosition(for: ItemPath(item: 0, section: 2)) == nil)
        #expect(core.acceptsDrop(from: core.dragSource, at: ItemPath(item: 0, section: 1)))
        #expect(!core.acceptsDrop(from: nil, at: ItemPath(item: 0, section: 1)), "a drag from another app")
        let other = try HeadlessListAdapter<String, Mixed>(listView: HeadlessListView(), cells: AdapterTests.cells())
        #expect(!core.acceptsDrop(from: other.core.dragSource, at: ItemPath(item: 0, section: 1)), "a drag from another list")
        #expect(!core.acceptsDrop(from: core.dragSource, at: ItemPath(item: 9, section: 1)))
        adapter.apply(Snapshot<String, Mixed>())
        #expect(core.dropPosition(for: nil) == nil)
    }

    @Test("AppKit's drops between rows: above an item, a header, a footer, below the last row")
    func flatRowDrops() {
        // "A" header, items 0 and 1, footer; "B" header, no items; "C" item 0.
        let rows: [FlatRow] = [
            .header(section: 0), .item(ItemPath(item: 0, section: 0)), .item(ItemPath(item: 1, section: 0)), .footer(section: 0),
            .header(section: 1), .item(ItemPath(item: 0, section: 2)),
        ]
        let counts = [2, 0, 1]
        func drop(_ row: Int) -> ItemPath? { FlatRow.dropPosition(aboveRow: row, of: rows, itemCounts: counts) }
        #expect(drop(0) == ItemPath(item: 0, section: 0), "above the first header: the top of the first section")
        #expect(drop(2) == ItemPath(item: 1, section: 0))
        #expect(drop(3) == ItemPath(item: 2, section: 0), "above a footer: the end of its section")
        #expect(drop(4) == ItemPath(item: 2, section: 0), "above a header: the end of the section before")
        #expect(drop(5) == ItemPath(item: 0, section: 2), "an item of a section without a header")
        #expect(drop(6) == ItemPath(item: 1, section: 2), "below the last row: the end of the last section")
        #expect(drop(7) == nil && drop(-1) == nil)
        #expect(FlatRow.dropPosition(aboveRow: 0, of: [], itemCounts: []) == nil)
    }
}
