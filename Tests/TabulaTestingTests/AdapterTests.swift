import Testing
import Tabula
import TabulaTesting

/// An item that is either a title or a counter: two kinds, two cell classes.
enum Mixed: Identifiable, Equatable, Sendable {
    case title(id: Int, String)
    case counter(id: Int, Int)
    var id: Int {
        switch self {
        case .title(let id, _), .counter(let id, _): return id
        }
    }
    var title: String? { if case .title(_, let text) = self { return text } else { return nil } }
    var counter: Int? { if case .counter(_, let value) = self { return value } else { return nil } }
}

final class TitleCell: HeadlessCell {}
final class CounterCell: HeadlessCell {}
final class OtherCell: HeadlessCell {}

@MainActor
@Suite("Configurators, registration and the apply pipeline")
struct AdapterTests {
    static func cells() -> CellConfigurators<Mixed> {
        CellConfigurators {
            CellConfigurator.cell(TitleCell.self, for: \.title) { cell, text in cell.text = text }
            CellConfigurator.cell(CounterCell.self, for: \.counter) { cell, value in
                cell.text = "count"
                cell.detailText = "\(value)"
            }
        }
    }

    func snapshot(_ items: [Mixed]) -> Snapshot<String, Mixed> {
        try! Snapshot([Section("main", header: "Main", items: items)])
    }

