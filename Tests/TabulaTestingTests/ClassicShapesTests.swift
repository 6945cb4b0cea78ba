import Tabula
import TabulaTerminal
import TabulaTesting
import Testing

// The seeds' own shapes: cells that configure themselves (001, 004), items that choose their cell
// (002), configure closures that know where the cell stands (000), storyboard prototypes (003).

struct Note: Identifiable, Hashable, Sendable {
    var id: Int
    var title: String
}

/// A `ConfigurableCell` (a cell with an associated data type), as a headless cell.
final class NoteCell: HeadlessCell, ConfigurableCell {
    func configure(with note: Note) { text = "note: \(note.title)" }
}

/// A cell class no headless or terminal view can hold (a stand-in for a `UITableViewCell`
/// subclass), which describes its model.
final class PlatformNoteCell: ConfigurableCell {
    func configure(with note: Note) {}
    static func content(for note: Note) -> CellContent { CellContent(text: note.title, secondaryText: "described") }
}

/// The same, without a description of its own.
final class PlainPlatformCell: ConfigurableCell {
    func configure(with note: Note) {}
}

/// A platform cell configured by a closure.
final class ClosurePlatformCell {}

struct Ad: ListItem {
    var id: Int
    var sponsor: String
    static var cell: CellConfigurator<Ad> { .content(reuseIdentifier: "ad") { CellContent(text: "Ad by \($0.sponsor)") } }
}

struct Message: ListItem {
    var id: Int
    var text: String
    static var cell: CellConfigurator<Message> { .cell(MessageCell.self) }
}

final class MessageCell: HeadlessCell, ConfigurableCell {
    func configure(with message: Message) { text = message.text }
}

/// A kind whose cell claims a reuse identifier another kind already uses, for another class.
struct Clashing: ListItem {
    var id: Int
    static var cell: CellConfigurator<Clashing> { .cell(HeadlessCell.self, reuseIdentifier: "MessageCell") { cell, _ in cell.text = "clash" } }
}

@MainActor
@Suite("Classic data-source shapes: ConfigurableCell, ListItem, contexts, prototypes")
struct ClassicShapesTests {
    @Test("a ConfigurableCell needs no closure and mixes with closure configurators in one list")
    func configurableCellsMix() async throws {
        let cells = CellConfigurators<Note> {
            CellConfigurator.cell(HeadlessCell.self) { cell, note in cell.text = "pinned: \(note.title)" }.when { $0.id == 0 }
            CellConfigurator.cell(NoteCell.self)
        }
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<Int, Note>(listView: list, cells: cells)
        try await adapter.apply(Snapshot([Section(0, items: [Note(id: 0, title: "a"), Note(id: 1, title: "b")])]))
        #expect(list.renderedText() == "   pinned: a\n   note: b")
        #expect(list.cellForItem(at: ItemPath(item: 1, section: 0)) is NoteCell)
        #expect(list.registration(forReuseIdentifier: "NoteCell") != nil, "registered under the class's static reuse identifier")
    }

    @Test("a platform cell that describes itself renders in the headless view and the terminal from one declaration")
    func describingCellsRenderEverywhere() async throws {
        let cells = CellConfigurators<Note> {
            CellConfigurator.cell(PlatformNoteCell.self).when { $0.id < 10 }
            CellConfigurator.cell(ClosurePlatformCell.self, describe: { CellContent(text: "closure \($0.title)") }) { _, _ in }.when { $0.id < 20 }
            CellConfigurator.cell(PlainPlatformCell.self)
        }
        let snapshot = try Snapshot([Section(0, items: [Note(id: 1, title: "one"), Note(id: 11, title: "eleven"), Note(id: 21, title: "x")])])

        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<Int, Note>(listView: list, cells: cells)
        await adapter.apply(snapshot)
        #expect(list.renderedText() == "   one  —  described\n   closure eleven\n   Note(id: 21, title: \"x\")")
        #expect(adapter.driver.diagnostics.isEmpty)

        let terminal = try TerminalListView<Int, Note>(cells: cells)
        await terminal.apply(snapshot)
        let text = terminal.plainText()
        #expect(text.contains("one") && text.contains("described") && text.contains("closure eleven"))
    }

