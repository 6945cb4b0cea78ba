import Tabula
import TabulaTesting
import Testing

/// An item whose content is a version number: `a`, `a'`, `a''`…
struct Entry: Identifiable, Equatable, Sendable {
    var id: String
    var version = 0
    var text: String { id + String(repeating: "'", count: version) }
}

typealias EntrySnapshot = Snapshot<String, Entry>

/// A headless list view driven by a `ListDriver`, whose batch completions are held back as long as
/// ``holding`` is set (``HoldingListView``). It is the view's data source (answering with the
/// driver's snapshot), and acknowledges the rows the user moves.
@MainActor
final class HeldListView: HoldingListView, HeadlessListDataSource {
    let driver: ListDriver<String, Entry>

    init(flavor: ListFlavor = .table, updates: UpdateKind = .reload) {
        driver = ListDriver(updates: updates)
        super.init(flavor: flavor, holding: true)
        list.dataSource = self
        driver.view = self
    }

    /// Completes batches until the driver has nothing left to do.
    func settle() { completeAll() }

    /// What the view should show for `snapshot`: every header, row and footer.
    static func rendering(of snapshot: EntrySnapshot) -> String {
        snapshot.sections.flatMap { section -> [String] in
            (section.header.map { ["## \($0)"] } ?? []) + section.items.map { "   \($0.text)" }
                + (section.footer.map { ["   (\($0))"] } ?? [])
        }.joined(separator: "\n")
    }

    // MARK: HeadlessListDataSource

    func numberOfSections(in listView: HeadlessListView) -> Int { driver.snapshot.numberOfSections }
    func listView(_ listView: HeadlessListView, numberOfItemsInSection section: Int) -> Int { driver.snapshot.numberOfItems(inSectionAt: section) }
    func listView(_ listView: HeadlessListView, cellForItemAt path: ItemPath) throws -> HeadlessCell {
        let cell = try listView.dequeueReusableCell(withIdentifier: "cell", for: path)
        cell.text = try driver.snapshot.existingItem(at: path).text
        return cell
    }
    func listView(_ listView: HeadlessListView, titleForHeaderInSection section: Int) -> String? { driver.snapshot.section(at: section)?.header }
    func listView(_ listView: HeadlessListView, titleForFooterInSection section: Int) -> String? { driver.snapshot.section(at: section)?.footer }
    func listView(_ listView: HeadlessListView, canMoveItemAt path: ItemPath) -> Bool { true }
    func listView(_ listView: HeadlessListView, moveItemAt source: ItemPath, to destination: ItemPath) throws {
        try driver.acknowledgeMove(from: source, to: destination)
    }
}

@MainActor
@Suite("Interrupted updates: whatever lands mid-update, the screen ends showing the latest data")
struct InterruptedUpdateTests {
    /// What lands while a stage animates.
    enum Interruption: CaseIterable, CustomStringConvertible {
        /// A new snapshot: the target with one more row in the section whose title changes.
        case apply
        /// `updateItems` of a row of the target.
        case updateItems
        /// The user drags a row of the section whose title changes (`acknowledgeMove`).
        case acknowledgeMove
        /// Another part of a `ComposedList` changes.
        case composedPart

        var description: String {
            switch self {
            case .apply: return "apply"
            case .updateItems: return "updateItems"
            case .acknowledgeMove: return "acknowledgeMove"
            case .composedPart: return "a ComposedList part update"
            }
        }
    }

    func entries(_ text: String) -> [Entry] {
        text.split(separator: " ").map { Entry(id: String($0.prefix { $0 != "'" }), version: $0.count { $0 == "'" }) }
    }

    func snapshot(_ sections: [(id: String, header: String?, items: String, footer: String?)]) throws -> EntrySnapshot {
        try EntrySnapshot(sections.map { Section($0.id, header: $0.header, footer: $0.footer, items: entries($0.items)) })
    }

    /// The section another part of the list adds, before and after it changes.
    var tail: EntrySnapshot { get throws { try snapshot([("tail", "Tail", "z", nil)]) } }
    var changedTail: EntrySnapshot { get throws { try snapshot([("tail", "Tail", "z y", nil)]) } }

