import Testing
@testable import Tabula

/// A Debug build keeps the identifier hashes of a full build (`Snapshot._identifierHashes`). Its
/// diff matches the target's items through them, looked up in the source's index, instead of
/// walking the two lists (`ItemWalk.matchByHashes`), and a later full build against the snapshot
/// takes the hashes of items with the same bytes from them (`tabula_reuse_hashes`). Either must give
/// what the plain way gives.
@Suite("Kept hashes: the diff's match and the next build's reuse")
struct HashedMatchTests {
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

    /// Whether a diff from `source` to `target` can match through hashes: what
    /// `ItemWalk.matchesByHashes` asks, the classifier comparing with `==`.
    static func takesHashes<S, I>(from source: Snapshot<S, I>, to target: Snapshot<S, I>) -> Bool {
        let index = source._index
        return _isPOD(I.self) && target._identifierHashes != nil && !target.hasRequestedUpdates && !index.wide && index.pending == nil
            && index.count > 0
    }

    /// The changeset with hashes, and the walk's, with lookups put off (`deferring` 0) or not.
    static func bothWays<S, I: Equatable>(
        from source: Snapshot<S, I>, to target: Snapshot<S, I>, options: DiffOptions, deferring: Int
    ) -> (hashed: Changeset<S, I>, walked: Changeset<S, I>) {
        _lookupDeferralThreshold.withValue(deferring) {
            (
                Changeset(from: source, to: target, options: options),
                _diffMatchesByHashes.withValue(false) { Changeset(from: source, to: target, options: options) }
            )
        }
    }

    @Test("Random pairs: the diff through hashes gives the walk's stages and statistics")
    func randomPairs() throws {
        let seed = propertySeed()
        print("HashedMatchTests.randomPairs seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var generator = SnapshotPairGenerator(seed: seed)
        var hashed = 0
        let rounds = 4_000
        for round in 0..<rounds {
            let (source, built, kind) = generator.pair()
            var target = built
            switch round % 4 {
            case 1:
                // Built against the source: kept hashes only when the build fell back to hashing
                // every item.
                target = try Snapshot(built._sections, updating: source)
            case 2:
                if let id = target.itemIdentifiers.first { try target.reloadItems([id]) }
            default: break
            }
            target._checkInvariantsNow()  // the hashes kept, among the rest
            if Self.takesHashes(from: source, to: target) { hashed += 1 }
            let options = DiffOptions(updates: round % 8 < 4 ? .reload : .reconfigure)
            let (byHashes, walked) = Self.bothWays(from: source, to: target, options: options, deferring: round % 3 == 0 ? 0 : .max)
            #expect(byHashes.stages == walked.stages, "TABULA_SEED=\(seed) round \(round) (\(kind))")
            #expect(byHashes.statistics == walked.statistics, "TABULA_SEED=\(seed) round \(round) (\(kind))")
        }
        // Most pairs take the hashes in a Debug build, where they are kept; none in an optimised one.
        if _isUnoptimised {
            #expect(hashed > rounds / 3, "\(hashed) of \(rounds) pairs matched through hashes")
        } else {
            #expect(hashed == 0)
        }
    }

    @Test("Fingerprints shared by many items: each is confirmed by identifier, and passed over")
    func crowdedFingerprints() throws {
        let seed = propertySeed()
        print("HashedMatchTests.crowdedFingerprints seed: \(seed)  (replay with TABULA_SEED=\(seed))")
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
            let (byHashes, walked) = Self.bothWays(from: source, to: target, options: DiffOptions(), deferring: .max)
            #expect(byHashes.stages == walked.stages, "TABULA_SEED=\(seed) round \(round)")
            #expect(byHashes.statistics == walked.statistics, "TABULA_SEED=\(seed) round \(round)")
        }
    }

