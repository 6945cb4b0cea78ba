// The code blocks of README.md and the DocC articles that compile on Linux, in compiled code, and
// run. `DocsTests` checks that every block of the docs stands here (or in `DocSnippetsApple/`,
// compiled for iOS) line for line.
import GRDB
import Observation
import Tabula
import TabulaGRDB
import TabulaTerminal
import TabulaTesting
import Testing

struct Country: Identifiable, Equatable, Sendable { var code: String; var name: String; var id: String { code } }

/// A stand-in for README's `UITableViewCell` subclass: a class the headless view cannot hold.
final class CountryCell {
    final class Label { var text: String? }
    let nameLabel = Label()
}

/// The reordering examples' item.
struct Todo: Identifiable, Equatable, Sendable {
    var id: Int
    var title: String
    static let cells = CellConfigurators<Todo> { CellConfigurator.content { CellContent(text: $0.title) } }
}

let sectionsFromServer = [Section<String, Country>("europe", items: [Country(code: "FR", name: "France"), Country(code: "FR", name: "France")])]

// README: items that choose their cell.
struct AdRow: ListItem {
    let id: Int
    let sponsor: String
    static var cell: CellConfigurator<AdRow> { .content(reuseIdentifier: "ad") { CellContent(text: "Ad: \($0.sponsor)") } }
}
struct NoteRow: ListItem {
    let id: Int
    let text: String
    static var cell: CellConfigurator<NoteRow> { .content(reuseIdentifier: "note") { CellContent(text: $0.text) } }
}

// README: lists that follow @Observable models.
struct Chore: Identifiable, Hashable, Sendable { var id: Int; var title: String; var isUrgent: Bool }
@Observable final class Chores { var chores: [Chore] = []; var urgentOnly = false }

@MainActor
@Suite("The docs' code blocks, run")
struct DocSnippets {
    @Test("README: the tour")
    func tour() throws {
        // A snapshot, written like SwiftUI's List. Identity (`id`) decides insert, delete and move;
        // content (`==`) decides update.
        var snapshot = try Snapshot<String, Country> {
            Section("europe", header: "Europe") {
                Country(code: "FR", name: "France")
                Country(code: "IS", name: "Iceland")
            }
        }
        print(snapshot.numberOfItems(inSection: "europe"))   // 2, by identifier, as in Apple's snapshot
        print(snapshot.numberOfItems(inSectionAt: 7))   // 0, by position: out of range is an answer, not a crash
        print(snapshot.itemPath(for: "IS")!)          // 0 - 1 (section 0, item 1), found in O(1)
        #expect(snapshot.numberOfItems(inSection: "europe") == 2 && snapshot.numberOfItems(inSectionAt: 0) == 2 && snapshot.numberOfItems(inSectionAt: 7) == 0)
        #expect(snapshot.itemPath(for: "IS") == ItemPath(item: 1, section: 0))

        // Bad data throws a SnapshotError that names the identifier and both positions.
        do { try snapshot.appendItems([Country(code: "FR", name: "France")]) }
        catch { print(error) }                 // duplicate item identifier FR at 0 - 0 and at 0 - 2
        #expect(throws: SnapshotError<String, String>.duplicateItem("FR", first: ItemPath(item: 0, section: 0), second: ItemPath(item: 2, section: 0))) {
            try snapshot.appendItems([Country(code: "FR", name: "France")])
        }