    func joined(_ parts: EntrySnapshot...) throws -> EntrySnapshot { try EntrySnapshot(parts.flatMap(\.sections)) }

    /// Shows `old` (and the tail part), applies `new`, lets `stage` + 1 batches run, interrupts with
    /// `interruption`, completes everything, and checks the view at rest against the latest data.
    func check(_ old: EntrySnapshot, _ new: EntrySnapshot, interruptedAfter stage: Int, by interruption: Interruption) throws {
        let view = HeldListView()
        let driver = view.driver
        let context = "interrupted after stage \(stage) by \(interruption)"
        var composed: ComposedList<String, String, Entry>?
        view.holding = false
        if interruption == .composedPart {
            let list = try ComposedList(driver: driver, parts: ["main", "tail"])
            list.update("main", with: old)
            list.update("tail", with: try tail)
            composed = list
        } else {
            driver.apply(try joined(old, tail))
        }
        try #require(driver.snapshot == (try joined(old, tail)) && view.list.hasLoadedData)
        view.holding = true
        let batchesBefore = view.batches
        if let composed { composed.update("main", with: new) } else { driver.apply(try joined(new, tail)) }
        while view.batches < batchesBefore + stage + 1 && driver.isUpdating { view.completeOne() }
        try #require(view.batches == batchesBefore + stage + 1, "\(context): the update has that many stages")

        var expected = try joined(new, tail)
        let titled = try #require(new.sections.first { section in old.section(section.id).map { !$0.hasSameTitles(as: section) } ?? false })
        switch interruption {
        case .apply:
            let last = try #require(expected.items(inSection: titled.id)?.last)
            try expected.insertItems([Entry(id: "late")], afterItem: last.id)
            driver.apply(expected)
        case .updateItems:
            var item = try #require(titled.items.first)
            item.version += 5
            try expected.updateItems([item])
            try driver.apply(.update([item]))
        case .acknowledgeMove:
            // The user drags the first row of the section down by one; the update in flight is
            // then shown again from what the view shows.
            let section = try #require(driver.snapshot.sectionIndex(of: titled.id))
            try #require(driver.snapshot.numberOfItems(inSectionAt: section) >= 2)
            try view.list.interactiveMove(from: ItemPath(item: 0, section: section), to: ItemPath(item: 1, section: section))
        case .composedPart:
            expected = try joined(new, changedTail)
            composed?.update("tail", with: try changedTail)
        }
        view.settle()

        #expect(!driver.isUpdating)
        #expect(driver.snapshot == expected, "\(context)")
        #expect(view.list.renderedText() == HeldListView.rendering(of: expected), "\(context)")
        #expect(view.list.headerTitle(forSection: try #require(expected.sectionIndex(of: titled.id))) == titled.header, "\(context)")
        #expect(view.rejections.isEmpty && driver.diagnostics.isEmpty, "\(context): \(view.rejections) \(driver.diagnostics)")
        #expect(view.list.counters.reloads == 1, "\(context): shown by batch updates, not by reloadData")
    }

    @Test("a header change survives an update interrupted after its first stage (a move) or its last", arguments: Interruption.allCases)
    func headerAfterMove(_ interruption: Interruption) throws {
        // Stage one moves b; the update of c and the new header follow in a second stage.
        let old = try snapshot([("s", "h0", "a b c", nil)])
        let new = try snapshot([("s", "h1", "b a c'", nil)])
        let stages = Changeset(from: try joined(old, tail), to: try joined(new, tail)).stages
        try #require(stages.count == 2)
        for stage in stages.indices { try check(old, new, interruptedAfter: stage, by: interruption) }
    }

    @Test("header and footer changes survive an update interrupted after any of its four stages", arguments: Interruption.allCases)
    func titlesThroughEveryStage(_ interruption: Interruption) throws {
        // Removals (a section and a row), a section inserted, rows moved, then the updates of
        // moved rows, with the titles.
        let old = try snapshot([("s", "h0", "a b c d", "f0"), ("gone", "Gone", "x", nil), ("t", "T", "p q", nil)])
        let new = try snapshot([("n", "New", "e", nil), ("s", "h1", "b' a' c", "f1"), ("t", nil, "q p'", "note")])
        let stages = Changeset(from: try joined(old, tail), to: try joined(new, tail)).stages
        try #require(stages.count == 4, "\(stages.map(\.update))")
        for stage in stages.indices { try check(old, new, interruptedAfter: stage, by: interruption) }
    }
}

