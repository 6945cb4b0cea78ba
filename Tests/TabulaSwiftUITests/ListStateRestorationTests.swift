import Testing
import TabulaTesting
@testable import Tabula
@testable import TabulaSwiftUI

/// `TabulaList.listState(_:onRestore:)`: when the saved state is restored, what the app hears,
/// and when the list writes its state, driven through the state the UIKit and AppKit glue use,
/// with the headless view laying rows out in points.
@MainActor
@Suite("TabulaList: the saved list state, restored once and saved as the list changes, tested headless")
struct ListStateRestorationTests {
    struct Message: Identifiable, Hashable, Sendable {
        var id: Int
        var text: String
    }

    /// The app's state: its messages, the selection and the saved list state.
    @MainActor
    final class Model {
        var messages: [Message] = []
        var selection: Int?
        var saved: ListState<String, Int>?
        var savedWrites = 0
        var restorations: [ListStateRestoration<String, Int>] = []
    }

    /// A list of 20-point rows in a 100-point viewport, whose work after each update waits until
    /// ``endUpdate()`` runs it, as SwiftUI's update ends.
    @MainActor
    final class Screen {
        let model: Model
        let bindsSelection: Bool
        let state: TabulaListState<String, Message>
        let list = HeadlessListView(viewportHeight: nil)
        let adapter: HeadlessListAdapter<String, Message>
        var afterUpdate: [@MainActor () -> Void] = []

        init(_ model: Model, bindsSelection: Bool = true) throws {
            self.model = model
            self.bindsSelection = bindsSelection
            state = TabulaListState(content: Self.content(model, bindsSelection: bindsSelection))
            list.pointViewportHeight = 100
            list.estimatedRowHeight = 20
            adapter = try HeadlessListAdapter<String, Message>(listView: list, cells: state.cells, updateKind: state.content.updateKind)
            state.attach(adapter, swipe: { _ in nil }, menu: { _ in nil })
            let list = list, adapter = adapter
            // The glue's part: the first row on screen, in points, and scrolling a row back there.
            state.connectListState(
                firstVisibleRow: {
                    let top = list.pointOffset
                    let path = list.indexPathsForVisibleItems.first { (list.frameOfItem(at: $0).map { $0.minY + $0.height } ?? 0) > top }
                    return path.flatMap { path in list.frameOfItem(at: path).map { (path, top - $0.minY) } }
                },
                scroll: { path, offset in
                    if let frame = list.frameOfItem(at: path) { list.scroll(toPointOffset: frame.minY + (offset ?? 0)) }
                })
            state.saving.afterUpdate = { [unowned self] work in afterUpdate.append(work) }
            _ = adapter
        }

        static func content(_ model: Model, bindsSelection: Bool) -> TabulaListContent<String, Message> {
            let cells = CellConfigurators<Message> { CellConfigurator.content { CellContent(text: $0.text) } }
            var content = TabulaListContent(
                snapshot: try! Snapshot([Section("inbox", items: model.messages)]), cells: cells, updateKind: cells.cheapestUpdate)
            if bindsSelection { content.selection = .single(get: { model.selection }, set: { model.selection = $0 }) }
            content.listState = ListStateBinding<String, Message>(
                get: { model.saved }, set: { model.saved = $0; model.savedWrites += 1 }, onRestore: { model.restorations.append($0) })
            return content
        }

        /// SwiftUI's update: new content shown; then the work waiting for the update's end.
        func update() async {
            state.content = Self.content(model, bindsSelection: bindsSelection)
            state.show(in: adapter, animated: true) { [list, adapter] ids in
                for id in ids { if let path = adapter.displayedSnapshot.itemPath(for: id) { try? list.selectItem(at: path) } }
            }
            await adapter.driver.waitUntilIdle()
            endUpdate()
        }

        func endUpdate() {
            let work = afterUpdate
            afterUpdate = []
            for step in work { step() }
        }

        /// The user drags the content to `offset`: the glue reads the rows on screen.
        func drag(to offset: Double) {
            list.scroll(toPointOffset: offset)
            let shown = adapter.displayedSnapshot
            let rows = list.anchorLayout { shown.item(at: $0)?.id }.rows
            _ = state.viewScrolled(rows: rows, viewportTop: offset, byUser: true)
        }
    }

    static func messages(_ ids: Range<Int>) -> [Message] { ids.map { Message(id: $0, text: "message \($0)") } }

    @Test("an empty list neither restores nor overwrites the saved state; the first items restore it, once")
    func restoresOnceAfterTheFirstItems() async throws {
        let model = Model()
        model.saved = ListState(selected: [7, 99], anchorItem: 10, anchorSection: "inbox", anchorOffset: 5)
        let screen = try Screen(model)
        await screen.update()
        #expect(model.savedWrites == 0 && model.restorations.isEmpty, "nothing shown yet: the saved state waits")

        model.messages = Self.messages(0..<30)
        await screen.update()
        #expect(screen.list.pointOffset == 205, "the anchor, 10, is back 5 points past the top")
        #expect(model.selection == 7, "the selection binding holds the restored selection")
        #expect(screen.list.indexPathsForSelectedItems == [ItemPath(item: 7, section: 0)])
        #expect(model.restorations.count == 1)
        #expect(model.restorations.first?.skipped.selected == [99], "the app hears what is gone")
        #expect(model.saved?.anchorItem == 10 && model.saved?.anchorOffset == 5 && model.saved?.selected == [7])

        // The app sets another state: it is not restored again.
        model.saved = ListState(anchorItem: 20, anchorSection: "inbox")
        model.messages = Self.messages(0..<31)
        await screen.update()
        #expect(screen.list.pointOffset == 205 && model.restorations.count == 1)
        #expect(model.saved?.anchorItem == 10, "the list writes its own state after each snapshot")
    }

    @Test("a list without state restores nothing and reports nothing, then saves")
    func nothingSaved() async throws {
        let model = Model()
        model.messages = Self.messages(0..<30)
        let screen = try Screen(model)
        await screen.update()
        #expect(model.restorations.isEmpty && screen.list.pointOffset == 0)
        #expect(model.saved == ListState(anchorItem: 0, anchorSection: "inbox", anchorOffset: 0))
    }

    @Test("without a selection binding the saved selection is neither restored nor reported as skipped")
    func noSelectionBinding() async throws {
        let model = Model()
        model.messages = Self.messages(0..<30)
        model.saved = ListState(selected: [3, 99])
        let screen = try Screen(model, bindsSelection: false)
        await screen.update()
        #expect(screen.list.indexPathsForSelectedItems.isEmpty)
        #expect(model.restorations.first?.skipped.selected == [] && model.restorations.first?.applied.selected == [])
    }

    @Test("the user's selection and a scroll to another first item save the state, once per update; a scroll within a row does not")
    func savesAsTheListChanges() async throws {
        let model = Model()
        model.messages = Self.messages(0..<30)
        let screen = try Screen(model)
        await screen.update()
        let writes = model.savedWrites

        try screen.list.tapItem(at: ItemPath(item: 2, section: 0))
        try screen.list.tapItem(at: ItemPath(item: 3, section: 0))
        #expect(model.savedWrites == writes, "not during the update")
        screen.endUpdate()
        #expect(model.savedWrites == writes + 1 && model.saved?.selected == [3])

        screen.drag(to: 130)
        screen.endUpdate()
        #expect(model.saved?.anchorItem == 6 && model.saved?.anchorOffset == 10)
        screen.drag(to: 135)
        screen.endUpdate()
        #expect(model.savedWrites == writes + 2, "the same first item saves nothing")
        #expect(model.saved?.anchorOffset == 10)
    }
}
