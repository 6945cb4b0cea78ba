import Tabula
import TabulaTesting
import Testing

/// Apple's apply semantics, and each apply's own outcome.
@MainActor
@Suite("Apply: Apple's names and meanings; each apply reports what became of it")
struct ApplyResultTests {
    func notes(_ titles: [String]) throws -> Snapshot<Int, Note> {
        try Snapshot(items: titles.enumerated().map { Note(id: $0.offset, title: $0.element) })
    }

    func adapter() throws -> (HeadlessListView, HeadlessListAdapter<Int, Note>) {
        let list = HeadlessListView(viewportHeight: nil)
        return (list, try HeadlessListAdapter(listView: list, cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.title) } }))
    }

    @Test("first apply reloads (not showing yet); then animated or not, a diff either way; reload only when asked")
    func modes() async throws {
        let (list, adapter) = try adapter()
        #expect(try await adapter.apply(notes(["a"])) == .reloaded(.notShowing))
        #expect(try await adapter.apply(notes(["a", "b"])) == .batchUpdates(animated: true))
        #expect(try await adapter.apply(notes(["a", "b", "c"]), animatingDifferences: false) == .batchUpdates(animated: false))
        #expect(list.counters.batchUpdates == 2 && list.counters.batchUpdatesWithoutAnimation == 1 && list.counters.reloads == 1)
        #expect(try await adapter.applyUsingReloadData(notes(["c"])) == .reloaded(.requested))
        #expect(list.counters.reloads == 2 && list.renderedText() == "   c")
        #expect(try await adapter.apply(notes(["c"])) == .unchanged)
        list.isInWindow = false
        #expect(try await adapter.apply(notes(["d"])) == .reloaded(.notShowing))
    }

    @Test("applyUsingReloadData from synchronous code, as Apple's: reloaded before it returns, no diff")
    func synchronousReload() async throws {
        let (list, adapter) = try adapter()
        try await adapter.apply(notes(["a", "b"]))
        var changesets = 0
        adapter.driver.onChangeset = { _ in changesets += 1 }
        var result: ApplyResult?
        adapter.applyUsingReloadData(try notes(["b", "a", "c"])) { result = $0 }
        #expect(result == .reloaded(.requested), "settled before the call returned")
        #expect(list.renderedText() == "   b\n   a\n   c" && list.counters.reloads == 2 && changesets == 0)
        // Behind an update in flight it waits its turn, as any apply does.
        adapter.driver.backgroundDiffThreshold = 0
        adapter.apply(try notes(["c"]), completion: nil)
        result = nil
        adapter.applyUsingReloadData(try notes(["d"])) { result = $0 }
        #expect(result == nil)
        await adapter.driver.waitUntilIdle()
        #expect(result == .reloaded(.requested) && list.renderedText() == "   d")
    }

    @Test("a snapshot built from the one shown, every item equal: unchanged at once, unless an update is asked for")
    func knownUnchanged() async throws {
        let (list, adapter) = try adapter()
        try await adapter.apply(notes(["a", "b"]))
        // Any diff would run off the main actor and report later: this one is known empty.
        adapter.driver.backgroundDiffThreshold = 0
        var changesets: [Changeset<Int, Note>] = []
        adapter.driver.onChangeset = { changesets.append($0) }
        let requestsBefore = list.counters.cellRequests
        var result: ApplyResult?
        let same = try Snapshot([Section(0, items: [Note(id: 0, title: "a"), Note(id: 1, title: "b")])], updating: adapter.driver.latestSnapshot)
        adapter.apply(same) { result = $0 }
        #expect(result == .unchanged, "reported before apply returns")
        #expect(changesets.isEmpty && list.counters.cellRequests == requestsBefore, "nothing reached the view")
        #expect(!adapter.driver.isUpdating, "settled: the driver is idle again")
        // Without a completion, through the driver: the snapshot shown is the one applied.
        let again = try Snapshot([Section(0, items: [Note(id: 0, title: "a"), Note(id: 1, title: "b")])], updating: adapter.driver.latestSnapshot)
        adapter.driver.apply(again, completion: nil)
        #expect(!adapter.driver.isUpdating && changesets.isEmpty && list.counters.cellRequests == requestsBefore)
        #expect(adapter.driver.snapshot.sections == again.sections && !adapter.driver.snapshot.hasRequestedUpdates)
        // Equal items, but a reload asked for: the diff runs, and the cell is reloaded.
        var reloading = try Snapshot([Section(0, items: [Note(id: 0, title: "a"), Note(id: 1, title: "b")])], updating: adapter.driver.latestSnapshot)
        try reloading.reloadItems([1])
        #expect(await adapter.apply(reloading) == .batchUpdates(animated: true))
        #expect(changesets.count == 1 && changesets.first?.stages.first?.update.reloadedItems == [ItemPath(item: 1, section: 0)])
        #expect(list.counters.batchUpdates == 1 && list.counters.cellRequests == requestsBefore + 1, "the reloaded cell, asked for again")
        #expect(list.renderedText() == "   a\n   b")

        // Content compared by a closure of the app's, which may update equal items: the diff runs.
        let other = HeadlessListView(viewportHeight: nil)
        let always = try HeadlessListAdapter<Int, Note>(
            listView: other, cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.title) } },
            updateKind: { _, _ in .reconfigure })
        try await always.apply(notes(["a", "b"]))
        let equal = try Snapshot([Section(0, items: [Note(id: 0, title: "a"), Note(id: 1, title: "b")])], updating: always.driver.latestSnapshot)
        #expect(await always.apply(equal) == .batchUpdates(animated: true))
        #expect(other.counters.reconfigurations == 2)
    }

    @Test("above reloadThreshold a diff becomes a reload, and says so")
    func threshold() async throws {
        let (list, adapter) = try adapter()
        try await adapter.apply(notes(["a", "b", "c"]))
        adapter.driver.reloadThreshold = 2
        #expect(try await adapter.apply(notes(["a", "b", "c", "d"])) == .batchUpdates(animated: true), "1 change")
        #expect(try await adapter.apply(notes(["x", "y", "z", "w"])) == .reloaded(.overThreshold(changes: 4)), "four updates")
        #expect(list.renderedText() == "   x\n   y\n   z\n   w")
    }

    @Test("search as you type: results then an empty list; the first is superseded, the last is shown")
    func supersededResultsDoNotAct() async throws {
        let (list, adapter) = try adapter()
        try await adapter.apply(notes(["start"]))
        // Diff off the main actor, so the first update is still in flight when the others arrive.
        adapter.driver.backgroundDiffThreshold = 0
        var results: [String: ApplyResult] = [:]
        adapter.apply(try notes(["start", "r1"])) { results["in flight"] = $0 }
        adapter.apply(try notes(["start", "r1", "r2"])) { results["results"] = $0 }
        adapter.apply(Snapshot()) { results["empty"] = $0 }
        await adapter.driver.waitUntilIdle()
        #expect(results["results"] == .superseded, "replaced while waiting: it never reached the screen")
        #expect(results["in flight"] == .batchUpdates(animated: true))
        #expect(results["empty"] == .batchUpdates(animated: true))
        #expect(list.renderedText() == "")
        #expect(list.itemCounts == [])
    }

    @Test("a fallback reload carries the diagnostic")
    func fallback() async throws {
        let (list, adapter) = try adapter()
        try await adapter.apply(notes(["a"]))
        // Change the view behind the adapter's back.
        final class Intruder: HeadlessListDataSource {
            func numberOfSections(in listView: HeadlessListView) -> Int { 1 }
            func listView(_ listView: HeadlessListView, numberOfItemsInSection section: Int) -> Int { 3 }
            func listView(_ listView: HeadlessListView, cellForItemAt path: ItemPath) throws -> HeadlessCell {
                try listView.dequeueReusableCell(withIdentifier: CellConfigurators<Note>.placeholderReuseIdentifier, for: path)
            }
        }
        let intruder = Intruder()
        list.dataSource = intruder
        try list.reloadData()
        list.dataSource = adapter
        let result = try await adapter.apply(notes(["a", "b"]))
        #expect(result == .reloaded(.fallback(ListDiagnostic(.viewOutOfSync(viewCounts: [3], snapshotCounts: [1])))))
        #expect(list.renderedText() == "   a\n   b")
    }
}
