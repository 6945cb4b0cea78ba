import Testing
@testable import Tabula

/// Two snapshots built apart from one list: the diff compares them item by item before it walks,
/// and reports nothing, as the walk would; anything the walk would report still goes to it.
@Suite("Diff: snapshots built apart from one list")
struct SameContentDiffTests {
    /// `==` as Swift's `Double` has it: a reading whose value is NaN is not equal to itself.
    struct Reading: Identifiable, Equatable {
        var id: Int
        var value: Double
    }

    static let readings = (0..<100).map { Reading(id: $0, value: Double($0)) }

    static func snapshot(_ items: [Reading], header: String? = nil, reloading: [Int] = []) throws -> Snapshot<String, Reading> {
        var snapshot = try Snapshot<String, Reading>([Section("all", header: header, items: items.map { $0 })])
        if !reloading.isEmpty { try snapshot.reloadItems(reloading) }
        return snapshot
    }

    @Test("Equal items, titles and sections: an empty changeset")
    func equal() throws {
        let diff = Changeset(from: try Self.snapshot(Self.readings), to: try Self.snapshot(Self.readings))
        #expect(diff.isEmpty)
        #expect(diff.statistics == Changeset<String, Reading>.Statistics())
    }

    @Test("What the walk reports is still reported: a changed item, a title, a request")
    func differences() throws {
        let source = try Self.snapshot(Self.readings)
        var changed = Self.readings
        changed[99].value = -1
        #expect(Changeset(from: source, to: try Self.snapshot(changed)).statistics.updatedItems == 1)
        #expect(Changeset(from: source, to: try Self.snapshot(Self.readings, header: "All")).statistics.updatedSectionTitles == 1)
        #expect(Changeset(from: source, to: try Self.snapshot(Self.readings, reloading: [7])).statistics.updatedItems == 1)
    }

    /// A reading whose value is NaN is not `==` to itself; one whose value is -0.0 is `==` to one
    /// whose value is 0.0, with other bytes.
    @Test("Items with the same bytes are equal without ==, the others are compared with ==, on every path")
    func sameBytes() throws {
        var readings = Self.readings
        readings[40].value = .nan
        let source = try Self.snapshot(readings)
        var same = readings
        same[0].value = -0.0  // 0.0 before
        // Built apart, every item equal: compared before any walk.
        #expect(Changeset(from: source, to: try Self.snapshot(same)).isEmpty)
        // A move first: the diff's walk, and the build against the source that records no change.
        var moved = same
        moved.swapAt(1, 2)
        let walked = Changeset(from: source, to: try Self.snapshot(moved))
        #expect(walked.statistics.movedItems == 1 && walked.statistics.updatedItems == 0)
        let movedBuilt = try Snapshot([Section("all", items: moved)], updating: source)
        #expect(Changeset(from: source, to: movedBuilt).statistics.updatedItems == 0)
        // A deletion first: the build against the source records what changed, for the diff.
        var deleted = same
        deleted.remove(at: 1)
        let deletedBuilt = try Snapshot([Section("all", items: deleted)], updating: source)
        let recorded = Changeset(from: source, to: deletedBuilt)
        #expect(recorded.statistics.deletedItems == 1 && recorded.statistics.updatedItems == 0)
        // A NaN with other bytes is compared with `==`, which finds it changed; the same when an
        // item moves, on its way.
        var otherNaN = readings
        otherNaN[40].value = -Double.nan
        #expect(Changeset(from: source, to: try Self.snapshot(otherNaN)).statistics.updatedItems == 1)
        otherNaN.append(otherNaN.remove(at: 40))
        let movedNaN = Changeset(from: source, to: try Self.snapshot(otherNaN))
        #expect(movedNaN.statistics.updatedItems == 1 && movedNaN.statistics.movedItems == 1)
        // The adapters' classification (`cheapestUpdate`, which `updateItems` runs) agrees.
        let cells = CellConfigurators<Reading> {
            CellConfigurator.content(reuseIdentifier: "reading", for: { $0 }) { CellContent(text: "\($0.value)") }
        }
        let cheapest = cells.cheapestUpdate
        #expect(cheapest(readings[40], readings[40]) == nil)
        #expect(cheapest(readings[0], same[0]) == nil)
        #expect(cheapest(readings[40], Reading(id: 40, value: -Double.nan)) == .reconfigure)
    }

    @Test("A difference after an equal prefix: the walk starts there, and finds what it finds from the start")
    func laterDifferences() throws {
        let seed = propertySeed()
        print("SameContentDiffTests.laterDifferences seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var rng = SeededGenerator(seed: seed)
        for round in 0..<500 {
            var sections = (0..<3).map { s in
                Section<String, Reading>("s\(s)", items: (0..<Int.random(in: 0...40, using: &rng)).map { Reading(id: s * 100 + $0, value: 0) })
            }
            let source = try Snapshot<String, Reading>(sections)
            // Same sections and counts (so the comparison runs), with a change late in one of them:
            // a content change, two items exchanged, or an item replaced by a new one.
            guard let s = sections.indices.filter({ sections[$0].items.count > 1 }).randomElement(using: &rng) else { continue }
            let count = sections[s].items.count
            let k = Int.random(in: (count / 2)..<count, using: &rng)
            switch round % 3 {
            case 0: sections[s].items[k].value = 1
            case 1: sections[s].items.swapAt(k, Int.random(in: 0..<count, using: &rng))
            default: sections[s].items[k] = Reading(id: 9_000 + round, value: 0)
            }
            let target = try Snapshot<String, Reading>(sections)
            let diff = Changeset(from: source, to: target)
            // Through a closure, the diff walks from the start.
            let walked = Changeset(from: source, to: target) { $0 == $1 ? nil : .reload }
            #expect(diff.stages == walked.stages && diff.statistics == walked.statistics, "TABULA_SEED=\(seed) round \(round)")
        }
    }
}
