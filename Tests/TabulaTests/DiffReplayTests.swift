import Testing
@testable import Tabula
import TabulaTesting

/// Replays a changeset through the headless list view (which checks UIKit's rules for every stage
/// and keeps cells the way UIKit does) and checks that the screen ends up showing the target.
@MainActor
func replay(
    _ old: RowSnapshot, _ new: RowSnapshot, options: DiffOptions = DiffOptions(), flavor: ListFlavor = .table
) throws -> Changeset<String, Row> {
    let list = HeadlessListView(flavor: flavor, viewportHeight: nil)
    let source = HeadlessSnapshotDataSource<String, Row>(listView: list, options: options) { cell, row in
        cell.text = row.description
    }
    try source.apply(old)
    let changeset = try source.apply(new)
    #expect(changeset.stages.last?.snapshot ?? old == new)
    // Each stage's snapshot is what the data source answers during that stage: its index must agree
    // with its sections (stage two rearranges stage one's sections without indexing them again).
    for stage in changeset.stages {
        stage.snapshot._checkInvariantsNow()
        for (s, section) in stage.snapshot.sections.enumerated() {
            for (i, row) in section.items.enumerated() where stage.snapshot.itemPath(for: row.id) != ItemPath(item: i, section: s) {
                Issue.record("stage snapshot indexes \(row.id) at \(String(describing: stage.snapshot.itemPath(for: row.id))), not (\(s), \(i))")
            }
        }
    }
    // What the cells show must be the target, item for item: a missing reload leaves stale text,
    // a wrong move leaves an item in the wrong place.
    var expected = [ItemPath: String]()
    for (s, section) in new.sections.enumerated() {
        for (i, row) in section.items.enumerated() { expected[ItemPath(item: i, section: s)] = row.description }
    }
    #expect(list.visibleTexts() == expected, "screen differs from target\nold: \(old)\nnew: \(new)\nstages: \(changeset.stages.map(\.update))")
    #expect(list.itemCounts == new.sections.map(\.items.count))
    for (s, section) in new.sections.enumerated() {
        #expect(list.headerTitle(forSection: s) == section.header)
    }
    return changeset
}

/// The fewest moves, computed independently with a quadratic longest-increasing-subsequence.
func minimumMoves(_ old: RowSnapshot, _ new: RowSnapshot) -> (items: Int, sections: Int) {
    func lisLength(_ values: [Int]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for i in values.indices { for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) } }
        return best.max() ?? 0
    }
    let oldSectionIDs = old.sectionIdentifiers
    let matchedSections = new.sectionIdentifiers.compactMap { oldSectionIDs.firstIndex(of: $0) }
    let sectionMoves = matchedSections.count - lisLength(matchedSections)
    var itemMoves = 0
    for section in new.sections {
        guard old.containsSection(section.id) else { continue }
        var sameSectionRows = [Int]()
        for row in section.items {
            guard let from = old.itemPath(for: row.id), old.containsSection(old.sections[from.section].id) else { continue }
            let fromSection = old.sections[from.section].id
            if fromSection == section.id {
                sameSectionRows.append(from.item)
            } else if new.containsSection(fromSection) {
                itemMoves += 1  // between two surviving sections: always a move
            }
        }
        itemMoves += sameSectionRows.count - lisLength(sameSectionRows)
    }
    return (itemMoves, sectionMoves)
}

