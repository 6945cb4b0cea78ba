import Testing
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Tabula
import TabulaTesting

/// A row with a height of its own; a new height is new content (a reconfigure, measured again).
struct TallRow: Identifiable, Equatable, Sendable {
    var id: Int
    var height: Double
}

typealias TallSnapshot = Snapshot<Int, TallRow>

/// Random edits of a tiny sectioned list: identifiers are never reused, so an item that is in the
/// list after an update was in it through every batch of that update.
struct TallListEditor {
    var random: SeededRandomGenerator
    var nextID = 0
    var nextSection = 100

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
    mutating func height() -> Double { [20, 30, 35, 50, 80][int(0...4)] }
    mutating func fresh() -> TallRow {
        nextID += 1
        return TallRow(id: nextID, height: height())
    }

    mutating func list() throws -> TallSnapshot {
        var sections: [Section<Int, TallRow>] = []
        for _ in 0..<int(1...3) {
            nextSection += 1
            sections.append(Section(nextSection, header: chance(0.5) ? "s\(nextSection)" : nil, items: (0..<int(0...7)).map { _ in fresh() }))
        }
        return try TallSnapshot(sections)
    }

    /// A few random edits: inserts, deletes and moves anywhere, height changes, a section moved.
    mutating func edit(_ snapshot: TallSnapshot) throws -> TallSnapshot {
        var sections = snapshot.sections.map { (id: $0.id, header: $0.header, items: $0.items) }
        for _ in 0..<int(1...4) {
            let s = int(0...sections.count - 1)
            switch int(0...5) {
            case 0 where sections.map(\.items.count).reduce(0, +) < 20, 1 where sections.map(\.items.count).reduce(0, +) < 20:
                sections[s].items.insert(contentsOf: (0..<int(1...3)).map { _ in fresh() }, at: int(0...sections[s].items.count))
            case 2 where !sections[s].items.isEmpty:
                sections[s].items.remove(at: int(0...sections[s].items.count - 1))
            case 3 where !sections[s].items.isEmpty:
                let item = sections[s].items.remove(at: int(0...sections[s].items.count - 1))
                let t = int(0...sections.count - 1)
                sections[t].items.insert(item, at: int(0...sections[t].items.count))
            case 4 where !sections[s].items.isEmpty:
                sections[s].items[int(0...sections[s].items.count - 1)].height = height()
            case 5 where sections.count > 1:
                sections.swapAt(s, int(0...sections.count - 1))
            default:
                break
            }
        }
        return try TallSnapshot(sections.map { Section($0.id, header: $0.header, items: $0.items) })
    }
}

@MainActor
@Suite("Scroll anchor: the anchored row stays still through random updates of the headless view")
struct ScrollAnchorPropertyTests {
    /// Sequences run (each from a fresh list, up to four updates): `TABULA_ANCHOR_SEQUENCES`, or
    /// 100,000 in an optimised build and 4,000 in Debug, where each update costs about three times
    /// as much (the sanitizer runs are Debug builds, and must stay quick).
    static let sequences: Int = {
        if let text = getenv("TABULA_ANCHOR_SEQUENCES").map({ String(cString: $0) }), let count = Int(text) { return count }
        #if DEBUG
            return 4_000
        #else
            return 100_000
        #endif
    }()

    /// What the anchor held before an update, as the test reads it from the view.
    enum Expectation {
        case row(Int, distance: Double)
        case bottom
        case nothing
    }

    func layout(_ list: HeadlessListView, _ snapshot: TallSnapshot) -> AnchorLayout<Int> {
        list.anchorLayout { snapshot.item(at: $0)?.id }
    }

    func expectation(_ anchor: ScrollAnchor<Int>, _ layout: AnchorLayout<Int>) -> Expectation {
        switch anchor {
        case .none: return .nothing
        case .bottom where layout.isAtBottom: return .bottom
        case .bottom, .firstVisibleItem:
            return layout.firstVisibleRow.map { .row($0.id, distance: $0.minY - layout.contentOffset) } ?? .nothing
        case .firstVisibleItemIgnoring(let ignored):
            let row = layout.rows.first { $0.maxY > layout.contentOffset && !ignored.contains($0.id) }
            return row.map { .row($0.id, distance: $0.minY - layout.contentOffset) } ?? .nothing
        case .item(let id):
            return layout.row(id).map { .row(id, distance: $0.minY - layout.contentOffset) } ?? .nothing
        }
    }

