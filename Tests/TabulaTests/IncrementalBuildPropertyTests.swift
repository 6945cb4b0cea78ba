import Testing
@testable import Tabula

/// `Snapshot(_:updating:)` against `Snapshot(_:)` and the diff of the full build, over random pairs
/// of a previous snapshot and new sections: small and large changes, repeated identifiers, sections
/// inserted, deleted and moved, previous snapshots edited (tombstones, tokens out of order).
@Suite("Snapshot: the build against a previous snapshot against the full build")
struct IncrementalBuildPropertyTests {
    typealias Failure = SnapshotError<String, Int>

    /// Rows without `==`: the build that only compares identifiers.
    struct PlainRow: Identifiable, Sendable {
        var id: Int
        var value: Int
    }

    /// The full build's result or error.
    static func full(_ sections: [RowSection]) -> Result<RowSnapshot, Failure> {
        Result { try RowSnapshot(sections).validated() }.mapError { $0 as! Failure }
    }

    /// The build against `previous`, through the `Equatable` overload.
    static func incremental(_ sections: [RowSection], _ previous: RowSnapshot) -> Result<RowSnapshot, Failure> {
        Result { try RowSnapshot(sections, updating: previous) }.mapError { $0 as! Failure }
    }

    /// The build against `previous`, through the overload for any item (identifiers only).
    static func incrementalPlain<Item: Identifiable>(
        _ sections: [Section<String, Item>], _ previous: Snapshot<String, Item>
    ) -> Result<Snapshot<String, Item>, SnapshotError<String, Item.ID>> {
        Result { try Snapshot(sections, updating: previous) }.mapError { $0 as! SnapshotError<String, Item.ID> }
    }

    /// Checks that `built` is `expected` in every way a caller can see: sections, lookups of the
    /// new, old and absent identifiers, the index's invariants, and the changesets from `previous`
    /// (compared with `==` and through a closure).
    static func expectSame(
        _ built: RowSnapshot, _ expected: RowSnapshot, previous: RowSnapshot, _ context: String
    ) {
        #expect(built == expected, "\(context)")
        #expect(built.numberOfItems == expected.numberOfItems, "\(context)")
        #expect(built.sectionIdentifiers == expected.sectionIdentifiers, "\(context)")
        built._checkInvariantsNow()
        var ids = expected.itemIdentifiers + previous.itemIdentifiers
        ids.append(-1)
        for id in ids where built.itemPath(for: id) != expected.itemPath(for: id) {
            Issue.record("\(context): \(id) at \(String(describing: built.itemPath(for: id))), expected \(String(describing: expected.itemPath(for: id)))")
        }
        for sectionID in expected.sectionIdentifiers + ["absent"] {
            #expect(built.sectionIndex(of: sectionID) == expected.sectionIndex(of: sectionID), "\(context)")
        }
        let diff = Changeset(from: previous, to: built), fullDiff = Changeset(from: previous, to: expected)
        #expect(diff.stages == fullDiff.stages, "\(context)")
        #expect(diff.statistics == fullDiff.statistics, "\(context)")
        let closure = Changeset(from: previous, to: built) { $0 == $1 ? nil : .reconfigure }
        let fullClosure = Changeset(from: previous, to: expected) { $0 == $1 ? nil : .reconfigure }
        #expect(closure.stages == fullClosure.stages, "\(context)")
        // Reconfigures, some refused (as an adapter refuses a change of cell type), from `previous`
        // and from a copy of it that shares its storage: what the build recorded serves both.
        let reconfigure = _EqualityClassifier<Row>(updates: .reconfigure)
        let refuse: (Row, Row) -> Bool = { $1.value % 2 == 0 }
        for source in [previous, previous.clearingUpdateRequests()] {
            let diff = Changeset(from: source, to: built, classifier: reconfigure, canReconfigure: refuse)
            let fullDiff = Changeset(from: source, to: expected, classifier: reconfigure, canReconfigure: refuse)
            #expect(diff.stages == fullDiff.stages && diff.statistics == fullDiff.statistics, "\(context)")
        }
        // The walk that puts its lookups off (a large index) against the build's record.
        let deferred = _lookupDeferralThreshold.withValue(0) { (Changeset(from: previous, to: built), Changeset(from: previous, to: expected)) }
        #expect(deferred.0.stages == deferred.1.stages, "\(context)")
        // The built snapshot edits like the full build's.
        var edited = built, fullEdited = expected
        let extra = Row(id: 99_999_999, value: 0)
        if let section = expected.sectionIdentifiers.last {
            try? edited.appendItems([extra], toSection: section)
            try? fullEdited.appendItems([extra], toSection: section)
            if let first = expected.itemIdentifiers.first {
                try? edited.deleteItems([first])
                try? fullEdited.deleteItems([first])
            }
            #expect(edited == fullEdited, "\(context)")
            edited._checkInvariantsNow()
        }
    }