    @Test("a platform cell configured by a closure without describe: is refused by the headless view, naming it")
    func undescribedPlatformCellIsAnError() throws {
        let cells = CellConfigurators<Note> { CellConfigurator.cell(ClosurePlatformCell.self) { _, _ in } }
        let list = HeadlessListView(viewportHeight: nil)
        #expect {
            _ = try HeadlessListAdapter<Int, Note>(listView: list, cells: cells)
        } throws: { error in
            (error as? ConfigurationError)?.problems == [.notACellClass("TabulaTestingTests.ClosurePlatformCell", identifier: "ClosurePlatformCell")]
        }
    }

    @Test("items choose their cells: a kind first shown later is registered then; kinds never share an identity")
    func itemsChooseTheirCells() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<Int, AnyListItem>(listView: list, cells: .itemsChooseTheirCells)
        try await adapter.apply(Snapshot([Section(0, items: [AnyListItem(Message(id: 1, text: "hello"))])]))
        #expect(list.renderedText() == "   hello")
        #expect(list.registration(forReuseIdentifier: "ad") == nil, "no ad shown yet, nothing registered for it")

        // Ad 1 and Message 1 share a raw id, but not an identity.
        let mixed = try Snapshot([Section(0, items: [AnyListItem(Ad(id: 1, sponsor: "Acme")), AnyListItem(Message(id: 1, text: "hello"))])])
        await adapter.apply(mixed)
        #expect(list.renderedText() == "   Ad by Acme\n   hello")
        #expect(list.cellForItem(at: ItemPath(item: 1, section: 0)) is MessageCell)
        #expect(adapter.driver.diagnostics.isEmpty)
        #expect(AnyListItem(Ad(id: 1, sponsor: "A")).id != AnyListItem(Message(id: 1, text: "A")).id)
        #expect(AnyListItem(Message(id: 1, text: "A")).id == AnyListItem(Message(id: 1, text: "B")).id)
        #expect(AnyListItem(Message(id: 1, text: "A")) != AnyListItem(Message(id: 1, text: "B")))
        #expect(AnyListItem(Message(id: 2, text: "x")).as(Message.self)?.text == "x")
        #expect(AnyListItem(Message(id: 2, text: "x")).as(Ad.self) == nil)

        // An edited post keeps its cell: same kind, same reuse identifier, so a reconfigure.
        let cell = list.cellForItem(at: ItemPath(item: 1, section: 0))
        try await adapter.apply(Snapshot([Section(0, items: [AnyListItem(Ad(id: 1, sponsor: "Acme")), AnyListItem(Message(id: 1, text: "edited"))])]))
        #expect(list.renderedText() == "   Ad by Acme\n   edited")
        #expect(list.cellForItem(at: ItemPath(item: 1, section: 0)) === cell)
    }

    @Test("ListItem kinds mix with configurators: a configurator listed first takes its kind")
    func itemsMixWithConfigurators() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let cells = CellConfigurators.itemsChooseTheirCells {
            CellConfigurator.content(reuseIdentifier: "compact-ad", for: { $0.as(Ad.self) }) { CellContent(text: "[\($0.sponsor)]") }
        }
        let adapter = try HeadlessListAdapter<Int, AnyListItem>(listView: list, cells: cells)
        try await adapter.apply(Snapshot(items: [AnyListItem(Ad(id: 1, sponsor: "Acme")), AnyListItem(Message(id: 1, text: "hi"))]))
        #expect(list.renderedText() == "   [Acme]\n   hi")
        #expect(list.registration(forReuseIdentifier: "ad") == nil, "the kind's own cell is never needed")
    }

    @Test("a kind whose cell cannot be registered shows a placeholder and a diagnostic naming the conflict")
    func lazyRegistrationConflict() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<Int, AnyListItem>(listView: list, cells: .itemsChooseTheirCells)
        try await adapter.apply(Snapshot([Section(0, items: [AnyListItem(Message(id: 1, text: "hello")), AnyListItem(Clashing(id: 2))])]))
        #expect(list.renderedText().hasPrefix("   hello\n   ⚠︎ no configurator for"))
        #expect(adapter.driver.diagnostics.contains { "\($0)".contains("'MessageCell' is used for both TabulaTestingTests.MessageCell and TabulaTesting.HeadlessCell") })
    }

    @Test("configure closures get the cell's path, its section's size and the view, kept current by reconfigures")
    func contexts() async throws {
        var seen: [Int: (path: ItemPath, last: Bool, isView: Bool)] = [:]
        var first: [Int: Bool] = [:]
        let list = HeadlessListView(viewportHeight: nil)
        let cells = CellConfigurators<Note> {
            CellConfigurator.cell(HeadlessCell.self) { cell, note, context in
                cell.text = note.title + (context.isLastInSection ? " (last)" : "")
                seen[note.id] = (context.path, context.isLastInSection, context.view === list)
                first[note.id] = context.isFirstInSection
            }
        }
        let adapter = try HeadlessListAdapter<Int, Note>(listView: list, cells: cells, updateKind: { $0 == $1 ? nil : .reconfigure })
        try await adapter.apply(Snapshot([Section(0, items: [Note(id: 1, title: "a"), Note(id: 2, title: "b")])]))
        #expect(list.renderedText() == "   a\n   b (last)")
        #expect(seen[2]?.path == ItemPath(item: 1, section: 0) && seen[2]?.last == true && seen[2]?.isView == true)
        try await adapter.apply(Snapshot([Section(0, items: [Note(id: 1, title: "a2"), Note(id: 2, title: "b"), Note(id: 3, title: "c")])]))
        #expect(seen[1]?.path == ItemPath(item: 0, section: 0) && seen[1]?.last == false)
        #expect(seen[3]?.path == ItemPath(item: 2, section: 0) && seen[3]?.last == true)
        #expect(first == [1: true, 2: false, 3: false])
    }

    @Test("a storyboard prototype's identifier is left alone: nothing registered over it")
    func storyboardPrototypes() throws {
        let registrar = RecordingRegistrar()
        let cells = CellConfigurators<Note> {
            CellConfigurator.cell(NoteCell.self).storyboardPrototype()
            CellConfigurator.cell(HeadlessCell.self, reuseIdentifier: "plain") { _, _ in }
        }
        var registry = CellRegistry()
        try cells.register(in: registrar, registry: &registry)
        #expect(registrar.calls == ["class HeadlessCell as plain", "content TabulaPlaceholderCell"])
    }
}

