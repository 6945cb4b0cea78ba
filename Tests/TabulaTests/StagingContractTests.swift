import Testing
@testable import Tabula
import TabulaTesting

/// A data source that answers with fixed rows, to hand the headless view a batch by hand.
@MainActor
final class FixedRows: HeadlessListDataSource {
    var rows: [[String]]
    init(_ rows: [[String]]) { self.rows = rows }
    func numberOfSections(in listView: HeadlessListView) -> Int { rows.count }
    func listView(_ listView: HeadlessListView, numberOfItemsInSection section: Int) -> Int { rows[section].count }
    func listView(_ listView: HeadlessListView, cellForItemAt path: ItemPath) throws -> HeadlessCell {
        let cell = try listView.dequeueReusableCell(withIdentifier: "cell", for: path)
        cell.text = rows[path.section][path.item]
        return cell
    }
}

/// The three update modes an app can pick, each checked by the contract tests.
enum UpdateMode: CaseIterable, CustomStringConvertible {
    case reload, reconfigure, cheapest

    /// The "cell class" of a row in cheapest mode: even and odd values use different cells.
    static func reuseIdentifier(_ row: Row) -> String { row.value % 2 == 0 ? "even" : "odd" }

    var updateKind: (Row, Row) -> UpdateKind? {
        switch self {
        case .reload: return { $0 == $1 ? nil : .reload }
        case .reconfigure: return { $0 == $1 ? nil : .reconfigure }
        case .cheapest:
            return { old, new in
                old == new ? nil : Self.reuseIdentifier(old) == Self.reuseIdentifier(new) ? .reconfigure : .reload
            }
        }
    }

    var description: String {
        switch self {
        case .reload: return "reload"
        case .reconfigure: return "reconfigure"
        case .cheapest: return "cheapest"
        }
    }
}

/// Replays `old → new` through the headless view, which places reloads as UIKit does, in `mode`,
/// and checks the staging contract on every stage.
@MainActor
@discardableResult
func replayChecked(_ old: RowSnapshot, _ new: RowSnapshot, mode: UpdateMode, context: String = "") throws -> Changeset<String, Row> {
    let list = HeadlessListView(viewportHeight: nil)
    let source = HeadlessSnapshotDataSource<String, Row>(
        listView: list, reuseIdentifier: UpdateMode.reuseIdentifier, updateKind: mode.updateKind,
        canReconfigure: { UpdateMode.reuseIdentifier($0) == UpdateMode.reuseIdentifier($1) },
        configure: { cell, row in cell.text = row.description })
    try source.apply(old)
    let changeset = try source.apply(new)
    var before = old.sections.map(\.items.count)
    var previous = old
    var titlesReported = Set<String>()
    for stage in changeset.stages {
        let update = stage.update
        // A reconfigure addresses the same item before and after its batch, so it reaches the
        // right cell whichever state UIKit reads its path in.
        for path in update.reconfiguredItems {
            #expect(
                previous.item(at: path)?.id == stage.snapshot.item(at: path)?.id,
                "\(context) stage \(update) reconfigures \(path), which its batch shifts")
        }
        previous = stage.snapshot
        // A section shows its new titles from the stage that reports them on, never before: a
        // diff from an earlier stage's snapshot (an update interrupted there) must still find
        // them changed.
        for t in update.updatedSectionTitles { titlesReported.insert(stage.snapshot.sections[t].id) }
        for section in stage.snapshot.sections where !titlesReported.contains(section.id) {
            guard let was = old.section(section.id) else { continue }
            #expect(section.hasSameTitles(as: was), "\(context) stage \(update) shows the new titles of \(section.id) before reporting them")
        }
        // The rule: no reload or reconfigure shares a batch with a move.
        let moves = !update.movedItems.isEmpty || !update.movedSections.isEmpty
        #expect(!(moves && !(update.reloadedItems.isEmpty && update.reconfiguredItems.isEmpty)), "\(context) stage mixes moves and updates: \(update)")
        // And the strict check (what ListDriver runs) accepts every stage.
        let after = stage.snapshot.sections.map(\.items.count)
        #expect(throws: Never.self, "\(context) \(update)") { try update.validate(before: before, after: after) }
        before = after
    }
    var expected = [ItemPath: String]()
    for (s, section) in new.sections.enumerated() {
        for (i, row) in section.items.enumerated() { expected[ItemPath(item: i, section: s)] = row.description }
    }
    #expect(list.visibleTexts() == expected, "\(context) screen differs from target\nold: \(old)\nnew: \(new)\nstages: \(changeset.stages.map(\.update))")
    return changeset
}

