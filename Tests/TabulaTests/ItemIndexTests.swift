import Foundation
import Testing
@testable import Tabula

/// The snapshot's item index stores positions only and confirms a candidate by reading the item's
/// identifier. These tests drive it where the small property test does not reach: identifiers
/// whose hashes collide (in small snapshots: every probe then walks the whole cluster), sections
/// long enough to widen the row field, enough sections and rows to need 64-bit buckets, and long
/// runs of removals.
@Suite("Snapshot: the position-only item index")
struct ItemIndexTests {
    /// An identifier whose hash takes one of three values, so that every probe meets fingerprints
    /// that match and identifiers that do not.
    struct Colliding: Hashable, Sendable, CustomStringConvertible {
        var value: Int
        func hash(into hasher: inout Hasher) { hasher.combine(value % 3) }
        var description: String { "#\(value)" }
    }

    struct Thing: Identifiable, Equatable, Sendable {
        var id: Colliding
        var value = 0
    }

    typealias Things = Snapshot<Int, Thing>

    static func thing(_ id: Int, _ value: Int = 0) -> Thing { Thing(id: Colliding(value: id), value: value) }

    /// Checks the snapshot against `reference` through every public lookup, and the index itself.
    static func expectAgreement(_ snapshot: Things, _ reference: [(id: Int, items: [Thing])], probes: Range<Int>, _ context: String) {
        snapshot._checkInvariantsNow()
        #expect(snapshot.sectionIdentifiers == reference.map(\.id), "\(context)")
        #expect(snapshot.sections.map(\.items) == reference.map(\.items), "\(context)")
        #expect(snapshot.numberOfItems == reference.reduce(0) { $0 + $1.items.count }, "\(context)")
        var expected = [Int: ItemPath]()
        for (s, section) in reference.enumerated() {
            for (r, item) in section.items.enumerated() { expected[item.id.value] = ItemPath(item: r, section: s) }
        }
        for probe in probes {
            #expect(snapshot.itemPath(for: Colliding(value: probe)) == expected[probe], "\(context) probe \(probe)")
        }
        // The batched lookups of the diff (each bucket read ahead of its probe) agree.
        #expect(snapshot._indexPaths(of: probes.map { Colliding(value: $0) }) == probes.map { expected[$0] }, "\(context) batch")
    }

    @Test("random edits with colliding hashes, long sections and many removals agree with arrays")
    func collidingEdits() throws {
        let seed = propertySeed()
        print("ItemIndexTests.collidingEdits seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var rng = SeededGenerator(seed: seed)
        for sequence in 0..<rounds(60) {
            var snapshot = Things()
            var reference: [(id: Int, items: [Thing])] = []
            var nextItem = 0, nextSection = 0
            for step in 0..<60 {
                let context = "seed \(seed) sequence \(sequence) step \(step)"
                let present = reference.flatMap { $0.items.map(\.id.value) }
                switch Int.random(in: 0..<7, using: &rng) {
                case 0, 1:
                    // Insert a run of new items at a random row (growing sections past the row
                    // field's room).
                    guard !reference.isEmpty else { fallthrough }
                    let s = Int.random(in: 0..<reference.count, using: &rng)
                    let row = Int.random(in: 0...reference[s].items.count, using: &rng)
                    let run = (0..<Int.random(in: 1...40, using: &rng)).map { _ in
                        nextItem += 1
                        return Self.thing(nextItem)
                    }
                    try snapshot.insertItems(run, at: ItemPath(item: row, section: s))
                    reference[s].items.insert(contentsOf: run, at: row)
                case 2:
                    // A new section, with items, somewhere.
                    nextSection += 1
                    let items = (0..<Int.random(in: 0...20, using: &rng)).map { _ in
                        nextItem += 1
                        return Self.thing(nextItem)
                    }
                    let at = Int.random(in: 0...reference.count, using: &rng)
                    try snapshot.insertSections([Section(nextSection, items: items)], at: at)
                    reference.insert((nextSection, items), at: at)
                case 3:
                    // Delete a random handful of items, from any sections.
                    guard !present.isEmpty else { continue }
                    let doomed = Set((0..<Int.random(in: 1...30, using: &rng)).map { _ in present.randomElement(using: &rng)! })
                    try snapshot.deleteItems(doomed.map { Colliding(value: $0) })
                    for s in reference.indices { reference[s].items.removeAll { doomed.contains($0.id.value) } }
                case 4:
                    // Move one item to any position, possibly in another section.
                    guard !present.isEmpty else { continue }
                    let from = snapshot.itemPath(for: Colliding(value: present.randomElement(using: &rng)!))!
                    let item = reference[from.section].items.remove(at: from.item)
                    let s = Int.random(in: 0..<reference.count, using: &rng)
                    let row = Int.random(in: 0...reference[s].items.count, using: &rng)
                    reference[s].items.insert(item, at: row)
                    try snapshot.moveItem(at: from, to: ItemPath(item: row, section: s))
                case 5:
                    // Delete a section with its items.
                    guard !reference.isEmpty else { continue }
                    let s = Int.random(in: 0..<reference.count, using: &rng)
                    try snapshot.deleteSections([reference[s].id])
                    reference.remove(at: s)
                default:
                    // An existing identifier, inserted again, is refused and changes nothing.
                    guard let repeated = present.randomElement(using: &rng), !reference.isEmpty else { continue }
                    let before = snapshot
                    #expect(throws: Things.Failure.self, "\(context)") {
                        try snapshot.appendItems([Self.thing(repeated, 9)], toSection: reference[0].id)
                    }
                    #expect(snapshot == before, "\(context)")
                }
                Self.expectAgreement(snapshot, reference, probes: 0..<(nextItem + 2), context)
            }
        }
    }

