import Observation
import Tabula
import TabulaTerminal
import TabulaTesting
import Testing

@Observable
final class TodoModel {
    var todos: [Todo] = []
    var showsDone = true
    var unrelated = 0
    var failsWith: String?

    init(_ titles: [String]) {
        todos = titles.enumerated().map { Todo(id: $0.offset, title: $0.element) }
    }

    struct BuildError: Error, CustomStringConvertible {
        var description: String
    }

    func snapshot() throws -> Snapshot<Int, Todo> {
        if let failsWith { throw BuildError(description: failsWith) }
        return try Snapshot(items: todos.filter { showsDone || !$0.isDone })
    }
}

struct ObservedRow: ListItem {
    var id: Int
    var text: String
    static var cell: CellConfigurator<ObservedRow> { .content(reuseIdentifier: "row") { CellContent(text: $0.text) } }
}

struct Todo: Identifiable, Hashable, Sendable {
    var id: Int
    var title: String
    var isDone = false
}

/// Lets the main actor run what was scheduled (the evaluation after a turn, the apply after it)
/// until `condition` holds, or a bounded number of turns passed.
@MainActor
func turns(until condition: () -> Bool = { false }, max: Int = 50) async {
    for _ in 0..<max {
        if condition() { return }
        await Task.yield()
    }
}

@MainActor
func todoList() throws -> (HeadlessListView, HeadlessListAdapter<Int, Todo>) {
    let list = HeadlessListView(viewportHeight: nil)
    let adapter = try HeadlessListAdapter<Int, Todo>(
        listView: list, cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.title + ($0.isDone ? " ✓" : "")) } })
    return (list, adapter)
}

@MainActor
@Suite("Observed lists: the list is a function of @Observable models")
struct ObservedListTests {
    @Test("the list follows the model: insert, rename, filter, reorder, remove, each animated")
    func follows() async throws {
        let (list, adapter) = try todoList()
        let model = TodoModel(["a", "b"])
        var changesets: [Changeset<Int, Todo>.Statistics] = []
        adapter.driver.onChangeset = { changesets.append($0.statistics) }
        let observation = adapter.follow(model) { try $0.snapshot() }
        #expect(list.renderedText() == "   a\n   b")

        model.todos.append(Todo(id: 2, title: "c"))
        await turns { list.renderedText() == "   a\n   b\n   c" }
        #expect(list.renderedText() == "   a\n   b\n   c")
        #expect(changesets.last?.insertedItems == 1)

        model.todos[0].title = "A"
        model.todos[1].isDone = true
        await turns { list.renderedText() == "   A\n   b ✓\n   c" }
        #expect(list.renderedText() == "   A\n   b ✓\n   c")

        model.showsDone = false
        await turns { list.renderedText() == "   A\n   c" }
        #expect(list.renderedText() == "   A\n   c")

        model.todos.swapAt(0, 2)
        await turns { list.renderedText() == "   c\n   A" }
        #expect(list.renderedText() == "   c\n   A")
        #expect(changesets.last?.movedItems == 1 && changesets.last?.deletedItems == 0)

        model.todos.removeAll { $0.id == 2 }
        await turns { list.renderedText() == "   A" }
        #expect(list.renderedText() == "   A")
        #expect(observation.evaluations == 6, "one evaluation at start and one per turn that changed something")
        #expect(adapter.driver.diagnostics.isEmpty)
    }

    @Test("a change to a property the closure did not read causes no evaluation")
    func fineGrained() async throws {
        let (_, adapter) = try todoList()
        let model = TodoModel(["a"])
        let observation = adapter.follow(model) { try Snapshot(items: $0.todos) }  // reads todos only
        model.unrelated += 1
        model.showsDone.toggle()
        await turns(max: 20)
        #expect(observation.evaluations == 1)
        model.todos[0].title = "b"
        await turns { observation.evaluations == 2 }
        #expect(observation.evaluations == 2)
    }