    @Test func eachKindGoesToItsCellClassWithNoCast() throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: Self.cells())
        try adapter.apply(snapshot([.title(id: 1, "Hello"), .counter(id: 2, 3)]))
        #expect(list.cellForItem(at: ItemPath(item: 0, section: 0)) is TitleCell)
        #expect(list.cellForItem(at: ItemPath(item: 1, section: 0)) is CounterCell)
        #expect(list.renderedText() == "## Main\n   Hello\n   count  —  3")
        #expect(list.registration(forReuseIdentifier: "TitleCell") == "class TitleCell")
    }

    @Test("a cell class is registered from a nib named after it when one exists")
    func nibWhenItExists() throws {
        let list = HeadlessListView(resources: ResourceCatalog(nibs: [HeadlessNib(name: "TitleCell", cellClass: TitleCell.self)]))
        _ = try HeadlessListAdapter<String, Mixed>(listView: list, cells: Self.cells())
        #expect(list.registration(forReuseIdentifier: "TitleCell") == "nib TitleCell (TitleCell)")
        #expect(list.registration(forReuseIdentifier: "CounterCell") == "class CounterCell")
    }

    @Test("a nib whose cell class differs is reported, naming both classes")
    func nibClassMismatch() {
        let list = HeadlessListView(resources: ResourceCatalog(nibs: [HeadlessNib(name: "TitleCell", cellClass: OtherCell.self)]))
        #expect(throws: ConfigurationError(problems: [.nibClassMismatch(nib: "TitleCell", nibClass: "OtherCell", expected: "TabulaTestingTests.TitleCell")])) {
            _ = try HeadlessListAdapter<String, Mixed>(listView: list, cells: Self.cells())
        }
    }

    @Test("two cell classes under one reuse identifier are reported together")
    func identifierConflicts() {
        let cells = CellConfigurators<Mixed> {
            CellConfigurator.cell(TitleCell.self, reuseIdentifier: "row", for: \.title) { _, _ in }
            CellConfigurator.cell(CounterCell.self, reuseIdentifier: "row", for: \.counter) { _, _ in }
            CellConfigurator.cell(OtherCell.self, reuseIdentifier: "row") { _, _ in }
        }
        let error = #expect(throws: ConfigurationError.self) {
            _ = try HeadlessListAdapter<String, Mixed>(listView: HeadlessListView(), cells: cells)
        }
        #expect(error?.problems == [
            .identifierConflict(identifier: "row", first: "TabulaTestingTests.TitleCell", second: "TabulaTestingTests.CounterCell"),
            .identifierConflict(identifier: "row", first: "TabulaTestingTests.TitleCell", second: "TabulaTestingTests.OtherCell"),
        ])
    }

    @Test("one cell class under several reuse identifiers is fine (a limit of the classic generic coordinator)")
    func oneClassSeveralIdentifiers() throws {
        let cells = CellConfigurators<Mixed> {
            CellConfigurator.cell(TitleCell.self, reuseIdentifier: "big", for: \.title) { cell, text in cell.text = text.uppercased() }
                .when { $0.id < 10 }
            CellConfigurator.cell(TitleCell.self, reuseIdentifier: "small", for: \.title) { cell, text in cell.text = text }
        }
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: cells)
        try adapter.apply(snapshot([.title(id: 1, "a"), .title(id: 11, "b")]))
        #expect(list.cellForItem(at: ItemPath(item: 0, section: 0))?.reuseIdentifier == "big")
        #expect(list.cellForItem(at: ItemPath(item: 1, section: 0))?.reuseIdentifier == "small")
        #expect(list.renderedText() == "## Main\n   A\n   b")
    }

    @Test("an item kind without a configurator: validate names it up front; apply shows a placeholder and a diagnostic, never a trap")
    func missingConfigurator() async throws {
        let cells = CellConfigurators<Mixed> { CellConfigurator.cell(TitleCell.self, for: \.title) { _, _ in } }
        let list = HeadlessListView()
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: cells)
        let unconfigured = snapshot([.title(id: 1, "a"), .counter(id: 2, 5)])
        #expect(throws: ConfigurationError(problems: [.noConfigurator(item: "counter(id: 2, 5)", at: ItemPath(item: 1, section: 0))])) {
            try cells.validate(unconfigured)
        }
        #expect(await adapter.apply(unconfigured) == .reloaded(.notShowing))
        #expect(list.renderedText().contains("⚠︎ no configurator for counter(id: 2, 5)"))
        #expect(adapter.driver.diagnostics == [ListDiagnostic(.noConfigurator(item: "counter(id: 2, 5)", at: ItemPath(item: 1, section: 0)))])
    }

    @Test("changed content: reconfigure in place when the cell class stays, reload when it changes")
    func cheapestUpdate() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: Self.cells())
        adapter.driver.changesetHistoryLimit = 1
        try await adapter.apply(snapshot([.title(id: 1, "a"), .counter(id: 2, 1), .title(id: 3, "c")]))
        let counterCell = list.cellForItem(at: ItemPath(item: 1, section: 0))
        try await adapter.apply(snapshot([.title(id: 1, "a"), .counter(id: 2, 2), .counter(id: 3, 9)]))
        let update = try #require(adapter.driver.appliedChangesets.last?.stages.first?.update)
        #expect(update.reconfiguredItems == [ItemPath(item: 1, section: 0)])
        #expect(update.reloadedItems == [ItemPath(item: 2, section: 0)])
        #expect(list.cellForItem(at: ItemPath(item: 1, section: 0)) === counterCell, "reconfigured in place")
        #expect(list.cellForItem(at: ItemPath(item: 2, section: 0)) is CounterCell, "reloaded into the other class")
        #expect(list.renderedText() == "## Main\n   a\n   count  —  2\n   count  —  9")
    }

    @Test("first apply reloads; later ones animate as checked batches")
    func firstLoadThenBatches() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: Self.cells())
        try await adapter.apply(snapshot([.title(id: 1, "a")]))
        #expect(list.counters.reloads == 1 && list.counters.batchUpdates == 0)
        try await adapter.apply(snapshot([.title(id: 0, "z"), .title(id: 1, "a")]))
        #expect(list.counters.reloads == 1 && list.counters.batchUpdates == 1)
        list.isInWindow = false
        try await adapter.apply(snapshot([.title(id: 1, "a")]))
        #expect(list.counters.reloads == 2, "not in a window: reload")
        #expect(adapter.driver.diagnostics.isEmpty)
    }

    @Test("a view changed behind the pipeline's back is reloaded, with a diagnostic, not crashed")
    func outOfSyncView() throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: Self.cells())
        try adapter.apply(snapshot([.title(id: 1, "a")]))
        // Someone else drives the view for a moment.
        let intruder = StringsDataSource([["x", "y"]])
        list.register(HeadlessCell.self, forCellReuseIdentifier: "cell")
        list.dataSource = intruder
        try list.reloadData()
        list.dataSource = adapter
        try adapter.apply(snapshot([.title(id: 1, "a"), .title(id: 2, "b")]))
        #expect(adapter.driver.diagnostics == [ListDiagnostic(.viewOutOfSync(viewCounts: [2], snapshotCounts: [1]))])
        #expect(list.renderedText() == "## Main\n   a\n   b")
    }

    @Test("snapshots arriving faster than updates: serialised, and the latest wins")
    func latestWins() async throws {
        final class SlowView: ListViewUpdating {
            var flavor: ListFlavor { .table }
            var canAnimateUpdates = true
            var counts: [Int] = [0]
            var pendingCompletions: [@MainActor () -> Void] = []
            var batches: [BatchUpdate] = []
            var inFlight = 0
            var maxInFlight = 0
            weak var driver: ListDriver<String, Mixed>?
            func displayedItemCounts() -> [Int] { counts }
            func reloadData() { counts = driver!.snapshot.sections.map(\.items.count) }
            func performBatchUpdates(_ update: BatchUpdate, animated: Bool, updateData: () -> Void, completion: @escaping @MainActor () -> Void) {
                updateData()
                inFlight += 1
                maxInFlight = max(maxInFlight, inFlight)
                batches.append(update)
                counts = driver!.snapshot.sections.map(\.items.count)
                pendingCompletions.append { [self] in
                    inFlight -= 1
                    completion()
                }
            }
            func finishOne() { if !pendingCompletions.isEmpty { pendingCompletions.removeFirst()() } }
        }
        let view = SlowView()
        let driver = ListDriver<String, Mixed>(snapshot: snapshot([]))
        view.driver = driver
        driver.view = view
        var finished: [Int] = []
        var results: [Int: ApplyResult] = [:]
        driver.apply(snapshot([.title(id: 1, "1")])) { finished.append(1); results[1] = $0 }
        driver.apply(snapshot([.title(id: 1, "1"), .title(id: 2, "2")])) { finished.append(2); results[2] = $0 }
        driver.apply(snapshot([.title(id: 3, "3")])) { finished.append(3); results[3] = $0 }
        #expect(finished == [2] && results[2] == .superseded, "the replaced one says so at once")
        #expect(view.batches.count == 1, "one batch in flight; the others wait")
        view.finishOne()
        #expect(view.batches.count == 2, "then only the latest is applied")
        view.finishOne()
        #expect(view.maxInFlight == 1)
        #expect(finished == [2, 1, 3], "each apply reports its own outcome when it has one")
        #expect(results == [1: .batchUpdates(animated: true), 2: .superseded, 3: .batchUpdates(animated: true)])
        #expect(driver.snapshot == snapshot([.title(id: 3, "3")]))
        #expect(!driver.isUpdating)
    }

    @Test("large snapshots are diffed off the main actor and applied on it")
    func backgroundDiff() async throws {
        let list = HeadlessListView(viewportHeight: 10)
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: Self.cells())
        adapter.driver.changesetHistoryLimit = 1
        adapter.driver.backgroundDiffThreshold = 1_000
        await adapter.apply(snapshot((0..<5_000).map { .title(id: $0, "\($0)") }))
        await adapter.apply(snapshot((0..<5_000).reversed().map { .title(id: $0, "\($0)") }))
        #expect(list.renderedText().hasPrefix("## Main\n   4999\n   4998"))
        #expect(adapter.driver.appliedChangesets.last?.statistics.movedItems == 4_999)
    }

    @Test("selection hands over the typed item; delete and reorder update snapshot and view together")
    func interaction() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: Self.cells())
        var selected: [Mixed] = []
        adapter.onSelect = { item, _ in selected.append(item) }
        adapter.canDelete = { $0.counter != nil }
        adapter.canMove = { _ in true }
        var deleted: [Int] = []
        adapter.onDelete = { item, _ in deleted.append(item.id) }
        try await adapter.apply(snapshot([.title(id: 1, "a"), .counter(id: 2, 0), .title(id: 3, "c")]))
        try list.tapItem(at: ItemPath(item: 2, section: 0))
        #expect(selected == [.title(id: 3, "c")])
        try list.commitDelete(at: ItemPath(item: 0, section: 0))
        #expect(deleted.isEmpty, "titles cannot be deleted")
        try list.commitDelete(at: ItemPath(item: 1, section: 0))
        #expect(deleted == [2])
        #expect(adapter.displayedSnapshot.itemIdentifiers == [1, 3])
        try list.interactiveMove(from: ItemPath(item: 1, section: 0), to: ItemPath(item: 0, section: 0))
        #expect(adapter.displayedSnapshot.itemIdentifiers == [3, 1])
        #expect(list.renderedText() == "## Main\n ▸ c\n   a")
        #expect(list.indexPathsForSelectedItems == [ItemPath(item: 0, section: 0)], "the selection stays, and follows its item")
        try list.checkConsistency()
    }

    @Test("view-agnostic content configurators drive headless cells")
    func contentConfigurators() throws {
        let cells = CellConfigurators<Mixed> {
            CellConfigurator.content(for: \.title) { CellContent(text: $0, accessory: .disclosureIndicator) }
            CellConfigurator.content(for: \.counter) { CellContent(text: "n", secondaryText: "\($0)", accessory: .toggle(isOn: $0 > 0)) }
        }
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: cells)
        try adapter.apply(snapshot([.title(id: 1, "Language"), .counter(id: 2, 1)]))
        #expect(list.renderedText() == "## Main\n   Language  >\n   n  —  1  [on]")
    }
}
