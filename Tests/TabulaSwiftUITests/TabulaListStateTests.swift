import Testing
import TabulaTesting
@testable import Tabula
@testable import TabulaSwiftUI

/// What `TabulaList` does beyond showing a snapshot, driven through the headless adapter: the
/// same state and adapter core its UIKit and AppKit representables use.
@MainActor
@Suite("TabulaList: selection, editing, moves, actions and sections, tested headless")
struct TabulaListStateTests {
    struct Task: Identifiable, Hashable, Sendable {
        var id: Int
        var title: String
    }

    /// The app's state, as a SwiftUI screen keeps it.
    @MainActor
    final class Model {
        var tasks = (0..<5).map { Task(id: $0, title: "task \($0)") }
        var selection: Set<Int> = []
        var single: Int?
        var log: [String] = []
        var suffix = ""
    }

    func content(_ model: Model, cells: CellConfigurators<Task>? = nil) throws -> TabulaListContent<String, Task> {
        let cells = cells ?? CellConfigurators { CellConfigurator.content { CellContent(text: $0.title) } }
        return TabulaListContent(snapshot: try Snapshot([Section("tasks", items: model.tasks)]), cells: cells, updateKind: cells.cheapestUpdate)
    }

    func show(
        _ state: TabulaListState<String, Task>, in list: HeadlessListView, adapter: HeadlessListAdapter<String, Task>
    ) async {
        list.allowsMultipleSelectionDuringEditing = state.allowsMultipleSelection
        list.isEditing = state.content.isEditing
        state.show(in: adapter, animated: true) { ids in
            for path in list.indexPathsForSelectedItems { list.deselectItem(at: path) }
            for id in ids { try? adapter.selectItem(id) }
        }
        await adapter.driver.waitUntilIdle()
    }

    /// Row actions as the headless view offers them.
    static func headless(_ actions: [ListRowAction]) -> [HeadlessAction]? {
        actions.map { action in HeadlessAction(action.title, isDestructive: action.isDestructive, handler: action.handler) }
    }

    func make(_ content: TabulaListContent<String, Task>, flavor: ListFlavor = .table) throws -> (TabulaListState<String, Task>, HeadlessListView, HeadlessListAdapter<String, Task>) {
        let state = TabulaListState(content: content)
        let list = HeadlessListView(flavor: flavor, viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Task>(listView: list, cells: state.cells, updateKind: content.updateKind)
        state.attach(adapter, swipe: Self.headless, menu: Self.headless)
        return (state, list, adapter)
    }

    @Test("a Set selection in editing mode: taps add and remove, the binding follows, and setting it selects")
    func setSelectionWhileEditing() async throws {
        let model = Model()
        var content = try content(model)
        content.selection = .multiple(get: { model.selection }, set: { model.selection = $0 })
        content.isEditing = true
        let (state, list, adapter) = try make(content)
        await show(state, in: list, adapter: adapter)
        try list.tapItem(at: ItemPath(item: 1, section: 0))
        try list.tapItem(at: ItemPath(item: 3, section: 0))
        #expect(model.selection == [1, 3])
        try list.tapItem(at: ItemPath(item: 1, section: 0))
        #expect(model.selection == [3])
        model.selection = [0, 4]  // the app sets the binding
        await show(state, in: list, adapter: adapter)
        #expect(adapter.selectedItems.map(\.id) == [0, 4])
    }

    @Test("a single selection binding is kept; without one, a tap is an action and nothing stays selected")
    func singleSelection() async throws {
        let model = Model()
        var content = try content(model)
        content.selection = .single(get: { model.single }, set: { model.single = $0 })
        content.actions.onSelect = { model.log.append("open \($0.id)") }
        let (state, list, adapter) = try make(content)
        await show(state, in: list, adapter: adapter)
        try list.tapItem(at: ItemPath(item: 2, section: 0))
        #expect(model.single == 2 && adapter.selectedItems.map(\.id) == [2])

        var actionOnly = try self.content(model)
        actionOnly.actions.onSelect = { model.log.append("open \($0.id)") }
        let (state2, list2, adapter2) = try make(actionOnly)
        await show(state2, in: list2, adapter: adapter2)
        try list2.tapItem(at: ItemPath(item: 0, section: 0))
        #expect(adapter2.selectedItems.isEmpty)
        #expect(model.log == ["open 2", "open 0"])
    }

    @Test("a view that reports its own selecting (NSTableView): bringing it to the binding writes no binding and calls no onSelect")
    func syncReportedBackIsNotTheUsers() async throws {
        let model = Model()
        var writes = 0
        var content = try content(model)
        content.selection = .single(get: { model.single }, set: { model.single = $0; writes += 1 })
        content.actions.onSelect = { model.log.append("open \($0.id)") }
        let (state, list, adapter) = try make(content)
        model.single = 3  // the app sets the binding
        // As the AppKit representable selects: the table tells its delegate, as a tap does.
        state.show(in: adapter, animated: true) { ids in
            for id in ids { if let path = adapter.driver.snapshot.itemPath(for: id) { try? list.tapItem(at: path) } }
        }
        await adapter.driver.waitUntilIdle()
        #expect(adapter.selectedItems.map(\.id) == [3], "the view shows the binding")
        #expect(writes == 0 && model.log.isEmpty, "nothing written back, no onSelect")
        try list.tapItem(at: ItemPath(item: 1, section: 0))
        #expect(model.single == 1 && writes == 1 && model.log == ["open 1"], "a tap afterwards is the user's")
    }

    @Test("onMove carries the user's reorder into the model, with the snapshot as the user left it")
    func reorder() async throws {
        let model = Model()
        var content = try content(model)
        content.actions.onMove = { _, snapshot in model.tasks = snapshot.items(inSection: "tasks") ?? [] }
        content.isEditing = true
        let (state, list, adapter) = try make(content)
        await show(state, in: list, adapter: adapter)
        try list.interactiveMove(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 4, section: 0))
        #expect(model.tasks.map(\.id) == [1, 2, 3, 4, 0])
        state.content = try self.content(model)  // the next body shows the model
        await show(state, in: list, adapter: adapter)
        #expect(list.renderedText() == "   task 1\n   task 2\n   task 3\n   task 4\n   task 0")
        #expect(adapter.driver.diagnostics.isEmpty)
    }