    @Test("UUID identifiers, which the index hashes itself, are found where they are, and absent ones are not")
    func uuidIdentifiers() throws {
        struct Tagged: Identifiable, Equatable, Sendable {
            var id: UUID
        }
        let ids = (0..<3_000).map { _ in UUID() }
        var snapshot = try Snapshot<Int, Tagged>((0..<3).map { s in Section(s, items: ids[(s * 1_000)..<((s + 1) * 1_000)].map(Tagged.init)) })
        try snapshot.deleteItems(Array(ids[500..<700]))
        try snapshot.appendItems([Tagged(id: ids[600])], toSection: 2)
        snapshot._checkInvariantsNow()
        var expected = [UUID: ItemPath]()
        for (s, section) in snapshot.sections.enumerated() {
            for (r, item) in section.items.enumerated() { expected[item.id] = ItemPath(item: r, section: s) }
        }
        #expect(expected.count == 2_801)
        let probes = ids + (0..<200).map { _ in UUID() }
        for id in probes { #expect(snapshot.itemPath(for: id) == expected[id], "\(id)") }
        #expect(snapshot._indexPaths(of: probes) == probes.map { expected[$0] })
        // The UUID hash is a function of the bytes: an equal UUID made anew is found.
        let copy = UUID(uuid: ids[2_999].uuid)
        #expect(snapshot.itemPath(for: copy) == ItemPath(item: 999, section: 2))
        #expect(throws: Snapshot<Int, Tagged>.Failure.duplicateItem(ids[5], first: ItemPath(item: 5, section: 0), second: ItemPath(item: 0, section: 1))) {
            try Snapshot<Int, Tagged>([Section(0, items: ids[0..<10].map(Tagged.init)), Section(1, items: [Tagged(id: ids[5])])]).validated()
        }
    }

