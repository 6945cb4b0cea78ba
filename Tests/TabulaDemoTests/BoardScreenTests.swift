import Tabula
import TabulaDemoKit
import TabulaTerminal
import Testing

/// The board screen driven with its keys: cards move across sections, the model follows every
/// move, and `u` and `U` undo and redo them.
@MainActor
@Suite("The demo's board: reorder with keys, undo and redo")
struct BoardScreenTests {
    func ids(_ board: Board) -> [[Int]] { board.sections.map { $0.items.map(\.id) } }

    @Test("J moves the card down, past the end of its section into the next; u undoes each move, U redoes them")
    func moveUndoRedo() throws {
        let board = Board()
        let page = board.page()
        let start = ids(board)
        for _ in 0..<3 { _ = page.handle(.character("J")) }
        #expect(ids(board) == [[2, 3], [1, 4, 5], [6]])
        #expect(page.list.selectedItem?.id == 1, "the cursor stays on the card it moves")
        #expect(page.list.displayedSnapshot.sections.map { $0.items.map(\.id) } == ids(board))
        #expect(page.plainText().contains("DOING\n▸ Write the release notes\n  Fix the login crash"))
        _ = page.handle(.character("K"))
        #expect(ids(board) == [[2, 3, 1], [4, 5], [6]])
        for _ in 0..<4 { _ = page.handle(.character("u")) }
        #expect(ids(board) == start)
        #expect(page.list.displayedSnapshot.sections.map { $0.items.map(\.id) } == start)
        for _ in 0..<4 { _ = page.handle(.character("U")) }
        #expect(ids(board) == [[2, 3, 1], [4, 5], [6]])
        #expect(page.help.contains("u undo"))
    }

    @Test("K on the first card and J on the last change nothing")
    func edges() throws {
        let board = Board()
        let page = board.page()
        _ = page.handle(.character("K"))
        _ = page.handle(.end)
        _ = page.handle(.character("J"))
        #expect(ids(board) == [[1, 2, 3], [4, 5], [6]])
        #expect(!page.list.canUndo)
    }
}

/// The demo's other edits undone with the same keys: a deleted card, a flipped setting.
@MainActor
@Suite("The demo's deletes and switches: undo and redo with u and U")
struct DemoUndoTests {
    func ids(_ board: Board) -> [[Int]] { board.sections.map { $0.items.map(\.id) } }

    @Test("d deletes the card under the cursor; u puts it back in its place, U deletes it again")
    func deleteUndoRedo() throws {
        let board = Board()
        let page = board.page()
        _ = page.handle(.down)
        _ = page.handle(.character("d"))
        #expect(ids(board) == [[1, 3], [4, 5], [6]])
        _ = page.handle(.character("J"))
        #expect(ids(board) == [[1], [3, 4, 5], [6]] || ids(board) == [[3, 1], [4, 5], [6]])
        _ = page.handle(.character("u"))
        _ = page.handle(.character("u"))
        #expect(ids(board) == [[1, 2, 3], [4, 5], [6]])
        #expect(page.list.displayedSnapshot.sections.map { $0.items.map(\.id) } == ids(board))
        #expect(page.plainText().contains("Answer the review"))
        _ = page.handle(.character("U"))
        #expect(ids(board) == [[1, 3], [4, 5], [6]])
        #expect(page.help.contains("d delete"))
    }

    @Test("Enter flips a setting's switch through the list; u flips it back, U again")
    func settingsToggleUndoRedo() throws {
        let screens = DemoScreens()
        let page = screens.page(.settings)
        defer { withExtendedLifetime(screens) {} }
        func darkMode() -> Bool { page.render(width: 60, height: 20, styled: false).contains { $0.contains("Dark mode") && $0.contains("[on]") } }
        #expect(!darkMode())
        _ = page.handle(.enter)
        #expect(darkMode())
        _ = page.handle(.character("u"))
        #expect(!darkMode())
        _ = page.handle(.character("U"))
        #expect(darkMode())
        #expect(page.help.contains("u undo"))
    }
}