    /// Random edits of `sections`: small (a few items) or large (most of them), with repeats.
    static func changed(_ sections: [RowSection], _ g: inout SnapshotPairGenerator, large: Bool) -> [RowSection] {
        var sections = sections
        let rounds = large ? g.int(5...40) : g.int(0...3)
        for _ in 0..<rounds {
            switch g.int(0...11) {
            case 0:
                g.mutateSections(&sections)
            case 1:
                g.moveAcrossSections(&sections, count: g.int(1...3))
            case 2:
                g.mutateItems(&sections)
            case 3:
                g.changeContent(&sections)
            case 4:
                // A run of deletions.
                guard let s = sections.indices.randomElement(using: &g.rng), !sections[s].items.isEmpty else { continue }
                let start = g.int(0...(sections[s].items.count - 1))
                let end = min(sections[s].items.count, start + g.int(1...6))
                sections[s].items.removeSubrange(start..<end)
            case 5:
                // A run of insertions.
                guard let s = sections.indices.randomElement(using: &g.rng) else { continue }
                let at = g.int(0...sections[s].items.count)
                sections[s].items.insert(contentsOf: (0..<g.int(1...6)).map { _ in Row(id: g.freshID()) }, at: at)
            case 6:
                // One item moved within its section.
                guard let s = sections.indices.randomElement(using: &g.rng), sections[s].items.count > 1 else { continue }
                let item = sections[s].items.remove(at: g.int(0...(sections[s].items.count - 1)))
                sections[s].items.insert(item, at: g.int(0...sections[s].items.count))
            case 7:
                // A repeated item identifier (rarely: the build must then throw as the full one).
                guard g.chance(0.3) else { continue }
                let all = sections.flatMap(\.items)
                guard let copy = all.randomElement(using: &g.rng), let s = sections.indices.randomElement(using: &g.rng) else { continue }
                sections[s].items.insert(Row(id: copy.id, value: g.int(0...2)), at: g.int(0...sections[s].items.count))
            case 8:
                // A repeated section identifier.
                guard g.chance(0.2), let section = sections.randomElement(using: &g.rng) else { continue }
                sections.insert(RowSection(section.id), at: g.int(0...sections.count))
            case 9:
                // A section that empties.
                guard let s = sections.indices.randomElement(using: &g.rng) else { continue }
                sections[s].items = []
            case 10:
                sections = []
            default:
                // Two sections exchange places.
                guard sections.count > 1 else { continue }
                sections.swapAt(g.int(0...(sections.count - 1)), g.int(0...(sections.count - 1)))
            }
        }
        return sections
    }

    /// A previous snapshot, sometimes edited after its build so that its index holds tombstones and
    /// its section tokens are out of order.
    static func previous(_ g: inout SnapshotPairGenerator, maxSections: Int, maxItems: Int) -> RowSnapshot {
        var snapshot = try! RowSnapshot(g.randomSections(maxSections: maxSections, maxItems: maxItems))
        if g.chance(0.4) {
            let ids = snapshot.itemIdentifiers
            for _ in 0..<g.int(0...3) {
                guard let id = ids.randomElement(using: &g.rng) else { break }
                try? snapshot.deleteItems([id])
            }
            let sections = snapshot.sectionIdentifiers
            if sections.count > 1 {
                try? snapshot.moveSection(sections[0], afterSection: sections[sections.count - 1])
            }
            try? snapshot.appendSections([g.freshSectionID()])
        }
        return snapshot
    }

