import Tabula
import TabulaTesting
import Testing

/// Small edits shown without a diff (`ListDriver.apply(_:)` with `.update`, `.append`, `.delete`), each
/// checked by the headless view's own batch rules, and against the same edit made to a snapshot.
@MainActor
@Suite("In-place edits: known batches, typed errors, nothing lost")
struct InPlaceEditTests {
    func shown(_ ids: [Int], section: String = "main") throws -> (HeadlessListView, HeadlessListAdapter<String, Mixed>) {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: AdapterTests.cells())
        adapter.apply(try Snapshot([Section(section, items: ids.map { .title(id: $0, "t\($0)") })]))
        return (list, adapter)
    }

    @Test("updating one row reconfigures its cell in one batch; the cell stays")
    func updateReconfigures() async throws {
        let (list, adapter) = try shown(Array(1...1_000))
        let path = ItemPath(item: 499, section: 0)
        let cell = try #require(list.cellForItem(at: path))
        let before = list.counters
        var result: ApplyResult?
        try adapter.driver.apply(.update([.title(id: 500, "changed")])) { result = $0 }
        #expect(result == .batchUpdates(animated: true))
        #expect(list.cellForItem(at: path) === cell)
        #expect(cell.text == "changed")
        #expect(list.counters.batchUpdates == before.batchUpdates + 1)
        #expect(list.counters.reconfigurations == before.reconfigurations + 1)
        #expect(list.counters.reloads == before.reloads)
        #expect(adapter.displayedSnapshot.item(at: path) == .title(id: 500, "changed"))
        try list.checkConsistency()
    }

    @Test("an update that needs another cell class is a reload; an equal one changes nothing")
    func updateKinds() throws {
        let (list, adapter) = try shown([1, 2, 3])
        var results: [ApplyResult] = []
        try adapter.driver.apply(.update([.counter(id: 2, 7)])) { results.append($0) }
        #expect(list.cellForItem(at: ItemPath(item: 1, section: 0)) is CounterCell)
        #expect(list.renderedText() == "   t1\n   count  —  7\n   t3")
        let batches = list.counters.batchUpdates
        try adapter.driver.apply(.update([.counter(id: 2, 7)])) { results.append($0) }
        #expect(results == [.batchUpdates(animated: true), .unchanged])
        #expect(list.counters.batchUpdates == batches)
    }

    @Test("an item named twice in one updateItems is one update of its row, the last value winning")
    func repeatedUpdates() throws {
        let (list, adapter) = try shown([1, 2, 3])
        var result: ApplyResult?
        try adapter.driver.apply(.update([.title(id: 2, "first"), .title(id: 3, "three"), .title(id: 2, "second")])) { result = $0 }
        #expect(result == .batchUpdates(animated: true), "no fallback to reloadData")
        #expect(adapter.driver.diagnostics.isEmpty)
        #expect(list.counters.reloads == 1)
        #expect(list.counters.reconfigurations == 2, "rows 2 and 3, once each")
        #expect(list.renderedText() == "   t1\n   second\n   three")
        #expect(adapter.displayedSnapshot.itemIdentifiers == [1, 2, 3] && adapter.displayedSnapshot.item(at: ItemPath(item: 1, section: 0)) == .title(id: 2, "second"))

        // Repeats that end where they started change nothing; a repeat that ends as another cell
        // class is one reload.
        try adapter.driver.apply(.update([.title(id: 1, "elsewhere"), .title(id: 1, "t1")])) { result = $0 }
        #expect(result == .unchanged)
        try adapter.driver.apply(.update([.title(id: 3, "again"), .counter(id: 3, 4), .counter(id: 3, 5)])) { result = $0 }
        #expect(result == .batchUpdates(animated: true))
        #expect(list.renderedText() == "   t1\n   second\n   count  —  5")
        #expect(adapter.driver.diagnostics.isEmpty, "\(adapter.driver.diagnostics)")
        #expect(list.counters.reloads == 1)
    }

    @Test("appends insert at the end of their section; deletes remove; each checked by UIKit's rules")
    func appendAndDelete() throws {
        let (list, adapter) = try shown([1, 2, 3])
        try adapter.driver.apply(.append([.title(id: 4, "t4"), .title(id: 5, "t5")]))
        #expect(list.renderedText() == "   t1\n   t2\n   t3\n   t4\n   t5")
        try adapter.driver.apply(.delete([2, 5, 2]))
        #expect(list.renderedText() == "   t1\n   t3\n   t4")
        #expect(adapter.displayedSnapshot.itemIdentifiers == [1, 3, 4])
        try adapter.driver.apply(.append([.title(id: 2, "back")], toSection: "main"))
        #expect(adapter.displayedSnapshot.itemIdentifiers == [1, 3, 4, 2])
        #expect(adapter.driver.diagnostics.isEmpty)
        try list.checkConsistency()
    }

    @Test("bad input throws a typed error naming the identifier or section, and changes nothing")
    func typedErrors() throws {
        let (list, adapter) = try shown([1, 2, 3])
        let before = adapter.displayedSnapshot, counters = list.counters
        #expect(throws: SnapshotError<String, Int>.unknownItem(9)) { try adapter.driver.apply(.update([.title(id: 9, "x")])) }
        #expect(throws: SnapshotError<String, Int>.unknownItem(9)) { try adapter.driver.apply(.delete([1, 9])) }
        #expect(throws: SnapshotError<String, Int>.unknownSection("other")) {
            try adapter.driver.apply(.append([.title(id: 8, "x")], toSection: "other"))
        }
        #expect(throws: SnapshotError<String, Int>.duplicateItem(2, first: ItemPath(item: 1, section: 0), second: ItemPath(item: 4, section: 0))) {
            try adapter.driver.apply(.append([.title(id: 7, "x"), .title(id: 2, "again")]))
        }
        #expect(throws: SnapshotError<String, Int>.duplicateItem(7, first: ItemPath(item: 3, section: 0), second: ItemPath(item: 4, section: 0))) {
            try adapter.driver.apply(.append([.title(id: 7, "x"), .title(id: 7, "y")]))
        }
        #expect(adapter.displayedSnapshot == before)
        #expect(list.counters == counters)
    }

    @Test("while an update is in flight, an in-place edit goes on top of it: neither is lost")
    func busyFallsBackToDiff() async throws {
        let (list, adapter) = try shown([1, 2, 3])
        adapter.driver.backgroundDiffThreshold = 0  // diffs run in a task: the driver stays busy
        adapter.apply(try Snapshot([Section("main", items: [1, 2, 3, 4].map { Mixed.title(id: $0, "t\($0)") })]), completion: nil)
        #expect(adapter.driver.isUpdating)
        try adapter.driver.apply(.update([.title(id: 4, "four")]))
        try adapter.driver.apply(.append([.title(id: 5, "t5")]))
        await adapter.driver.waitUntilIdle()
        #expect(list.renderedText() == "   t1\n   t2\n   t3\n   four\n   t5")
        #expect(adapter.driver.diagnostics.isEmpty)
        try list.checkConsistency()
    }

    @Test("an edit while the view is not in a window reloads it, and the next edit animates again")
    func notShowing() throws {
        let (list, adapter) = try shown([1, 2])
        list.isInWindow = false
        var result: ApplyResult?
        try adapter.driver.apply(.append([.title(id: 3, "t3")])) { result = $0 }
        #expect(result == .reloaded(.notShowing))
        list.isInWindow = true
        try adapter.driver.apply(.delete([1])) { result = $0 }
        #expect(result == .batchUpdates(animated: true))
        #expect(list.renderedText() == "   t2\n   t3")
    }

    @Test("random in-place edits keep the view and the snapshot in step with the same edits made to a snapshot")
    func randomEdits() throws {
        let seed = propertyTestSeed()
        print("InPlaceEditTests.randomEdits seed \(seed) (TABULA_SEED=\(seed) replays it)")
        var random = SeededRandomGenerator(seed: seed)
        let list = HeadlessListView(viewportHeight: 12)
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: AdapterTests.cells())
        var expected = try Snapshot<String, Mixed>([Section("a", items: []), Section("b", items: [])])
        adapter.apply(expected)
        var nextID = 1
        for step in 0..<400 {
            let ids = expected.itemIdentifiers
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                let items = (0..<Int.random(in: 1...4, using: &random)).map { _ -> Mixed in
                    defer { nextID += 1 }
                    return .title(id: nextID, "t\(nextID)")
                }
                let section = Bool.random(using: &random) ? "a" : "b"
                try expected.appendItems(items, toSection: section)
                try adapter.driver.apply(.append(items, toSection: section))
            case 1 where !ids.isEmpty:
                let victims = (0..<Int.random(in: 1...3, using: &random)).map { _ in ids.randomElement(using: &random)! }
                try expected.deleteItems(victims)
                try adapter.driver.apply(.delete(victims))
            case 2 where !ids.isEmpty:
                let id = ids.randomElement(using: &random)!
                let item: Mixed = Bool.random(using: &random) ? .counter(id: id, step) : .title(id: id, "u\(step)")
                try expected.updateItems([item])
                try adapter.driver.apply(.update([item]))
            default:
                try list.scroll(by: Int.random(in: -5...5, using: &random))
            }
            #expect(adapter.displayedSnapshot == expected, "seed \(seed), step \(step)")
            try list.checkConsistency()
        }
        #expect(adapter.driver.diagnostics.isEmpty, "seed \(seed): \(adapter.driver.diagnostics)")
    }
}

