import Testing
import TabulaTesting
@testable import Tabula
@testable import TabulaSwiftUI

/// `TabulaList`'s scroll position binding and initial anchor: every decision, driven through the
/// same state its UIKit and AppKit glue use, with the headless view laying rows out in points.
@MainActor
@Suite("TabulaList: the scroll position binding and the initial anchor, tested headless")
struct ScrollPositionTests {
    struct Message: Identifiable, Hashable, Sendable {
        var id: Int
        var text: String
    }

    /// The app's state: its messages and the bound position.
    @MainActor
    final class Model {
        var messages = (0..<30).map { Message(id: $0, text: "message \($0)") }
        var position: Int?
        var writes: [Int?] = []
    }

    /// A list of 20-point rows in a 100-point viewport, with its state and adapter, and the glue's
    /// steps done as the UIKit and AppKit glue do them.
    @MainActor
    final class Screen {
        let model: Model
        let state: TabulaListState<String, Message>
        let list = HeadlessListView(viewportHeight: nil)
        let adapter: HeadlessListAdapter<String, Message>

        init(_ model: Model, initialAnchor: ListScrollEdge = .top, anchor: ScrollAnchor<Int> = .none, viewport: Double? = 100) throws {
            self.model = model
            state = TabulaListState(content: Self.content(model, initialAnchor: initialAnchor, anchor: anchor))
            list.pointViewportHeight = viewport
            list.estimatedRowHeight = 20
            adapter = try HeadlessListAdapter<String, Message>(listView: list, cells: state.cells, updateKind: state.content.updateKind)
            state.attach(adapter, swipe: { _ in nil }, menu: { _ in nil })
        }

        static func content(_ model: Model, initialAnchor: ListScrollEdge = .top, anchor: ScrollAnchor<Int> = .none) -> TabulaListContent<String, Message> {
            let cells = CellConfigurators<Message> { CellConfigurator.content { CellContent(text: $0.text) } }
            var content = TabulaListContent(
                snapshot: try! Snapshot([Section("chat", items: model.messages)]), cells: cells, updateKind: cells.cheapestUpdate)
            content.position = (get: { model.position }, set: { model.position = $0; model.writes.append($0) })
            content.initialAnchor = initialAnchor
            content.scrollAnchor = anchor
            return content
        }

        /// What SwiftUI's update does: new content, shown; then the glue settles the position.
        func update() async {
            state.content = Self.content(model, initialAnchor: state.content.initialAnchor, anchor: state.content.scrollAnchor)
            state.show(in: adapter, animated: true) { _ in }
            await adapter.driver.waitUntilIdle()
            settle()
        }

        /// The glue's `settle`: scrolls where the state asks, then reads the position; again when
        /// the content's height changed (rows measured as they came on screen), as the glue hears.
        func settle() {
            let height = list.contentHeightInPoints
            switch state.scrollRequest(viewportHeight: list.pointViewportHeight ?? 0) {
            case nil: break
            case .item(let id)?: list.scroll(toPointOffset: list.frameOfItem(at: adapter.displayedSnapshot.itemPath(for: id)!)!.minY)
            case .edge(.top)?: list.scroll(toPointOffset: 0)
            case .edge(.bottom)?: list.scroll(toPointOffset: list.contentHeightInPoints)
            }
            scrolled(byUser: false)
            if list.contentHeightInPoints != height { settle() }
        }

        /// The glue's `scrolled`: the rows on screen read; a write lands after the update.
        func scrolled(byUser: Bool) {
            let shown = adapter.displayedSnapshot
            let top = list.pointOffset, bottom = top + (list.pointViewportHeight ?? 0)
            let rows = list.anchorLayout { shown.item(at: $0)?.id }.rows.filter { $0.maxY > top && $0.minY < bottom }
            if state.viewScrolled(rows: rows.reversed(), viewportTop: top, byUser: byUser) { state.writePosition() }
        }

        /// The user drags the content to `offset`.
        func drag(to offset: Double) {
            list.scroll(toPointOffset: offset)
            scrolled(byUser: true)
        }
    }

    typealias Row = AnchorLayout<Int>.Row

    @Test("the position is the topmost row on screen, in any order given, passing over a sliver of half a point or less")
    func firstVisible() {
        let rows = [Row(id: 3, minY: 60, height: 20), Row(id: 1, minY: 20, height: 20), Row(id: 2, minY: 40, height: 20)]
        #expect(ScrollPositionTracker<String, Message>.firstVisible(of: rows, viewportTop: 30) == 1)
        #expect(ScrollPositionTracker<String, Message>.firstVisible(of: rows, viewportTop: 39.5) == 2, "half a point of 1 shows")
        #expect(ScrollPositionTracker<String, Message>.firstVisible(of: rows, viewportTop: 39.4) == 1)
        #expect(ScrollPositionTracker<String, Message>.firstVisible(of: [], viewportTop: 0) == nil)
    }

