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
    /// sections and deleted, every edit undone and redone. Each edit reaches the model with one
    /// line, as an app's would.
    public func page() -> ListPage<String, Card> {
        let cells = CellConfigurators<Card> { CellConfigurator.content { CellContent(text: $0.title) } }
        let page = try! ListPage<String, Card>(title: "Board", cells: cells)
        page.extraHelp = "J/K move card · d delete · u undo · U redo"
        let list = page.list
        list.canMove = { _ in true }
        list.canDelete = { _ in true }
        list.onMove = { [self] reorder, _ in try? sections.apply(reorder) }
        list.onDelete = { [self] card, _ in
            for index in sections.indices { sections[index].items.removeAll { $0.id == card.id } }
        }
        list.onReinsert = { [self] reinsertion, _ in try? sections.apply(reinsertion) }
        page.keyBindings = [
            "J": { [unowned list] in list.moveSelectedItem(down: true); return .none },
            "K": { [unowned list] in list.moveSelectedItem(down: false); return .none },
            "d": { [unowned list] in
                if let card = list.selectedItem { try? list.deleteItem(card.id) }
                return .none
            },
            "u": { [unowned list] in list.undo(); return .none },
            "U": { [unowned list] in list.redo(); return .none },
        ]
        page.show(try! Snapshot(sections))
        return page
    }
}
