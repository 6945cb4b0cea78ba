import Testing
@testable import Tabula

typealias RowError = SnapshotError<String, Int>

@Suite("Snapshot: reading, building, editing, errors")
struct SnapshotTests {
    let sample = try! RowSnapshot([
        RowSection("a", header: "A", footer: "end of A", items: [Row(id: 1), Row(id: 2), Row(id: 3)]),
        RowSection("b", items: [Row(id: 4)]),
        RowSection("c"),
    ])

    func ids(_ snapshot: RowSnapshot) -> [[Int]] { snapshot.sections.map { $0.items.map(\.id) } }

    @Test("invariant checks are on exactly in Debug builds with the Invariants trait (off for apps by default)")
    func invariantChecksAreOptIn() {
        #if EXPECT_TABULA_INVARIANTS
            #expect(RowSnapshot.checksInvariants)
        #else
            #expect(!RowSnapshot.checksInvariants)
        #endif
    }

    // MARK: Reading

    @Test func counts() {
        #expect(sample.numberOfSections == 3)
        #expect(sample.numberOfItems == 4)
        #expect(sample.numberOfItems(inSectionAt: 0) == 3)
        #expect(sample.numberOfItems(inSectionAt: 2) == 0)
        #expect(sample.numberOfItems(inSectionAt: 3) == 0, "out of range is 0, not a crash")
        #expect(sample.numberOfItems(inSectionAt: -1) == 0)
        #expect(sample.numberOfItems(inSection: "b") == 1)
        #expect(sample.numberOfItems(inSection: "zz") == 0, "an unknown identifier is 0, not a crash")
    }

    @Test func lookups() {
        #expect(sample.item(at: ItemPath(item: 1, section: 0)) == Row(id: 2))
        #expect(sample.item(at: ItemPath(item: 3, section: 0)) == nil)
        #expect(sample.item(at: ItemPath(item: 0, section: 9)) == nil)
        #expect(sample[4] == Row(id: 4))
        #expect(sample[99] == nil)
        #expect(sample.itemPath(for: 3) == ItemPath(item: 2, section: 0))
        #expect(sample.itemPath(for: 99) == nil)
        #expect(sample.sectionIndex(of: "c") == 2)
        #expect(sample.sectionIdentifier(containingItem: 4) == "b")
        #expect(sample.sectionIdentifiers == ["a", "b", "c"])
        #expect(sample.itemIdentifiers == [1, 2, 3, 4])
        #expect(sample.section("a")?.header == "A")
        #expect(sample.headerTitle(forSection: 0) == "A")
        #expect(sample.footerTitle(forSection: 0) == "end of A")
        #expect(sample.items(inSection: "b") == [Row(id: 4)])
        #expect(sample.contains(1) && !sample.contains(5))
        #expect(sample.containsSection("b") && !sample.containsSection("x"))
    }