    @Test("swipe actions and context menus per item, read from the newest content; onDelete deletes")
    func actions() async throws {
        let model = Model()
        var content = try content(model)
        content.actions.trailingSwipeActions = { task in [ListRowAction("Done", isDestructive: false) { model.log.append("done \(task.id)") }] }
        content.actions.contextMenu = { task in [ListRowAction("Rename") { model.log.append("rename \(task.id)") }] }
        content.actions.onDelete = { task in model.log.append("deleted \(task.id)") }
        let (state, list, adapter) = try make(content)
        await show(state, in: list, adapter: adapter)
        let swipe = try list.swipeActions(at: ItemPath(item: 1, section: 0))
        #expect(swipe.map(\.title) == ["Delete", "Done"], "the app's actions replace the table's swipe to delete: Delete comes first")
        try list.contextMenu(at: ItemPath(item: 2, section: 0)).first?.perform()
        swipe.last?.perform()
        // A new body with other actions: the adapter reads the newest.
        state.content.actions.contextMenu = { task in [ListRowAction("Share \(task.id)") {}] }
        #expect(try list.contextMenu(at: ItemPath(item: 2, section: 0)).map(\.title) == ["Share 2"])
        try list.commitDelete(at: ItemPath(item: 0, section: 0))
        #expect(model.log == ["rename 2", "done 1", "deleted 0"])
        #expect(adapter.displayedSnapshot.itemIdentifiers == [1, 2, 3, 4])
    }

    @Test("onDelete in the collection style: a Delete swipe action, which deletes and tells the app")
    func deleteInCollectionStyle() async throws {
        let model = Model()
        var content = try content(model)
        content.actions.onDelete = { task in model.log.append("deleted \(task.id)") }
        let (state, list, adapter) = try make(content, flavor: .collection)
        await show(state, in: list, adapter: adapter)
        let swipe = try list.swipeActions(at: ItemPath(item: 1, section: 0))
        #expect(swipe.map(\.title) == ["Delete"] && swipe.first?.isDestructive == true)
        swipe.first?.perform()
        await adapter.driver.waitUntilIdle()
        #expect(model.log == ["deleted 1"])
        #expect(adapter.displayedSnapshot.itemIdentifiers == [0, 2, 3, 4])
        #expect(try list.swipeActions(at: ItemPath(item: 0, section: 0), edge: .leading).isEmpty, "nothing on the leading edge")
    }

    @Test("onDelete in the table style: the table's own swipe to delete, no extra action")
    func deleteInTableStyle() async throws {
        let model = Model()
        var content = try content(model)
        content.actions.onDelete = { task in model.log.append("deleted \(task.id)") }
        let (state, list, adapter) = try make(content, flavor: .table)
        await show(state, in: list, adapter: adapter)
        #expect(try list.swipeActions(at: ItemPath(item: 1, section: 0)).isEmpty, "the table derives Delete from the editing style")
        try list.commitDelete(at: ItemPath(item: 1, section: 0))
        #expect(model.log == ["deleted 1"])
        #expect(adapter.displayedSnapshot.itemIdentifiers == [0, 2, 3, 4])
    }