    @Test("the user's scrolling writes the first item on screen, once for each change, and not during the update")
    func readsWhereTheUserIs() async throws {
        let model = Model()
        let screen = try Screen(model)
        await screen.update()
        #expect(model.position == 0 && model.writes == [0])
        screen.drag(to: 130)
        #expect(model.position == 6)
        screen.drag(to: 135)
        #expect(model.writes == [0, 6], "the same first item writes nothing")

        // A write is scheduled, and lands after the update: not before.
        screen.list.scroll(toPointOffset: 200)
        #expect(screen.state.viewScrolled(rows: screen.list.anchorLayout { $0.item }.rows, viewportTop: 200, byUser: true))
        #expect(model.position == 6)
        screen.state.writePosition()
        #expect(model.position == 10)
    }

    @Test("setting the binding scrolls the item to the top; a value the app sets beats a write waiting to land")
    func settingScrolls() async throws {
        let model = Model()
        let screen = try Screen(model)
        await screen.update()
        model.position = 12
        await screen.update()
        #expect(screen.list.pointOffset == 240)
        #expect(model.writes == [0], "the list is where the binding says: nothing to write")

        // The user scrolls, and before the write lands the app sets the binding: the app wins.
        screen.list.scroll(toPointOffset: 60)
        #expect(screen.state.viewScrolled(rows: screen.list.anchorLayout { $0.item }.rows, viewportTop: 60, byUser: true))
        model.position = 20
        await screen.update()
        screen.state.writePosition()
        #expect(model.position == 20 && screen.list.pointOffset == 400)

        // Near the end the item cannot reach the top: the binding then reads the first item shown.
        model.position = 28
        await screen.update()
        #expect(screen.list.pointOffset == 500 && model.position == 25)
    }

    @Test("an item that is gone gives way to its nearest surviving neighbour: below it, or else above")
    func goneItem() async throws {
        let model = Model()
        let screen = try Screen(model)
        await screen.update()
        // Deleted in the update that sets the binding to it: the next one below is scrolled to.
        model.messages.removeAll { (10...11).contains($0.id) }
        model.position = 10
        await screen.update()
        #expect(screen.state.position.target(for: 10) == 12)
        #expect(model.position == 12 && screen.list.pointOffset == 200)

        // The last items go: the nearest one above stays.
        model.messages.removeAll { $0.id >= 27 }
        await screen.update()
        #expect(screen.state.position.target(for: 29) == 26)
        #expect(screen.state.position.target(for: 27) == 26)
        #expect(screen.state.position.target(for: 99) == nil, "never shown: nowhere")
        model.position = 99
        await screen.update()
        #expect(screen.list.pointOffset == 200, "an unknown item scrolls nowhere")
    }

    @Test("a list that starts at the bottom waits for a size and items, stays there as rows are measured and arrive, until the user scrolls")
    func startsAtTheBottom() async throws {
        let model = Model()
        model.messages = []
        let screen = try Screen(model, initialAnchor: .bottom, viewport: nil)
        await screen.update()
        #expect(screen.state.scrollRequest(viewportHeight: 0) == nil, "no size, no items: nothing yet")
        model.messages = (0..<30).map { Message(id: $0, text: "message \($0)") }
        await screen.update()
        #expect(model.position == nil, "no size yet")
        screen.list.pointViewportHeight = 100
        screen.settle()
        #expect(screen.list.pointOffset == 500 && model.position == 25)

        // Rows measured taller: still at the bottom once the glue settles.
        screen.adapter.measureRows { _ in 30 }
        screen.list.scroll(toPointOffset: screen.list.pointOffset)
        screen.settle()
        #expect(screen.list.pointOffset == screen.list.contentHeightInPoints - 100)
        // A message arrives: the bottom still shows, with no anchor set on the driver.
        model.messages.append(Message(id: 30, text: "new"))
        await screen.update()
        #expect(screen.list.pointOffset == screen.list.contentHeightInPoints - 100)

        // The user scrolls up: the bottom is no longer held.
        screen.drag(to: 100)
        model.messages.append(Message(id: 31, text: "newer"))
        await screen.update()
        #expect(screen.list.pointOffset == 100)
    }

    @Test("a position set when the list appears is restored, before the bottom it would start at")
    func restoredPosition() async throws {
        let model = Model()
        model.position = 5
        let screen = try Screen(model, initialAnchor: .bottom)
        await screen.update()
        #expect(screen.list.pointOffset == 100 && model.position == 5 && model.writes.isEmpty)
        model.messages.append(Message(id: 30, text: "new"))
        await screen.update()
        #expect(screen.list.pointOffset == 100, "no bottom held")
    }

    @Test("the list's anchor holds the row read as rows go in above, and the binding keeps it")
    func anchorHolds() async throws {
        let model = Model()
        let screen = try Screen(model, anchor: .firstVisibleItem)
        await screen.update()
        #expect(screen.adapter.driver.scrollAnchor == .firstVisibleItem)
        screen.drag(to: 110)
        #expect(model.position == 5)
        model.messages.insert(contentsOf: (-3..<0).map { Message(id: $0, text: "older \($0)") }, at: 0)
        await screen.update()
        #expect(screen.list.pointOffset == 170 && model.position == 5)
    }
}