    /// Whether the view after the update kept `expected`: the row at the same distance from the
    /// viewport's top, to the point (unless the content cannot be scrolled that far, and then at
    /// the nearest valid offset), or the content at its bottom.
    func holds(_ expected: Expectation, _ after: AnchorLayout<Int>) -> Bool {
        switch expected {
        case .nothing: return true
        case .bottom: return after.contentOffset == after.maxOffset
        case .row(let id, let distance):
            guard let row = after.row(id) else { return true }  // deleted: its neighbour took over
            let ideal = row.minY - distance
            return after.contentOffset == after.clamped(ideal)
        }
    }

    @Test("the anchored row keeps its distance from the viewport's top; the bottom stays at the bottom")
    func anchoredRowStaysStill() throws {
        let seed = propertySeed()
        print("ScrollAnchorPropertyTests.anchoredRowStaysStill seed \(seed) (replay with TABULA_SEED=\(seed))")
        var editor = TallListEditor(random: SeededRandomGenerator(seed: seed))
        var updates = 0, checked = 0
        let list = HeadlessListView(viewportHeight: 6)
        list.estimatedRowHeight = 30
        let adapter = try HeadlessListAdapter<Int, TallRow>(
            listView: list, cells: CellConfigurators { CellConfigurator.content { CellContent(text: "\($0.id)") } })
        adapter.measureRows(\.height)
        let driver = adapter.driver
        for run in 0..<Self.sequences {
            // Each sequence starts from a new list, every row estimated again.
            list.pointViewportHeight = [60, 150][editor.int(0...1)]
            driver.applyUsingReloadData(try editor.list())
            let ids = driver.snapshot.itemIdentifiers
            driver.scrollAnchor = switch editor.int(0...2) {
            case 0: .firstVisibleItem
            case 1: .bottom
            default: ids.isEmpty ? .bottom : .item(ids[editor.int(0...ids.count - 1)])
            }
            list.scroll(toPointOffset: Double(editor.int(0...400)))
            for step in 0..<editor.int(1...4) {
                if editor.chance(0.3) { list.scroll(toPointOffset: editor.chance(0.3) ? 10_000 : Double(editor.int(0...400))) }
                if editor.chance(0.1) { driver.scrollAnchorForNextUpdate = .firstVisibleItem }
                let anchor = driver.activeScrollAnchor
                let expected = expectation(anchor, layout(list, driver.snapshot))
                let kind = try update(driver, &editor)
                updates += 1
                let after = layout(list, driver.snapshot)
                if case .nothing = expected {} else { checked += 1 }
                guard holds(expected, after) else {
                    Issue.record("TABULA_SEED=\(seed) run \(run) step \(step) (\(kind)): \(anchor) held \(expected), now offset \(after.contentOffset) of \(after.maxOffset), rows \(after.rows.map { "\($0.id)@\($0.minY)" })")
                    return
                }
            }
        }
        print("ScrollAnchorPropertyTests: \(Self.sequences) sequences, \(updates) updates, \(checked) with something held")
        #expect(checked > Self.sequences)
    }

    /// One update of a random kind: a diffed snapshot (sometimes interrupted by a newer one as its
    /// first stage shows, or followed by another from its completion), an edit in place, or a reload.
    func update(_ driver: ListDriver<Int, TallRow>, _ editor: inout TallListEditor) throws -> String {
        switch editor.int(0...9) {
        case 0...3:
            let next = try editor.edit(driver.snapshot)
            let followUp = try editor.edit(next)
            let kind = editor.int(0...2)
            if kind == 1 {
                // Interrupted: a newer snapshot arrives as the first stage starts.
                driver.onChangeset = { [weak driver] _ in
                    driver?.onChangeset = nil
                    driver?.apply(followUp)
                }
            }
            driver.apply(next, animatingDifferences: editor.chance(0.8)) { [weak driver] _ in
                if kind == 2 { driver?.apply(followUp) }  // chained
            }
            driver.onChangeset = nil
            return ["diffed", "interrupted", "chained"][kind]
        case 4, 5:
            let items = driver.snapshot.itemIdentifiers
            guard let id = items.randomElement(using: &editor.random), let path = driver.snapshot.itemPath(for: id), var item = driver.snapshot.item(at: path) else { return "nothing" }
            item.height = editor.height()
            try driver.apply(.update([item]))
            return "in-place update"

        case 6 where driver.snapshot.numberOfSections > 0 && driver.snapshot.numberOfItems < 20:
            try driver.apply(.append([editor.fresh(), editor.fresh()]))
            return "in-place append"
        case 7:
            let items = driver.snapshot.itemIdentifiers
            guard let id = items.randomElement(using: &editor.random) else { return "nothing" }
            try driver.apply(.delete([id]))
            return "in-place delete"
        case 8:
            driver.applyUsingReloadData(try editor.edit(driver.snapshot))
            return "reload"
        default:
            driver.apply(try editor.edit(driver.snapshot), animatingDifferences: false)
            return "diffed without animation"
        }
    }
}
