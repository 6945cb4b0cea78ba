import Testing
import TabulaTesting
@testable import Tabula

/// Two row kinds whose cells are both called `Cell`, as nested types next to their `ListItem`s.
enum ToggleRow {
    final class Cell: HeadlessCell {}
}

enum ValueRow {
    final class Cell: HeadlessCell {}
}

/// What every adapter shares, run through the headless adapter: the code a device runs.
@MainActor
@Suite("Adapter core: registration, selection, edits and forwarding, decided once")
struct AdapterCoreTests {
    enum Row: Identifiable, Hashable, Sendable {
        case toggle(Int, Bool)
        case value(Int, String)
        var id: Int {
            switch self {
            case .toggle(let id, _), .value(let id, _): id
            }
        }
        var toggle: Bool? { if case .toggle(_, let isOn) = self { isOn } else { nil } }
        var value: String? { if case .value(_, let text) = self { text } else { nil } }
    }

    static func rows() throws -> Snapshot<Int, Row> {
        try Snapshot(items: [.toggle(1, true), .value(2, "two"), .toggle(3, false), .value(4, "four")])
    }

    @Test("two cell classes named Cell (ToggleRow.Cell, ValueRow.Cell) are two registrations, and both show")
    func sameSimpleName() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let cells = CellConfigurators<Row> {
            CellConfigurator.cell(ToggleRow.Cell.self, for: \.toggle) { cell, isOn in cell.text = "toggle \(isOn)" }
            CellConfigurator.cell(ValueRow.Cell.self, for: \.value) { cell, text in cell.text = "value \(text)" }
        }
        let adapter = try HeadlessListAdapter<Int, Row>(listView: list, cells: cells)
        await adapter.apply(try Self.rows())
        #expect(list.renderedText() == "   toggle true\n   value two\n   toggle false\n   value four")
        #expect(list.cellForItem(at: ItemPath(item: 0, section: 0)) is ToggleRow.Cell)
        #expect(list.cellForItem(at: ItemPath(item: 1, section: 0)) is ValueRow.Cell)
        #expect(adapter.registrations["Cell"] == "class TabulaTestingTests.ToggleRow.Cell")
        #expect(adapter.registrations["TabulaTestingTests.ValueRow.Cell"] == "class TabulaTestingTests.ValueRow.Cell")
        #expect(adapter.driver.diagnostics.isEmpty)
    }

    @Test("an identifier the app names for two classes is a ConfigurationError naming both fully qualified")
    func namedIdentifierConflict() {
        let cells = CellConfigurators<Row> {
            CellConfigurator.cell(ToggleRow.Cell.self, reuseIdentifier: "row", for: \.toggle) { _, _ in }
            CellConfigurator.cell(ValueRow.Cell.self, reuseIdentifier: "row", for: \.value) { _, _ in }
        }
        #expect(throws: ConfigurationError(problems: [
            .identifierConflict(identifier: "row", first: "TabulaTestingTests.ToggleRow.Cell", second: "TabulaTestingTests.ValueRow.Cell")
        ])) {
            _ = try HeadlessListAdapter<Int, Row>(listView: HeadlessListView(), cells: cells)
        }
    }

    @Test("header classes named alike: a default identifier is made unique, a named one in conflict is an error")
    func supplementaryIdentity() throws {
        final class Header: HeadlessSupplementaryView {}
        enum Other { final class Header: HeadlessSupplementaryView {} }
        let adapter = try HeadlessListAdapter<Int, Row>(listView: HeadlessListView(), cells: CellConfigurators { CellConfigurator.content { CellContent(text: "\($0.id)") } })
        try adapter.registerSupplementaryViews([
            .view(Header.self, kind: .header) { _, _ in }, .view(Other.Header.self, kind: .header) { _, _ in },
        ])
        #expect(Set(adapter.supplementaryViews.map(\.reuseIdentifier)).count == 2)
        #expect(throws: ConfigurationError.self) {
            try adapter.registerSupplementaryViews([
                .view(Header.self, kind: .header, reuseIdentifier: "h") { _, _ in }, .view(Other.Header.self, kind: .header, reuseIdentifier: "h") { _, _ in },
            ])
        }
    }

    @Test("headers chosen per section: a class for some sections, another for the rest, none (the title) where none takes it")
    func headersPerSection() async throws {
        final class CountHeader: HeadlessSupplementaryView {}
        final class PlainHeader: HeadlessSupplementaryView {}
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<Int, Row>(listView: list, cells: CellConfigurators { CellConfigurator.content { CellContent(text: "\($0.id)") } })
        var seen: [String] = []
        try adapter.registerSupplementaryViews([
            .view(CountHeader.self) { view, kind, section in
                seen.append("\(kind == .header ? "header" : "?") \(section.id) at \(section.index)")
                view.text = "\(section.header ?? "") (\(section.numberOfItems))"
            }.forSections([1]),
            .view(PlainHeader.self) { view, section in view.text = section.header?.uppercased() }.forSections { $0.index == 1 },
        ])
        await adapter.apply(try Snapshot([
            Section(1, header: "Toggles", items: [Row.toggle(1, true), .toggle(3, false)]), Section(2, header: "Values", items: [Row.value(2, "two")]),
            Section(3, header: "Others", items: [Row.value(4, "four")]),
        ]))
        #expect(list.headerView(forSection: 0) is CountHeader && list.headerView(forSection: 1) is PlainHeader)
        #expect(list.headerView(forSection: 2) == nil, "no configurator takes it: its title shows")
        #expect(list.renderedText() == "## Toggles (2)\n   1\n   3\n## VALUES\n   2\n## Others\n   4")
        #expect(seen == ["header 1 at 0"])
    }

    func adapter(_ list: HeadlessListView) throws -> HeadlessListAdapter<Int, Row> {
        try HeadlessListAdapter(listView: list, cells: CellConfigurators {
            CellConfigurator.content { row in
                CellContent(text: "\(row.id)", accessory: row.toggle.map { CellContent.Accessory.toggle(isOn: $0) } ?? .none)
            }
        })
    }

    @Test("multiple selection during editing keeps every row checked, even where taps otherwise deselect; a second tap deselects")
    func multipleSelectionWhileEditing() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try adapter(list)
        adapter.deselectsAfterSelection = true  // rows act when tapped outside editing
        var events: [String] = []
        adapter.onSelect = { row, _ in events.append("select \(row.id)") }
        adapter.onDeselect = { row, _ in events.append("deselect \(row.id)") }
        await adapter.apply(try Self.rows())

        try list.tapItem(at: ItemPath(item: 0, section: 0))
        #expect(adapter.selectedItems.isEmpty, "outside editing, the app asked for rows that deselect after a tap")

        list.isEditing = true
        list.allowsMultipleSelectionDuringEditing = true
        try list.tapItem(at: ItemPath(item: 0, section: 0))
        try list.tapItem(at: ItemPath(item: 2, section: 0))
        #expect(adapter.selectedItems.map(\.id) == [1, 3], "both stay checked while editing")
        try list.tapItem(at: ItemPath(item: 0, section: 0))
        #expect(adapter.selectedItems.map(\.id) == [3])
        #expect(events == ["select 1", "select 1", "select 3", "deselect 1"])
    }

    @Test("by default the view keeps its selection, as Apple's data sources leave it; another tap moves it and says so")
    func selectionStaysByDefault() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try adapter(list)
        var events: [String] = []
        adapter.onSelect = { row, _ in events.append("select \(row.id)") }
        adapter.onDeselect = { row, _ in events.append("deselect \(row.id)") }
        await adapter.apply(try Self.rows())
        try list.tapItem(at: ItemPath(item: 1, section: 0))
        try list.tapItem(at: ItemPath(item: 3, section: 0))
        #expect(adapter.selectedItems.map(\.id) == [4])
        #expect(events == ["select 2", "deselect 2", "select 4"])
    }

    @Test("swipe actions, context menus and switches reach the typed handlers with the item")
    func actionsAndSwitches() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try adapter(list)
        var toggled: [String] = []
        var deleted: [Int] = []
        adapter.onToggle = { row, isOn in toggled.append("\(row.id) \(isOn)") }
        adapter.onDelete = { row, _ in deleted.append(row.id) }
        adapter.trailingSwipeActions = { [weak adapter] row, _ in
            [HeadlessAction("Delete", isDestructive: true) { try? adapter?.deleteItem(row.id) }]
        }
        adapter.contextMenu = { row, path in [HeadlessAction("Open \(row.id) at \(path)") {}] }
        await adapter.apply(try Self.rows())

        try list.flipToggle(at: ItemPath(item: 0, section: 0))
        #expect(toggled == ["1 false"])
        #expect(try list.contextMenu(at: ItemPath(item: 1, section: 0)).map(\.title) == ["Open 2 at 0 - 1"])
        #expect(try list.swipeActions(at: ItemPath(item: 1, section: 0), edge: .leading).isEmpty, "no leading actions declared")
        let actions = try list.swipeActions(at: ItemPath(item: 1, section: 0))
        #expect(actions.map(\.title) == ["Delete"] && actions[0].isDestructive)
        actions[0].perform()
        await adapter.driver.waitUntilIdle()
        #expect(deleted == [2])
        #expect(list.renderedText() == "   1  [off]\n   3  [off]\n   4")
        #expect(throws: ListViewError.self) { try list.flipToggle(at: ItemPath(item: 2, section: 0)) }
    }

    @Test("a stale delete or move is a diagnostic on every adapter, and thrown where the view can throw; nothing changes")
    func staleEdits() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try adapter(list)
        adapter.canDelete = { _ in true }
        await adapter.apply(try Self.rows())
        #expect(throws: SnapshotError<Int, Int>.self) { try adapter.listView(list, commitDeleteOfItemAt: ItemPath(item: 9, section: 0)) }
        #expect(throws: SnapshotError<Int, Int>.self) { try adapter.listView(list, moveItemAt: ItemPath(item: 9, section: 0), to: ItemPath(item: 0, section: 0)) }
        #expect(adapter.driver.diagnostics.filter { if case .staleEdit = $0.kind { true } else { false } }.count == 2)
        #expect(adapter.displayedSnapshot.itemIdentifiers == [1, 2, 3, 4])
        #expect(throws: SnapshotError<Int, Int>.unknownItem(7)) { try adapter.deleteItem(7) }
    }
}