    @Test("sections and rows too many for 32-bit buckets take 64-bit ones, and keep working")
    func wideBuckets() throws {
        // 40,000 rows (17 bits with room to double) and 5,000 sections (14 bits) leave too little of
        // 32 bits for a fingerprint.
        var sections = [Section<Int, Row>(0, items: (0..<40_000).map { Row(id: $0) })]
        sections += (1...5_000).map { Section($0, items: [Row(id: 100_000 + $0)]) }
        var snapshot = try Snapshot(sections)
        #expect(snapshot._index.wide)
        try snapshot.moveItem(at: ItemPath(item: 0, section: 0), to: ItemPath(item: 1, section: 5_000))
        try snapshot.deleteItems([20_000])
        try snapshot.insertItems([Row(id: -1)], at: ItemPath(item: 5, section: 0))
        snapshot._checkInvariantsNow()
        #expect(snapshot.itemPath(for: 0) == ItemPath(item: 1, section: 5_000))
        #expect(snapshot.itemPath(for: 105_000) == ItemPath(item: 0, section: 5_000))
        #expect(snapshot.itemPath(for: -1) == ItemPath(item: 5, section: 0))
        #expect(snapshot.itemPath(for: 39_999) == ItemPath(item: 39_998, section: 0))
        #expect(snapshot.itemPath(for: 20_000) == nil)
        let probes = [0, 105_000, -1, 39_999, 20_000, 7, 104_321, 200_000]
        #expect(snapshot._indexPaths(of: probes) == probes.map { snapshot.itemPath(for: $0) })
        #expect(snapshot._indexPaths(of: probes).compactMap { $0 }.count == 6)
        // A repeat is found in a wide table too, naming both positions.
        #expect(throws: Snapshot<Int, Row>.Failure.duplicateItem(104_999, first: ItemPath(item: 0, section: 4_999), second: ItemPath(item: 0, section: 5_001))) {
            try Snapshot(sections + [Section(5_001, items: [Row(id: 104_999)])]).validated()
        }
    }

    @Test("a large snapshot is indexed region by region, and reports the same first repeat as a small one")
    func largeBuildInCacheOrder() throws {
        // 400,000 items need 2^20 buckets: the size from which the build fills the table by region.
        func sections() -> [Section<Int, Row>] {
            (0..<4).map { s in Section(s, items: (0..<100_000).map { Row(id: s * 100_000 + $0) }) }
        }
        let snapshot = try Snapshot(sections())
        #expect(snapshot._index.bucketCount == 1 << 20)
        snapshot._checkInvariantsNow()
        #expect(snapshot.itemPath(for: 250_123) == ItemPath(item: 50_123, section: 2))
        #expect(snapshot.itemPath(for: 400_000) == nil)
        // Two repeats: the one whose second occurrence comes first in input order is reported, as
        // the item-by-item build does.
        var repeated = sections()
        repeated[3].items[99_999] = Row(id: 5)
        repeated[2].items[7] = Row(id: 399_998)
        #expect(throws: Snapshot<Int, Row>.Failure.duplicateItem(399_998, first: ItemPath(item: 7, section: 2), second: ItemPath(item: 99_998, section: 3))) {
            try Snapshot(repeated).validated()
        }
        var sectionRepeated = sections()
        sectionRepeated[3].id = 1
        #expect(throws: Snapshot<Int, Row>.Failure.duplicateSection(1, first: 1, second: 3)) { try Snapshot(sectionRepeated) }
    }

    @Test("an index takes 4 bytes a bucket for ordinary lists, and stays flat over 5,000 insert-delete rounds")
    func compactAndFlat() throws {
        var snapshot = try Snapshot<Int, Row>([Section(0, items: (0..<100_000).map { Row(id: $0) })])
        // 100,000 items need 2^18 buckets at three-quarters load: 1 MB, about 10 bytes an item.
        #expect(!snapshot._index.wide)
        #expect(snapshot._index.byteCount == (1 << 18) * 4)
        var small = try Snapshot<Int, Row>([Section(0, items: (0..<1_000).map { Row(id: $0) })])
        let buckets = small._index.bucketCount
        let roundCount = rounds(5_000)
        for round in 0..<roundCount {
            try small.appendItems([Row(id: 1_000 + round)])
            try small.deleteItems([round])
        }
        #expect(small._index.bucketCount <= buckets * 2)
        #expect(small._index.tombstones <= max(small.numberOfItems, 16))
        small._checkInvariantsNow()
        #expect(small.numberOfItems == 1_000)
        #expect(small.itemPath(for: 999 + roundCount) == ItemPath(item: 999, section: 0))
        snapshot = Snapshot()
        #expect(snapshot._index.byteCount == 0)
    }

    @Test("the first repeat in input order is reported, among many items whose fingerprints collide")
    func repeatsAmongManyItems() throws {
        let seed = propertySeed()
        print("ItemIndexTests.repeatsAmongManyItems seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var rng = SeededGenerator(seed: seed)
        for round in 0..<40 {
            // Thousands of items in a table of a few thousand buckets: fingerprints of different
            // identifiers match often, and must not be taken for repeats.
            let sectionCount = Int.random(in: 1...4, using: &rng)
            var next = Int.random(in: -1_000_000...1_000_000, using: &rng)
            var sections = (0..<sectionCount).map { s in
                Section<Int, Row>(s, items: (0..<Int.random(in: 0...6_000, using: &rng)).map { _ in
                    next += Int.random(in: 1...3, using: &rng)
                    return Row(id: next)
                })
            }
            let total = sections.reduce(0) { $0 + $1.items.count }
            // Half the rounds repeat some identifiers, at random places.
            if round % 2 == 1 && total > 1 {
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    let from = sections.indices.filter { !sections[$0].items.isEmpty }.randomElement(using: &rng)!
                    let to = sections.indices.filter { !sections[$0].items.isEmpty }.randomElement(using: &rng)!
                    let id = sections[from].items.randomElement(using: &rng)!.id
                    sections[to].items[Int.random(in: 0..<sections[to].items.count, using: &rng)] = Row(id: id)
                }
            }
            // The reference: the first item, in input order, whose identifier came before.
            var seen = [Int: ItemPath](), expected: SnapshotError<Int, Int>? = nil
            scan: for (s, section) in sections.enumerated() {
                for (r, item) in section.items.enumerated() {
                    if let first = seen[item.id] {
                        expected = .duplicateItem(item.id, first: first, second: ItemPath(item: r, section: s))
                        break scan
                    }
                    seen[item.id] = ItemPath(item: r, section: s)
                }
            }
            let context = "seed \(seed) round \(round)"
            do {
                let snapshot = try Snapshot(sections).validated()
                #expect(expected == nil, "\(context): no error, expected \(String(describing: expected))")
                snapshot._checkInvariantsNow()
                for (id, path) in seen { #expect(snapshot.itemPath(for: id) == path, "\(context): \(id)") }
            } catch let error as SnapshotError<Int, Int> {
                #expect(error == expected, "\(context)")
            }
        }
    }

    @Test("a section's insert loop leaves the buckets, counts and repeat of one insert at a time")
    func insertLoopMatchesSingleInserts() {
        let seed = propertySeed()
        print("ItemIndexTests.insertLoopMatchesSingleInserts seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var rng = SeededGenerator(seed: seed)
        // Hashes from few values, in their top bits (the fingerprint) and their low bits (the
        // bucket): fingerprints of different keys match often, and probes are long.
        func hash(_ key: Int) -> Int { (key % 3) << 61 | (key % 11) &* 5 }
        for round in 0..<400 {
            var table = _LocationTable(capacity: 400, rows: 400, tokens: 4)
            // Entries of token 1, some removed again (tombstones), then rows of token 2 inserted.
            var keys: [Int32: [Int]] = [1: [], 2: []]
            var live: [Bool] = []
            for row in 0..<Int.random(in: 0...150, using: &rng) {
                let key = Int.random(in: 0..<1_000, using: &rng)
                // A key already live in token 1 is not added twice: the table's entries are unique.
                if keys[1]!.indices.contains(where: { live[$0] && keys[1]![$0] == key }) {
                    keys[1]!.append(-1)
                    live.append(false)
                    continue
                }
                table.insert(hash: hash(key), token: 1, row: Int32(row))
                keys[1]!.append(key)
                live.append(true)
            }
            for row in keys[1]!.indices where live[row] && Int.random(in: 0..<3, using: &rng) == 0 {
                table.remove(hash: hash(keys[1]![row]), token: 1, row: Int32(row))
                live[row] = false
            }
            // New rows: mostly new keys; in some rounds one repeats a live entry or an earlier row.
            let rows = Int.random(in: 1...150, using: &rng)
            keys[2] = (0..<rows).map { _ in 1_000 + Int.random(in: 0..<100_000, using: &rng) }
            if round % 3 == 1, let row = keys[1]!.indices.filter({ live[$0] }).randomElement(using: &rng) {
                keys[2]![Int.random(in: 0..<rows, using: &rng)] = keys[1]![row]
            } else if round % 3 == 2 && rows > 1 {
                let first = Int.random(in: 0..<(rows - 1), using: &rng)
                keys[2]![Int.random(in: (first + 1)..<rows, using: &rng)] = keys[2]![first]
            }
            let newKeys = keys[2]!
            let hashes = newKeys.map(hash)
            func isMatch(_ token: Int32, _ row: Int32, _ newRow: Int) -> Bool { keys[token]![Int(row)] == newKeys[newRow] }
            var looped = table, single = table
            let foundLooped = looped.insertRows(rows, token: 2, hash: { hashes[$0] }, where: isMatch)
            var foundSingle: (token: Int32, row: Int32, newRow: Int)? = nil
            for r in 0..<rows {
                if let found = single.entryOrInsert(hash: hashes[r], token: 2, row: Int32(r), where: { isMatch($0, $1, r) }) {
                    foundSingle = (found.token, found.row, r)
                    break
                }
            }
            let context = "seed \(seed) round \(round)"
            #expect(foundLooped?.token == foundSingle?.token && foundLooped?.row == foundSingle?.row && foundLooped?.newRow == foundSingle?.newRow, "\(context)")
            #expect(looped.words == single.words, "\(context)")
            #expect(looped.count == single.count && looped.tombstones == single.tombstones, "\(context)")
            // A repeat is found exactly when the rows repeat a live key or one another.
            let liveKeys = Set(keys[1]!.indices.filter { live[$0] }.map { keys[1]![$0] })
            let repeats = newKeys.contains(where: liveKeys.contains) || Set(newKeys).count < newKeys.count
            #expect((foundLooped != nil) == repeats, "\(context)")
        }
    }
}