    static func run(seed: UInt64, cases: Int, maxSections: Int, maxItems: Int, largeShare: Double, name: String) {
        var g = SnapshotPairGenerator(seed: seed)
        var built = 0, thrown = 0, carried = 0, pending = 0, recorded = 0
        var replaced = 0, replacedCarried = 0
        for index in 0..<cases {
            // Every tenth case, from the fifth on, replaces one item of a list of 16 or more with a
            // new one and changes nothing else: whatever the seed, the index must then be carried
            // over, when its table has room for one more entry (left to chance, one seed in about
            // 40 carried 6 of 60 large lists).
            let replacing = index % 10 == 4
            var previous = previous(&g, maxSections: maxSections, maxItems: maxItems)
            while replacing && (previous.numberOfItems < 16 || !previous._index.fits(adding: 1, rows: 1, tokens: 1)) {
                previous = Self.previous(&g, maxSections: maxSections, maxItems: maxItems)
            }
            let large = g.chance(largeShare)
            var sections = changed(previous.sections, &g, large: large)
            if replacing {
                sections = previous.sections
                let s = sections.indices.filter { !sections[$0].items.isEmpty }.randomElement(using: &g.rng)!
                sections[s].items[g.int(0...(sections[s].items.count - 1))] = Row(id: g.freshID())
                replaced += 1
            }
            // Every tenth case repeats an identifier, so that the path that throws is taken
            // whatever the seed (left to chance, 60 cases of one seed had no repeat left).
            if index % 10 == 9 {
                if let copy = sections.flatMap(\.items).randomElement(using: &g.rng), let s = sections.indices.randomElement(using: &g.rng) {
                    sections[s].items.insert(Row(id: copy.id, value: 1), at: g.int(0...sections[s].items.count))
                } else {
                    let id = g.freshID()
                    sections.append(RowSection(g.freshSectionID(), items: [Row(id: id), Row(id: id)]))
                }
            }
            let context = "\(name) TABULA_SEED=\(seed) case \(index) (\(large ? "large" : "small") change)"
            switch (incremental(sections, previous), full(sections)) {
            case let (.success(snapshot), .success(expected)):
                built += 1
                // A full build leaves no tombstones and its own table: either shows the index was carried over.
                let shared = snapshot._index.words.withUnsafeBufferPointer { a in
                    previous._index.words.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
                }
                if shared || snapshot._index.tombstones > 0 { carried += 1 }
                if replacing && (shared || snapshot._index.tombstones > 0 || snapshot._index.pending != nil) { replacedCarried += 1 }
                // Carried with its rows pending, and with what the diff from `previous` needs.
                if snapshot._index.pending != nil { pending += 1 }
                if snapshot._lineage != nil { recorded += 1 }
                expectSame(snapshot, expected, previous: previous, context)
            case let (.failure(error), .failure(expected)):
                thrown += 1
                #expect(error == expected, "\(context)")
            case let (got, expected):
                Issue.record("\(context): got \(got), expected \(expected)")
            }
            // The overload for items without `==` gives the same snapshots and errors.
            let plainPrevious = try! Snapshot<String, PlainRow>(
                previous.sections.map { Section($0.id, header: $0.header, footer: $0.footer, items: $0.items.map { PlainRow(id: $0.id, value: $0.value) }) })
            let plainSections = sections.map {
                Section<String, PlainRow>($0.id, header: $0.header, footer: $0.footer, items: $0.items.map { PlainRow(id: $0.id, value: $0.value) })
            }
            switch (incrementalPlain(plainSections, plainPrevious), full(sections)) {
            case let (.success(snapshot), .success(expected)):
                #expect(snapshot.itemIdentifiers == expected.itemIdentifiers, "\(context)")
                #expect(snapshot.sections.map { $0.items.map(\.value) } == expected.sections.map { $0.items.map(\.value) }, "\(context)")
                snapshot._checkInvariantsNow()
                for id in expected.itemIdentifiers + previous.itemIdentifiers where snapshot.itemPath(for: id) != expected.itemPath(for: id) {
                    Issue.record("\(context): \(id) misplaced without ==")
                }
            case let (.failure(error), .failure(expected)):
                #expect("\(error)" == "\(expected)", "\(context)")
            case let (got, expected):
                Issue.record("\(context) without ==: got \(got), expected \(expected)")
            }
        }
        let summary = "\(name): \(built) built, \(carried) carried over (\(pending) with rows pending), \(recorded) with the diff's record, \(thrown) thrown; \(replacedCarried) of \(replaced) one-item replacements carried"
        #expect(built > cases / 4 && thrown > 0, "\(summary)")
        // Cases 4, 14, 24, … replace one item.
        #expect(replaced == (cases + 5) / 10 && replacedCarried == replaced, "\(summary)")
        // Random changes carried over, rarely with the sections in place and no item moved:
        // counted on the many small lists, where the shares hold for any seed.
        if cases >= 1_000 {
            #expect(carried > cases / 10 && pending > cases / 20 && recorded > cases / 20, "\(summary)")
        }
        print(summary)
    }