@Suite("Staging contract: reloads never share a batch with the moves that shift them")
@MainActor
struct StagingContractTests {
    func rows(_ sections: [(String, [Row])]) -> RowSnapshot {
        try! RowSnapshot(sections.map { RowSection($0.0, items: $0.1) })
    }

    func uikitMessage(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    // MARK: The three smallest cases

    @Test("A[a b] -> A[b a']: move (0-1)->(0-0) + reload (0-0) is 'an insert and a move to the same index path' (IGListKit #690, #42)")
    func swapWithChangedContent() throws {
        let batch = BatchUpdate(movedItems: [.init(from: ItemPath(item: 1, section: 0), to: ItemPath(item: 0, section: 0))], reloadedItems: [ItemPath(item: 0, section: 0)])
        let message = uikitMessage { try batch.validate(before: [2], after: [2]) }
        #expect(message?.contains("attempt to perform an insert and a move to the same index path") == true, "\(message ?? "accepted")")
        #expect(throws: BatchUpdateError(.insertAndMoveToItem(ItemPath(item: 0, section: 0)), flavor: .table)) {
            try batch.validate(before: [2], after: [2])
        }
        // The headless view raises as a device does.
        let list = HeadlessListView(viewportHeight: nil)
        list.register(HeadlessCell.self, forCellReuseIdentifier: "cell")
        let data = FixedRows([["a", "b"]])
        list.dataSource = data
        try list.reloadData()
        data.rows = [["b", "a'"]]
        #expect(throws: ListViewError.inconsistentUpdate(BatchUpdateError(.insertAndMoveToItem(ItemPath(item: 0, section: 0)), flavor: .table))) {
            try list.performBatchUpdates(batch)
        }
        // Tabula's staging, in every mode.
        let old = rows([("A", [Row(id: 1), Row(id: 2)])])
        let new = rows([("A", [Row(id: 2), Row(id: 1, value: 1)])])
        for mode in UpdateMode.allCases { try replayChecked(old, new, mode: mode, context: "\(mode)") }
        let staged = Changeset(from: old, to: new)
        #expect(staged.stages.map(\.update) == [
            BatchUpdate(movedItems: [.init(from: ItemPath(item: 1, section: 0), to: ItemPath(item: 0, section: 0))]),
            BatchUpdate(reloadedItems: [ItemPath(item: 1, section: 0)]),
        ])
    }

    @Test("A[a b] B[] -> A[b'] B[a]: move (0-0)->(1-0) + reload (0-1) is 'attempt to insert row 1 into section 0' (IGListKit PR #948)")
    func moveOutShiftsReloadPastTheEnd() throws {
        let batch = BatchUpdate(
            movedItems: [.init(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 0, section: 1))], reloadedItems: [ItemPath(item: 1, section: 0)])
        let message = uikitMessage { try batch.validate(before: [2, 0], after: [1, 1]) }
        #expect(message == "attempt to insert row 1 into section 0, but there are only 1 rows in section 0 after the update")
        let list = HeadlessListView(viewportHeight: nil)
        list.register(HeadlessCell.self, forCellReuseIdentifier: "cell")
        let data = FixedRows([["a", "b"], []])
        list.dataSource = data
        try list.reloadData()
        data.rows = [["b'"], ["a"]]
        #expect(throws: ListViewError.self) { try list.performBatchUpdates(batch) }
        #expect(list.itemCounts == [2, 0], "a rejected batch leaves the view unchanged")

        let old = rows([("A", [Row(id: 1), Row(id: 2)]), ("B", [])])
        let new = rows([("A", [Row(id: 2, value: 1)]), ("B", [Row(id: 1)])])
        for mode in UpdateMode.allCases { try replayChecked(old, new, mode: mode, context: "\(mode)") }
    }

    @Test("A[a b c] -> A[c a b']: move (0-2)->(0-0) + reload (0-1) raises nothing but shows a stale cell (YapDatabase #489)")
    func shiftedReloadShowsStaleText() throws {
        let batch = BatchUpdate(movedItems: [.init(from: ItemPath(item: 2, section: 0), to: ItemPath(item: 0, section: 0))], reloadedItems: [ItemPath(item: 1, section: 0)])
        // Strict (ListDriver, adapters): rejected, so the driver reloads instead.
        #expect(throws: BatchUpdateError(.reloadShiftedByMoves(
            ItemPath(item: 1, section: 0), landsAt: ItemPath(item: 1, section: 0), belongsAt: ItemPath(item: 2, section: 0)), flavor: .table)) {
            try batch.validate(before: [3], after: [3])
        }
        // On a device: the new cell is inserted at row 1 and a's old cell ends at row 2, where b' belongs.
        let list = HeadlessListView(viewportHeight: nil)
        list.register(HeadlessCell.self, forCellReuseIdentifier: "cell")
        let data = FixedRows([["a", "b", "c"]])
        list.dataSource = data
        try list.reloadData()
        data.rows = [["c", "a", "b'"]]
        try list.performBatchUpdates(batch)
        #expect(list.renderedText() == "   c\n   a\n   a", "the stale cell a device shows")

        let old = rows([("A", [Row(id: 1), Row(id: 2), Row(id: 3)])])
        let new = rows([("A", [Row(id: 3), Row(id: 1), Row(id: 2, value: 1)])])
        for mode in UpdateMode.allCases { try replayChecked(old, new, mode: mode, context: "\(mode)") }
    }

    @Test("an edited row while others move past it is updated in a batch of its own (stream-chat-swift PR #765, session-ios PR #412)")
    func editWhileOthersMove() throws {
        // A chat: a new message arrives at the bottom, one is pinned to the top, one is edited.
        let old = rows([("chat", (1...6).map { Row(id: $0) })])
        let new = rows([("chat", [Row(id: 5), Row(id: 1), Row(id: 2), Row(id: 3, value: 1), Row(id: 4), Row(id: 6), Row(id: 7)])])
        for mode in UpdateMode.allCases {
            let changeset = try replayChecked(old, new, mode: mode, context: "\(mode)")
            try #require(changeset.stages.count == 2)
            #expect(changeset.stages[0].update.reloadedItems.isEmpty && changeset.stages[0].update.reconfiguredItems.isEmpty)
            #expect(changeset.stages[1].update.movedItems.isEmpty)
        }
    }

    @Test("with no move, deletes, inserts and updates still share one batch")
    func updatesWithoutMovesShareTheBatch() throws {
        let old = rows([("A", (1...4).map { Row(id: $0) })])
        let new = rows([("A", [Row(id: 1), Row(id: 9), Row(id: 3, value: 1), Row(id: 4)])])
        let changeset = try replayChecked(old, new, mode: .reload)
        #expect(changeset.stages.map(\.update) == [
            BatchUpdate(deletedItems: [ItemPath(item: 1, section: 0)], insertedItems: [ItemPath(item: 1, section: 0)], reloadedItems: [ItemPath(item: 2, section: 0)]),
        ])
    }

    @Test("a reconfigure whose row its batch's deletes and inserts would shift follows the batch, at its final path")
    func shiftedReconfigureFollowsTheBatch() throws {
        // 3 goes from row 2 to row 1 (1 is deleted above it); 4 stays at row 3 (one row deleted
        // above it, one inserted). Values 0 and 2 keep the cell class: reconfigures.
        let old = rows([("A", (1...4).map { Row(id: $0) })])
        let new = rows([("A", [Row(id: 2), Row(id: 3, value: 2), Row(id: 9), Row(id: 4, value: 2)])])
        let reconfigured = try replayChecked(old, new, mode: .reconfigure).stages.map(\.update)
        #expect(reconfigured == [
            BatchUpdate(
                deletedItems: [ItemPath(item: 0, section: 0)], insertedItems: [ItemPath(item: 2, section: 0)],
                reconfiguredItems: [ItemPath(item: 3, section: 0)]),
            BatchUpdate(reconfiguredItems: [ItemPath(item: 1, section: 0)]),
        ], "\(reconfigured)")
        // Reloads address the state before the batch, as UIKit documents: they stay in it.
        let reloaded = try replayChecked(old, new, mode: .reload).stages.map(\.update)
        #expect(reloaded == [
            BatchUpdate(
                deletedItems: [ItemPath(item: 0, section: 0)], insertedItems: [ItemPath(item: 2, section: 0)],
                reloadedItems: [ItemPath(item: 2, section: 0), ItemPath(item: 3, section: 0)]),
        ], "\(reloaded)")

        // A section deleted above: the removal stage would move 2 from section 1 to section 0.
        let below = rows([("X", [Row(id: 5)]), ("A", [Row(id: 1), Row(id: 2)])])
        let kept = rows([("A", [Row(id: 1), Row(id: 2, value: 2)])])
        let sectionAbove = try replayChecked(below, kept, mode: .reconfigure).stages.map(\.update)
        #expect(sectionAbove == [
            BatchUpdate(deletedSections: [0]),
            BatchUpdate(reconfiguredItems: [ItemPath(item: 1, section: 0)]),
        ], "\(sectionAbove)")
        // A section deleted below does not shift it: one stage.
        let above = rows([("A", [Row(id: 1), Row(id: 2)]), ("X", [Row(id: 5)])])
        let sectionBelow = try replayChecked(above, kept, mode: .reconfigure).stages.map(\.update)
        #expect(sectionBelow == [
            BatchUpdate(deletedSections: [1], reconfiguredItems: [ItemPath(item: 1, section: 0)]),
        ], "\(sectionBelow)")
    }

    @Test("a reconfigure shifted by a move is rejected too: no public source says where UIKit resolves it")
    func shiftedReconfigure() {
        let batch = BatchUpdate(movedItems: [.init(from: ItemPath(item: 2, section: 0), to: ItemPath(item: 0, section: 0))], reconfiguredItems: [ItemPath(item: 1, section: 0)])
        #expect(throws: BatchUpdateError.self) { try batch.validate(before: [3], after: [3]) }
        #expect(throws: BatchUpdateError.self) { try batch.validate(before: [3], after: [3], shiftedReloads: .placeAsUIKit) }
        // A move in another section does not shift it: accepted.
        let elsewhere = BatchUpdate(
            movedItems: [.init(from: ItemPath(item: 1, section: 1), to: ItemPath(item: 0, section: 1))], reconfiguredItems: [ItemPath(item: 1, section: 0)])
        #expect(throws: Never.self) { try elsewhere.validate(before: [3, 2], after: [3, 2]) }
    }

    // MARK: Property test

    @Test("random pairs with moves and in-place changes, explicit marks, in reload, reconfigure and cheapest modes")
    func randomPairsInEveryMode() throws {
        let seed = propertySeed()
        print("StagingContractTests.randomPairsInEveryMode seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var generator = SnapshotPairGenerator(seed: seed)
        var mixedStagesAvoided = 0
        for iteration in 0..<rounds(6_000) {
            var (old, new): (RowSnapshot, RowSnapshot)
            if iteration % 3 == 0 {
                (old, new, _) = generator.pair()
            } else {
                // Stable sections: moves within and across sections, with content changes.
                let sections = generator.randomSections(maxSections: 3, maxItems: 8)
                var edited = sections
                if iteration % 3 == 1 {
                    for s in edited.indices where generator.chance(0.6) { edited[s].items.shuffle(using: &generator.rng) }
                } else {
                    generator.moveAcrossSections(&edited, count: generator.int(1...4))
                }
                generator.mutateItems(&edited)
                generator.changeContent(&edited)
                old = try RowSnapshot(sections)
                new = try RowSnapshot(edited)
            }
            // Explicit marks on surviving items, with equal or changed content.
            let surviving = new.itemIdentifiers.filter { old.contains($0) }
            for id in surviving where generator.chance(0.15) {
                if generator.chance(0.5) { try new.reloadItems([id]) } else { try new.reconfigureItems([id]) }
            }
            let mode = UpdateMode.allCases[iteration % 3]
            let changeset = try replayChecked(old, new, mode: mode, context: "seed \(seed) iteration \(iteration) \(mode)")
            if changeset.stages.count > 1 && changeset.stages.last!.update.movedItems.isEmpty { mixedStagesAvoided += 1 }
        }
        #expect(mixedStagesAvoided > 100, "the generator produced moves together with updates")
    }
}
