import Testing
import Tabula
import TabulaTerminal

struct Line: Identifiable, Equatable, Sendable {
    var id: Int
    var text: String
}

@MainActor
@Suite("Terminal list view: sizes a caller can pass")
struct TerminalNumbersTests {
    @Test("render with a negative, zero or one-column size does not trap")
    func negativeSizes() async throws {
        let cells = CellConfigurators<Line> { CellConfigurator.content { CellContent(text: $0.text) } }
        let list = try TerminalListView<String, Line>(cells: cells)
        await list.apply(try Snapshot([Section("s", header: "Header", items: [Line(id: 1, text: "hello"), Line(id: 2, text: "world")])]))
        #expect(list.render(width: -5, height: 10, styled: false).count == 3)
        #expect(list.render(width: 40, height: -3, styled: false).isEmpty)
        #expect(list.render(width: .min, height: .min, styled: false).isEmpty)
        #expect(list.render(width: 1, height: 3, styled: false).count == 3)
        #expect(list.render(width: 40, height: 3, styled: false) == ["HEADER", "▸ hello", "  world"])
    }
}