@Suite("Diff: replay through the headless view")
@MainActor
struct DiffReplayTests {
    @Test("20,000 random snapshot pairs replay to the target with the fewest moves")
    func randomPairs() throws {
        let seed = propertySeed()
        print("DiffReplayTests.randomPairs seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var generator = SnapshotPairGenerator(seed: seed)
        var kinds = [String: Int]()
        for iteration in 0..<rounds(20_000) {
            let (old, new, kind) = generator.pair()
            kinds[kind, default: 0] += 1
            let options = DiffOptions(updates: iteration % 2 == 0 ? .reload : .reconfigure)
            let flavor: ListFlavor = iteration % 3 == 0 ? .collection : .table
            // Every other pair with the lookups of items off the run put off (as for large lists).
            let changeset = try _lookupDeferralThreshold.withValue(iteration % 2 == 1 ? 0 : .max) {
                try replay(old, new, options: options, flavor: flavor)
            }
            let minimum = minimumMoves(old, new)
            #expect(changeset.statistics.movedItems == minimum.items, "seed \(seed) iteration \(iteration)")
            #expect(changeset.statistics.movedSections == minimum.sections, "seed \(seed) iteration \(iteration)")
            if Test.current != nil, changeset.statistics.movedItems != minimum.items { break }
        }
        #expect(kinds.count == 8, "every kind of change was generated: \(kinds)")
    }

    @Test(
        "longer lists: runs broken by inserts, moved items and blocks, deletion runs, rows from deleted sections; items off the run looked up at once, or put off and matched either way",
        arguments: [false, true])
    func longerLists(deferring: Bool) throws {
        // Lookups are put off for indexes out of cache only; 0 makes every list take that path.
        try _lookupDeferralThreshold.withValue(deferring ? 0 : .max) { try longerListRounds() }
    }

    func longerListRounds() throws {
        let seed = propertySeed()
        print("DiffReplayTests.longerLists seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var rng = SeededGenerator(seed: seed)
        var nextID = 0
        func fresh() -> Row {
            nextID += 1
            return Row(id: nextID, value: 0)
        }
        for iteration in 0..<rounds(300) {
            let context = "seed \(seed) iteration \(iteration)"
            let old = (0..<Int.random(in: 1...3, using: &rng)).map { s in
                RowSection("s\(s)", items: (0..<Int.random(in: 20...200, using: &rng)).map { _ in fresh() })
            }
            // Mostly deletions (the few items off the run are looked up in the index) or a mix
            // (they are matched against the old items left over).
            let deletion = iteration % 3 == 0 ? 0.5 : Double.random(in: 0...0.15, using: &rng)
            let insertion = iteration % 3 == 0 ? 0.01 : Double.random(in: 0...0.15, using: &rng)
            var sections = old
            var taken = [Row]()
            for s in sections.indices {
                var items = [Row]()
                var skip = 0
                for item in sections[s].items {
                    if skip > 0 {
                        skip -= 1
                        continue
                    }
                    let roll = Double.random(in: 0..<1, using: &rng)
                    if roll < deletion {
                        // Sometimes a run of deletions, longer than the two the walk skips.
                        skip = Int.random(in: 0..<4, using: &rng) == 0 ? Int.random(in: 2...6, using: &rng) : 0
                        continue
                    }
                    if roll < deletion + 0.03 {
                        taken.append(item)  // moved, below
                        continue
                    }
                    if Double.random(in: 0..<1, using: &rng) < insertion { items.append(fresh()) }
                    items.append(Double.random(in: 0..<1, using: &rng) < 0.1 ? Row(id: item.id, value: item.value + 1) : item)
                }
                sections[s].items = items
            }
            // A block of consecutive items moved elsewhere, as a whole.
            if let s = sections.indices.randomElement(using: &rng), sections[s].items.count > 12 {
                let start = Int.random(in: 0..<(sections[s].items.count - 10), using: &rng)
                let block = Array(sections[s].items[start..<(start + Int.random(in: 2...10, using: &rng))])
                sections[s].items.removeSubrange(start..<(start + block.count))
                let to = sections.indices.randomElement(using: &rng)!
                sections[to].items.insert(contentsOf: block, at: Int.random(in: 0...sections[to].items.count, using: &rng))
            }
            for item in taken {
                let to = sections.indices.randomElement(using: &rng)!
                sections[to].items.insert(item, at: Int.random(in: 0...sections[to].items.count, using: &rng))
            }
            // Sometimes a section goes while some of its rows stay, in another section (rule 3).
            if sections.count > 1 && Int.random(in: 0..<4, using: &rng) == 0 {
                let gone = sections.remove(at: Int.random(in: 0..<sections.count, using: &rng))
                for item in gone.items where Int.random(in: 0..<3, using: &rng) == 0 {
                    let to = sections.indices.randomElement(using: &rng)!
                    sections[to].items.insert(item, at: Int.random(in: 0...sections[to].items.count, using: &rng))
                }
            }
            let source = try RowSnapshot(old)
            var target = try RowSnapshot(sections)
            // Sometimes an explicit reload of an item that may have moved.
            if iteration % 5 == 0, let row = sections.last?.items.first { try target.reloadItems([row.id]) }
            let changeset = try replay(source, target, options: DiffOptions(updates: iteration % 2 == 0 ? .reload : .reconfigure))
            let minimum = minimumMoves(source, target)
            #expect(changeset.statistics.movedItems == minimum.items, "\(context)")
            let kept = Set(target.itemIdentifiers)
            #expect(changeset.statistics.deletedItems == source.itemIdentifiers.filter { !kept.contains($0) }.count, "\(context)")
            if Test.current != nil, changeset.statistics.movedItems != minimum.items { break }
        }
    }

    @Test("identical snapshots give no stage")
    func identical() throws {
        let snapshot = try RowSnapshot([RowSection("a", items: [Row(id: 1), Row(id: 2)])])
        let changeset = Changeset(from: snapshot, to: snapshot)
        #expect(changeset.isEmpty)
        #expect(changeset.stages.isEmpty)
    }

    @Test("stable sections: deletes, inserts and moves share one batch; updates follow in a batch without moves")
    func oneBatch() throws {
        let old = try RowSnapshot([RowSection("a", items: [1, 2, 3, 4, 5].map { Row(id: $0) })])
        let new = try RowSnapshot([RowSection("a", items: [Row(id: 5), Row(id: 2, value: 1), Row(id: 3), Row(id: 6)])])
        let changeset = try replay(old, new)
        #expect(changeset.stages.count == 2)
        let update = changeset.stages[0].update
        #expect(update.deletedItems == [ItemPath(item: 0, section: 0), ItemPath(item: 3, section: 0)])
        #expect(update.insertedItems == [ItemPath(item: 3, section: 0)])
        #expect(update.movedItems == [.init(from: ItemPath(item: 4, section: 0), to: ItemPath(item: 0, section: 0))])
        #expect(update.reloadedItems.isEmpty)
        // The moved item 5 shifts item 2 (UIKit would misplace a reload in the same batch).
        #expect(changeset.stages[1].update == BatchUpdate(reloadedItems: [ItemPath(item: 1, section: 0)]))
    }

    @Test("an item that moves and changes is updated in a later stage, at its new path")
    func moveAndUpdate() throws {
        let old = try RowSnapshot([RowSection("a", items: [Row(id: 1), Row(id: 2), Row(id: 3)])])
        let new = try RowSnapshot([RowSection("a", items: [Row(id: 3, value: 9), Row(id: 1), Row(id: 2)])])
        let changeset = try replay(old, new, options: DiffOptions(updates: .reconfigure))
        #expect(changeset.stages.map(\.update) == [
            BatchUpdate(movedItems: [.init(from: ItemPath(item: 2, section: 0), to: ItemPath(item: 0, section: 0))]),
            BatchUpdate(reconfiguredItems: [ItemPath(item: 0, section: 0)]),
        ])
        // Between the stages the moved item still shows its old content.
        #expect(changeset.stages[0].snapshot.item(at: ItemPath(item: 0, section: 0)) == Row(id: 3, value: 0))
    }