/// Pagination shows each page in place: inserts at the end, no diff of the whole list.
@MainActor
@Suite("Pagination through in-place edits")
struct PaginationInPlaceTests {
    @Test("pages, the loading row and the error row are inserts and deletes at the end; no changeset is diffed")
    func pagesAreInserts() async throws {
        let (list, adapter) = try postList()
        await adapter.applyUsingReloadData(try Snapshot([Section("posts", items: [])]))
        var diffed = 0
        adapter.driver.onChangeset = { _ in diffed += 1 }
        let server = FakeServer()
        let posts = PaginatedList<String, Post>(section: "posts", driver: adapter.driver) { try await server.page($0) }
        await posts.loadNextPage()
        #expect(list.numberOfItems(inSection: 0) == 10)
        await server.setFailNext()
        await posts.loadNextPage()
        #expect(list.cellForItem(at: ItemPath(item: 10, section: 0))?.text == "Failed: offline — tap to retry")
        posts.rowWillAppear(at: 0)  // an error row waits for a tap: nothing loads by itself
        await posts.loadNextPage()
        await posts.loadNextPage()
        await adapter.driver.waitUntilIdle()
        #expect(list.numberOfItems(inSection: 0) == 30)
        #expect(list.cellForItem(at: ItemPath(item: 29, section: 0))?.text == "Post 29")
        #expect(diffed == 0, "every page was shown in place")
        #expect(list.counters.reloads == 1)
        #expect(adapter.driver.diagnostics.isEmpty)
        try list.checkConsistency()
    }

