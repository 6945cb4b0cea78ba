import Tabula
import TabulaTerminal

/// A card on the board screen.
public struct Card: Identifiable, Hashable, Sendable {
    public var id: Int
    public var title: String
}

/// The app's model of the board screen: cards in three columns.
@MainActor
public final class Board {
    public var sections: [Section<String, Card>] = [
        Section("todo", header: "To do", items: [Card(id: 1, title: "Write the release notes"), Card(id: 2, title: "Answer the review"), Card(id: 3, title: "Book the venue")]),
        Section("doing", header: "Doing", items: [Card(id: 4, title: "Fix the login crash"), Card(id: 5, title: "Draw the new icon")]),
        Section("done", header: "Done", items: [Card(id: 6, title: "Ship 0.9")]),
    ]

    public init() {}

    /// The board screen: the columns shown as sections, cards moved with the keys across
    /// sections, every move undone and redone. Each move reaches the model with one line, as an
    /// app's would.
    public func page() -> ListPage<String, Card> {
        let cells = CellConfigurators<Card> { CellConfigurator.content { CellContent(text: $0.title) } }
        let page = try! ListPage<String, Card>(title: "Board", cells: cells)
        page.extraHelp = "J/K move card · u undo · U redo"
        let list = page.list
        list.canMove = { _ in true }
        list.onMove = { [self] reorder, _ in try? sections.apply(reorder) }
        page.keyBindings = [
            "J": { [unowned list] in list.moveSelectedItem(down: true); return .none },
            "K": { [unowned list] in list.moveSelectedItem(down: false); return .none },
            "u": { [unowned list] in list.undo(); return .none },
            "U": { [unowned list] in list.redo(); return .none },
        ]
        page.show(try! Snapshot(sections))
        return page
    }
}
