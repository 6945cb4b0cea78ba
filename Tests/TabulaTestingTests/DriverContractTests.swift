import Testing
import Tabula
import TabulaTesting

/// The apply pipeline keeps the core's contract end to end (issue 10).
@MainActor
@Suite("Pipeline contract: requests used once, reconfigures only within a cell type")
struct DriverContractTests {
    func snapshot(_ items: [Mixed]) -> Snapshot<String, Mixed> {
        try! Snapshot([Section("main", header: "Main", items: items)])
    }

    @Test("a reload request is used up once applied: a snapshot derived from the screen does not reload again")
    func requestsAreConsumed() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: AdapterTests.cells())
        try await adapter.apply(snapshot([.title(id: 1, "a"), .title(id: 2, "b")]))
        var next = adapter.snapshot
        try next.reloadItems([1])
        let requestsAtStart = list.counters.cellRequests
        try await adapter.apply(next)
        #expect(list.counters.cellRequests == requestsAtStart + 1, "the requested reload happened")
        #expect(!adapter.snapshot.hasRequestedUpdates, "the snapshot on screen carries no request")

        var derived = adapter.snapshot
        try derived.appendItems([.title(id: 3, "c")])
        let requestsBefore = list.counters.cellRequests
        try await adapter.apply(derived)
        #expect(list.counters.cellRequests == requestsBefore + 1, "only the inserted row was requested; item 1 was not reloaded again")
        #expect(adapter.driver.diagnostics.isEmpty)
    }

    @Test("ListDriver(updates: .reconfigure): an item whose cell class changes is reloaded, not reconfigured")
    func reconfigureAcrossCellClasses() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Mixed>(
            listView: list, cells: AdapterTests.cells(), updateKind: { $0 == $1 ? nil : .reconfigure })
        try await adapter.apply(snapshot([.title(id: 1, "a"), .counter(id: 2, 1)]))
        try await adapter.apply(snapshot([.counter(id: 1, 7), .counter(id: 2, 2)]))
        #expect(list.cellForItem(at: ItemPath(item: 0, section: 0)) is CounterCell)
        #expect(list.renderedText() == "## Main\n   count  —  7\n   count  —  2")
        #expect(adapter.driver.diagnostics.isEmpty, "\(adapter.driver.diagnostics)")

        // An explicit reconfigure request after the item changed kind is a reload too.
        var next = snapshot([.title(id: 1, "back"), .counter(id: 2, 2)])
        try next.reconfigureItems([1])
        try await adapter.apply(next)
        #expect(list.cellForItem(at: ItemPath(item: 0, section: 0)) is TitleCell)
        #expect(list.renderedText() == "## Main\n   back\n   count  —  2")
        #expect(adapter.driver.diagnostics.isEmpty, "\(adapter.driver.diagnostics)")
    }

    @Test("an edit while another row moves reaches the screen through the adapter without a fallback")
    func editAndMoveThroughTheAdapter() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: AdapterTests.cells())
        try await adapter.apply(snapshot([.title(id: 1, "a"), .title(id: 2, "b"), .title(id: 3, "c")]))
        try await adapter.apply(snapshot([.title(id: 3, "c"), .title(id: 1, "a"), .title(id: 2, "B")]))
        #expect(list.renderedText() == "## Main\n   c\n   a\n   B")
        #expect(list.counters.reloads == 1, "animated, not reloaded")
        #expect(adapter.driver.diagnostics.isEmpty, "\(adapter.driver.diagnostics)")
    }
}
