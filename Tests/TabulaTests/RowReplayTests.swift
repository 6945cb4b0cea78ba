import Testing
import TabulaTesting
@testable import Tabula

/// A table that applies row operations as `NSTableView` documents them: `removeRows(at:)` takes
/// indexes of the rows before it, and each `insertRows(at:)` and `moveRow(at:to:)` changes the
/// rows at once ("changes happen incrementally"), a move being a removal at the old index and an
/// insertion at the new one.
struct ModelTable<Row: Hashable> {
    var rows: [Row]
    var moves = 0

    mutating func removeRows(at indexes: [Int]) {
        for index in indexes.sorted(by: >) { rows.remove(at: index) }
    }

    mutating func insertRow(_ row: Row, at index: Int) {
        rows.insert(row, at: index)
    }

    mutating func moveRow(at from: Int, to: Int) {
        moves += 1
        let row = rows.remove(at: from)
        rows.insert(row, at: to)
    }

    /// Replays `replay`, taking inserted rows from `new`.
    mutating func apply(_ replay: RowReplay, new: [Row]) {
        removeRows(at: replay.removals)
        for step in replay.steps {
            switch step {
            case let .insert(at, row): insertRow(new[row], at: at)
            case let .move(from, to): moveRow(at: from, to: to)
            }
        }
    }
}

@Suite("Row replay: an update as removals, moves and inserts, one at a time")
struct RowReplayTests {
    func check(_ old: [Int], _ new: [Int], _ context: @autoclosure () -> String) {
        let replay = RowReplay(from: old, to: new)
        var table = ModelTable(rows: old)
        table.apply(replay, new: new)
        #expect(table.rows == new, "\(context()): \(old) → \(new) gave \(table.rows) with \(replay)")
        // Only rows off a longest increasing run move: as few moves as any replay can make.
        let kept = old.filter(new.contains).map { Int32(new.firstIndex(of: $0)!) }
        let staying = longestIncreasingSubsequenceMask(kept).filter { $0 }.count
        #expect(table.moves == kept.count - staying, "\(context()): \(table.moves) moves for \(old) → \(new)")
    }

    @Test("two adjacent rows swapped: one move, and the table shows the new order")
    func adjacentSwap() {
        let replay = RowReplay(from: ["A", "B"], to: ["B", "A"])
        var table = ModelTable(rows: ["A", "B"])
        table.apply(replay, new: ["B", "A"])
        #expect(table.rows == ["B", "A"])
        #expect(replay.removals.isEmpty)
        #expect(replay.steps.count == 1)
    }

    @Test(
        "named cases",
        arguments: [
            ([], []), ([1, 2, 3], []), ([], [1, 2, 3]), ([1, 2, 3], [1, 2, 3]), ([1, 2, 3, 4], [2, 3, 4, 1]),
            ([1, 2, 3, 4], [4, 1, 2, 3]), ([1, 2, 3, 4], [3, 4, 1, 2]), ([0, 1, 2, 3], [2, 3, 0, 1]), ([1, 2, 3], [3, 2, 1]),
            ([1, 2, 3, 4, 5], [5, 9, 1, 8, 3]), ([1, 2], [3, 2, 4, 1, 5]),
        ])
    func namedCases(old: [Int], new: [Int]) {
        check(old, new, "named")
    }

    @Test("100,000 random updates (reorders, inserts, deletes, mixes): the modelled table equals the target after each")
    func randomUpdates() {
        let seed = propertyTestSeed()
        print("RowReplayTests.randomUpdates seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var rng = SeededRandomGenerator(seed: seed)
        for round in 0..<rounds(100_000) {
            let count = Int.random(in: 0...12, using: &rng)
            var old = Array(0..<count)
            old.shuffle(using: &rng)
            var new = old
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:  // reorder
                new.shuffle(using: &rng)
            case 1:  // inserts
                for value in 100..<(100 + Int.random(in: 0...4, using: &rng)) { new.insert(value, at: Int.random(in: 0...new.count, using: &rng)) }
            case 2:  // deletes
                new.removeAll { _ in Bool.random(using: &rng) }
            default:  // a mix, with a few rows moved
                new.removeAll { _ in Int.random(in: 0..<4, using: &rng) == 0 }
                for _ in 0..<Int.random(in: 0...3, using: &rng) where !new.isEmpty {
                    let moved = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
                    new.insert(moved, at: Int.random(in: 0...new.count, using: &rng))
                }
                for value in 100..<(100 + Int.random(in: 0...3, using: &rng)) { new.insert(value, at: Int.random(in: 0...new.count, using: &rng)) }
            }
            check(old, new, "seed \(seed) round \(round)")
        }
    }

    @Test("a long list with a few rows moved far: the replay stays fast and minimal")
    func longList() {
        let old = Array(0..<20_000)
        var new = old
        let moved = new.remove(at: 3)
        new.insert(moved, at: 19_000)
        new.swapAt(100, 15_000)
        let replay = RowReplay(from: old, to: new)
        #expect(replay.steps.count == 3)
        var table = ModelTable(rows: old)
        table.apply(replay, new: new)
        #expect(table.rows == new)
    }
}