    @Test("an item leaving a deleted section, or entering an inserted one, is deleted and inserted")
    func noMovesAcrossInsertedOrDeletedSections() throws {
        let old = try RowSnapshot([RowSection("gone", items: [Row(id: 1)]), RowSection("kept", items: [Row(id: 2)])])
        let new = try RowSnapshot([RowSection("kept", items: [Row(id: 1)]), RowSection("new", items: [Row(id: 2)])])
        let changeset = try replay(old, new)
        #expect(changeset.statistics.movedItems == 0)
        #expect(changeset.statistics.reinsertedItems == 2)
        #expect(changeset.stages.allSatisfy { $0.update.movedItems.isEmpty })
    }

    @Test("header and footer changes are title updates, not section reloads")
    func titles() throws {
        let old = try RowSnapshot([RowSection("a", header: "Old", items: [Row(id: 1)])])
        let new = try RowSnapshot([RowSection("a", header: "New", footer: "foot", items: [Row(id: 1)])])
        let changeset = try replay(old, new)
        #expect(changeset.stages.map(\.update) == [BatchUpdate(updatedSectionTitles: [0])])
    }

    @Test("explicit reloadItems and reconfigureItems are honoured when content is equal")
    func explicitUpdates() throws {
        let old = try RowSnapshot([RowSection("a", items: [Row(id: 1), Row(id: 2)])])
        var new = old
        try new.reloadItems([1])
        try new.reconfigureItems([2])
        let changeset = Changeset(from: old, to: new)
        #expect(changeset.stages.map(\.update) == [
            BatchUpdate(reloadedItems: [ItemPath(item: 0, section: 0)], reconfiguredItems: [ItemPath(item: 1, section: 0)]),
        ])
        var sectionReload = old
        try sectionReload.reloadSections(["a"])
        #expect(Changeset(from: old, to: sectionReload).statistics.updatedItems == 2)
    }

    @Test("section moves are the fewest: a section moved to the end is one move, not n - 1")
    func fewestSectionMoves() throws {
        let ids = (0..<100).map { "s\($0)" }
        let old = try RowSnapshot(ids.map { RowSection($0) })
        var reordered = ids
        reordered.append(reordered.removeFirst())
        let new = try RowSnapshot(reordered.map { RowSection($0) })
        let changeset = try replay(old, new)
        #expect(changeset.statistics.movedSections == 1)
    }

    @Test("raw sections with a repeated identifier throw, naming it and both positions")
    func duplicatesInRawInput() {
        let good = [RowSection("a", items: [Row(id: 1)])]
        let bad = [RowSection("a", items: [Row(id: 1), Row(id: 2)]), RowSection("b", items: [Row(id: 2)])]
        #expect(throws: SnapshotError<String, Int>.duplicateItem(2, first: ItemPath(item: 1, section: 0), second: ItemPath(item: 0, section: 1))) {
            try Changeset(from: good, to: bad)
        }
        #expect(throws: SnapshotError<String, Int>.duplicateSection("a", first: 0, second: 1)) {
            try Changeset(from: [RowSection("a"), RowSection("a")], to: good)
        }
    }

    @Test("a changeset computed in a detached task crosses to the main actor")
    func sendable() async throws {
        let old = try RowSnapshot([RowSection("a", items: (0..<1000).map { Row(id: $0) })])
        let new = try RowSnapshot([RowSection("a", items: (0..<1000).reversed().map { Row(id: $0) })])
        let changeset = await Task.detached { Changeset(from: old, to: new) }.value
        let moves = await MainActor.run { changeset.statistics.movedItems }
        #expect(moves == 999)
    }
}