        // Item identifiers are indexed, and checked, on first need: a list refuses a snapshot that
        // repeats one (`ApplyResult.rejected`) and keeps what it shows. Check where data comes in:
        do { _ = try Snapshot<String, Country>(sectionsFromServer).validated() }
        catch { print(error) }                 // duplicate item identifier FR at 0 - 0 and at 0 - 1
        #expect(throws: SnapshotError<String, String>.duplicateItem("FR", first: ItemPath(item: 0, section: 0), second: ItemPath(item: 1, section: 0))) {
            try Snapshot<String, Country>(sectionsFromServer).validated()
        }

        // Servers repeat items: choose what happens, and get a report of what was dropped.
        let (page, report) = try Snapshot<String, Country>.resolvingDuplicates(in: sectionsFromServer, keeping: .keepFirst)
        #expect(report.dropped.count == 1 && page.numberOfItems == 1)

        // The diff: staged batch updates UIKit accepts, with the fewest moves. A Sendable value:
        // compute it off the main actor, apply it on it.
        let changeset = Changeset(from: snapshot, to: page)
        print(changeset.statistics.movedItems, changeset.stages.map(\.update))
        #expect(changeset.statistics.deletedItems == 1 && changeset.statistics.movedItems == 0)
    }

    @Test("Snapshot.numberOfItems(inSection:): by identifier, as in Apple's snapshot")
    func numberOfItemsByIdentifier() throws {
        let snapshot = try Snapshot<Int, Country>([Section(10, items: [Country(code: "FR", name: "France")])])
        #expect(snapshot.numberOfItems(inSection: 10) == 1)
        #expect(snapshot.numberOfItems(inSectionAt: 0) == 1)
        #expect(snapshot.numberOfItems(inSection: 0) == 0)
    }

    @Test("README: test it without a device")
    func headless() async throws {
        let cells = CellConfigurators<Country> {
            // No cast; `describe:` is how the row looks in the headless view and the terminal.
            CellConfigurator.cell(CountryCell.self, describe: { CellContent(text: $0.name) }) { cell, country in
                cell.nameLabel.text = country.name
            }
        }
        let snapshot = try Snapshot<String, Country> {
            Section("europe", header: "Europe") {
                Country(code: "FR", name: "France")
                Country(code: "IS", name: "Iceland")
            }
        }
        let list = HeadlessListView(viewportHeight: 10)
        let adapter = try HeadlessListAdapter<String, Country>(listView: list, cells: cells)
        await adapter.apply(snapshot)
        try list.tapItem(at: ItemPath(item: 1, section: 0))
        #expect(list.renderedText() == "## Europe\n   France\n ▸ Iceland")
    }

    @Test("README and the reordering article: a board the user reorders, with undo")
    func reorderWithUndo() async throws {
        let todos = [Todo(id: 1, title: "Write"), Todo(id: 2, title: "Review")]
        let done = [Todo(id: 3, title: "Plan")]
        let list = HeadlessListView(viewportHeight: 10)
        let adapter = try HeadlessListAdapter<String, Todo>(listView: list, cells: Todo.cells)

        var board = [Section("todo", header: "To do", items: todos), Section("done", header: "Done", items: done)]
        adapter.canMove = { _ in true }
        adapter.onMove = { reorder, _ in try? board.apply(reorder) }   // one line keeps the model in step
        adapter.canDelete = { _ in true }
        adapter.onDelete = { todo, _ in for s in board.indices { board[s].items.removeAll { $0.id == todo.id } } }
        adapter.onReinsert = { reinsertion, _ in try? board.apply(reinsertion) }   // an undone delete
        await adapter.apply(try Snapshot(board))

        // Two rows dragged together and dropped at the top of "Done".
        let drag = try list.beginDrag(itemsAt: [ItemPath(item: 1, section: 0), ItemPath(item: 0, section: 0)])!
        try list.drop(drag, at: ItemPath(item: 0, section: 1))
        #expect(board[1].items.map(\.id) == [2, 1, 3])

        // A swipe deletes "Write"; the undo puts it back before "Plan", in `board` too.
        try list.commitDelete(at: ItemPath(item: 1, section: 1))
        #expect(board[1].items.map(\.id) == [2, 3])
        adapter.undo()   // puts the last edit back, in the list and (through onMove or onReinsert) in `board`
        #expect(board[1].items.map(\.id) == [2, 1, 3])
        adapter.undo()   // puts the last edit back, in the list and (through onMove or onReinsert) in `board`
        adapter.redo()
        #expect(board[0].items.isEmpty && board[1].items.map(\.id) == [2, 1, 3])
        #expect(adapter.undo() && board[0].items.map(\.id) == [1, 2] && board[1].items.map(\.id) == [3])
    }

    @Test("The reordering article: a drag between two lists, undone")
    func dragBetweenLists() async throws {
        var todoItems = [Section("todo", items: [Todo(id: 1, title: "Write"), Todo(id: 2, title: "Review")])]
        var doneItems = [Section("done", items: [Todo(id: 3, title: "Plan")])]
        let todoList = HeadlessListView(viewportHeight: 10), doneList = HeadlessListView(viewportHeight: 10)
        let todo = try HeadlessListAdapter<String, Todo>(listView: todoList, cells: Todo.cells)
        let done = try HeadlessListAdapter<String, Todo>(listView: doneList, cells: Todo.cells)
        todo.canMove = { _ in true }
        await todo.apply(try Snapshot(todoItems))
        await done.apply(try Snapshot(doneItems))

        done.acceptDrags(from: todo)   // the same item type: the items move as they are
        todo.onRemoval = { removal, _ in todoItems.apply(removal) }
        done.onInsertion = { insertion, _ in try? doneItems.apply(insertion) }
        // An undone drop: the items leave `done` and go back into `todo`, before their old neighbours.
        done.onRemoval = { removal, _ in doneItems.apply(removal) }
        todo.onReinsert = { reinsertion, _ in try? todoItems.apply(reinsertion) }

        try doneList.drop(try #require(try todoList.beginDrag(itemsAt: [ItemPath(item: 0, section: 0)])), at: ItemPath(item: 1, section: 0))
        #expect(todoItems[0].items.map(\.id) == [2] && doneItems[0].items.map(\.id) == [3, 1])
        #expect(done.nextUndoActionName == "Move")
        done.undo()   // one "Move", kept by the list the items arrived in
        #expect(todoItems[0].items.map(\.id) == [1, 2] && doneItems[0].items.map(\.id) == [3])
    }

    @Test("The reordering article: items of another app's drop that fail to load are reported")
    func dropLoadFailures() async throws {
        let list = HeadlessListView(viewportHeight: 10)
        let notes = try HeadlessListAdapter<String, Todo>(listView: list, cells: Todo.cells)
        await notes.apply(try Snapshot([Section("notes", items: [Todo(id: 1, title: "Plan")])]))
        notes.acceptDrops(ofType: "public.utf8-plain-text") { content in [Todo(id: content.text.count, title: content.text)] }
        var unreadable: [String] = []

        notes.onDropLoadFailure = { failures in
            unreadable = failures.map { "item \($0.itemIndex) as \($0.typeIdentifier ?? "no accepted type")" }
        }

        try list.drop([.text("milk"), HeadlessDroppedItem(offering: ["public.png"])], at: ItemPath(item: 0, section: 0))
        #expect(unreadable == ["item 1 as no accepted type"])
        #expect(notes.displayedSnapshot.sections[0].items.map(\.id) == [4, 1])
    }

    @Test("The reordering article: a drag into a folder of an outline")
    func outlineMove() async throws {
        struct FileNode: Identifiable, Hashable, Sendable {
            var id: String
            var isFolder = false
        }
        let list = HeadlessListView(viewportHeight: 10)
        let adapter = try HeadlessListAdapter<String, FileNode>(listView: list, cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.id) } })
        var files = SectionSnapshot<FileNode>()
        try files.append([FileNode(id: "Notes", isFolder: true), FileNode(id: "todo.txt")])
        await adapter.apply(try Snapshot([Section("files", items: [])]))
        adapter.apply(files, to: "files")
        await adapter.driver.waitUntilIdle()
        adapter.canMove = { _ in true }

        adapter.canDropInto = { node in node.isFolder }
        adapter.onOutlineMove = { move, _ in try? files.apply(move) }   // `files`, the app's SectionSnapshot

        try list.drop(try #require(try list.beginDrag(itemsAt: [ItemPath(item: 1, section: 0)])), into: ItemPath(item: 0, section: 0))
        #expect(files.parent(of: "todo.txt")?.id == "Notes")
        #expect(adapter.sectionSnapshot(for: "files") == files)
    }

    @Test("README: items that choose their cells")
    func listItems() async throws {
        let list = HeadlessListView(viewportHeight: 10)
        let feed = try Snapshot(items: [AnyListItem(AdRow(id: 1, sponsor: "Acme")), AnyListItem(NoteRow(id: 1, text: "Hello"))])
        let adapter = try HeadlessListAdapter<Int, AnyListItem>(listView: list, cells: .itemsChooseTheirCells)
        await adapter.apply(feed)
        #expect(list.renderedText() == "   Ad: Acme\n   Hello")
    }

    @Test("README: a list that follows an @Observable model")
    func observed() async throws {
        let list = HeadlessListView(viewportHeight: 10)
        let adapter = try HeadlessListAdapter<Int, Chore>(listView: list, cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.title) } })
        let model = Chores()
        let chore = Chore(id: 1, title: "Pay the rent", isUrgent: false)

        adapter.follow(model) { model in
            try Snapshot(items: model.chores.filter { !model.urgentOnly || $0.isUrgent })
        }
        model.chores.append(chore)   // animated insert
        await turns { list.renderedText() == "   Pay the rent" }
        #expect(list.renderedText() == "   Pay the rent")
        model.urgentOnly = true      // later: animated deletes
        await turns { list.renderedText() == "" }
        #expect(list.renderedText() == "")
    }
}