/// Random lists with titles, and random edits of them: sections inserted, deleted and swapped,
/// titles changed, rows inserted, deleted, moved within and across sections, and changed.
struct TitledListEditor {
    var random: SeededRandomGenerator
    private var nextItem = 0, nextSection = 0

    init(replaying value: UInt64) { random = SeededRandomGenerator(seed: value) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

    mutating func title(_ prefix: String) -> String? { chance(0.25) ? nil : "\(prefix)\(int(0...3))" }

    mutating func freshItems(_ count: Int, prefix: String) -> [Entry] {
        (0..<count).map { _ in
            nextItem += 1
            return Entry(id: "\(prefix)\(nextItem)")
        }
    }

    mutating func freshSection(prefix: String) -> Section<String, Entry> {
        nextSection += 1
        return Section("\(prefix)s\(nextSection)", header: title("H"), footer: chance(0.3) ? title("F") : nil, items: freshItems(int(0...4), prefix: prefix))
    }

    mutating func list(prefix: String) throws -> EntrySnapshot {
        try EntrySnapshot((0..<int(1...3)).map { _ in freshSection(prefix: prefix) })
    }

    mutating func edit(_ snapshot: EntrySnapshot, prefix: String) throws -> EntrySnapshot {
        var sections = snapshot.sections
        if !sections.isEmpty && chance(0.15) { sections.remove(at: int(0...(sections.count - 1))) }
        if sections.count < 4 && chance(0.2) { sections.insert(freshSection(prefix: prefix), at: int(0...sections.count)) }
        if sections.count > 1 && chance(0.2) { sections.swapAt(int(0...(sections.count - 1)), int(0...(sections.count - 1))) }
        for s in sections.indices {
            if chance(0.35) { sections[s].header = title("H") }
            if chance(0.2) { sections[s].footer = chance(0.5) ? nil : title("F") }
            if !sections[s].items.isEmpty && chance(0.3) { sections[s].items.remove(at: int(0...(sections[s].items.count - 1))) }
            if sections[s].items.count < 7 && chance(0.3) {
                sections[s].items.insert(contentsOf: freshItems(int(1...2), prefix: prefix), at: int(0...sections[s].items.count))
            }
            if sections[s].items.count > 1 && chance(0.4) {
                let item = sections[s].items.remove(at: int(0...(sections[s].items.count - 1)))
                sections[s].items.insert(item, at: int(0...sections[s].items.count))
            }
            for i in sections[s].items.indices where chance(0.25) { sections[s].items[i].version += 1 }
        }
        if sections.count > 1 && chance(0.3) {
            let from = int(0...(sections.count - 1)), to = int(0...(sections.count - 1))
            if !sections[from].items.isEmpty {
                let item = sections[from].items.remove(at: int(0...(sections[from].items.count - 1)))
                sections[to].items.insert(item, at: int(0...sections[to].items.count))
            }
        }
        return try EntrySnapshot(sections)
    }
}

@MainActor
@Suite("Interrupted updates, at random")
struct RandomInterruptionTests {
    /// At rest, the view shows `expected`: every header, footer and cell (the viewport shows all),
    /// reached by batch updates alone.
    func checkAtRest(_ view: HeldListView, _ expected: EntrySnapshot, _ context: @autoclosure () -> String) {
        #expect(!view.driver.isUpdating, "\(context())")
        #expect(view.driver.snapshot == expected, "\(context())")
        #expect(view.list.renderedText() == HeldListView.rendering(of: expected), "\(context())")
        #expect(view.rejections.isEmpty && view.driver.diagnostics.isEmpty, "\(context()): \(view.rejections) \(view.driver.diagnostics)")
        #expect(view.list.counters.reloads == 1, "\(context()): shown by batch updates, not by reloadData")
    }

