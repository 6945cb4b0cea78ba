import Foundation
import Tabula
import TabulaTesting
import Testing

/// What VoiceOver meets in a headless list, and where its cursor goes as the list changes.
@MainActor
@Suite("Accessibility: rows as VoiceOver meets them, focus that keeps its place")
struct AccessibilityFocusTests {
    typealias Model = [(id: String, items: [Int])]

    static func snapshot(_ model: Model) throws -> Snapshot<String, Mixed> {
        try Snapshot(model.map { Section($0.id, header: "Section \($0.id)", items: $0.items.map { .title(id: $0, "t\($0)") }) })
    }

    /// The neighbour rule, written against the test's own model: the same item anywhere; else the
    /// next survivor of its old section, else the previous one, else the first item of the nearest
    /// surviving non-empty section after, then before.
    static func expectedFocus(_ id: Int, old: Model, new: Model) -> Int? {
        let survivors = Set(new.flatMap(\.items))
        if survivors.contains(id) { return id }
        guard let s = old.firstIndex(where: { $0.items.contains(id) }) else { return nil }
        let row = old[s].items.firstIndex(of: id)!
        if let next = old[s].items[(row + 1)...].first(where: survivors.contains) { return next }
        if let previous = old[s].items[..<row].last(where: survivors.contains) { return previous }
        let newSections = Dictionary(uniqueKeysWithValues: new.map { ($0.id, $0.items) })
        let after = old[(s + 1)...].lazy.compactMap { newSections[$0.id]?.first }.first
        return after ?? old[..<s].reversed().lazy.compactMap { newSections[$0.id]?.first }.first
    }

    static func adapter() throws -> HeadlessListAdapter<String, Mixed> {
        try HeadlessListAdapter<String, Mixed>(listView: HeadlessListView(viewportHeight: nil), cells: AdapterTests.cells())
    }

    @Test("every swipe and context-menu action of a row is one of its custom actions, and performs")
    func customActions() throws {
        let adapter = try Self.adapter()
        let log = ActionLog()
        adapter.leadingSwipeActions = { item, _ in [HeadlessAction("Pin \(item.id)") { log.performed.append("pin") }] }
        adapter.trailingSwipeActions = { item, _ in [HeadlessAction("Archive", isDestructive: true) { log.performed.append("archive \(item.id)") }] }
        adapter.contextMenu = { _, _ in [HeadlessAction("Copy") { log.performed.append("copy") }, HeadlessAction("Share") {}] }
        adapter.onSelect = { _, _ in }
        adapter.apply(try Self.snapshot([("a", [1, 2]), ("b", [3])]))
        try adapter.selectItem(2)
        let row = try #require(adapter.accessibilityElement(at: ItemPath(item: 1, section: 0)))
        #expect(row.label == "t2")
        #expect(row.traits == [.button, .selected])
        #expect(row.customActions.map(\.title) == ["Pin 2", "Archive", "Copy", "Share"])
        row.customAction(titled: "Archive")?.perform()
        row.customAction(titled: "Copy")?.perform()
        #expect(log.performed == ["archive 2", "copy"])
        #expect(adapter.accessibilityElement(at: ItemPath(item: 0, section: 1))?.traits == [.button])
        #expect(adapter.accessibilityHeader(inSection: 1)?.label == "Section b")
        #expect(adapter.accessibilityHeader(inSection: 1)?.traits == .header)
        #expect(adapter.accessibilityElement(at: ItemPath(item: 5, section: 0)) == nil)
    }

    @Test("a menu entry titled as one of the row's swipe actions is offered once, as the swipe")
    func menuEntryBesideSwipe() throws {
        let adapter = try Self.adapter()
        let log = ActionLog()
        adapter.trailingSwipeActions = { _, _ in [HeadlessAction("Delete", isDestructive: true) { log.performed.append("swipe") }] }
        adapter.contextMenu = { _, _ in [HeadlessAction("Share") {}, HeadlessAction("Delete") { log.performed.append("menu") }] }
        adapter.apply(try Self.snapshot([("a", [1])]))
        let row = try #require(adapter.accessibilityElement(at: ItemPath(item: 0, section: 0)))
        #expect(row.customActions.map(\.title) == ["Delete", "Share"])
        row.customAction(titled: "Delete")?.perform()
        #expect(log.performed == ["swipe"])
        #expect(ListRowAction.accessibleEntries(titled: ["Pin", "Delete", "Share"], besides: ["Delete", "Archive"]) == [0, 2])
        #expect(ListRowAction.accessibleEntries(titled: ["Pin"], besides: []) == [0])
    }