@MainActor
func turns(until condition: () -> Bool, max: Int = 50) async {
    for _ in 0..<max where !condition() { await Task.yield() }
}

// TabulaTesting's getting-started article.
struct Note: Identifiable, Hashable, Sendable {
    var id: Int
    var title: String
}

enum NoteCells {
    static let all = CellConfigurators<Note> {
        CellConfigurator.content { CellContent(text: $0.title) }
    }
}

@MainActor
@Suite("TabulaTesting's article, run")
struct TestingArticle {
    @Test("apply, read, tap, and no fallback")
    func gettingStarted() async throws {
        let list = HeadlessListView(viewportHeight: 10)
        let adapter = try HeadlessListAdapter<Int, Note>(listView: list, cells: NoteCells.all)
        try await adapter.apply(Snapshot(items: [Note(id: 1, title: "Milk"), Note(id: 2, title: "Eggs")]))
        #expect(list.renderedText() == "   Milk\n   Eggs")

        var opened: [Note] = []
        adapter.onSelect = { note, _ in opened.append(note) }
        try list.tapItem(at: ItemPath(item: 1, section: 0))
        #expect(opened.map(\.title) == ["Eggs"])

        try await adapter.apply(Snapshot(items: [Note(id: 2, title: "Eggs"), Note(id: 3, title: "Tea")]))
        #expect(adapter.driver.diagnostics.isEmpty)
        #expect(list.counters.reloads == 1)

        adapter.apply(try Snapshot(items: [Note(id: 3, title: "Tea")]), animatingDifferences: true, completion: nil)
        await adapter.driver.waitUntilIdle()
        #expect(list.renderedText() == "   Tea")
    }
}