/// A model of how UIKit and AppKit treat an adapter's `responds(to:)`: the view asks once, when its
/// `dataSource` or `delegate` is set, and keeps the answers; a cached method whose object is gone
/// ends in `doesNotRecognizeSelector:`.
@MainActor
@Suite("Forwarding: the view asks afresh whenever the app's object changes or goes")
struct ForwardingModelTests {
    /// An app object that implements some optional methods, and keeps tokens as an associated
    /// object would.
    final class AppObject {
        let methods: Set<String>
        var kept: [AnyObject] = []
        init(_ methods: Set<String>) { self.methods = methods }
    }

    /// The view: caches the adapter's answers when its delegate is set.
    @MainActor
    final class CachingView {
        var cached: Set<String> = []
        var crashes: [String] = []
        /// Held weakly, as UIKit holds a table's delegate.
        weak var delegate: FakeAdapter? {
            didSet { cached = delegate.map { adapter in Self.allMethods.filter { adapter.responds(to: $0) } } ?? [] }
        }
        static let allMethods: Set<String> = ["cellForRow", "sectionIndexTitles", "heightForRow"]

        /// The view calls a method it believes the adapter answers.
        func call(_ method: String) {
            guard cached.contains(method), let adapter = delegate else { return }
            if !adapter.implements(method) { crashes.append(method) }
        }
    }

