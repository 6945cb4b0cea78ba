import Testing
@testable import Tabula

/// A few rows deleted ahead of many leave the index's entries where they are and note the rows
/// that moved (pending runs), composed delete after delete until the notes are full. These tests
/// drive that path with long sections, against arrays, and through everything that reads the
/// index afterwards: lookups, later edits, copies, builds against the snapshot and diffs.
@Suite("Snapshot: deletes noted in the index rather than rewritten")
struct NotedRemovalTests {
    /// Checks `snapshot` against `reference` through its lookups, its invariants and a diff.
    static func expectAgreement(_ snapshot: RowSnapshot, _ reference: [RowSection], probes: Range<Int>, _ context: String) {
        snapshot._checkInvariantsNow()
        #expect(snapshot.sections.map(\.items) == reference.map(\.items), "\(context)")
        var expected = [Int: ItemPath]()
        for (s, section) in reference.enumerated() {
            for (r, item) in section.items.enumerated() { expected[item.id] = ItemPath(item: r, section: s) }
        }
        for probe in probes where snapshot.itemPath(for: probe) != expected[probe] {
            Issue.record("\(context): \(probe) at \(String(describing: snapshot.itemPath(for: probe))), expected \(String(describing: expected[probe]))")
        }
        #expect(snapshot._indexPaths(of: Array(probes)) == probes.map { expected[$0] }, "\(context) batch")
    }

    @Test("one delete of 1,000 rows notes the move and rewrites no entry")
    func oneDeleteIsNoted() throws {
        let items = (0..<1_000).map { Row(id: $0) }
        var snapshot = try RowSnapshot([RowSection("a", items: items)])
        try snapshot.deleteItems([10])
        // The rows after row 10 are pending, not rewritten.
        #expect(snapshot._index.pending != nil)
        Self.expectAgreement(snapshot, [RowSection("a", items: items.filter { $0.id != 10 })], probes: -1..<1_001, "one delete")
    }

    @Test("random deletes of a few rows, mixed with other edits, copies, builds and diffs, agree with arrays")
    func randomNotedDeletes() throws {
        let seed = propertySeed()
        print("NotedRemovalTests.randomNotedDeletes seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var rng = SeededGenerator(seed: seed)
        for sequence in 0..<rounds(12) {
            var next = 0
            func fresh(_ count: Int) -> [Row] {
                defer { next += count }
                return (next..<(next + count)).map { Row(id: $0) }
            }
            var reference = [RowSection("a", items: fresh(Int.random(in: 100...600, using: &rng))), RowSection("b", items: fresh(Int.random(in: 0...300, using: &rng)))]
            var snapshot = try RowSnapshot(reference)
            var copies: [(RowSnapshot, [RowSection])] = []
            for step in 0..<400 {
                let context = "seed \(seed) sequence \(sequence) step \(step)"
                let present = reference.flatMap { $0.items.map(\.id) }
                switch Int.random(in: 0..<20, using: &rng) {
                case 0:
                    // Appended: every later delete composes with a written-out table again.
                    let run = fresh(Int.random(in: 1...3, using: &rng))
                    let s = Int.random(in: 0..<reference.count, using: &rng)
                    try snapshot.appendItems(run, toSection: reference[s].id)
                    reference[s].items += run
                case 1:
                    // Content changed in place: the notes stay.
                    guard let id = present.randomElement(using: &rng) else { continue }
                    try snapshot.updateItems([Row(id: id, value: step)])
                    for s in reference.indices {
                        for r in reference[s].items.indices where reference[s].items[r].id == id { reference[s].items[r].value = step }
                    }
                case 2:
                    // A copy taken now keeps what it was, whatever the original does next.
                    copies.append((snapshot, reference))
                case 3:
                    // A build against the snapshot with notes pending, and the diff from it.
                    var sections = reference
                    if let id = present.randomElement(using: &rng) {
                        for s in sections.indices { sections[s].items.removeAll { $0.id == id } }
                    }
                    sections[0].items.insert(contentsOf: fresh(1), at: Int.random(in: 0...sections[0].items.count, using: &rng))
                    let built = try RowSnapshot(sections, updating: snapshot)
                    #expect(built == (try RowSnapshot(sections)), "\(context)")
                    built._checkInvariantsNow()
                    let changes = Changeset(from: snapshot, to: built)
                    #expect(changes.stages == Changeset(from: try RowSnapshot(reference), to: try RowSnapshot(sections)).stages, "\(context)")
                case 4:
                    // Refused: an identifier already there, even one whose entry is noted.
                    guard let id = present.randomElement(using: &rng) else { continue }
                    let before = snapshot
                    #expect(throws: RowSnapshot.Failure.self, "\(context)") { try snapshot.appendItems([Row(id: id)], toSection: "b") }
                    #expect(snapshot == before, "\(context)")
                default:
                    // A few rows, possibly repeated, from either section.
                    guard !present.isEmpty else { continue }
                    let doomed = (0..<Int.random(in: 1...3, using: &rng)).map { _ in present.randomElement(using: &rng)! }
                    try snapshot.deleteItems(doomed)
                    for s in reference.indices { reference[s].items.removeAll { doomed.contains($0.id) } }
                }
                if step % 25 == 0 || step == 399 { Self.expectAgreement(snapshot, reference, probes: -1..<(next + 1), context) }
            }
            for (k, (copy, expected)) in copies.enumerated() {
                Self.expectAgreement(copy, expected, probes: -1..<(next + 1), "seed \(seed) sequence \(sequence) copy \(k)")
            }
        }
    }
}
