import Tabula
import TabulaTesting
import Testing

/// A screen written for Apple's diffable data sources, ported line for line: its rows are an enum
/// that is its own identifier, its cell provider one `switch`, its controller the view's delegate
/// (and the answer to the data-source questions Tabula's declarations leave open).
@MainActor
@Suite("Ports of diffable-data-source screens: the original's lines keep working")
struct DiffablePortTests {
    enum Row: SelfIdentifiable { case airplaneMode, wifi, bluetooth, about }

    /// The screen's controller, as the original has it: the view's delegate, with data-source
    /// methods of its own (the original's data-source subclass overrides).
    final class Controller: HeadlessListDelegate, HeadlessListDataSource {
        var selected: [ItemPath] = []
        var deleted: [ItemPath] = []
        var moved: [(ItemPath, ItemPath)] = []
        func listView(_ listView: HeadlessListView, didSelectItemAt path: ItemPath) { selected.append(path) }
        // The data source's required methods, which the adapter answers: never asked here.
        func numberOfSections(in listView: HeadlessListView) -> Int { 0 }
        func listView(_ listView: HeadlessListView, numberOfItemsInSection section: Int) -> Int { 0 }
        func listView(_ listView: HeadlessListView, cellForItemAt path: ItemPath) throws -> HeadlessCell { HeadlessCell(reuseIdentifier: "") }
        func listView(_ listView: HeadlessListView, titleForHeaderInSection section: Int) -> String? { "From the controller \(section)" }
        func listView(_ listView: HeadlessListView, titleForFooterInSection section: Int) -> String? { section == 1 ? "Footer 1" : nil }
        func listView(_ listView: HeadlessListView, canEditItemAt path: ItemPath) -> Bool { path.section == 1 }
        func listView(_ listView: HeadlessListView, canMoveItemAt path: ItemPath) -> Bool { path.section == 0 }
        func listView(_ listView: HeadlessListView, commitDeleteOfItemAt path: ItemPath) throws { deleted.append(path) }
        func listView(_ listView: HeadlessListView, moveItemAt source: ItemPath, to destination: ItemPath) throws { moved.append((source, destination)) }
    }

    static func adapter(_ list: HeadlessListView) -> HeadlessListAdapter<String, Row> {
        HeadlessListAdapter<String, Row>(listView: list) { row in
            switch row {
            case .airplaneMode: .content { _ in CellContent(text: "Airplane Mode", accessory: .toggle(isOn: false)) }
            case .wifi: .content { _ in CellContent(text: "Wi-Fi", secondaryText: "Home") }
            case .bluetooth: .content { _ in CellContent(text: "Bluetooth") }
            case .about: .content(reuseIdentifier: "about") { _ in CellContent(text: "About", accessory: .disclosureIndicator) }
            }
        }
    }

    static func snapshot(header: String? = "Connectivity") throws -> Snapshot<String, Row> {
        var snapshot = Snapshot<String, Row>()
        try snapshot.appendSections(["connectivity", "general"])
        try snapshot.appendItems([.airplaneMode, .wifi, .bluetooth], toSection: "connectivity")
        try snapshot.appendItems([.about], toSection: "general")
        if let header { try snapshot.setHeader(header, forSection: "connectivity") }
        return snapshot
    }

    static func replacements(_ adapter: HeadlessListAdapter<String, Row>) -> [ListDiagnostic.Kind] {
        adapter.driver.diagnostics.map(\.kind).filter {
            if case .connectionReplaced = $0 { true } else { false }
        }
    }

    // MARK: The delegate

