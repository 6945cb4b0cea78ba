import Testing
import Tabula
import TabulaTesting

/// Random batches applied to the headless view and to a straightforward reference model: when the
/// reference says the batch is consistent the view accepts it and shows the same rows; when it says
/// it is not, the view refuses it.
@Suite("Headless view versus a reference model")
@MainActor
struct DifferentialTests {
    /// UIKit's semantics written the plain way: remove what is deleted or moved away (old
    /// coordinates), then place what is inserted or moved in at its new index and fill the gaps in
    /// order. Returns nil where UIKit would raise.
    static func reference(_ old: [[String]], _ update: BatchUpdate, inserted: (ItemPath) -> String, insertedSection: (Int, Int) -> [String], newCounts: [Int]) -> [[String]]? {
        let oldCount = old.count, newCount = newCounts.count
        let deletedSections = Set(update.deletedSections), insertedSections = Set(update.insertedSections)
        guard deletedSections.count == update.deletedSections.count, insertedSections.count == update.insertedSections.count else { return nil }
        guard deletedSections.allSatisfy({ $0 >= 0 && $0 < oldCount }), insertedSections.allSatisfy({ $0 >= 0 && $0 < newCount }) else { return nil }
        guard newCount == oldCount - deletedSections.count + insertedSections.count else { return nil }
        // Sections: which old section feeds each new one.
        var feeds = [Int?](repeating: nil, count: newCount)
        let remaining = (0..<oldCount).filter { !deletedSections.contains($0) }
        var cursor = 0
        for new in 0..<newCount where !insertedSections.contains(new) {
            feeds[new] = remaining[cursor]
            cursor += 1
        }
        // Items.
        var result = [[String]]()
        var usedSources = Set<ItemPath>(), usedTargets = Set<ItemPath>()
        for path in update.deletedItems {
            guard path.section >= 0, path.section < oldCount, path.item >= 0, path.item < old[path.section].count, usedSources.insert(path).inserted else { return nil }
        }
        for path in update.reloadedItems {
            guard path.section >= 0, path.section < oldCount, path.item >= 0, path.item < old[path.section].count, !usedSources.contains(path), !deletedSections.contains(path.section) else { return nil }
        }
        for path in update.insertedItems {
            guard path.section >= 0, path.section < newCount, path.item >= 0, path.item < newCounts[path.section], !insertedSections.contains(path.section), usedTargets.insert(path).inserted else { return nil }
        }
        for new in 0..<newCount {
            if insertedSections.contains(new) {
                result.append(insertedSection(new, newCounts[new]))
                continue
            }
            let source = feeds[new]!
            var survivors = [String]()
            for (row, value) in old[source].enumerated() where !usedSources.contains(ItemPath(item: row, section: source)) {
                let reloaded = update.reloadedItems.contains(ItemPath(item: row, section: source))
                survivors.append(reloaded ? value + "'" : value)
            }
            let count = survivors.count + update.insertedItems.filter { $0.section == new }.count
            guard count == newCounts[new] else { return nil }
            var rows = [String?](repeating: nil, count: count)
            for path in update.insertedItems where path.section == new { rows[path.item] = inserted(path) }
            var next = 0
            for i in rows.indices where rows[i] == nil {
                rows[i] = survivors[next]
                next += 1
            }
            result.append(rows.map { $0! })
        }
        return result
    }

    @Test("3,000 random batches: the view accepts exactly what the reference accepts, with the same rows")
    func randomBatches() throws {
        let seed = propertySeed()
        print("DifferentialTests.randomBatches seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var rng = SeededGenerator(seed: seed)
        var accepted = 0, rejected = 0
        for iteration in 0..<3_000 {
            let context = "seed \(seed) iteration \(iteration)"
            let sectionCount = Int.random(in: 0...4, using: &rng)
            let old = (0..<sectionCount).map { s in (0..<Int.random(in: 0...5, using: &rng)).map { "r\(s).\($0)" } }
            var update = BatchUpdate()
            for s in 0..<sectionCount where Int.random(in: 0..<6, using: &rng) == 0 { update.deletedSections.append(s) }
            var newSectionCount = sectionCount - update.deletedSections.count
            if Int.random(in: 0..<5, using: &rng) == 0 {
                newSectionCount += 1
                update.insertedSections.append(Int.random(in: 0..<newSectionCount, using: &rng))
            }
            // Random item operations, sometimes out of range or conflicting.
            for _ in 0..<Int.random(in: 0...3, using: &rng) where sectionCount > 0 {
                let s = Int.random(in: 0..<sectionCount, using: &rng)
                update.deletedItems.append(ItemPath(item: Int.random(in: 0...5, using: &rng), section: s))
            }
            for _ in 0..<Int.random(in: 0...3, using: &rng) where newSectionCount > 0 {
                let s = Int.random(in: 0..<newSectionCount, using: &rng)
                update.insertedItems.append(ItemPath(item: Int.random(in: 0...5, using: &rng), section: s))
            }
            for _ in 0..<Int.random(in: 0...1, using: &rng) where sectionCount > 0 {
                let s = Int.random(in: 0..<sectionCount, using: &rng)
                update.reloadedItems.append(ItemPath(item: Int.random(in: 0...5, using: &rng), section: s))
            }
            // New counts: usually what the operations imply, sometimes off by one.
            var newCounts = [Int]()
            let survivingOld = (0..<sectionCount).filter { !update.deletedSections.contains($0) }
            var cursor = 0
            for new in 0..<newSectionCount {
                if update.insertedSections.contains(new) {
                    newCounts.append(Int.random(in: 0...2, using: &rng))
                } else {
                    let source = survivingOld[cursor]
                    cursor += 1
                    let deleted = Set(update.deletedItems.filter { $0.section == source }).count
                    newCounts.append(max(0, old[source].count - deleted + update.insertedItems.filter { $0.section == new }.count))
                }
            }
            if !newCounts.isEmpty && Int.random(in: 0..<8, using: &rng) == 0 { newCounts[0] += 1 }

            let expected = Self.reference(
                old, update, inserted: { "new\($0.section).\($0.item)" },
                insertedSection: { s, n in (0..<n).map { "sec\(s).\($0)" } }, newCounts: newCounts)

            let list = HeadlessListView(viewportHeight: nil)
            let dataSource = StringsDataSource(old)
            list.register(HeadlessCell.self, forCellReuseIdentifier: "cell")
            list.dataSource = dataSource
            try list.reloadData()
            // What the data source reports after the update: the reference's rows when it has them,
            // otherwise rows of the requested counts.
            dataSource.sections = expected ?? newCounts.map { (0..<$0).map { "x\($0)" } }
            do {
                try list.performBatchUpdates(update)
                accepted += 1
                #expect(expected != nil, "view accepted a batch the reference rejects: \(update) old \(old) counts \(newCounts) — \(context)")
                if let expected {
                    // Reloaded rows were requested again and show the data source's primed value;
                    // kept rows keep the cells they had.
                    var shown = [[String]]()
                    for s in 0..<expected.count {
                        shown.append((0..<expected[s].count).map { list.cellForItem(at: ItemPath(item: $0, section: s))?.text ?? "?" })
                    }
                    #expect(shown == expected, "rows differ — \(context)")
                }
            } catch {
                rejected += 1
                #expect(expected == nil, "view rejected a batch the reference accepts (\(error)): \(update) — \(context)")
            }
        }
        print("DifferentialTests: \(accepted) accepted, \(rejected) rejected")
        #expect(accepted > 300 && rejected > 300, "both outcomes are exercised")
    }
}
