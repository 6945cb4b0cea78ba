import Testing
@testable import Tabula

/// Identifiers the index finds hard: many sharing a fingerprint, and identifiers read through a
/// reference that change behind the same bytes.
@Suite("Diff and build: crowded fingerprints and identifiers that change behind a reference")
struct IdentifierEdgeCaseTests {
    /// An identifier whose hash takes three values: every lookup meets entries of other items with
    /// its fingerprint, which the diff must confirm and pass over.
    struct CrowdedID: Hashable, Sendable, CustomStringConvertible {
        let value: Int
        static func == (lhs: CrowdedID, rhs: CrowdedID) -> Bool { lhs.value == rhs.value }
        func hash(into hasher: inout Hasher) { hasher.combine(value % 3) }
        var description: String { "\(value)" }
    }

    struct CrowdedItem: Identifiable, Equatable, Sendable {
        var id: CrowdedID
        var value: Int
    }

    /// An object whose identifier changes (as a Core Data object's `objectID` does when it is saved).
    final class Record: @unchecked Sendable {
        var key: Int
        init(_ key: Int) { self.key = key }
    }

    /// An item that reads its identifier through a reference: the same bytes, another identifier.
    struct RecordItem: Identifiable, Equatable, @unchecked Sendable {
        let record: Record
        var id: Int { record.key }
        static func == (lhs: RecordItem, rhs: RecordItem) -> Bool { lhs.record === rhs.record }
    }

    @Test("Fingerprints shared by many items: each is confirmed by identifier, and the diff reaches the target")
    func crowdedFingerprints() throws {
        let seed = propertySeed()
        print("IdentifierEdgeCaseTests.crowdedFingerprints seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var rng = SeededGenerator(seed: seed)
        var next = 0
        func fresh() -> CrowdedItem {
            next += 1
            return CrowdedItem(id: CrowdedID(value: next), value: 0)
        }
        for round in 0..<200 {
            let old = (0..<3).map { s in Section<Int, CrowdedItem>(s, items: (0..<Int.random(in: 0...60, using: &rng)).map { _ in fresh() }) }
            var new = old
            for s in new.indices {
                new[s].items.removeAll { _ in Int.random(in: 0..<8, using: &rng) == 0 }
                for _ in 0..<Int.random(in: 0...6, using: &rng) { new[s].items.insert(fresh(), at: Int.random(in: 0...new[s].items.count, using: &rng)) }
                for i in new[s].items.indices where Int.random(in: 0..<10, using: &rng) == 0 { new[s].items[i].value += 1 }
                if new[s].items.count > 1 && round % 2 == 0 { new[s].items.shuffle(using: &rng) }
            }
            // Items moved between sections, and sections moved, inserted and deleted.
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                let from = Int.random(in: 0..<new.count, using: &rng), to = Int.random(in: 0..<new.count, using: &rng)
                if let item = new[from].items.popLast() { new[to].items.insert(item, at: 0) }
            }
            if round % 3 == 0 { new.swapAt(0, 2) }
            if round % 5 == 0 { new.remove(at: 1) }
            if round % 7 == 0 { new.append(Section(10 + round, items: [fresh(), fresh()])) }
            let source = try Snapshot(old), target = try Snapshot(new)
            for deferring in [0, Int.max] {
                let diff = _lookupDeferralThreshold.withValue(deferring) { Changeset(from: source, to: target) }
                let context = "TABULA_SEED=\(seed) round \(round), lookups put off: \(deferring == 0)"
                #expect((diff.stages.last?.snapshot ?? source) == target, "\(context)")
                for stage in diff.stages { stage.snapshot._checkInvariantsNow() }
                let oldIDs = Set(source.itemIdentifiers), newIDs = Set(target.itemIdentifiers)
                #expect(diff.statistics.insertedItems == newIDs.subtracting(oldIDs).count, "\(context)")
                #expect(diff.statistics.deletedItems == oldIDs.subtracting(newIDs).count, "\(context)")
            }
        }
    }

    @Test("An identifier read through a reference, changed behind the same bytes: found, and a repeat still rejected")
    func identifierChangedBehindSameBytes() throws {
        let records = (0..<100).map { Record($0) }
        let previous = try Snapshot<String, RecordItem>([Section("a", items: records.map(RecordItem.init))])
        // Saved: the item's identifier is another, its bytes (the reference) the same. With a new
        // item after each, the build against `previous` falls back to hashing every item.
        records[5].key = 1_005
        let items = records.enumerated().flatMap { k, record in [RecordItem(record: record), RecordItem(record: Record(10_000 + k))] }
        let updated = try Snapshot([Section("a", items: items)], updating: previous)
        #expect(updated.itemPath(for: 1_005) == ItemPath(item: 10, section: 0))
        #expect(updated.itemPath(for: 5) == nil)
        // Two items given one identifier: rejected as a plain build rejects them.
        records[7].key = 8
        #expect(throws: SnapshotError<String, Int>.self) { try Snapshot([Section("a", items: items)], updating: previous) }
        // The diff compares the identifiers as they are now: the item changed behind its bytes,
        // one row past a deletion, stays.
        let shortRecords = (0..<10).map { Record($0) }
        let source = try Snapshot<String, RecordItem>([Section("a", items: shortRecords.map(RecordItem.init))])
        shortRecords[5].key = 1_005
        var shorter = shortRecords.map(RecordItem.init)
        shorter.remove(at: 4)
        let diff = Changeset(from: source, to: try Snapshot([Section("a", items: shorter)]))
        #expect(diff.statistics.deletedItems == 1 && diff.statistics.insertedItems == 0 && diff.statistics.movedItems == 0)
    }
}