    @Test("the view's delegate set after the adapter: noticed at the next apply, reported, taken back, forwarded")
    func delegateReplacedAfter() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = Self.adapter(list)
        var selected: [Row] = []
        adapter.onSelect = { row, _ in selected.append(row) }
        let controller = Controller()
        await adapter.apply(try Self.snapshot())
        list.delegate = controller  // the original's line
        #expect(Self.replacements(adapter).isEmpty)
        await adapter.apply(try Self.snapshot(header: "Network"))
        #expect(Self.replacements(adapter) == [.connectionReplaced(property: "listView.delegate", object: "Controller", forwarded: true)])
        #expect(list.delegate === adapter && adapter.delegate === controller)
        let message = adapter.driver.diagnostics.last?.description ?? ""
        #expect(message.contains("adapter.delegate = self") && message.contains("listView.delegate = self"))
        try list.tapItem(at: ItemPath(item: 1, section: 0))
        #expect(selected == [.wifi] && controller.selected == [ItemPath(item: 1, section: 0)])
        await adapter.apply(try Self.snapshot())
        #expect(Self.replacements(adapter).count == 1)  // once
    }

    @Test("the view's delegate set before the adapter: adopted as the adapter's delegate, reported at the first apply")
    func delegateSetBefore() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let controller = Controller()
        list.delegate = controller  // the original sets it first, then makes its data source
        let adapter = Self.adapter(list)
        var reported: [ListDiagnostic] = []
        adapter.driver.onDiagnostic = { reported.append($0) }  // set after the adapter is made
        #expect(adapter.delegate === controller && list.delegate === adapter)
        await adapter.apply(try Self.snapshot())
        #expect(reported.map(\.kind) == [.connectionReplaced(property: "listView.delegate", object: "Controller", forwarded: true)])
        try list.tapItem(at: ItemPath(item: 0, section: 1))
        #expect(controller.selected == [ItemPath(item: 0, section: 1)])
    }

    @Test("replaced between applies, noticed by the next cell request, on the main actor's next turn")
    func delegateReplacedNoticedByCallback() async throws {
        let list = HeadlessListView(viewportHeight: 2)
        let adapter = Self.adapter(list)
        let controller = Controller()
        await adapter.apply(try Self.snapshot())
        list.delegate = controller
        try list.scroll(by: 3)  // new rows: cell requests
        await Task.yield()
        #expect(Self.replacements(adapter) == [.connectionReplaced(property: "listView.delegate", object: "Controller", forwarded: true)])
        #expect(list.delegate === adapter)
    }

    @Test("not forwarded where unsafe: the adapter has another delegate, or another adapter took the view")
    func delegateReplacedUnsafe() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = Self.adapter(list)
        let mine = Controller(), other = Controller()
        adapter.delegate = mine
        await adapter.apply(try Self.snapshot())
        list.delegate = other
        await adapter.apply(try Self.snapshot(header: "Network"))
        await adapter.apply(try Self.snapshot())
        #expect(Self.replacements(adapter) == [.connectionReplaced(property: "listView.delegate", object: "Controller", forwarded: false)])
        #expect(list.delegate === other && adapter.delegate === mine)
        list.delegate = nil
        await adapter.apply(try Self.snapshot(header: "Network"))
        #expect(Self.replacements(adapter).last == .connectionReplaced(property: "listView.delegate", object: "nil", forwarded: false))

        let second = HeadlessListView(viewportHeight: nil)
        let first = Self.adapter(second)
        let replacing = Self.adapter(second)  // a new adapter over the same view: deliberate
        await replacing.apply(try Self.snapshot())
        await first.apply(try Self.snapshot())
        #expect(Self.replacements(replacing).isEmpty)
        #expect(Self.replacements(first) == [
            .connectionReplaced(property: "listView.dataSource", object: "HeadlessListAdapter<String, Row>", forwarded: false),
            .connectionReplaced(property: "listView.delegate", object: "HeadlessListAdapter<String, Row>", forwarded: false),
        ])
        #expect(second.delegate === replacing)
    }

    @Test("the view's data source replaced: reported with the line to remove, never taken back")
    func dataSourceReplaced() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = Self.adapter(list)
        let controller = Controller()
        await adapter.apply(try Self.snapshot())
        list.dataSource = controller
        await adapter.apply(try Self.snapshot(header: "Network"))
        #expect(Self.replacements(adapter) == [.connectionReplaced(property: "listView.dataSource", object: "Controller", forwarded: false)])
        #expect(list.dataSource === controller)
        let message = adapter.driver.diagnostics.first { if case .connectionReplaced = $0.kind { true } else { false } }?.description
        #expect(message?.contains("remove 'listView.dataSource = …'") == true)
    }

    // MARK: Data-source fallbacks

    @Test("titles: the snapshot's, else the app's object's, section by section")
    func titleFallbacks() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = Self.adapter(list)
        await adapter.apply(try Self.snapshot())
        #expect(list.headerTitle(forSection: 1) == nil && list.footerTitle(forSection: 1) == nil)  // no object: no title

        let controller = Controller()
        adapter.delegate = controller
        await adapter.applyUsingReloadData(try Self.snapshot())
        #expect(list.headerTitle(forSection: 0) == "Connectivity")  // the snapshot's
        #expect(list.headerTitle(forSection: 1) == "From the controller 1")
        #expect(list.footerTitle(forSection: 0) == nil && list.footerTitle(forSection: 1) == "Footer 1")
    }

    @Test("editing: the app's object decides while canDelete and canMove are not set; Tabula once they are")
    func editingFallbacks() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = Self.adapter(list)
        let controller = Controller()
        adapter.delegate = controller
        await adapter.apply(try Self.snapshot())
        let wifi = ItemPath(item: 1, section: 0), about = ItemPath(item: 0, section: 1)

        #expect(!adapter.listView(list, canEditItemAt: wifi) && adapter.listView(list, canEditItemAt: about))
        #expect(adapter.listView(list, canMoveItemAt: wifi) && !adapter.listView(list, canMoveItemAt: about))
        try list.commitDelete(at: about)
        #expect(controller.deleted == [about] && adapter.snapshot().contains(.about))  // the app's to delete
        let landed = try list.interactiveMove(from: wifi, to: ItemPath(item: 0, section: 0))
        #expect(controller.moved.map(\.1) == [landed])
        #expect(adapter.snapshot().items(inSection: "connectivity") == [.wifi, .airplaneMode, .bluetooth])  // recorded as the view shows it

        adapter.canDelete = { $0 == .wifi }
        #expect(adapter.listView(list, canEditItemAt: ItemPath(item: 0, section: 0)) && !adapter.listView(list, canEditItemAt: about))
        #expect(adapter.listView(list, canMoveItemAt: ItemPath(item: 2, section: 0)))  // canMove not set: the object's answer
        try list.commitDelete(at: ItemPath(item: 0, section: 0))
        #expect(!adapter.snapshot().contains(.wifi) && controller.deleted == [about])
        adapter.canMove = { _ in false }
        #expect(!adapter.listView(list, canMoveItemAt: ItemPath(item: 0, section: 0)))
        let stayed = try list.interactiveMove(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 1, section: 0))
        #expect(stayed == ItemPath(item: 0, section: 0))
        #expect(controller.moved.count == 1)
    }

    // MARK: Apple's call shapes

    @Test("the switch-shaped provider: each case its cell; enum rows need no identifier")
    func switchProvider() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = Self.adapter(list)
        await adapter.apply(try Self.snapshot())
        #expect(list.renderedText().contains("Wi-Fi") && list.renderedText().contains("About"))
        #expect(adapter.item(withIdentifier: .wifi) == .wifi && Row.bluetooth.id == .bluetooth)
        #expect(list.registration(forReuseIdentifier: "about") != nil)
        #expect(adapter.driver.diagnostics.isEmpty)
    }

    @Test("apply with Apple's completion, and a section snapshot applied without try")
    func appleCallShapes() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = Self.adapter(list)
        var done = 0
        adapter.apply(try Self.snapshot(), animatingDifferences: false) { done += 1 }
        adapter.applyUsingReloadData(try Self.snapshot(header: "Network")) { done += 1 }
        #expect(done == 2 && list.headerTitle(forSection: 0) == "Network")

        adapter.apply(try SectionSnapshot([Row.about]), to: "general", animatingDifferences: false) { done += 1 }
        await adapter.driver.waitUntilIdle()
        #expect(done == 3 && adapter.snapshot().items(inSection: "general") == [.about])
        #expect(adapter.driver.diagnostics.isEmpty)
    }

    @Test("a section snapshot that cannot be applied: a diagnostic, the list unchanged, completion at once")
    func invalidSectionSnapshot() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = Self.adapter(list)
        await adapter.apply(try Self.snapshot())
        var done = false
        adapter.apply(try SectionSnapshot([Row.wifi]), to: "general") { done = true }  // .wifi is in "connectivity"
        let before = try Self.snapshot()
        #expect(done && adapter.snapshot() == before)
        guard case .rejectedSectionSnapshot(let message) = adapter.driver.diagnostics.last?.kind else {
            Issue.record("no diagnostic")
            return
        }
        #expect(message.contains("wifi"))
    }
}
