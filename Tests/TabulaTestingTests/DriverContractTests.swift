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
        var next = adapter.snapshot()
        try next.reloadItems([1])
        let requestsAtStart = list.counters.cellRequests
        await adapter.apply(next)
        #expect(list.counters.cellRequests == requestsAtStart + 1, "the requested reload happened")
        #expect(!adapter.displayedSnapshot.hasRequestedUpdates, "the snapshot on screen carries no request")

        var derived = adapter.snapshot()
        try derived.appendItems([.title(id: 3, "c")])
        let requestsBefore = list.counters.cellRequests
        await adapter.apply(derived)
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
        await adapter.apply(next)
        #expect(list.cellForItem(at: ItemPath(item: 0, section: 0)) is TitleCell)
        #expect(list.renderedText() == "## Main\n   back\n   count  —  2")
        #expect(adapter.driver.diagnostics.isEmpty, "\(adapter.driver.diagnostics)")
    }

    @Test("the Equatable adapter (`==` called inline by the diff): a changed item keeps its cell when its class stays, and is reloaded when it changes")
    func equatableAdapterKeepsOrReloadsCells() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: AdapterTests.cells())
        try await adapter.apply(snapshot([.title(id: 1, "a"), .counter(id: 2, 1), .title(id: 3, "same")]))
        let counterCell = list.cellForItem(at: ItemPath(item: 1, section: 0))
        let unchangedCell = list.cellForItem(at: ItemPath(item: 2, section: 0))
        try await adapter.apply(snapshot([.counter(id: 1, 7), .counter(id: 2, 2), .title(id: 3, "same")]))
        #expect(list.cellForItem(at: ItemPath(item: 0, section: 0)) is CounterCell, "class changed: reloaded")
        #expect(list.cellForItem(at: ItemPath(item: 1, section: 0)) === counterCell, "same class: reconfigured in its cell")
        #expect(list.cellForItem(at: ItemPath(item: 2, section: 0)) === unchangedCell)
        #expect(list.renderedText() == "## Main\n   count  —  7\n   count  —  2\n   same")
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

/// User edits and live updates together: neither is lost (issue 11).
@MainActor
@Suite("Pipeline: user edits keep waiting live updates; items without a configurator never trap")
struct UserEditTests {
    func snapshot(_ ids: [Int]) -> Snapshot<String, Mixed> {
        try! Snapshot([Section("main", items: ids.map { .title(id: $0, "t\($0)") })])
    }

    func settle(_ driver: ListDriver<String, Mixed>) async throws {
        for _ in 0..<400 where driver.isUpdating { try await Task.sleep(for: .milliseconds(5)) }
        #expect(!driver.isUpdating)
    }

    @Test("a swipe-delete while a live update waits deletes on top of it: the update is kept")
    func swipeDeleteKeepsPendingUpdate() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: AdapterTests.cells())
        adapter.canDelete = { _ in true }
        await adapter.apply(snapshot([1, 2, 3]))
        adapter.driver.backgroundDiffThreshold = 0  // diffs run in a task: updates queue up
        adapter.apply(snapshot([1, 2, 3, 4]), completion: nil)
        adapter.apply(snapshot([1, 2, 3, 4, 5]), completion: nil)  // waits behind the first
        try list.commitDelete(at: ItemPath(item: 1, section: 0))  // the user deletes 2, on screen
        try await settle(adapter.driver)
        #expect(adapter.displayedSnapshot.itemIdentifiers == [1, 3, 4, 5])
        #expect(list.renderedText() == "   t1\n   t3\n   t4\n   t5")
        try list.checkConsistency()
    }

    @Test("an interactive move while a live update waits is applied to it too, and the screen stays true")
    func interactiveMoveKeepsPendingUpdate() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: AdapterTests.cells())
        adapter.canMove = { _ in true }
        await adapter.apply(snapshot([1, 2, 3]))
        adapter.driver.backgroundDiffThreshold = 0
        adapter.apply(snapshot([1, 2, 3, 4]), completion: nil)  // in flight (diffing)
        adapter.apply(snapshot([1, 2, 3, 4, 5]), completion: nil)  // waiting
        try list.interactiveMove(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 2, section: 0))  // 1 after 3
        try await settle(adapter.driver)
        #expect(adapter.displayedSnapshot.itemIdentifiers == [2, 3, 1, 4, 5])
        #expect(list.renderedText() == "   t2\n   t3\n   t1\n   t4\n   t5")
        #expect(adapter.driver.diagnostics.isEmpty, "\(adapter.driver.diagnostics)")
        try list.checkConsistency()
    }

    @Test("an item no configurator takes, arriving through a live source, shows a placeholder and a diagnostic")
    func placeholderForUnconfiguredItem() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let cells = CellConfigurators<Mixed> { CellConfigurator.cell(TitleCell.self, for: \.title) { cell, text in cell.text = text } }
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: cells)
        let (stream, continuation) = AsyncStream<Snapshot<String, Mixed>>.makeStream()
        continuation.yield(try Snapshot([Section("main", items: [.title(id: 1, "a"), .counter(id: 2, 5)])]))
        continuation.finish()
        try await adapter.show(AsyncSnapshots(stream))
        try await settle(adapter.driver)
        #expect(list.renderedText() == "   a\n   ⚠︎ no configurator for counter(id: 2, 5)")
        #expect(adapter.driver.diagnostics.contains(ListDiagnostic(.noConfigurator(item: "counter(id: 2, 5)", at: ItemPath(item: 1, section: 0)))))
    }
}
