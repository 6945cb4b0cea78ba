import Foundation
import Testing
import Tabula

/// A ``Reorder`` applied to a snapshot, an array and an array of sections: the same value, the
/// same result, whatever the model.
@Suite("Reorder: one typed result applied to the list and to the app's model")
struct ReorderTests {
    static func board() throws -> [RowSection] {
        [RowSection("todo", items: [1, 2, 3, 4].map { Row(id: $0) }), RowSection("doing", items: [5, 6].map { Row(id: $0) }), RowSection("done", items: [])]
    }

    static func ids(_ sections: [RowSection]) -> [[Int]] { sections.map { $0.items.map(\.id) } }

    @Test("several items move, in the reorder's order, before an item of another section")
    func manyAcrossSections() throws {
        var sections = try Self.board()
        var snapshot = try RowSnapshot(sections)
        let reorder = Reorder<String, Int>([4, 1], to: .before(6))
        try snapshot.apply(reorder)
        try sections.apply(reorder)
        #expect(Self.ids(snapshot.sections) == [[2, 3], [5, 4, 1, 6], []])
        #expect(Self.ids(sections) == Self.ids(snapshot.sections))
    }

    @Test("the end of a section, an empty one included")
    func endOfSection() throws {
        var snapshot = try RowSnapshot(Self.board())
        try snapshot.apply(Reorder([2], to: .endOfSection("done")))
        try snapshot.apply(Reorder([5], to: .endOfSection("todo")))
        #expect(Self.ids(snapshot.sections) == [[1, 3, 4, 5], [6], [2]])
    }

    @Test("a destination that is itself moved means the first item after it that stays")
    func destinationAmongMoved() throws {
        var snapshot = try RowSnapshot(Self.board())
        try snapshot.apply(Reorder([2, 5], to: .before(2)))
        #expect(Self.ids(snapshot.sections) == [[1, 2, 5, 3, 4], [6], []])
        try snapshot.apply(Reorder([3, 4], to: .before(3)))
        #expect(Self.ids(snapshot.sections) == [[1, 2, 5, 3, 4], [6], []])
    }

    @Test("an identifier listed twice moves once")
    func repeated() throws {
        var array = (1...4).map { Row(id: $0) }
        try array.apply(Reorder<String, Int>([3, 3, 1], to: .before(2)))
        #expect(array.map(\.id) == [3, 1, 2, 4])
    }

    @Test("an array is one section: any section's end is its end")
    func flatArray() throws {
        var array = (1...4).map { Row(id: $0) }
        try array.apply(Reorder<String, Int>([1], to: .endOfSection("anything")))
        #expect(array.map(\.id) == [2, 3, 4, 1])
    }

    @Test("an unknown item or section is a typed error naming it, and nothing changes")
    func unknown() throws {
        var snapshot = try RowSnapshot(Self.board())
        var sections = try Self.board()
        let before = snapshot
        #expect(throws: SnapshotError<String, Int>.unknownItem(99)) { try snapshot.apply(Reorder([1, 99], to: .before(5))) }
        #expect(throws: SnapshotError<String, Int>.unknownItem(98)) { try snapshot.apply(Reorder([1], to: .before(98))) }
        #expect(throws: SnapshotError<String, Int>.unknownSection("later")) { try snapshot.apply(Reorder([1], to: .endOfSection("later"))) }
        #expect(throws: SnapshotError<String, Int>.unknownItem(99)) { try sections.apply(Reorder([99], to: .before(5))) }
        #expect(throws: SnapshotError<String, Int>.unknownSection("later")) { try sections.apply(Reorder([1], to: .endOfSection("later"))) }
        #expect(snapshot.sections == before.sections)
        #expect(Self.ids(sections) == Self.ids(try Self.board()))
    }

    @Test("a reorder is Codable, for undo stacks and state that is saved")
    func codable() throws {
        let reorder = Reorder<String, Int>([3, 1], to: .endOfSection("done"))
        let data = try JSONEncoder().encode(reorder)
        #expect(try JSONDecoder().decode(Reorder<String, Int>.self, from: data) == reorder)
    }

    @Test("random reorders: snapshot and sections agree; moved items land together, in order; the rest keep theirs")
    func randomReorders() throws {
        let seed = propertySeed()
        print("ReorderTests.randomReorders seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var rng = SeededGenerator(seed: seed)
        for sequence in 0..<rounds(2_000) {
            var next = 0
            var sections = (0..<Int.random(in: 1...4, using: &rng)).map { s in
                RowSection("s\(s)", items: (0..<Int.random(in: 0...6, using: &rng)).map { _ in
                    next += 1
                    return Row(id: next)
                })
            }
            var snapshot = try RowSnapshot(sections)
            for step in 0..<6 {
                let context = "seed \(seed) sequence \(sequence) step \(step)"
                let all = sections.flatMap { $0.items.map(\.id) }
                guard !all.isEmpty else { break }
                let moved = (0..<Int.random(in: 1...3, using: &rng)).map { _ in all.randomElement(using: &rng)! }
                let destination: Reorder<String, Int>.Destination =
                    Bool.random(using: &rng) ? .before(all.randomElement(using: &rng)!) : .endOfSection(sections.randomElement(using: &rng)!.id)
                let reorder = Reorder(moved, to: destination)
                let before = sections
                try snapshot.apply(reorder)
                try sections.apply(reorder)
                #expect(Self.ids(snapshot.sections) == Self.ids(sections), "\(context) \(reorder)")
                // Counts are kept, every item is still there once.
                #expect(sections.flatMap { $0.items.map(\.id) }.sorted() == all.sorted(), "\(context)")
                // The moved items stand together, in the reorder's order (repeats dropped).
                var unique: [Int] = []
                for id in moved where !unique.contains(id) { unique.append(id) }
                let landing = sections.first { $0.items.contains { $0.id == unique[0] } }!
                let flat = landing.items.map(\.id)
                let start = flat.firstIndex(of: unique[0])!
                #expect(Array(flat[start..<min(flat.count, start + unique.count)]) == unique, "\(context) \(reorder)")
                // Where they landed: before the first item at or after the destination that stays,
                // or at the end of the destination section.
                switch destination {
                case .endOfSection(let id):
                    #expect(landing.id == id && start + unique.count == flat.count, "\(context) \(reorder)")
                case .before(let anchor):
                    let home = before.first { $0.items.contains { $0.id == anchor } }!
                    let tail = home.items.map(\.id).drop { $0 != anchor }
                    let stays = tail.first { !unique.contains($0) }
                    #expect(landing.id == home.id, "\(context) \(reorder)")
                    #expect((start + unique.count < flat.count ? flat[start + unique.count] : nil) == stays, "\(context) \(reorder)")
                }
                // The items that stay keep their order within each section.
                for (old, new) in zip(before, sections) {
                    #expect(new.items.map(\.id).filter { !unique.contains($0) } == old.items.map(\.id).filter { !unique.contains($0) }, "\(context)")
                }
            }
        }
    }
}
