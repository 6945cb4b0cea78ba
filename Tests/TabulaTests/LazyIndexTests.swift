@testable import Tabula
import TabulaTesting
import Testing

/// A snapshot made from sections indexes its items on first need: the answers are those of an
/// index built at once, copies stay independent values, and a repeated identifier is found then.
@Suite("The item index, built on first need")
struct LazyIndexTests {
    @Test("made from sections, a snapshot indexes nothing until asked, then answers as an eager one")
    func indexedOnFirstNeed() throws {
        let sections = [RowSection("a", items: (0..<50).map { Row(id: $0) }), RowSection("b", items: (50..<80).map { Row(id: $0) })]
        let snapshot = try RowSnapshot(sections)
        #expect(!snapshot._isIndexed)
        #expect(snapshot.numberOfItems == 80 && !snapshot.isEmpty && snapshot.numberOfSections == 2)
        #expect(!snapshot._isIndexed, "counting needs no index")
        let copy = snapshot
        #expect(snapshot.itemPath(for: 63) == ItemPath(item: 13, section: 1))
        #expect(snapshot._isIndexed && copy._isIndexed, "copies share the index built for one of them")
        let (eager, _) = try RowSnapshot.resolvingDuplicates(in: sections, keeping: .reject)
        for id in -1...81 { #expect(copy.itemPath(for: id) == eager.itemPath(for: id), "\(id)") }
        copy._checkInvariantsNow()
    }

    @Test("a repeated item identifier: not thrown by the initialiser; validated() and every edit throw it, lookups find the first")
    func repeatedIdentifier() throws {
        let snapshot = try RowSnapshot([RowSection("a", items: [Row(id: 1), Row(id: 2)]), RowSection("b", items: [Row(id: 7), Row(id: 2, value: 9)])])
        let repeated = RowSnapshot.Failure.duplicateItem(2, first: ItemPath(item: 1, section: 0), second: ItemPath(item: 1, section: 1))
        #expect(throws: repeated) { try snapshot.validated() }
        #expect(snapshot.itemPath(for: 2) == ItemPath(item: 1, section: 0) && snapshot.item(at: ItemPath(item: 1, section: 0)) == Row(id: 2))
        #expect(snapshot.numberOfItems == 4)
        let edits: [(String, (inout RowSnapshot) throws -> Void)] = [
            ("append", { try $0.appendItems([Row(id: 40)]) }),
            ("insert", { try $0.insertItems([Row(id: 40)], beforeItem: 7) }),
            ("delete", { try $0.deleteItems([1]) }),
            ("move", { try $0.moveItem(1, afterItem: 7) }),
            ("update", { try $0.updateItems([Row(id: 1, value: 3)]) }),
            ("reload", { try $0.reloadItems([1]) }),
            ("append section", { try $0.appendSections(["c"]) }),
            ("delete section", { try $0.deleteSections(["a"]) }),
            ("move section", { try $0.moveSection("a", afterSection: "b") }),
        ]
        for (name, edit) in edits {
            var edited = snapshot
            #expect(throws: repeated, "\(name)") { try edit(&edited) }
            #expect(edited == snapshot, "\(name) changed nothing")
        }
        // Emptied, it is a good snapshot again.
        var emptied = snapshot
        emptied.deleteAllItems()
        try emptied.appendSections(["a"])
        try emptied.appendItems([Row(id: 2)])
        #expect(try emptied.validated().itemPath(for: 2) == ItemPath(item: 0, section: 0))
    }

    @Test("section identifiers are still checked at once")
    func sectionsCheckedAtOnce() {
        #expect(throws: RowSnapshot.Failure.duplicateSection("a", first: 0, second: 2)) {
            try RowSnapshot([RowSection("a"), RowSection("b", items: [Row(id: 1)]), RowSection("a")])
        }
    }

    @Test("random edits of unindexed snapshots and their copies keep every copy's index right")
    func randomEditsOfCopies() throws {
        let seed = propertySeed()
        print("LazyIndexTests.randomEditsOfCopies seed \(seed) (replay: TABULA_SEED=\(seed))")
        var generator = SnapshotPairGenerator(seed: seed)
        for round in 0..<300 {
            let context = "seed \(seed) round \(round)"
            let sections = generator.randomSections()
            let original = try RowSnapshot(sections)
            var copies = [original, original, original]
            // Some copies are read first (which builds the shared index), others edited at once.
            for k in copies.indices where generator.chance(0.5) {
                _ = copies[k].itemPath(for: copies[k].sections.first?.items.first?.id ?? 0)
            }
            for k in copies.indices {
                for _ in 0..<generator.int(0...3) {
                    switch generator.int(0...4) {
                    case 0: try? copies[k].appendItems([Row(id: generator.freshID())])
                    case 1:
                        if let id = copies[k].sections.randomElement(using: &generator.rng)?.items.randomElement(using: &generator.rng)?.id {
                            try copies[k].deleteItems([id])
                        }
                    case 2:
                        let all = copies[k].sections.flatMap(\.items)
                        if all.count >= 2, let a = all.randomElement(using: &generator.rng), let b = all.randomElement(using: &generator.rng), a.id != b.id {
                            try copies[k].moveItem(a.id, beforeItem: b.id)
                        }
                    case 3:
                        if copies[k].numberOfSections >= 2 {
                            let ids = copies[k].sections.map(\.id)
                            try copies[k].moveSection(ids[0], afterSection: ids[ids.count - 1])
                        }
                    default: try copies[k].appendSections([generator.freshSectionID()])
                    }
                }
            }
            #expect(original.sections == sections, "\(context): the original is unchanged")
            for snapshot in copies + [original] {
                snapshot._checkInvariantsNow()
                let (eager, _) = try RowSnapshot.resolvingDuplicates(in: snapshot.sections, keeping: .reject)
                for section in snapshot.sections {
                    for item in section.items { #expect(snapshot.itemPath(for: item.id) == eager.itemPath(for: item.id), "\(context)") }
                }
                #expect(snapshot.numberOfItems == eager.numberOfItems, "\(context)")
            }
        }
    }

    @Test("copies of one unindexed snapshot read on many threads at once agree, and build the index once")
    func concurrentFirstReads() async throws {
        let rows = (0..<20_000).map { Row(id: $0 * 3) }
        let snapshot = try Snapshot<Int, Row>([Section(0, items: rows)])
        let found = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    let copy = snapshot
                    var hits = 0
                    for k in stride(from: task, to: 60_000, by: 8) where copy.itemPath(for: k) == (k % 3 == 0 ? ItemPath(item: k / 3, section: 0) : nil) {
                        hits += 1
                    }
                    return hits
                }
            }
            return await group.reduce(0, +)
        }
        #expect(found == 60_000)
        #expect(snapshot._isIndexed)
    }
}