@MainActor
@Suite("Data providers: sources swap without touching the view code")
struct ListSourceTests {
    @MainActor
    final class FakeLiveSource: ListSource {
        let notes: [Note]
        var started = 0, stopped = 0
        init(_ notes: [Note]) { self.notes = notes }
        func start(driving driver: ListDriver<Int, Note>) async throws {
            started += 1
            await driver.apply(try Snapshot([Section(0, header: "live", items: notes)]))
        }
        func stop() { stopped += 1 }
    }

    @Test("show(source) starts it and stops the one shown before; show(provider) stops it too")
    func swapping() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<Int, Note>(listView: list, cells: CellConfigurators { CellConfigurator.cell(NoteCell.self) })
        let first = FakeLiveSource([Note(id: 1, title: "a")]), second = FakeLiveSource([Note(id: 2, title: "b")])
        try await adapter.show(first)
        #expect(list.renderedText() == "## live\n   note: a")
        try await adapter.show(second)
        #expect((first.started, first.stopped, second.started, second.stopped) == (1, 1, 1, 0))
        #expect(list.renderedText() == "## live\n   note: b")
        try await adapter.show(ArrayDataProvider([Note(id: 3, title: "c")], header: "array"))
        #expect(second.stopped == 1)
        #expect(list.renderedText() == "## array\n   note: c")
    }

    @Test("a provider whose items repeat an identifier is a typed error naming it; the screen keeps its rows")
    func duplicateInProvider() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<Int, Note>(listView: list, cells: CellConfigurators { CellConfigurator.cell(NoteCell.self) })
        try await adapter.show(ArrayDataProvider([Note(id: 1, title: "a")]))
        await #expect(throws: SnapshotError<Int, Int>.self) {
            try await adapter.show(ArrayDataProvider([Note(id: 7, title: "x"), Note(id: 7, title: "y")]))
        }
        do {
            try await adapter.show(ArrayDataProvider([Note(id: 7, title: "x"), Note(id: 7, title: "y")]))
        } catch {
            #expect("\(error)".contains("7"))
        }
        #expect(list.renderedText() == "   note: a")
    }
}

@MainActor
final class RecordingRegistrar: CellRegistrar {
    var calls: [String] = []
    var names: [String: String] = [:]
    func nibCellTypeName(named name: String) -> String? { nil }
    func registerNib(named name: String, forReuseIdentifier identifier: String) { calls.append("nib \(name) as \(identifier)") }
    func registerClass(_ cellType: AnyObject.Type, forReuseIdentifier identifier: String) -> Bool {
        calls.append("class \(cellType) as \(identifier)")
        names[identifier] = "\(cellType)"
        return true
    }
    func registerContentCell(forReuseIdentifier identifier: String) {
        calls.append("content \(identifier)")
        names[identifier] = "ContentCell"
    }
}

@MainActor
@Suite("Plain values and one-call lists")
struct PlainValuesTests {
    @Test("a section of plain values, each its own identity; a repeated value is a typed error naming it")
    func values() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<Int, Identified<String>>(
            listView: list, cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.value) } })
        try await adapter.apply(Snapshot(values: ["A", "B", "C"]))
        #expect(list.renderedText() == "   A\n   B\n   C")
        adapter.driver.changesetHistoryLimit = 1
        try await adapter.apply(Snapshot([Section(0, values: ["C", "A", "B"])]))
        #expect(list.renderedText() == "   C\n   A\n   B")
        #expect(adapter.driver.appliedChangesets.last?.statistics.movedItems == 1, "C moved; nothing deleted or inserted")
        #expect {
            _ = try Snapshot(values: ["A", "B", "A"])
        } throws: { "\($0)" == "duplicate item identifier A at 0 - 0 and at 0 - 2" }
    }
}