    @Test("onDelete beside trailing swipe actions, in both styles: Delete first, then the app's, and it deletes")
    func deleteBesideSwipeActions() async throws {
        for flavor in [ListFlavor.table, .collection] {
            let model = Model()
            var content = try content(model)
            content.actions.onDelete = { task in model.log.append("deleted \(task.id)") }
            content.actions.trailingSwipeActions = { task in [ListRowAction("Done") { model.log.append("done \(task.id)") }] }
            let (state, list, adapter) = try make(content, flavor: flavor)
            await show(state, in: list, adapter: adapter)
            let swipe = try list.swipeActions(at: ItemPath(item: 2, section: 0))
            #expect(swipe.map(\.title) == ["Delete", "Done"], "\(flavor)")
            swipe.last?.perform()
            swipe.first?.perform()
            await adapter.driver.waitUntilIdle()
            #expect(model.log == ["done 2", "deleted 2"], "\(flavor)")
            #expect(adapter.displayedSnapshot.itemIdentifiers == [0, 1, 3, 4], "\(flavor)")
        }
    }

    @Test("without onDelete no style offers a Delete action")
    func noDeleteWithoutOnDelete() async throws {
        for flavor in [ListFlavor.table, .collection] {
            let model = Model()
            let (state, list, adapter) = try make(try content(model), flavor: flavor)
            await show(state, in: list, adapter: adapter)
            #expect(try list.swipeActions(at: ItemPath(item: 0, section: 0)).isEmpty, "\(flavor)")
            try list.commitDelete(at: ItemPath(item: 0, section: 0))
            #expect(adapter.displayedSnapshot.itemIdentifiers == [0, 1, 2, 3, 4], "\(flavor)")
        }
    }

    @Test("row closures see the model as it is now, though cells are registered once")
    func rowClosuresSeeTheCurrentModel() async throws {
        let model = Model()
        func cells() -> CellConfigurators<Task> {
            let suffix = model.suffix  // what a body captures
            return CellConfigurators { CellConfigurator.content { CellContent(text: $0.title + suffix) } }
        }
        let (state, list, adapter) = try make(try content(model, cells: cells()))
        await show(state, in: list, adapter: adapter)
        model.suffix = " !"
        model.tasks[0].title = "first"
        state.content = try content(model, cells: cells())  // the next body, with new closures
        await show(state, in: list, adapter: adapter)
        #expect(list.renderedText().hasPrefix("   first !\n"))
    }

    @Test("sections built in body cannot throw: a repeated item is dropped and reported, a repeated section merges")
    func sectionsWithoutThrowing() throws {
        let sections = [
            Section("a", header: "A", items: [Task(id: 1, title: "one"), Task(id: 2, title: "two")]),
            Section("b", items: [Task(id: 2, title: "two again"), Task(id: 3, title: "three")]),
            Section("a", items: [Task(id: 4, title: "four")]),
        ]
        let resolved = TabulaListContent<String, Task>.resolving(sections, keeping: .keepFirst)
        #expect(resolved.snapshot.sections.map(\.id) == ["a", "b"])
        #expect(resolved.snapshot.itemIdentifiers == [1, 2, 4, 3])
        #expect(resolved.report.dropped.map(\.id) == [2])
        let last = TabulaListContent<String, Task>.resolving(sections, keeping: .keepLast)
        #expect(last.snapshot.items(inSection: "b")?.map(\.title) == ["two again", "three"])
    }

    @Test("sections given in body are built when shown, against the list on screen; repeats still resolved and reported")
    func sectionsBuiltWhenShown() async throws {
        let model = Model()
        // A list long enough to be carried over (a build falls back to the full one when more than
        // a sixteenth of the items are off the previous order).
        model.tasks = (0..<100).map { Task(id: $0, title: "task \($0)") }
        var reported: [Int] = []
        func next(_ tasks: [Task]) throws -> TabulaListContent<String, Task> {
            var content = try content(model)
            content.unbuilt = ([Section("tasks", items: tasks)], .keepFirst)
            content.actions.onDuplicates = { reported += $0.dropped.map(\.id) }
            return content
        }
        let (state, list, adapter) = try make(try next(model.tasks))
        await show(state, in: list, adapter: adapter)
        #expect(adapter.snapshot().itemIdentifiers == Array(0..<100))
        // The next body: one task changed, one added. Built against the list shown, its index is
        // the shown one's, carried over.
        model.tasks[2].title = "changed"
        model.tasks.append(Task(id: 900, title: "nine hundred"))
        state.content = try next(model.tasks)
        await show(state, in: list, adapter: adapter)
        #expect(adapter.snapshot().itemIdentifiers == Array(0..<100) + [900])
        #expect(adapter.snapshot()._index.pending != nil)
        #expect(list.renderedText().contains("changed"))
        #expect(reported.isEmpty)
        // A repeat: resolved as `resolving(_:keeping:)` does, and reported.
        state.content = try next(model.tasks + [Task(id: 1, title: "again")])
        await show(state, in: list, adapter: adapter)
        #expect(reported == [1])
        #expect(adapter.snapshot().itemIdentifiers == Array(0..<100) + [900])
    }