    /// An adapter's glue: its own methods, and the app object's through the core's forwarding target.
    @MainActor
    final class FakeAdapter: ListViewGlue {
        let view: CachingView
        var core: ListAdapterCore<Int, Identified<Int>, NoListActions>!
        init(view: CachingView, hop: @escaping ForwardingTarget.Hop = { body in MainActor.assumeIsolated(body) }) throws {
            self.view = view
            core = ListAdapterCore(cells: CellConfigurators { CellConfigurator.content { CellContent(text: "\($0.value)") } },
                updateKind: { _, _ in nil }, differ: .specialised, hop: hop)
            try core.connect(to: self)
            reconnect()
        }
        func responds(to method: String) -> Bool {
            method == "cellForRow" || (core.forwarding.object as? AppObject)?.methods.contains(method) == true
        }
        /// Whether a call of `method` finds an implementation (its own or the app object's).
        func implements(_ method: String) -> Bool { responds(to: method) }

        var flavor: ListFlavor { .table }
        var canAnimateUpdates: Bool { false }
        func displayedItemCounts() -> [Int] { [] }
        func reloadData() {}
        func performBatchUpdates(_ update: BatchUpdate, animated: Bool, updateData: () -> Void, completion: @escaping @MainActor () -> Void) {
            updateData()
            completion()
        }
        func reconnect() {
            view.delegate = nil
            view.delegate = self
        }
        func nibCellTypeName(named name: String) -> String? { nil }
        func registerNib(named name: String, forReuseIdentifier identifier: String) {}
        func registerClass(_ cellType: AnyObject.Type, forReuseIdentifier identifier: String) -> Bool { false }
        func registerContentCell(forReuseIdentifier identifier: String) {}
    }