// TabulaGRDB's landing page.
struct TaskRecord: ListRecord, Codable, Equatable {
    static let databaseTableName = "task"
    static let listOrdering = "list, position, id"
    var id: Int64
    var list: String
    var position: Int
    var title: String
    var sectionKey: String { list }
    static func areInIncreasingOrder(_ a: TaskRecord, _ b: TaskRecord) -> Bool {
        (a.list, a.position, a.id) < (b.list, b.position, b.id)
    }
}

@MainActor
@Suite("The modules' landing pages, run")
struct LandingPages {
    @Test("TabulaTerminal")
    func terminal() async throws {
        let terminalList = try TerminalListView<Int, Note>(cells: NoteCells.all)
        try await terminalList.apply(Snapshot(items: [Note(id: 1, title: "Milk")]))
        print(terminalList.plainText())
        #expect(terminalList.plainText().contains("Milk"))
    }

    @Test("TabulaGRDB")
    func grdb() async throws {
        let database = try DatabaseQueue()
        try await database.write { try $0.execute(sql: "CREATE TABLE task (id INTEGER PRIMARY KEY, list TEXT NOT NULL, position INTEGER NOT NULL, title TEXT NOT NULL)") }
        let listView = HeadlessListView(viewportHeight: 10)
        let adapter = try HeadlessListAdapter<String, TaskRecord>(
            listView: listView, cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.title) } })

        let list = DatabaseList<TaskRecord>(writer: database)
        try await list.start(driving: adapter.driver)
        try await database.write { try $0.execute(sql: "INSERT INTO task (list, position, title) VALUES ('Home', 1, 'Water the plants')") }
        try await list.settle()   // the row is on screen
        #expect(listView.renderedText() == "## Home\n   Water the plants")
        list.stop()
    }
}