    @Test("More inserted items than one batch of paths holds: every one inserted, in order")
    func manyInserts() throws {
        let seed = propertySeed()
        print("HashedMatchTests.manyInserts seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var rng = SeededGenerator(seed: seed)
        let old = (0..<3_000).map { Row(id: $0) }
        var new = old.filter { _ in Int.random(in: 0..<4, using: &rng) != 0 }
        // Runs of new items longer than a batch (1,024), and single ones between kept items.
        new.insert(contentsOf: (0..<2_500).map { Row(id: 10_000 + $0) }, at: new.count / 2)
        for k in 0..<300 { new.insert(Row(id: 20_000 + k), at: Int.random(in: 0...new.count, using: &rng)) }
        new.swapAt(0, new.count - 1)
        let source = try RowSnapshot([RowSection("all", items: old), RowSection("empty")])
        let target = try RowSnapshot([RowSection("new", items: (0..<1_500).map { Row(id: 30_000 + $0) }), RowSection("all", items: new)])
        #expect(Self.takesHashes(from: source, to: target) == _isUnoptimised)
        let (byHashes, walked) = Self.bothWays(from: source, to: target, options: DiffOptions(), deferring: .max)
        #expect(byHashes.stages == walked.stages)
        #expect(byHashes.statistics == walked.statistics)
        #expect(byHashes.statistics.insertedItems == 2_800 + 1_500)
    }

    @Test("A full build against a snapshot that kept its hashes gives the plain build's snapshot, hashes and errors")
    func buildReusesHashes() throws {
        let seed = propertySeed()
        print("HashedMatchTests.buildReusesHashes seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var rng = SeededGenerator(seed: seed)
        var next = 0
        func fresh() -> Row {
            next += 1
            return Row(id: next)
        }
        for round in 0..<300 {
            let old = (0..<Int.random(in: 1...3, using: &rng)).map { s in
                RowSection("s\(s)", items: (0..<Int.random(in: 0...300, using: &rng)).map { _ in fresh() })
            }
            var new = old
            for s in new.indices {
                var items = new[s].items
                // Deletions of one item and of long runs (past the search after a lost run),
                // inserts, moves, and changed content (other bytes, the same identifier).
                for _ in 0..<Int.random(in: 0...4, using: &rng) where !items.isEmpty {
                    let start = Int.random(in: 0..<items.count, using: &rng)
                    let length = [1, 2, 3, 70, 200].randomElement(using: &rng)!
                    items.removeSubrange(start..<min(items.count, start + length))
                }
                for _ in 0..<Int.random(in: 0...20, using: &rng) { items.insert(fresh(), at: Int.random(in: 0...items.count, using: &rng)) }
                for _ in 0..<Int.random(in: 0...5, using: &rng) where items.count > 1 {
                    items.insert(items.remove(at: Int.random(in: 0..<items.count, using: &rng)), at: Int.random(in: 0..<items.count, using: &rng))
                }
                for i in items.indices where Int.random(in: 0..<20, using: &rng) == 0 { items[i].value += 1 }
                new[s].items = items
            }
            if round % 4 == 0 { new.reverse() }  // sections found by identifier, not by place
            if round % 5 == 0, let first = new.first?.items.first, new.count > 1 { new[new.count - 1].items.append(first) }  // a repeat
            let previous = try RowSnapshot(old)
            #expect((previous._identifierHashes != nil) == _isUnoptimised)
            var plain = RowSnapshot(), reusing = RowSnapshot()
            let plainError = Result { try plain._buildRejectingDuplicates(new) }
            let reusingError = Result { try reusing._buildRejectingDuplicates(new, reusing: previous) }
            let context = "TABULA_SEED=\(seed) round \(round)"
            switch (plainError, reusingError) {
            case (.success, .success):
                #expect(reusing._identifierHashes == plain._identifierHashes, "\(context)")
                #expect(reusing == plain, "\(context)")
                for id in plain.itemIdentifiers { #expect(reusing.itemPath(for: id) == plain.itemPath(for: id), "\(context)") }
                if reusing._identifierHashes == plain._identifierHashes { reusing._checkInvariantsNow() }
            case let (.failure(expected), .failure(thrown)):
                #expect("\(thrown)" == "\(expected)", "\(context)")
            default:
                Issue.record("one build threw and the other did not: \(plainError), \(reusingError) (\(context))")
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

    @Test("An edit drops the hashes its build kept: a diff after it still finds every change")
    func editsDropHashes() throws {
        let rows = (0..<50).map { Row(id: $0, value: 0) }
        let source = try RowSnapshot([RowSection("all", items: rows)])
        var target = try RowSnapshot([RowSection("all", items: rows)])
        #expect((target._identifierHashes != nil) == _isUnoptimised)
        // Hashes left in place would now be one row out for every item after the first.
        try target.deleteItems([0])
        try target.appendItems([Row(id: 100)])
        #expect(target._identifierHashes == nil)
        let diff = Changeset(from: source, to: target)
        #expect(diff.statistics.deletedItems == 1 && diff.statistics.insertedItems == 1 && diff.statistics.movedItems == 0)
        #expect(diff.stages.last?.snapshot.itemIdentifiers == target.itemIdentifiers)
    }
}
