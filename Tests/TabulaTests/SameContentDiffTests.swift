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

    @Test("What the walk reports is still reported: a changed item, a title, a request, an item not == to itself")
    func differences() throws {
        let source = try Self.snapshot(Self.readings)
        var changed = Self.readings
        changed[99].value = -1
        #expect(Changeset(from: source, to: try Self.snapshot(changed)).statistics.updatedItems == 1)
        #expect(Changeset(from: source, to: try Self.snapshot(Self.readings, header: "All")).statistics.updatedSectionTitles == 1)
        #expect(Changeset(from: source, to: try Self.snapshot(Self.readings, reloading: [7])).statistics.updatedItems == 1)
        var withNaN = Self.readings
        withNaN[40].value = .nan
        let diff = Changeset(from: try Self.snapshot(withNaN), to: try Self.snapshot(withNaN))
        #expect(diff.statistics.updatedItems == 1)
        #expect(diff.stages.first?.update.reloadedItems == [ItemPath(item: 40, section: 0)])
    }
}