    @Test func existingItemNamesThePath() {
        #expect(throws: RowError.itemPathOutOfRange(ItemPath(item: 5, section: 0), itemsInSection: 3)) {
            try sample.existingItem(at: ItemPath(item: 5, section: 0))
        }
        #expect(throws: RowError.itemPathOutOfRange(ItemPath(item: 0, section: 7), itemsInSection: nil)) {
            try sample.existingItem(at: ItemPath(item: 0, section: 7))
        }
    }

    // MARK: Building

    @Test func duplicateItemAcrossSectionsNamesBothPositions() {
        let error = #expect(throws: RowError.self) {
            try RowSnapshot([RowSection("a", items: [Row(id: 1), Row(id: 2)]), RowSection("b", items: [Row(id: 7), Row(id: 2)])]).validated()
        }
        #expect(error == .duplicateItem(2, first: ItemPath(item: 1, section: 0), second: ItemPath(item: 1, section: 1)))
        #expect(error?.description == "duplicate item identifier 2 at 0 - 1 and at 1 - 1")
    }

    @Test func duplicateItemWithinASection() {
        #expect(throws: RowError.duplicateItem(5, first: ItemPath(item: 0, section: 0), second: ItemPath(item: 2, section: 0))) {
            try RowSnapshot([RowSection("a", items: [Row(id: 5), Row(id: 6), Row(id: 5)])]).validated()
        }
    }

    @Test func duplicateSection() {
        #expect(throws: RowError.duplicateSection("a", first: 0, second: 2)) {
            try RowSnapshot([RowSection("a"), RowSection("b"), RowSection("a")])
        }
    }

    @Test func keepFirstDropsLaterOccurrencesAndReportsThem() throws {
        let input = [
            RowSection("page1", items: [Row(id: 1), Row(id: 2, value: 1)]),
            RowSection("page2", items: [Row(id: 2, value: 2), Row(id: 3), Row(id: 1, value: 9)]),
        ]
        let (snapshot, report) = try RowSnapshot.resolvingDuplicates(in: input, keeping: .keepFirst)
        #expect(ids(snapshot) == [[1, 2], [3]])
        #expect(snapshot[2]?.value == 1)
        #expect(snapshot.itemPath(for: 3) == ItemPath(item: 0, section: 1))
        #expect(report.dropped == [
            .init(id: 2, droppedAt: ItemPath(item: 0, section: 1), droppedFromSection: "page2", keptAt: ItemPath(item: 1, section: 0), keptInSection: "page1"),
            .init(id: 1, droppedAt: ItemPath(item: 2, section: 1), droppedFromSection: "page2", keptAt: ItemPath(item: 0, section: 0), keptInSection: "page1"),
        ])
        snapshot._checkInvariantsNow()
    }

    @Test func keepLastKeepsTheLastOccurrenceWhereItStands() throws {
        let input = [
            RowSection("page1", items: [Row(id: 1), Row(id: 2, value: 1)]),
            RowSection("page2", items: [Row(id: 2, value: 2), Row(id: 3)]),
        ]
        let (snapshot, report) = try RowSnapshot.resolvingDuplicates(in: input, keeping: .keepLast)
        #expect(ids(snapshot) == [[1], [2, 3]])
        #expect(snapshot[2]?.value == 2)
        #expect(report.dropped.map(\.id) == [2])
        #expect(report.dropped[0].droppedAt == ItemPath(item: 1, section: 0))
        #expect(report.dropped[0].keptAt == ItemPath(item: 0, section: 1))
        snapshot._checkInvariantsNow()
    }

    @Test func rejectPolicyThrows() {
        #expect(throws: RowError.duplicateItem(1, first: ItemPath(item: 0, section: 0), second: ItemPath(item: 1, section: 0))) {
            try RowSnapshot.resolvingDuplicates(in: [RowSection("a", items: [Row(id: 1), Row(id: 1)])], keeping: .reject)
        }
    }

    @Test func duplicateSectionsAlwaysThrowWhateverThePolicy() {
        #expect(throws: RowError.duplicateSection("a", first: 0, second: 1)) {
            try RowSnapshot.resolvingDuplicates(in: [RowSection("a"), RowSection("a")], keeping: .keepFirst)
        }
    }

    @Test func uncheckedInitTrustsUniqueInput() {
        let snapshot = RowSnapshot(uncheckedUniqueSections: [RowSection("a", items: [Row(id: 1)])])
        #expect(snapshot.itemPath(for: 1) == ItemPath(item: 0, section: 0))
    }

    @Test("unchecked init traps in every build on repeated identifiers, naming the identifier and both positions")
    func uncheckedInitTraps() async throws {
        let item = try #require(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = RowSnapshot(uncheckedUniqueSections: [RowSection("a", items: [Row(id: 1)]), RowSection("b", items: [Row(id: 2), Row(id: 1)])])
        })
        #expect(String(decoding: item.standardErrorContent, as: UTF8.self).contains(
            "Snapshot(uncheckedUniqueSections:) was given non-unique data: duplicate item identifier 1 at 0 - 0 and at 1 - 1"))
        let section = try #require(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = RowSnapshot(uncheckedUniqueSections: [RowSection("a", items: [Row(id: 1)]), RowSection("a", items: [Row(id: 2)])])
        })
        #expect(String(decoding: section.standardErrorContent, as: UTF8.self).contains("duplicate section identifier a at section 0 and at section 1"))
    }

    @Test func resultBuilder() throws {
        let showStats = true, showExtra = false
        let extra: Row? = nil
        let snapshot = try RowSnapshot {
            RowSection("general", header: "General") {
                Row(id: 1)
                Row(id: 2)
                if showExtra { Row(id: 3) }
                extra
            }
            if showStats {
                RowSection("stats", header: "Stats") {
                    for id in 10..<13 { Row(id: id) }
                }
            }
            for name in ["x", "y"] { RowSection(name) }
        }
        #expect(snapshot.sectionIdentifiers == ["general", "stats", "x", "y"])
        #expect(ids(snapshot) == [[1, 2], [10, 11, 12], [], []])
    }

    // MARK: Editing sections

    @Test func appendAndInsertSections() throws {
        var snapshot = sample
        try snapshot.appendSections(["d"])
        try snapshot.insertSections(["z"], beforeSection: "a")
        try snapshot.insertSections(["m"], afterSection: "b")
        #expect(snapshot.sectionIdentifiers == ["z", "a", "b", "m", "c", "d"])
        #expect(snapshot.itemPath(for: 4) == ItemPath(item: 0, section: 2))
        try snapshot.appendSections([RowSection("e", header: "E", items: [Row(id: 50)])])
        #expect(snapshot.itemPath(for: 50) == ItemPath(item: 0, section: 6))
        snapshot._checkInvariantsNow()
    }

    @Test func sectionErrorsLeaveTheSnapshotUnchanged() {
        var snapshot = sample
        #expect(throws: RowError.duplicateSection("b", first: 1, second: 3)) { try snapshot.appendSections(["b"]) }
        #expect(throws: RowError.duplicateSection("q", first: 3, second: 4)) { try snapshot.appendSections(["q", "q"]) }
        #expect(throws: RowError.unknownSection("nope")) { try snapshot.insertSections(["q"], beforeSection: "nope") }
        #expect(throws: RowError.unknownSection("nope")) { try snapshot.deleteSections(["a", "nope"]) }
        #expect(throws: RowError.duplicateItem(1, first: ItemPath(item: 0, section: 0), second: ItemPath(item: 0, section: 3))) {
            try snapshot.appendSections([RowSection("q", items: [Row(id: 1)])])
        }
        #expect(snapshot == sample)
    }

    @Test func deleteSectionsRemovesTheirItems() throws {
        var snapshot = sample
        try snapshot.deleteSections(["a"])
        #expect(snapshot.sectionIdentifiers == ["b", "c"])
        #expect(snapshot.numberOfItems == 1)
        #expect(snapshot.itemPath(for: 1) == nil)
        #expect(snapshot.itemPath(for: 4) == ItemPath(item: 0, section: 0))
        snapshot._checkInvariantsNow()
    }

    @Test func moveSections() throws {
        var snapshot = sample
        try snapshot.moveSection("a", afterSection: "c")
        #expect(snapshot.sectionIdentifiers == ["b", "c", "a"])
        #expect(snapshot.itemPath(for: 2) == ItemPath(item: 1, section: 2))
        try snapshot.moveSection("a", beforeSection: "b")
        #expect(snapshot.sectionIdentifiers == ["a", "b", "c"])
        #expect(throws: RowError.moveRelativeToItself(nil)) { try snapshot.moveSection("a", beforeSection: "a") }
        #expect(throws: RowError.unknownSection("q")) { try snapshot.moveSection("q", beforeSection: "a") }
        snapshot._checkInvariantsNow()
    }

    @Test func titles() throws {
        var snapshot = sample
        try snapshot.setHeader("Stats", forSection: "b")
        try snapshot.setFooter(nil, forSection: "a")
        #expect(snapshot.section("b")?.header == "Stats")
        #expect(snapshot.section("a")?.footer == nil)
        #expect(throws: RowError.unknownSection("q")) { try snapshot.setHeader("x", forSection: "q") }
    }

    // MARK: Editing items

    @Test func appendItems() throws {
        var snapshot = sample
        try snapshot.appendItems([Row(id: 9)])
        try snapshot.appendItems([Row(id: 8)], toSection: "a")
        #expect(ids(snapshot) == [[1, 2, 3, 8], [4], [9]])
        #expect(throws: RowError.unknownSection("zz")) { try snapshot.appendItems([Row(id: 7)], toSection: "zz") }
        #expect(throws: RowError.noSections) { var empty = RowSnapshot(); try empty.appendItems([Row(id: 1)]) }
        snapshot._checkInvariantsNow()
    }

    @Test func appendingAnExistingIdentifierNamesBothPositions() {
        var snapshot = sample
        #expect(throws: RowError.duplicateItem(4, first: ItemPath(item: 3, section: 0), second: ItemPath(item: 0, section: 1))) {
            try snapshot.appendItems([Row(id: 4)], toSection: "a")
        }
        #expect(throws: RowError.duplicateItem(7, first: ItemPath(item: 0, section: 2), second: ItemPath(item: 1, section: 2))) {
            try snapshot.appendItems([Row(id: 7), Row(id: 7)], toSection: "c")
        }
        #expect(snapshot == sample)
    }

    @Test func insertItems() throws {
        var snapshot = sample
        try snapshot.insertItems([Row(id: 10), Row(id: 11)], beforeItem: 2)
        try snapshot.insertItems([Row(id: 12)], afterItem: 4)
        try snapshot.insertItems([Row(id: 13)], at: ItemPath(item: 0, section: 2))
        #expect(ids(snapshot) == [[1, 10, 11, 2, 3], [4, 12], [13]])
        #expect(snapshot.itemPath(for: 3) == ItemPath(item: 4, section: 0))
        #expect(throws: RowError.unknownItem(99)) { try snapshot.insertItems([Row(id: 14)], afterItem: 99) }
        #expect(throws: RowError.itemPathOutOfRange(ItemPath(item: 3, section: 1), itemsInSection: 2)) {
            try snapshot.insertItems([Row(id: 14)], at: ItemPath(item: 3, section: 1))
        }
        snapshot._checkInvariantsNow()
    }

    @Test func deleteItems() throws {
        var snapshot = sample
        try snapshot.deleteItems([1, 3, 1])
        #expect(ids(snapshot) == [[2], [4], []])
        #expect(snapshot.itemPath(for: 2) == ItemPath(item: 0, section: 0))
        #expect(throws: RowError.unknownItem(1)) { try snapshot.deleteItems([2, 1]) }
        #expect(snapshot.contains(2), "a failed delete deletes nothing")
        snapshot.deleteAllItemsKeepingSections()
        #expect(snapshot.numberOfItems == 0 && snapshot.numberOfSections == 3)
        snapshot.deleteAllItems()
        #expect(snapshot.numberOfSections == 0)
        snapshot._checkInvariantsNow()
    }

    @Test func moveItems() throws {
        var snapshot = sample
        try snapshot.moveItem(1, afterItem: 3)
        #expect(ids(snapshot) == [[2, 3, 1], [4], []])
        try snapshot.moveItem(4, beforeItem: 2)
        #expect(ids(snapshot) == [[4, 2, 3, 1], [], []])
        try snapshot.moveItem(at: ItemPath(item: 3, section: 0), to: ItemPath(item: 0, section: 2))
        #expect(ids(snapshot) == [[4, 2, 3], [], [1]])
        try snapshot.moveItem(at: ItemPath(item: 0, section: 0), to: ItemPath(item: 2, section: 0))
        #expect(ids(snapshot) == [[2, 3, 4], [], [1]])
        #expect(throws: RowError.moveRelativeToItself(2)) { try snapshot.moveItem(2, beforeItem: 2) }
        #expect(throws: RowError.itemPathOutOfRange(ItemPath(item: 3, section: 0), itemsInSection: 2)) {
            try snapshot.moveItem(at: ItemPath(item: 0, section: 0), to: ItemPath(item: 3, section: 0))
        }
        snapshot._checkInvariantsNow()
    }

    @Test func updateAndMarkItems() throws {
        var snapshot = sample
        try snapshot.updateItems([Row(id: 2, value: 7)])
        #expect(snapshot[2]?.value == 7)
        #expect(throws: RowError.unknownItem(42)) { try snapshot.updateItems([Row(id: 42)]) }
        try snapshot.reloadItems([1])
        try snapshot.reconfigureItems([2])
        #expect(snapshot.requestedUpdate(for: 1) == .reload)
        #expect(snapshot.requestedUpdate(for: 2) == .reconfigure)
        #expect(snapshot.requestedUpdate(for: 3) == nil)
        #expect(throws: RowError.unknownItem(42)) { try snapshot.reloadItems([42]) }
        #expect(!snapshot.clearingUpdateRequests().hasRequestedUpdates)
        #expect(!snapshot.isReloadRequested(forSection: "a"))
        try snapshot.reloadSections(["a"])
        #expect(snapshot.isReloadRequested(forSection: "a") && !snapshot.isReloadRequested(forSection: "b"))
        #expect(!snapshot.clearingUpdateRequests().isReloadRequested(forSection: "a"))
    }

    @Test func arrayDataProvider() {
        let provider = ArrayDataProvider(sections: [["a", "b"], ["c"]], headers: ["First"])
        #expect(provider.numberOfSections == 2)
        #expect(provider.numberOfItems(inSectionAt: 1) == 1)
        #expect(provider.numberOfItems(inSectionAt: 5) == 0)
        #expect(provider.item(at: ItemPath(item: 1, section: 0)) == "b")
        #expect(provider.item(at: ItemPath(item: 2, section: 0)) == nil)
        #expect(provider.headerTitle(forSection: 0) == "First")
        #expect(provider.headerTitle(forSection: 1) == nil)
        #expect(provider.allItems == ["a", "b", "c"])
    }

    @Test func snapshotIsADataProvider() {
        func count(_ provider: some DataProvider) -> Int { provider.numberOfItems(inSectionAt: 0) }
        #expect(count(sample) == 3)
        #expect(sample.allItems.map(\.id) == [1, 2, 3, 4])
    }
}

/// A class item whose identifier can change: what the documentation says must not happen.
final class MutableIdentity: Identifiable {
    var id: Int
    init(_ id: Int) { self.id = id }
}

@Suite("Identifiers must be stable")
struct StableIdentifierTests {
    @Test("an edit that reaches an item whose identifier changed while a snapshot held it says so, in every build")
    func changedIdentifierTraps() async throws {
        let result = try #require(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let items = [MutableIdentity(1), MutableIdentity(2), MutableIdentity(3)]
            // Indexed now (an index built on first need would see the changed identifier).
            var snapshot = try Snapshot<String, MutableIdentity>([Section("a", items: items)]).validated()
            items[1].id = 20
            try snapshot.deleteItems([1])
        })
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("identifier changed while a snapshot held it"), "\(message.suffix(600))")
    }
}