    /// The UIKit glue's rule for a reused cell, run with stand-ins for its custom actions.
    @Test("a cell configured again keeps the app's actions and value, and trades Tabula's for the new row's")
    func mergeOnReuse() {
        struct Action: Equatable {
            var title: String
            var tabulas = false
            var value: String?
        }
        func merge(_ current: [Action], value: String?, adding added: [Action], _ newValue: String?) -> (actions: [Action]?, value: String?) {
            RowAccessibilityMerge.merge(
                actions: current, value: value, isTabulas: \.tabulas, valueOf: \.value, adding: added, value: newValue)
        }
        let pin = Action(title: "Pin")
        let collapse = Action(title: "Collapse", tabulas: true, value: "expanded")
        let expand = Action(title: "Expand", tabulas: true, value: "collapsed")
        let share = Action(title: "Share", tabulas: true)
        // A first configuration: the app's action first, Tabula's after it, the value set.
        let first = merge([pin], value: nil, adding: [share, collapse], "expanded")
        #expect(first.actions == [pin, share, collapse] && first.value == "expanded")
        // The same cell for a collapsed row: Tabula's value and actions replaced, the app's kept.
        let second = merge(first.actions!, value: first.value, adding: [expand], "collapsed")
        #expect(second.actions == [pin, expand] && second.value == "collapsed")
        // A value the app set stays.
        #expect(merge([pin, collapse], value: "3 unread", adding: [expand], "collapsed").value == "3 unread")
        // Reused for a row with nothing of Tabula's: only the app's, and no value of Tabula's.
        let plain = merge([pin, collapse], value: "expanded", adding: [], nil)
        #expect(plain.actions == [pin] && plain.value == nil)
        #expect(merge([collapse], value: "expanded", adding: [], nil).actions == nil)
    }

    /// An action a UIKit cell was given earlier names its entry by title and place; the menu its
    /// handler builds when the action is performed may have changed since.
    @Test("an entry offered earlier runs the entry of the menu built now that bears its title, never another")
    func entryOfChangedMenu() {
        // The only entry so titled, wherever it went.
        #expect(ListRowAction.entry(titled: "Delete", at: 1, in: ["Copy", "Delete"]) == 1)
        #expect(ListRowAction.entry(titled: "Delete", at: 1, in: ["Pin", "Copy", "Delete"]) == 2)
        // Several so titled: the one at the same place, else none.
        #expect(ListRowAction.entry(titled: "Move", at: 2, in: ["Move", "Copy", "Move"]) == 2)
        #expect(ListRowAction.entry(titled: "Move", at: 1, in: ["Move", "Copy", "Move"]) == nil)
        // Gone.
        #expect(ListRowAction.entry(titled: "Delete", at: 0, in: ["Copy"]) == nil)
        #expect(ListRowAction.entry(titled: "Delete", at: 0, in: []) == nil)
    }

    /// What a UIKit cell's menu actions read when performed: the row of their item as the list
    /// holds it then, built by the handlers for the item's new place.
    @Test("a row read by its item follows the item's moves, its menu built anew, and ends with it")
    func rowByItem() throws {
        let adapter = try Self.adapter()
        let log = ActionLog()
        adapter.contextMenu = { item, path in
            [HeadlessAction("Copy \(item.id) at \(path.section).\(path.item)") { log.performed.append("copy \(item.id)") }]
        }
        adapter.apply(try Self.snapshot([("a", [1, 2]), ("b", [3])]))
        #expect(adapter.core.accessibilityRow(of: 2)?.contextMenu?.map(\.title) == ["Copy 2 at 0.1"])
        adapter.apply(try Self.snapshot([("b", [3, 2]), ("a", [1])]))
        let moved = try #require(adapter.core.accessibilityRow(of: 2))
        #expect(moved.id == 2)
        #expect(moved.contextMenu?.map(\.title) == ["Copy 2 at 0.1"])
        adapter.apply(try Self.snapshot([("a", [1]), ("b", [2, 3])]))
        #expect(adapter.core.accessibilityRow(of: 2)?.contextMenu?.map(\.title) == ["Copy 2 at 1.0"])
        adapter.core.accessibilityRow(of: 2)?.contextMenu?.first?.perform()
        #expect(log.performed == ["copy 2"])
        adapter.apply(try Self.snapshot([("a", [1]), ("b", [3])]))
        #expect(adapter.core.accessibilityRow(of: 2) == nil)
        adapter.contextMenu = nil
        #expect(adapter.core.accessibilityRow(of: 3)?.contextMenu == nil)
    }

    @Test("a deletable row offers Delete as a custom action where the view shows it as a swipe")
    func deleteAction() throws {
        let list = HeadlessListView(flavor: .collection, viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: AdapterTests.cells())
        adapter.canDelete = { _ in true }
        adapter.apply(try Self.snapshot([("a", [1, 2])]))
        let row = try #require(adapter.accessibilityElement(at: ItemPath(item: 0, section: 0)))
        #expect(row.customActions.map(\.title) == ["Delete"])
        row.customActions.first?.perform()
        #expect(adapter.displayedSnapshot.itemIdentifiers == [2])
        #expect(adapter.accessibilityElement(at: ItemPath(item: 0, section: 0))?.traits == [])
    }