    @Test("applies, updateItems, user moves and ComposedList parts landing mid-update: at rest the view shows the latest data")
    func randomInterruptions() throws {
        let replay = propertyTestSeed()
        print("RandomInterruptionTests.randomInterruptions: TABULA_SEED=\(replay) replays this run")
        var editor = TitledListEditor(replaying: replay)
        var interrupted = 0
        for run in 0..<240 {
            let flavor: ListFlavor = editor.chance(0.5) ? .table : .collection
            let view = HeldListView(flavor: flavor, updates: editor.chance(0.5) ? .reload : .reconfigure)
            let driver = view.driver
            // Every reconfigure addresses the same row before and after its batch, whichever state
            // UIKit reads it in.
            driver.onChangeset = { changeset in
                var previous = changeset.source
                for stage in changeset.stages {
                    for path in stage.update.reconfiguredItems {
                        #expect(previous.item(at: path)?.id == stage.snapshot.item(at: path)?.id, "TABULA_SEED=\(replay) run \(run): \(stage.update)")
                    }
                    previous = stage.snapshot
                }
            }
            let composed = run % 3 == 2 ? try ComposedList(driver: driver, parts: ["top", "bottom"]) : nil
            var parts = ["top": try editor.list(prefix: "t"), "bottom": try editor.list(prefix: "b")]
            func combined() throws -> EntrySnapshot { try EntrySnapshot(parts["top"]!.sections + parts["bottom"]!.sections) }

            view.holding = false
            var expected = try combined()
            if let composed {
                composed.update("top", with: parts["top"]!)
                composed.update("bottom", with: parts["bottom"]!)
            } else {
                driver.apply(expected)
            }
            view.holding = true
            for step in 0..<10 {
                let context = "TABULA_SEED=\(replay) run \(run) step \(step) (\(flavor), \(composed == nil ? "driver" : "composed"))"
                if driver.isUpdating { interrupted += 1 }
                if let composed {
                    let part = editor.chance(0.5) ? "top" : "bottom"
                    parts[part] = try editor.edit(parts[part]!, prefix: part == "top" ? "t" : "b")
                    expected = try combined()
                    composed.update(part, with: parts[part]!)
                } else {
                    switch editor.int(0...9) {
                    case 0...4:
                        expected = try editor.edit(driver.latestSnapshot, prefix: "t")
                        driver.apply(expected)
                    case 5...7:
                        // One to three rows, a row possibly named more than once.
                        let latest = driver.latestSnapshot
                        let ids = latest.itemIdentifiers
                        guard !ids.isEmpty else { continue }
                        var items = [Entry]()
                        for _ in 0..<editor.int(1...3) {
                            let id = ids[editor.int(0...(ids.count - 1))]
                            var item = try #require(latest.itemPath(for: id).flatMap(latest.item(at:)))
                            item.version += editor.int(0...2)
                            items.append(item)
                        }
                        expected = latest
                        try expected.updateItems(items)
                        try driver.apply(.update(items))
                        #expect(driver.latestSnapshot == expected, "\(context)")
                    default:
                        // The user drags a row the view shows; what the screen ends at is then
                        // the driver's latest state (a waiting update takes the move along).
                        let counts = view.list.itemCounts
                        let filled = counts.indices.filter { counts[$0] > 0 }
                        guard !filled.isEmpty else { continue }
                        let from = filled[editor.int(0...(filled.count - 1))]
                        let to = editor.int(0...(counts.count - 1))
                        let source = ItemPath(item: editor.int(0...(counts[from] - 1)), section: from)
                        let room = counts[to] - (to == from ? 1 : 0)
                        try view.list.interactiveMove(from: source, to: ItemPath(item: editor.int(0...room), section: to))
                        expected = driver.latestSnapshot
                    }
                }
                // Some of the batches in flight finish before the next change lands.
                for _ in 0..<editor.int(0...2) { view.completeOne() }
                if editor.chance(0.15) {
                    view.settle()
                    checkAtRest(view, expected, context)
                }
            }
            view.settle()
            checkAtRest(view, expected, "TABULA_SEED=\(replay) run \(run), at the end")
        }
        #expect(interrupted > 500, "changes landed while an update was in flight")
    }
}
