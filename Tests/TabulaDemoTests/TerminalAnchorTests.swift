import Testing
import Tabula
import TabulaTerminal

@MainActor
@Suite("Terminal list view: the cursor's line holds still")
struct TerminalAnchorTests {
    let cells = CellConfigurators<Line> { CellConfigurator.content { CellContent(text: $0.text) } }

    func snapshot(_ ids: [Int], header: String? = "Chat") throws -> Snapshot<String, Line> {
        try Snapshot([Section("s", header: header, items: ids.map { Line(id: $0, text: "line \($0)") })])
    }

    func cursorRow(_ list: TerminalListView<String, Line>, height: Int = 8) -> Int? {
        list.render(width: 30, height: height, styled: false).firstIndex { $0.hasPrefix("▸") }
    }

    @Test("lines inserted and deleted above the cursor do not move its line")
    func holdsAboveAndBelow() async throws {
        let list = try TerminalListView<String, Line>(cells: cells)
        list.holdsCursorLine = true
        await list.apply(try snapshot(Array(10..<40)))
        try list.selectItem(29)
        _ = cursorRow(list)  // drawn with 29 on the last row
        list.moveCursor(by: -4)
        let row = try #require(cursorRow(list))
        #expect(row == 3)
        await list.apply(try snapshot(Array(0..<40)))  // ten older lines at the top
        #expect(cursorRow(list) == row)
        await list.apply(try snapshot(Array(0..<20) + Array(22..<45)))  // two deleted above, five new below
        #expect(cursorRow(list) == row)
        #expect(list.selectedItem?.id == 25)
        // A second section above, with its header and the blank line before it: three lines more.
        await list.apply(try Snapshot([
            Section("new", header: "Pinned", items: [Line(id: 100, text: "pinned")]),
            Section("s", header: "Chat", items: (0..<45).map { Line(id: $0, text: "line \($0)") }),
        ]))
        #expect(cursorRow(list) == row)
    }

    @Test("without the anchor, lines inserted above push the cursor's line down")
    func noneMovesTheLine() async throws {
        let list = try TerminalListView<String, Line>(cells: cells)
        await list.apply(try snapshot(Array(10..<40)))
        try list.selectItem(29)
        _ = cursorRow(list)  // drawn with 29 on the last row
        list.moveCursor(by: -4)
        let row = try #require(cursorRow(list))
        #expect(row == 3)
        await list.apply(try snapshot(Array(8..<40)))
        #expect(cursorRow(list) == row + 2)
    }

    @Test("the driver's bottom anchor keeps the end of the list in view as lines arrive")
    func bottomAnchor() async throws {
        let list = try TerminalListView<String, Line>(cells: cells)
        list.driver.scrollAnchor = .bottom
        await list.apply(try snapshot(Array(0..<30)))
        list.moveCursor(toEnd: true)
        _ = cursorRow(list)
        list.moveCursor(by: -3)
        await list.apply(try snapshot(Array(0..<33)))
        #expect(list.render(width: 30, height: 8, styled: false).last == "  line 32")
    }
}