    @Test("an object set after the view cached its answers is seen; released, it is forgotten, and nothing calls it")
    func setLaterThenReleased() throws {
        let view = CachingView()
        let adapter = try FakeAdapter(view: view)
        #expect(view.cached == ["cellForRow"])
        var app: AppObject? = AppObject(["sectionIndexTitles", "heightForRow"])
        adapter.core.forwarding.set(app) { token, object in (object as? AppObject)?.kept.append(token) }
        #expect(view.cached == ["cellForRow", "sectionIndexTitles", "heightForRow"], "the section index appears")
        view.call("sectionIndexTitles")
        #expect(view.crashes.isEmpty)

        app = nil  // the app's object goes while the view lives
        #expect(app == nil)
        #expect(view.cached == ["cellForRow"], "the view asked again when the object went")
        view.call("heightForRow")
        #expect(view.crashes.isEmpty, "no call reaches an object that is gone")
    }

    @Test("released on the main thread, the object is forgotten at once, on every OS version; from elsewhere, a turn later")
    func releaseOnTheMainThreadIsForgottenAtOnce() async throws {
        // The hop the UIKit and AppKit adapters use, with the thread check given: the main thread.
        let view = CachingView()
        let adapter = try FakeAdapter(view: view, hop: ForwardingTarget.hop { true })
        var app: AppObject? = AppObject(["heightForRow"])
        adapter.core.forwarding.set(app) { token, object in (object as? AppObject)?.kept.append(token) }
        #expect(view.cached.contains("heightForRow"))
        app = nil
        #expect(app == nil && view.cached == ["cellForRow"], "asked again before the view can call the cached method")
        view.call("heightForRow")
        #expect(view.crashes.isEmpty)

        // Another thread's release: the view asks again on the main actor's next turn.
        let later = CachingView()
        let hopping = try FakeAdapter(view: later, hop: ForwardingTarget.hop { false })
        var other: AppObject? = AppObject(["heightForRow"])
        hopping.core.forwarding.set(other) { token, object in (object as? AppObject)?.kept.append(token) }
        other = nil
        #expect(other == nil && later.cached.contains("heightForRow"), "not yet")
        var turns = 0
        while later.cached.contains("heightForRow") && turns < 100_000 {
            await Task.yield()
            turns += 1
        }
        #expect(later.cached == ["cellForRow"])
    }

    @Test("the call before iOS 17 and macOS 14 runs the main-actor closure synchronously")
    func uncheckedCallIsSynchronous() {
        let log = Log()
        ForwardingTarget.callUnchecked { log.entries.append("ran") }
        #expect(log.entries == ["ran"])
    }

    @MainActor
    final class Log {
        var entries: [String] = []
    }

    @Test("replacing the object makes the view ask again: the old object's methods go, the new one's come")
    func replaced() throws {
        let view = CachingView()
        let adapter = try FakeAdapter(view: view)
        let first = AppObject(["heightForRow"]), second = AppObject(["sectionIndexTitles"])
        adapter.core.forwarding.set(first) { token, object in (object as? AppObject)?.kept.append(token) }
        #expect(view.cached.contains("heightForRow"))
        adapter.core.forwarding.set(second) { token, object in (object as? AppObject)?.kept.append(token) }
        #expect(view.cached == ["cellForRow", "sectionIndexTitles"])
        adapter.core.forwarding.set(nil)
        #expect(view.cached == ["cellForRow"])
    }
}