    @Test("keepLast moves a repeated item to its new page: that show diffs, and the screen stays true")
    func keepLastDiffs() async throws {
        let (list, adapter) = try postList()
        await adapter.applyUsingReloadData(try Snapshot([Section("posts", items: [])]))
        let server = FakeServer()
        await server.setOverlap()
        let posts = PaginatedList<String, Post>(section: "posts", driver: adapter.driver) { try await server.page($0) }
        posts.duplicates = .keepLast
        await posts.loadNextPage()
        await posts.loadNextPage()
        await adapter.driver.waitUntilIdle()
        #expect(list.numberOfItems(inSection: 0) == 20)
        #expect(list.cellForItem(at: ItemPath(item: 9, section: 0))?.text == "Post 9 (p1)")
        #expect(adapter.driver.diagnostics.isEmpty)
        try list.checkConsistency()
    }
}

/// The hook SwiftUI rows are built on: a cell the host takes is left to it, any other shows the
/// description (what the headless view and the terminal get).
@MainActor
@Suite("Hosted configurators: hosted where the host can, described elsewhere")
struct HostedConfiguratorTests {
    final class HostingCell: HeadlessCell {}

    @Test("the host configures the cells it can host; the others show the description, in one list")
    func hostOrDescribe() async throws {
        var hosted: [Int] = []
        let cells = CellConfigurators<Mixed> {
            CellConfigurator<Mixed>.hosted(
                reuseIdentifier: "hosted", itemDescription: "Mixed", matches: { $0.title != nil },
                describe: { CellContent(text: "described \($0.id)") },
                host: { cell, item, _ in
                    guard cell is HostingCell else { return false }
                    hosted.append(item.id)
                    (cell as? HeadlessCell)?.text = "hosted \(item.id)"
                    return true
                })
        }
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: cells)
        await adapter.apply(try Snapshot([Section("main", items: [.title(id: 1, "a"), .title(id: 2, "b")])]))
        #expect(list.renderedText() == "   described 1\n   described 2")
        #expect(hosted.isEmpty)
        #expect(cells.configurators[0].describesItems && cells.configurators[0].cellType == nil)

        // A view whose cells the host can take (as a UIKit table's are).
        let hostingList = HeadlessListView(viewportHeight: nil)
        hostingList.register(HostingCell.self, forCellReuseIdentifier: "hosted")
        let hostingAdapter = try HeadlessListAdapter<String, Mixed>(listView: hostingList, cells: cells)
        await hostingAdapter.apply(try Snapshot([Section("main", items: [.title(id: 1, "a"), .title(id: 2, "b")])]))
        #expect(hostingList.renderedText() == "   hosted 1\n   hosted 2")
        #expect(hosted == [1, 2])
    }
}
