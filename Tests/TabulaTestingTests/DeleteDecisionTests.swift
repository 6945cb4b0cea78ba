import Testing
import TabulaTesting
@testable import Tabula

/// Which rows offer a Delete, and what the Delete key deletes: the core's decisions, which the
/// UIKit collection adapter and the AppKit table (no swipe to delete of their own) share with the
/// headless view's collection flavour.
@MainActor
@Suite("Deleting where the view has no swipe to delete: the Delete action and the Delete key")
struct DeleteDecisionTests {
    struct Note: Identifiable, Hashable, Sendable {
        var id: Int
        var locked = false
    }

    func make(_ flavor: ListFlavor) async throws -> (HeadlessListView, HeadlessListAdapter<Int, Note>, Log) {
        let log = Log()
        let list = HeadlessListView(flavor: flavor, viewportHeight: nil)
        let cells = CellConfigurators<Note> { CellConfigurator.content { CellContent(text: "note \($0.id)") } }
        let adapter = try HeadlessListAdapter<Int, Note>(listView: list, cells: cells)
        adapter.canDelete = { !$0.locked }
        adapter.onDelete = { note, _ in log.deleted.append(note.id) }
        await adapter.apply(try Snapshot(items: [Note(id: 0), Note(id: 1, locked: true), Note(id: 2), Note(id: 3)]))
        return (list, adapter, log)
    }

    @MainActor
    final class Log {
        var deleted: [Int] = []
    }

    @Test("a trailing handler's nil leaves that item the default Delete; its actions replace it")
    func handlerNilKeepsTheDefault() async throws {
        let (list, adapter, log) = try await make(.collection)
        adapter.trailingSwipeActions = { note, _ in note.id == 3 ? [HeadlessAction("Archive") {}] : nil }
        #expect(try list.swipeActions(at: ItemPath(item: 0, section: 0)).map(\.title) == ["Delete"])
        #expect(try list.swipeActions(at: ItemPath(item: 1, section: 0)).isEmpty, "canDelete refuses a locked note")
        #expect(try list.swipeActions(at: ItemPath(item: 3, section: 0)).map(\.title) == ["Archive"])
        try list.swipeActions(at: ItemPath(item: 2, section: 0)).first?.perform()
        await adapter.driver.waitUntilIdle()
        #expect(log.deleted == [2] && adapter.displayedSnapshot.itemIdentifiers == [0, 1, 3])
    }

    @Test("a table's rows get no extra action: the table's swipe to delete covers them")
    func tableKeepsItsOwn() async throws {
        let (list, adapter, _) = try await make(.table)
        adapter.trailingSwipeActions = { _, _ in nil }
        #expect(try list.swipeActions(at: ItemPath(item: 0, section: 0)).isEmpty)
        #expect(adapter.core.canDelete(at: ItemPath(item: 0, section: 0)) && !adapter.core.canDelete(at: ItemPath(item: 1, section: 0)))
    }

    @Test("the Delete key deletes the selected items canDelete allows, and is left alone otherwise")
    func deleteKeyDeletesTheSelection() async throws {
        let (_, adapter, log) = try await make(.table)
        #expect(!adapter.core.deleteSelected(at: []), "nothing selected: the key goes on to the app")
        #expect(!adapter.core.deleteSelected(at: [ItemPath(item: 1, section: 0)]), "only a locked note: nothing deleted")
        #expect(adapter.core.deleteSelected(at: [ItemPath(item: 0, section: 0), ItemPath(item: 1, section: 0), ItemPath(item: 3, section: 0)]))
        await adapter.driver.waitUntilIdle()
        #expect(log.deleted == [0, 3])
        #expect(adapter.displayedSnapshot.itemIdentifiers == [1, 2])
    }

    @Test("which key presses are Delete")
    func deleteKeys() {
        typealias Core = ListAdapterCore<Int, Note, HeadlessPlatform>
        #expect(Core.isDeleteKey("\u{7F}", otherModifiers: false))
        #expect(Core.isDeleteKey("\u{F728}", otherModifiers: false))
        #expect(!Core.isDeleteKey("\u{7F}", otherModifiers: true), "⌘⌫ and the like are the app's")
        #expect(!Core.isDeleteKey("d", otherModifiers: false))
        #expect(!Core.isDeleteKey(nil, otherModifiers: false))
    }
}