    @Test("1,000 mutations in one turn are one evaluation and one apply")
    func coalesced() async throws {
        let (list, adapter) = try todoList()
        let model = TodoModel([])
        var applies = 0
        adapter.driver.onChangeset = { _ in applies += 1 }
        let observation = adapter.follow(model) { try $0.snapshot() }
        let before = observation.evaluations
        for i in 0..<1_000 { model.todos.append(Todo(id: i, title: "t\(i)")) }
        await turns { list.itemCounts == [1_000] }
        await turns(max: 20)
        #expect(observation.evaluations == before + 1)
        #expect(applies == 1)
        #expect(list.itemCounts == [1_000])
    }

    @Test("changes in successive turns are applied in order; the screen ends at the model's last state")
    func ordering() async throws {
        let (list, adapter) = try todoList()
        let model = TodoModel(["x"])
        adapter.follow(model) { try $0.snapshot() }
        for round in 0..<20 {
            model.todos.insert(Todo(id: 100 + round, title: "r\(round)"), at: 0)
            if round % 3 == 0 { model.todos.removeLast() }
            await Task.yield()
        }
        let expected = model.todos.map { "   \($0.title)" }.joined(separator: "\n")
        await turns { list.renderedText() == expected }
        #expect(list.renderedText() == expected)
    }

    @Test("a change during an animated update is applied after it, the latest state winning")
    func changeDuringUpdate() async throws {
        final class HeldView: ListViewUpdating {
            var flavor: ListFlavor { .table }
            var canAnimateUpdates: Bool { true }
            var counts: [Int] = []
            var held: [@MainActor () -> Void] = []
            var batches = 0
            weak var driver: ListDriver<Int, Todo>?
            func displayedItemCounts() -> [Int] { counts }
            func reloadData() { counts = driver!.snapshot.sections.map(\.items.count) }
            func performBatchUpdates(_ update: BatchUpdate, animated: Bool, updateData: () -> Void, completion: @escaping @MainActor () -> Void) {
                updateData()
                batches += 1
                counts = driver!.snapshot.sections.map(\.items.count)
                held.append(completion)
            }
        }
        let model = TodoModel(["a"])
        let view = HeldView()
        let driver = ListDriver<Int, Todo>()
        view.driver = driver
        driver.view = view
        let observation = ListObservation(driving: driver) { try model.snapshot() }
        view.reloadData()
        model.todos.append(Todo(id: 1, title: "b"))
        await turns { view.batches == 1 }
        #expect(view.batches == 1 && driver.isUpdating, "the first change is animating")
        model.todos.append(Todo(id: 2, title: "c"))
        await turns { observation.evaluations == 3 }
        model.todos.removeFirst()
        await turns { observation.evaluations == 4 }
        #expect(view.batches == 1, "changes during the animation wait for it")
        view.held.removeFirst()()
        await turns { view.batches == 2 }
        #expect(view.batches == 2)
        #expect(driver.snapshot.allItems.map(\.title) == ["b", "c"], "one batch to the latest state, not one per change")
        view.held.removeFirst()()
        #expect(!driver.isUpdating)
    }

    @Test("stop() and showing another source end the observation")
    func cancellation() async throws {
        let (list, adapter) = try todoList()
        let model = TodoModel(["a"])
        let first = adapter.follow(model) { try $0.snapshot() }
        first.stop()
        model.todos.append(Todo(id: 1, title: "b"))
        await turns(max: 20)
        #expect(first.evaluations == 1 && list.renderedText() == "   a")

        let second = adapter.follow(model) { try $0.snapshot() }
        #expect(list.renderedText() == "   a\n   b")
        try await adapter.show(ArrayDataProvider([Todo(id: 9, title: "static")]))
        #expect(second.isStopped)
        model.todos.append(Todo(id: 2, title: "c"))
        await turns(max: 20)
        #expect(second.evaluations == 1 && list.renderedText() == "   static")
    }

