import Foundation
import Tabula
import TabulaTesting
import Testing

struct Mail: Identifiable, Equatable, Sendable {
    var id: Int
    var subject: String
}

struct Folder: Identifiable, Hashable, Sendable {
    var id: String
}

@MainActor
@Suite("The accessibility article's code blocks, run")
struct AccessibilitySnippets {
    let cells = CellConfigurators<Mail> { CellConfigurator.content { CellContent(text: $0.subject) } }
    let inbox = [Mail(id: 1, subject: "Agenda"), Mail(id: 2, subject: "Budget"), Mail(id: 3, subject: "Minutes")]

    @Test("the list's words, in the app's language")
    func ownWords() throws {
        let adapter = try HeadlessListAdapter<Int, Mail>(listView: HeadlessListView(viewportHeight: nil), cells: cells)

        adapter.accessibilityStrings = ListAccessibilityStrings(
            deleteCommand: "Löschen", toggleSwitchCommand: "Schalter umlegen",
            expandAction: "Aufklappen", collapseAction: "Zuklappen",
            expandedValue: "aufgeklappt", collapsedValue: "zugeklappt")

        #expect(adapter.accessibilityStrings.expansionAction(isExpanded: false) == "Aufklappen")
        #expect(adapter.accessibilityStrings.expansionValue(isExpanded: true) == "aufgeklappt")

        adapter.accessibilityStrings.deleteCommand = "Supprimer"
        #expect(adapter.accessibilityStrings.deleteCommand == "Supprimer")
    }

    @Test("live changes are announced, coalesced; the user's own are not")
    func announcements() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<Int, Mail>(listView: list, cells: cells)
        await adapter.apply(try Snapshot(items: inbox))

        adapter.announceChanges = { change in
            switch change.inserted.count {
            case 0: nil
            case 1: "1 new message"
            case let count: "\(count) new messages"
            }
        }
        adapter.announcementDelay = 2

        await adapter.apply(try Snapshot(items: inbox + [Mail(id: 4, subject: "Lunch?")]))
        await adapter.apply(try Snapshot(items: inbox + [Mail(id: 4, subject: "Lunch?"), Mail(id: 5, subject: "Re: Lunch?")]))
        list.clock.advance(by: 2)
        #expect(list.announcements == ["2 new messages"])
    }

    @Test("the keyboard moves focus, selection follows, Delete deletes and undo puts it back")
    func keyboard() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<Int, Mail>(listView: list, cells: cells)
        var mails = inbox
        adapter.onDelete = { mail, _ in mails.removeAll { $0.id == mail.id } }
        adapter.onReinsert = { reinsertion, _ in try? mails.apply(reinsertion) }
        await adapter.apply(try Snapshot(items: inbox))

        adapter.selectionFollowsFocus = true
        adapter.canDelete = { _ in true }
        adapter.handleKey(.down)  // focus on the first row, which is selected
        adapter.handleKey(.text("m"))  // type-select: focus on "Minutes"
        adapter.handleKey(.delete)  // deleted as a swipe deletes it

        await adapter.driver.waitUntilIdle()
        #expect(mails.map(\.id) == [1, 2])
        #expect(adapter.keyboardFocusedItem == 2 && adapter.selectedItems.map(\.id) == [2], "on the neighbour")
        #expect(adapter.undo())
        #expect(mails.map(\.id) == [1, 2, 3])
    }

    @Test("an outline row says whether it is expanded, and toggles with its action")
    func outline() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Folder>(
            listView: list, cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.id) } })
        await adapter.apply(try Snapshot([Section("folders", items: [])]))
        var tree = SectionSnapshot<Folder>()
        try tree.append([Folder(id: "Documents")])
        try tree.append([Folder(id: "Reports")], to: "Documents")
        adapter.apply(tree, to: "folders")
        await adapter.driver.waitUntilIdle()
        let path = ItemPath(item: 0, section: 0)

        let row = try #require(adapter.accessibilityElement(at: path))
        #expect(row.value == "collapsed")
        row.customAction(titled: "Expand")?.perform()

        await adapter.driver.waitUntilIdle()
        #expect(adapter.accessibilityElement(at: path)?.value == "expanded")
    }

    @Test("a saved state restores by identifier onto the data a relaunch loads")
    func restoration() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<Int, Mail>(listView: list, cells: cells)
        await adapter.apply(try Snapshot(items: inbox))
        try adapter.selectItem(3)

        let data = try JSONEncoder().encode(adapter.listState)

        let relaunched = try HeadlessListAdapter<Int, Mail>(listView: HeadlessListView(viewportHeight: nil), cells: cells)
        await relaunched.apply(try Snapshot(items: inbox.reversed()))

        let state = try JSONDecoder().decode(ListState<Int, Int>.self, from: data)
        let report = relaunched.restore(state)
        let gone = report.skipped.selected + report.skipped.expanded

        #expect(relaunched.selectedItems.map(\.id) == [3] && gone.isEmpty && report.isComplete)
    }
}