    @Test("3,000 random small lists, small and large changes, repeats included")
    func smallLists() {
        let seed = propertySeed()
        print("IncrementalBuildPropertyTests.smallLists seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        Self.run(seed: seed, cases: rounds(3_000), maxSections: 6, maxItems: 12, largeShare: 0.3, name: "smallLists")
    }

    @Test("60 random lists of up to 4,000 items, small and large changes, repeats included")
    func largeLists() {
        let seed = propertySeed()
        print("IncrementalBuildPropertyTests.largeLists seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        Self.run(seed: seed, cases: rounds(60), maxSections: 4, maxItems: 1_000, largeShare: 0.5, name: "largeLists")
    }

    @Test("Chains of builds, each against the last: rows pending on rows pending, edits after them")
    func chains() {
        let seed = propertySeed()
        print("IncrementalBuildPropertyTests.chains seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var g = SnapshotPairGenerator(seed: seed)
        var composed = 0
        for chain in 0..<rounds(300) {
            let first = Self.previous(&g, maxSections: 4, maxItems: 40)
            var current = first
            for step in 0..<g.int(2...12) {
                // Edits that keep every item where it is keep the rows pending: the next build
                // starts from them.
                if g.chance(0.3), let id = current.itemIdentifiers.randomElement(using: &g.rng) {
                    try? current.updateItems([Row(id: id, value: 500 + step)])
                }
                let sectionIDs = current.sectionIdentifiers
                if g.chance(0.3), sectionIDs.count > 1 {
                    try? current.moveSection(sectionIDs[0], afterSection: sectionIDs[sectionIDs.count - 1])
                    try? current.setHeader("moved", forSection: sectionIDs[0])
                }
                current._checkInvariantsNow()
                let sections = Self.changed(current.sections, &g, large: g.chance(0.1))
                let context = "chains TABULA_SEED=\(seed) chain \(chain) step \(step)"
                switch (Self.incremental(sections, current), Self.full(sections)) {
                case let (.success(snapshot), .success(expected)):
                    if snapshot._index.pending != nil && current._index.pending != nil { composed += 1 }
                    Self.expectSame(snapshot, expected, previous: current, context)
                    // The diff from a snapshot the build was not made against walks as usual.
                    let fromFirst = Changeset(from: first, to: snapshot), fullFromFirst = Changeset(from: first, to: expected)
                    #expect(fromFirst.stages == fullFromFirst.stages, "\(context)")
                    // Edited after the build, it no longer answers with what the build found.
                    if let id = snapshot.itemIdentifiers.randomElement(using: &g.rng) {
                        var edited = snapshot, fullEdited = expected
                        try? edited.updateItems([Row(id: id, value: 1_000 + step)])
                        try? fullEdited.updateItems([Row(id: id, value: 1_000 + step)])
                        #expect(edited._lineage == nil, "\(context)")
                        let diff = Changeset(from: current, to: edited), fullDiff = Changeset(from: current, to: fullEdited)
                        #expect(diff.stages == fullDiff.stages && diff.statistics == fullDiff.statistics, "\(context)")
                    }
                    current = snapshot
                case let (.failure(error), .failure(expected)):
                    #expect(error == expected, "\(context)")
                case let (got, expected):
                    Issue.record("\(context): got \(got), expected \(expected)")
                }
            }
        }
        #expect(composed > rounds(40), "chains: \(composed) builds composed rows pending on rows pending")
        print("chains: \(composed) builds composed rows pending on rows pending")
    }

    @Test("100,000 one-item updates, each built against the last: the index and its notes stay bounded")
    func boundedNotes() throws {
        // With invariants checked after every build (each then O(n)), a tenth of them: still a
        // hundred times the notes' limit.
        let steps = rounds(RowSnapshot.checksInvariants ? 10_000 : 100_000)
        var g = SnapshotPairGenerator(seed: propertySeed())
        var items = (0..<300).map { Row(id: $0) }
        var current = try RowSnapshot([RowSection("a", items: items)])
        let buckets = current._index.bucketCount
        var nextID = 300, settled = 0, longestNotes = 0
        for step in 0..<steps {
            // One item changed, one inserted and one deleted, at random rows.
            // The item deleted is never the one changed: each update is three changes.
            let changed = g.int(0...(items.count - 1))
            items[changed].value += 1
            let deleted = (changed + g.int(1...(items.count - 1))) % items.count
            items.remove(at: deleted)
            items.insert(Row(id: nextID), at: g.int(0...items.count))
            nextID += 1
            let next = try RowSnapshot([RowSection("a", items: items)], updating: current)
            if next._index.pending == nil { settled += 1 }
            longestNotes = max(longestNotes, (next._index.pending?.runs.count ?? 0) + (next._index.pending?.added.count ?? 0))
            if step % 5_000 == 0 {
                next._checkInvariantsNow()
                #expect(Changeset(from: current, to: next).statistics.changeCount == 3)
            }
            current = next
        }
        #expect(current._index.bucketCount == buckets)
        #expect(longestNotes <= 2 * 64 + 2)
        // The notes are written out now and then, and most builds still keep them: the table's
        // tombstones (which only a full build clears) never stop the notes for good.
        #expect(settled > steps / 100)
        #expect(settled < steps / 10, "\(settled) of \(steps) builds wrote the index out")
        #expect(current.itemIdentifiers == items.map(\.id))
    }

    @Test("Unchanged builds: the empty diff is taken only while both snapshots stay as built")
    func unchangedThenEdited() throws {
        let seed = propertySeed()
        print("IncrementalBuildPropertyTests.unchangedThenEdited seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var g = SnapshotPairGenerator(seed: seed)
        for index in 0..<500 {
            let context = "TABULA_SEED=\(seed) case \(index)"
            let previous = try RowSnapshot(g.randomSections(maxSections: 4, maxItems: 8))
            let sections = previous.sections
            let built = try RowSnapshot(sections, updating: previous)
            #expect(built == previous, "\(context)")
            #expect(Changeset(from: previous, to: built).isEmpty, "\(context)")
            guard let id = previous.itemIdentifiers.randomElement(using: &g.rng), let section = previous.sectionIdentifiers.last else { continue }
            // Either side edited after the build: the diff sees the edit, as from a full build.
            var source = previous, target = built
            switch g.int(0...4) {
            case 0: try source.updateItems([Row(id: id, value: 7)])
            case 1: try target.updateItems([Row(id: id, value: 7)])
            case 2: try target.appendItems([Row(id: g.freshID())], toSection: section)
            case 3: try target.reloadItems([id])
            default: try source.deleteItems([id])
            }
            let expected = try RowSnapshot(target.sections)
            var expectedTarget = expected
            if target.hasRequestedUpdates { try expectedTarget.reloadItems([id]) }
            let diff = Changeset(from: source, to: target), fullDiff = Changeset(from: source, to: expectedTarget)
            #expect(diff.stages == fullDiff.stages, "\(context)")
            #expect(diff.statistics == fullDiff.statistics, "\(context)")
            #expect(!diff.isEmpty, "\(context)")
        }
    }

    @Test("A list that did not change keeps the previous index; one that did reuses it")
    func reuse() throws {
        let items = (0..<1_000).map { Row(id: $0) }
        let previous = try RowSnapshot([RowSection("a", items: items)])
        let same = try RowSnapshot([RowSection("a", items: items.map { $0 })], updating: previous)
        #expect(same._index.words.withUnsafeBufferPointer { $0.baseAddress } == previous._index.words.withUnsafeBufferPointer { $0.baseAddress })
        #expect(same._isKnownUnchanged(from: previous))
        // Every item equal, a title not: the index is kept, and the diff still sees the title.
        let retitled = try RowSnapshot([RowSection("a", header: "A", items: items.map { $0 })], updating: previous)
        #expect(!retitled._isKnownUnchanged(from: previous))
        #expect(Changeset(from: previous, to: retitled).statistics.updatedSectionTitles == 1)
        var changed = items
        changed.remove(at: 10)
        changed.insert(Row(id: 5_000), at: 500)
        let next = try RowSnapshot([RowSection("a", items: changed)], updating: previous)
        #expect(next._index.bucketCount == previous._index.bucketCount)
        #expect(next._index.tombstones == previous._index.tombstones + 1)
        #expect(next.itemPath(for: 5_000) == ItemPath(item: 500, section: 0))
        #expect(next.itemPath(for: 10) == nil)
        #expect(next.itemPath(for: 11) == ItemPath(item: 10, section: 0))
        #expect(throws: Failure.duplicateItem(3, first: ItemPath(item: 3, section: 0), second: ItemPath(item: 700, section: 0))) {
            var repeated = changed
            repeated.insert(Row(id: 3), at: 700)
            _ = try RowSnapshot([RowSection("a", items: repeated)], updating: previous)
        }
    }
}