    /// Sequences run by the property test: `TABULA_SEQUENCES` overrides.
    static var sequences: Int {
        if let text = ProcessInfo.processInfo.environment["TABULA_SEQUENCES"], let count = Int(text) { return count }
        #if DEBUG
        return rounds(10_000)
        #else
        return 100_000
        #endif
    }

    /// A random change of the model: items deleted, inserted and moved within and across sections,
    /// sections deleted, inserted and moved.
    static func changed(_ model: Model, next: inout Int, using random: inout SeededRandomGenerator) -> Model {
        var model = model
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<3 where !model.isEmpty:
                let s = Int.random(in: model.indices, using: &random)
                if !model[s].items.isEmpty { model[s].items.remove(at: Int.random(in: model[s].items.indices, using: &random)) }
            case 3..<5 where !model.isEmpty:
                let s = Int.random(in: model.indices, using: &random)
                model[s].items.insert(next, at: Int.random(in: 0...model[s].items.count, using: &random))
                next += 1
            case 5..<7 where !model.isEmpty:
                let from = Int.random(in: model.indices, using: &random), to = Int.random(in: model.indices, using: &random)
                guard !model[from].items.isEmpty else { continue }
                let item = model[from].items.remove(at: Int.random(in: model[from].items.indices, using: &random))
                model[to].items.insert(item, at: Int.random(in: 0...model[to].items.count, using: &random))
            case 7 where !model.isEmpty:
                model.remove(at: Int.random(in: model.indices, using: &random))
            case 8:
                let items = (0..<Int.random(in: 0...3, using: &random)).map { next + $0 }
                next += items.count
                model.insert(("s\(next)", items), at: Int.random(in: 0...model.count, using: &random))
                next += 1
            default:
                if model.count > 1 { model.swapAt(0, model.count - 1) }
            }
        }
        return model
    }

    @Test("across random updates VoiceOver focus stays on its item, else on the documented neighbour")
    func focusKeepsItsPlace() throws {
        let seed = propertyTestSeed()
        print("AccessibilityFocusTests.focusKeepsItsPlace seed \(seed) (TABULA_SEED=\(seed) replays it)")
        var random = SeededRandomGenerator(seed: seed)
        let adapter = try Self.adapter()
        var moved = 0, neighbours = 0
        for sequence in 0..<Self.sequences {
            var next = 100
            var model: Model = (0..<Int.random(in: 1...3, using: &random)).map { s in
                ("s\(s)", (0..<Int.random(in: 0...4, using: &random)).map { s * 10 + $0 })
            }
            adapter.applyUsingReloadData(try Self.snapshot(model))
            guard let start = model.indices.first(where: { !model[$0].items.isEmpty }) else { continue }
            adapter.focus(at: ItemPath(item: Int.random(in: model[start].items.indices, using: &random), section: start))
            for step in 0..<4 {
                guard let focused = adapter.focusedItem else { break }
                var new = model
                switch Int.random(in: 0..<6, using: &random) {
                case 0..<3:
                    new = Self.changed(model, next: &next, using: &random)
                    adapter.apply(try Self.snapshot(new))
                case 3:
                    new = Self.changed(model, next: &next, using: &random)
                    adapter.applyUsingReloadData(try Self.snapshot(new))
                case 4:
                    let all = model.flatMap(\.items)
                    let gone = all.filter { _ in Bool.random(using: &random) }
                    for s in new.indices { new[s].items.removeAll(where: gone.contains) }
                    try adapter.driver.apply(.delete(gone))
                default:
                    let ids = model.flatMap(\.items).filter { _ in Bool.random(using: &random) }
                    try adapter.driver.apply(.update(ids.map { .title(id: $0, "edited \($0)") }))
                    if let s = new.indices.randomElement(using: &random) {
                        new[s].items.append(next)
                        try adapter.driver.apply(.append([.title(id: next, "t\(next)")], toSection: new[s].id))
                        next += 1
                    }
                }
                let expected = Self.expectedFocus(focused, old: model, new: new)
                // Plain comparisons in the loop: `#expect` per step would dominate a Debug run.
                guard adapter.displayedSnapshot.sectionIdentifiers == new.map(\.id),
                      adapter.focusedItem == expected,
                      expected.map({ adapter.displayedSnapshot.itemPath(for: $0) == adapter.focusedPath }) ?? true
                else {
                    Issue.record("sequence \(sequence) step \(step): focus on \(String(describing: adapter.focusedItem)), expected \(String(describing: expected)) after \(focused) in \(model) → \(new)")
                    return
                }
                if expected == focused { moved += 1 } else if expected != nil { neighbours += 1 }
                model = new
            }
        }
        // Both halves of the rule were exercised.
        #expect(moved > 0 && neighbours > 0)
    }
}

/// What the actions a test performs did, in order.
@MainActor
final class ActionLog {
    var performed: [String] = []
}
