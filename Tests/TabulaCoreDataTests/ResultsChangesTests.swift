import Testing
import Tabula
import TabulaCoreData
import TabulaTesting

/// A stand-in for a managed object: a stable key and a version that changes on update.
struct Object: Hashable {
    var key: Int
    var version: Int = 0
}

struct Row: Identifiable, Hashable, Sendable {
    var id: Int
    var version: Int
}

/// Applies fetched-results change lists to snapshots (issue 11: map only what changed).
@Suite("Core Data change lists, applied incrementally")
struct ResultsChangesTests {
    func snapshot(_ sections: [(String, [Object])]) throws -> Snapshot<String, Row> {
        try Snapshot(sections.map { Section($0.0, header: $0.0, items: $0.1.map { Row(id: $0.key, version: $0.version) }) })
    }

    @Test("a change to 4 of 1,000 objects turns 3 objects into items, not 1,000")
    func onlyChangedObjectsAreMapped() throws {
        let before = (0..<1_000).map { Object(key: $0) }
        var after = before
        after.remove(at: 10)  // delete 10
        after[19].version = 1  // update 20 (now at 19)
        let moved = after.remove(at: 500)  // move 501 to the front
        after.insert(moved, at: 0)
        after.append(Object(key: 5_000))  // insert at the end
        var changes = ResultsChanges<Object>()
        changes.changes = [
            .delete(at: ItemPath(item: 10, section: 0)),
            .update(after[20], at: ItemPath(item: 20, section: 0)),
            .move(moved, from: ItemPath(item: 501, section: 0), to: ItemPath(item: 0, section: 0)),
            .insert(Object(key: 5_000), at: ItemPath(item: 999, section: 0)),
        ]
        var mapped = 0
        let result = try changes.applied(to: try snapshot([("all", before)]), sectionID: { $0 }, sectionTitle: { $0 }) { object in
            mapped += 1
            return Row(id: object.key, version: object.version)
        }
        #expect(mapped == 3)
        #expect(result == (try snapshot([("all", after)])))
    }

    @Test("sections inserted and deleted by the change list")
    func sectionChanges() throws {
        let before = try snapshot([("a", [Object(key: 1)]), ("b", [Object(key: 2)])])
        var changes = ResultsChanges<Object>()
        changes.changes = [
            .deleteSection(at: 0),
            .delete(at: ItemPath(item: 0, section: 0)),
            .insertSection(name: "c", at: 1),
            .insert(Object(key: 3), at: ItemPath(item: 0, section: 1)),
        ]
        let result = try changes.applied(to: before, sectionID: { $0 }, sectionTitle: { $0 }) { Row(id: $0.key, version: $0.version) }
        #expect(result == (try snapshot([("b", [Object(key: 2)]), ("c", [Object(key: 3)])])))
    }

    @Test("a change list that does not fit the snapshot is a typed error, not a trap")
    func mismatchedChanges() throws {
        var changes = ResultsChanges<Object>()
        changes.changes = [.delete(at: ItemPath(item: 7, section: 0))]
        #expect(throws: SnapshotError<String, Int>.self) {
            _ = try changes.applied(to: try snapshot([("a", [Object(key: 1)])]), sectionID: { $0 }, sectionTitle: { $0 }) { Row(id: $0.key, version: $0.version) }
        }
    }

    @Test("random deletes, inserts, moves and updates: the incremental result equals mapping everything")
    func randomChangeLists() throws {
        let seed = propertyTestSeed()
        print("ResultsChangesTests.randomChangeLists seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var rng = SeededRandomGenerator(seed: seed)
        var nextKey = 10_000
        for iteration in 0..<2_000 {
            let count = Int.random(in: 0...12, using: &rng)
            var rows = (0..<count).map { Object(key: $0) }
            let before = rows
            var changes: [ResultsChanges<Object>.Change] = []
            // Before-state operations are expressed against `before`; after-state ones at the end.
            var survivors = rows.indices.map { $0 }  // old indices still present, in order
            var movedKeys = Set<Int>()
            for oldIndex in rows.indices.reversed() where Int.random(in: 0..<4, using: &rng) == 0 {
                changes.append(.delete(at: ItemPath(item: oldIndex, section: 0)))
                survivors.removeAll { $0 == oldIndex }
            }
            var after = survivors.map { rows[$0] }
            for _ in 0..<Int.random(in: 0...2, using: &rng) where !after.isEmpty {
                let from = Int.random(in: 0..<after.count, using: &rng)
                var object = after.remove(at: from)
                if Bool.random(using: &rng) { object.version += 1 }
                after.insert(object, at: Int.random(in: 0...after.count, using: &rng))
                movedKeys.insert(object.key)
            }
            var insertedKeys = Set<Int>()
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                nextKey += 1
                after.insert(Object(key: nextKey), at: Int.random(in: 0...after.count, using: &rng))
                insertedKeys.insert(nextKey)
            }
            for index in after.indices where !movedKeys.contains(after[index].key) && !insertedKeys.contains(after[index].key)
                && Int.random(in: 0..<4, using: &rng) == 0
            {
                after[index].version += 1
                let oldIndex = before.firstIndex { $0.key == after[index].key }!
                changes.append(.update(after[index], at: ItemPath(item: oldIndex, section: 0)))
            }
            // Moves: the moved objects, and every object whose relative order they disturbed, are
            // reported the way the controller does: as a move from the old path to the new one.
            for (newIndex, object) in after.enumerated() {
                if insertedKeys.contains(object.key) {
                    changes.append(.insert(object, at: ItemPath(item: newIndex, section: 0)))
                } else if movedKeys.contains(object.key) {
                    let oldIndex = before.firstIndex { $0.key == object.key }!
                    changes.append(.move(object, from: ItemPath(item: oldIndex, section: 0), to: ItemPath(item: newIndex, section: 0)))
                }
            }
            rows = after
            var list = ResultsChanges<Object>()
            list.changes = changes
            let result = try list.applied(to: try snapshot([("s", before)]), sectionID: { $0 }, sectionTitle: { $0 }) { Row(id: $0.key, version: $0.version) }
            #expect(result == (try snapshot([("s", rows)])), "seed \(seed) iteration \(iteration)")
        }
    }
}