    @Test("headers and footers follow each snapshot, section by section: none for a section without a title")
    func headerModes() throws {
        let state = TabulaListState(content: try content(Model()))
        let loading = Snapshot<String, Task>()
        #expect(!state.showsHeader(inSection: 0, of: loading))
        let loaded = try Snapshot<String, Task>([
            Section("a", header: "Today", items: [Task(id: 1, title: "one")]), Section("b", footer: "2 more", items: [Task(id: 2, title: "two")]),
        ])
        #expect(state.showsHeader(inSection: 0, of: loaded) && !state.showsHeader(inSection: 1, of: loaded))
        #expect(!state.showsFooter(inSection: 0, of: loaded) && state.showsFooter(inSection: 1, of: loaded))
    }
}

#if canImport(Observation)
    import TabulaSwiftUIExamples

    /// The errands screen's list, as its `body` declares it, driven headless.
    @MainActor
    @Suite("Errands screen: what List offers, through the adapter core")
    struct ErrandsScreenTests {
        @Test("select two in editing mode and delete them; drag to reorder; swipe to mark done; duplicate from the menu")
        func everything() async throws {
            let model = ErrandsModel()
            /// What `ErrandsScreen.body` gives the list.
            func body() -> TabulaListContent<String, Errand> {
                let resolved = TabulaListContent<String, Errand>.resolving(model.sections, keeping: .keepFirst)
                var content = TabulaListContent(snapshot: resolved.snapshot, cells: model.cells, updateKind: model.cells.cheapestUpdate)
                content.selection = .multiple(get: { model.selection }, set: { model.selection = $0 })
                content.isEditing = true
                content.actions.onDelete = { model.delete($0) }
                content.actions.onMove = { _, snapshot in model.reorder(to: snapshot) }
                content.actions.leadingSwipeActions = { errand in [ListRowAction("Done") { model.toggleDone(errand) }] }
                content.actions.contextMenu = { errand in [ListRowAction("Duplicate") { model.duplicate(errand) }] }
                return content
            }
            let state = TabulaListState(content: body())
            let list = HeadlessListView(viewportHeight: nil)
            let adapter = try HeadlessListAdapter<String, Errand>(listView: list, cells: state.cells, updateKind: state.content.updateKind)
            state.attach(adapter, swipe: TabulaListStateTests.headless, menu: TabulaListStateTests.headless)
            func update() async {
                state.content = body()
                list.isEditing = state.content.isEditing
                list.allowsMultipleSelectionDuringEditing = state.allowsMultipleSelection
                state.show(in: adapter, animated: true) { ids in
                    for path in list.indexPathsForSelectedItems { list.deselectItem(at: path) }
                    for id in ids { try? adapter.selectItem(id) }
                }
                await adapter.driver.waitUntilIdle()
            }
            await update()
            #expect(list.renderedText() == "## To do\n   Post the parcel\n   Buy bread\n   Return the books\n## Done\n   Book the dentist  ✓")

            try list.interactiveMove(from: ItemPath(item: 2, section: 0), to: ItemPath(item: 0, section: 0))
            await update()
            #expect(model.errands.prefix(3).map(\.id) == [3, 1, 2])

            try list.swipeActions(at: ItemPath(item: 1, section: 0), edge: .leading).first?.perform()
            await update()
            #expect(list.renderedText() == "## To do\n   Return the books\n   Buy bread\n## Done\n   Post the parcel  ✓\n   Book the dentist  ✓")

            try list.contextMenu(at: ItemPath(item: 1, section: 0)).first?.perform()
            await update()
            #expect(model.errands.map(\.title).contains("Buy bread (again)"))

            try list.tapItem(at: ItemPath(item: 0, section: 0))
            try list.tapItem(at: ItemPath(item: 2, section: 0))
            #expect(model.selection == [3, 5])
            model.deleteSelected()
            await update()
            #expect(list.renderedText() == "## To do\n   Buy bread\n## Done\n   Post the parcel  ✓\n   Book the dentist  ✓")
            #expect(adapter.driver.diagnostics.isEmpty)
        }
    }
#endif
