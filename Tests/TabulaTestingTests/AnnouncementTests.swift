import Tabula
import TabulaTesting
import Testing

/// A row with a title and, maybe, a switch.
struct Setting: Identifiable, Equatable, Sendable {
    var id: Int
    var title: String
    var isOn: Bool? = nil
}

/// Live changes announced: coalesced over a window, phrased by the app, quiet about the user's
/// own edits.
@MainActor
@Suite("Announcements of live changes")
struct AnnouncementTests {
    static func adapter(_ list: HeadlessListView) throws -> HeadlessListAdapter<String, Setting> {
        try HeadlessListAdapter(listView: list, cells: CellConfigurators {
            CellConfigurator.content { row in
                CellContent(text: row.title, accessory: row.isOn.map { CellContent.Accessory.toggle(isOn: $0) } ?? .none)
            }
        })
    }

    static func snapshot(_ rows: [Setting]) throws -> Snapshot<String, Setting> {
        try Snapshot([Section("main", items: rows)])
    }

    static func rows(_ ids: [Int]) -> [Setting] { ids.map { Setting(id: $0, title: "Row \($0)") } }

    static func phrase(_ change: ListChange<Int>) -> String? {
        var parts: [String] = []
        if !change.inserted.isEmpty { parts.append("\(change.inserted.count) new") }
        if !change.deleted.isEmpty { parts.append("\(change.deleted.count) removed") }
        if !change.updated.isEmpty { parts.append("\(change.updated.count) changed") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    @Test("changes within the window are coalesced into one announcement the app phrases")
    func coalesced() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try Self.adapter(list)
        await adapter.apply(try Self.snapshot(Self.rows([1, 2, 3])))
        adapter.announceChanges = Self.phrase
        adapter.announcementDelay = 2
        await adapter.apply(try Self.snapshot(Self.rows([1, 2, 3, 4])))
        list.clock.advance(by: 1)
        await adapter.apply(try Self.snapshot(Self.rows([1, 2, 3, 4, 5, 6])))
        await adapter.apply(try Self.snapshot(Self.rows([2, 3, 4, 5, 6, 7]) + [Setting(id: 8, title: "gone again")]))
        await adapter.apply(try Self.snapshot(Self.rows([2, 3, 4, 5, 6, 7])))
        #expect(list.announcements.isEmpty, "nothing is said before the window closes")
        list.clock.advance(by: 1)
        #expect(list.announcements == ["4 new, 1 removed"], "8 came and went within the window: never announced")
        try adapter.driver.apply(.update([Setting(id: 2, title: "Renamed")]))
        list.clock.advance(by: 5)
        #expect(list.announcements == ["4 new, 1 removed", "1 changed"], "a later change opens a window of its own")
    }

    @Test("nothing is announced without a phrase, or when the app's phrase is nil")
    func phrasedByTheApp() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try Self.adapter(list)
        await adapter.apply(try Self.snapshot(Self.rows([1, 2])))
        await adapter.apply(try Self.snapshot(Self.rows([1, 2, 3])))
        list.clock.advance(by: 10)
        #expect(list.announcements.isEmpty && !list.clock.hasWaitingActions, "off by default")
        adapter.announceChanges = { change in change.inserted.isEmpty ? nil : "\(change.inserted.count) new messages" }
        await adapter.apply(try Self.snapshot(Self.rows([1, 3])))
        list.clock.advance(by: 1)
        await adapter.apply(try Self.snapshot(Self.rows([1, 3, 4, 5, 6])))
        list.clock.advance(by: 1)
        #expect(list.announcements == ["3 new messages"])
    }

    @Test("the user's own deletes and switches are not announced, unless asked; live changes with them are")
    func quietForTheUsersOwnEdits() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try Self.adapter(list)
        var rows = Self.rows([1, 2, 3]) + [Setting(id: 4, title: "Wi-Fi", isOn: false)]
        adapter.canDelete = { _ in true }
        adapter.onToggle = { row, isOn in
            if let index = rows.firstIndex(where: { $0.id == row.id }) { rows[index].isOn = isOn }
            adapter.apply(try! Self.snapshot(rows))
        }
        await adapter.apply(try Self.snapshot(rows))
        adapter.announceChanges = Self.phrase
        adapter.onDelete = { row, _ in rows.removeAll { $0.id == row.id } }

        try list.commitDelete(at: ItemPath(item: 0, section: 0))  // a swipe to delete
        try list.flipToggle(at: ItemPath(item: 2, section: 0))
        await adapter.driver.waitUntilIdle()
        list.clock.advance(by: 1)
        #expect(list.announcements.isEmpty, "the person deleted and toggled: nothing to tell them")

        try adapter.focusKeyboard(on: 2)
        #expect(adapter.handleKey(.delete), "the Delete key deletes as a swipe does")
        rows.append(Setting(id: 9, title: "Live"))
        await adapter.apply(try Self.snapshot(rows))
        list.clock.advance(by: 1)
        #expect(list.announcements == ["1 new"], "the live insert is told, the user's delete is not")

        adapter.announcesUserEdits = true
        try list.commitDelete(at: ItemPath(item: 0, section: 0))
        await adapter.driver.waitUntilIdle()
        list.clock.advance(by: 1)
        #expect(list.announcements == ["1 new", "1 removed"])
    }

    @Test("Space's flip, and an undo or a redo of the user's edit, are the user's own: not announced")
    func quietForKeysAndUndo() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try Self.adapter(list)
        var rows = Self.rows([1, 2]) + [Setting(id: 3, title: "Wi-Fi", isOn: false)]
        adapter.canDelete = { _ in true }
        adapter.onToggle = { row, isOn in
            if let index = rows.firstIndex(where: { $0.id == row.id }) { rows[index].isOn = isOn }
            adapter.apply(try! Self.snapshot(rows))
        }
        adapter.onDelete = { row, _ in rows.removeAll { $0.id == row.id } }
        adapter.onReinsert = { reinsertion, _ in try? rows.apply(reinsertion) }
        await adapter.apply(try Self.snapshot(rows))
        adapter.announceChanges = Self.phrase

        try adapter.focusKeyboard(on: 3)
        #expect(adapter.handleKey(.space))
        await adapter.driver.waitUntilIdle()
        list.clock.advance(by: 1)
        #expect(rows[2].isOn == true)
        #expect(adapter.undo() && rows[2].isOn == false)
        await adapter.driver.waitUntilIdle()
        list.clock.advance(by: 1)
        try adapter.focusKeyboard(on: 1)
        #expect(adapter.handleKey(.delete))
        await adapter.driver.waitUntilIdle()
        list.clock.advance(by: 1)
        #expect(adapter.undo())
        await adapter.driver.waitUntilIdle()
        list.clock.advance(by: 1)
        #expect(rows.map(\.id) == [1, 2, 3])
        #expect(list.announcements.isEmpty, "every change was the user's")

        rows.append(Setting(id: 4, title: "Live"))
        await adapter.apply(try Self.snapshot(rows))
        list.clock.advance(by: 1)
        #expect(list.announcements == ["1 new"], "a live change still is")
    }
}
