import Testing
@testable import Tabula

/// Counts every hash and equality check, without global state: each identifier carries the counter.
final class OperationCounter: @unchecked Sendable {
    var hashes = 0
    var equalities = 0
}

struct CountedID: Hashable, @unchecked Sendable {
    let value: Int
    let counter: OperationCounter
    static func == (lhs: CountedID, rhs: CountedID) -> Bool {
        lhs.counter.equalities += 1
        return lhs.value == rhs.value
    }
    func hash(into hasher: inout Hasher) {
        counter.hashes += 1
        hasher.combine(value)
    }
}

struct CountedItem: Identifiable, Equatable {
    var id: CountedID
    var content: Int
    static func == (lhs: CountedItem, rhs: CountedItem) -> Bool { lhs.content == rhs.content }
}

@Suite("Diff: hashing and equality grow linearly")
struct DiffComplexityTests {
    /// DifferenceKit's benchmark shape: 10% deleted, 10% inserted, 2% moved; plus 5% of sections
    /// moved and items moved between sections.
    func operations(items n: Int, sections: Int, seed: UInt64) -> (hashes: Int, equalities: Int) {
        let counter = OperationCounter()
        return operations(items: n, sections: sections, seed: seed, counter: counter) { next in
            CountedItem(id: CountedID(value: next, counter: counter), content: 0)
        }
    }

    /// ``operations(items:sections:seed:)`` with the items `make` gives, counting in `counter`.
    func operations<Item: Identifiable & Equatable>(
        items n: Int, sections: Int, seed: UInt64, counter: OperationCounter, make: (Int) -> Item
    ) -> (hashes: Int, equalities: Int) where Item.ID: Sendable {
        var rng = SeededGenerator(seed: seed)
        let perSection = n / sections
        var next = 0
        func item() -> Item {
            next += 1
            return make(next)
        }
        let old = (0..<sections).map { s in Section<Int, Item>(s, items: (0..<perSection).map { _ in item() }) }
        var new = old.map { section in
            var section = section
            section.items = section.items.filter { _ in Int.random(in: 0..<10, using: &rng) != 0 }
            for _ in 0..<(perSection / 10) { section.items.insert(item(), at: Int.random(in: 0...section.items.count, using: &rng)) }
            for _ in 0..<max(1, perSection / 50) where section.items.count > 1 {
                let moved = section.items.remove(at: Int.random(in: 0..<section.items.count, using: &rng))
                section.items.insert(moved, at: Int.random(in: 0...section.items.count, using: &rng))
            }
            return section
        }
        for _ in 0..<max(1, sections / 20) where sections > 1 {
            let moved = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
            new.insert(moved, at: Int.random(in: 0...new.count, using: &rng))
            let from = Int.random(in: 0..<new.count, using: &rng), to = Int.random(in: 0..<new.count, using: &rng)
            if let item = new[from].items.popLast() { new[to].items.insert(item, at: 0) }
        }
        // The source indexed, as the snapshot a list shows is: only the diff's own work is counted.
        let source = try! Snapshot(old).validated(), target = try! Snapshot(new)
        counter.hashes = 0
        counter.equalities = 0
        _ = Changeset(from: source, to: target)
        return (counter.hashes, counter.equalities)
    }

    @Test(
        "per-item hash and equality counts do not grow with n, whether items off the run are looked up at once or put off",
        arguments: [1, 10], [false, true])
    func linear(sections: Int, deferring: Bool) {
        let sizes = [2_000, 8_000, 32_000]
        // Lookups are put off for indexes out of cache only; 0 makes every size take that path.
        let counts = _lookupDeferralThreshold.withValue(deferring ? 0 : .max) {
            sizes.map { operations(items: $0, sections: sections, seed: 7) }
        }
        for (size, count) in zip(sizes, counts) {
            print("diff of \(size) items in \(sections) sections (deferring: \(deferring)): \(count.hashes) hashes, \(count.equalities) equality checks")
        }
        // Linear means a bounded number per item; allow for the random shape, not for growth.
        // One section: only items next to a change are hashed (about 0.25 per item). With section
        // moves the two intermediate stage snapshots index their items again (about 2 per item).
        // The `Invariants` trait (CI's ThreadSanitizer run) checks each stage snapshot's index
        // after its edits, hashing its items again and looking each one up (an equality check
        // apiece, more where a delete left rows pending): about 2 hashes and 3 equality checks
        // more per item with section moves. That is the check's cost, not the diff's.
        let invariants = Snapshot<Int, CountedItem>.checksInvariants
        let hashBound = (sections == 1 ? 0.5 : 3.0) + (invariants ? 2.0 : 0)
        let equalityBound = 4.0 + (invariants ? 3.0 : 0)
        for (size, count) in zip(sizes, counts) {
            #expect(Double(count.hashes) / Double(size) < hashBound, "hashes per item at \(size)")
            #expect(Double(count.equalities) / Double(size) < equalityBound, "equality checks per item at \(size)")
        }
        let small = Double(counts[0].hashes + counts[0].equalities) / Double(sizes[0])
        let large = Double(counts[2].hashes + counts[2].equalities) / Double(sizes[2])
        #expect(large < small * 1.25, "operations per item grew from \(small) to \(large)")
    }
}