    @Test("a closure that throws is a diagnostic; the last good list stays and the model is still followed")
    func errors() async throws {
        let (list, adapter) = try todoList()
        let model = TodoModel(["a"])
        adapter.follow(model) { try $0.snapshot() }
        model.failsWith = "the server said no"
        await turns { !adapter.driver.diagnostics.isEmpty }
        #expect(adapter.driver.diagnostics.map(\.kind) == [.observedListFailed("the server said no")])
        #expect(list.renderedText() == "   a")
        model.todos.append(Todo(id: 1, title: "b"))
        model.failsWith = nil
        await turns { list.renderedText() == "   a\n   b" }
        #expect(list.renderedText() == "   a\n   b")

        // A duplicate identifier from the model is a diagnostic naming it, not a trap: the list
        // refuses the snapshot.
        model.todos.append(Todo(id: 1, title: "again"))
        await turns { adapter.driver.diagnostics.count == 2 }
        #expect(adapter.driver.diagnostics.last?.kind == .repeatedItem(item: "1", first: ItemPath(item: 1, section: 0), second: ItemPath(item: 2, section: 0)))
        #expect(list.renderedText() == "   a\n   b")
    }

    @Test("no retain cycle: model, adapter and view go away; the observation ends with the adapter")
    func noCycle() async throws {
        let model = TodoModel(["a"])
        weak var weakAdapter: HeadlessListAdapter<Int, Todo>?
        weak var weakList: HeadlessListView?
        weak var weakObservation: ListObservation?
        var evaluations = 0
        do {
            let (list, adapter) = try todoList()
            let observation = adapter.follow(model) { model in
                evaluations += 1
                return try model.snapshot()
            }
            weakAdapter = adapter
            weakList = list
            weakObservation = observation
            #expect(list.renderedText() == "   a")
        }
        await turns(max: 5)
        #expect(weakAdapter == nil && weakList == nil && weakObservation == nil)
        model.todos.append(Todo(id: 1, title: "b"))
        await turns(max: 20)
        #expect(evaluations == 1, "nothing runs for a list that is gone")

        weak var weakModel: TodoModel?
        do {
            let (_, adapter) = try todoList()
            let other = TodoModel(["x"])
            weakModel = other
            adapter.follow(other) { try $0.snapshot() }
        }
        await turns(max: 5)
        #expect(weakModel == nil, "the observation held the model, and went with the adapter")
    }

    @Test("a section that follows its own model composes with the others; each re-evaluates alone")
    func perSectionModels() async throws {
        let (list, adapter) = try todoList()
        let inbox = TodoModel(["mail"]), today = TodoModel(["call"])
        let composed = try ComposedList<String, Int, Todo>(driver: adapter.driver, parts: ["inbox", "today"])
        let inboxObservation = composed.follow("inbox", model: inbox) { try Snapshot([Section(0, header: "Inbox", items: $0.todos)]) }
        let todayObservation = composed.follow("today", model: today) {
            try Snapshot([Section(1, header: "Today", items: $0.todos.map { Todo(id: 1_000 + $0.id, title: $0.title) })])
        }
        await turns { list.renderedText() == "## Inbox\n   mail\n## Today\n   call" }
        #expect(list.renderedText() == "## Inbox\n   mail\n## Today\n   call")
        today.todos.append(Todo(id: 1, title: "write"))
        await turns { list.renderedText().hasSuffix("   write") }
        #expect(list.renderedText() == "## Inbox\n   mail\n## Today\n   call\n   write")
        #expect(inboxObservation.evaluations == 1 && todayObservation.evaluations == 2)
    }

    @Test("the terminal list view and items that choose their cells follow a model too")
    func terminalAndListItems() async throws {
        let model = TodoModel(["one"])
        let terminal = try TerminalListView<Int, AnyListItem>(cells: .itemsChooseTheirCells)
        terminal.follow(model) { model in try Snapshot(items: model.todos.map { AnyListItem(ObservedRow(id: $0.id, text: $0.title)) }) }
        #expect(terminal.plainText().contains("one"))
        model.todos.append(Todo(id: 1, title: "two"))
        await turns { terminal.plainText().contains("two") }
        #expect(terminal.plainText().contains("two"))
    }
}
