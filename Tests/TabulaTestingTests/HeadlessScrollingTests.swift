import Testing
import Tabula
import TabulaTesting

@MainActor
@Suite("Headless view: rows in points, estimated then measured, and the anchor held")
struct HeadlessScrollingTests {
    func adapter(viewport: Double) throws -> (HeadlessListView, HeadlessListAdapter<String, TallRow>) {
        let list = HeadlessListView(viewportHeight: 4)
        list.pointViewportHeight = viewport
        list.estimatedRowHeight = 30
        let adapter = try HeadlessListAdapter<String, TallRow>(
            listView: list, cells: CellConfigurators { CellConfigurator.content { CellContent(text: "row \($0.id)") } })
        adapter.measureRows(\.height)
        return (list, adapter)
    }

    func rows(_ ids: ClosedRange<Int>, height: Double = 50) -> [TallRow] { ids.map { TallRow(id: $0, height: height) } }

    @Test("rows are estimated until they come on screen, then measured")
    func estimatedThenMeasured() async throws {
        let (list, adapter) = try adapter(viewport: 100)
        await adapter.apply(try Snapshot([Section("a", items: rows(0...9))]))
        #expect((0..<10).map { list.isRowMeasured(at: ItemPath(item: $0, section: 0)) } == [true, true] + Array(repeating: false, count: 8))
        #expect(list.contentHeightInPoints == 2 * 50 + 8 * 30)
        list.scroll(toPointOffset: 130)
        #expect(list.frameOfItem(at: ItemPath(item: 3, section: 0))?.height == 50)
        #expect(list.frameOfItem(at: ItemPath(item: 2, section: 0))?.height == 30, "row 2 never came on screen")
        #expect(list.renderedText().hasPrefix("   row 3"), "the lines follow the first row on screen")
    }

    @Test("the first visible row holds through an insert above, a reload and a section move")
    func holdsThroughReloadAndSectionMove() async throws {
        let (list, adapter) = try adapter(viewport: 100)
        adapter.driver.scrollAnchor = .firstVisibleItem
        await adapter.apply(try Snapshot([Section("a", items: rows(0...4)), Section("b", items: rows(5...9))]))
        let five = try #require(list.frameOfItem(at: ItemPath(item: 0, section: 1)))
        list.scroll(toPointOffset: five.minY + 10)
        func distance(of id: Int) throws -> Double {
            let path = try #require(adapter.driver.snapshot.itemPath(for: id))
            return try #require(list.frameOfItem(at: path)).minY - list.pointOffset
        }
        #expect(try distance(of: 5) == -10)
        await adapter.apply(try Snapshot([Section("a", items: rows(20...22, height: 35) + rows(0...4)), Section("b", items: rows(5...9))]))
        #expect(try distance(of: 5) == -10)
        await adapter.applyUsingReloadData(try Snapshot([Section("a", items: rows(0...4)), Section("b", items: rows(5...9))]))
        #expect(try distance(of: 5) == -10, "held through the reload, with the rows estimated again")
        await adapter.apply(try Snapshot([Section("b", items: rows(5...9)), Section("a", items: rows(0...4))]))
        #expect(try distance(of: 5) == -10, "held through a section move")
        #expect(list.pointOffset == 0 + 10)
    }
}
