import Foundation
import Tabula
import TabulaTesting
import Testing

/// The keyboard: focus and selection that move with the arrows and stay on their items, Delete,
/// Space and type-select, decided in the core and pressed on the headless view.
@MainActor
@Suite("Keyboard: focus, selection, Delete, Space and type-select")
struct KeyboardTests {
    static func settings() throws -> Snapshot<String, Setting> {
        try Snapshot([
            Section("network", items: [Setting(id: 1, title: "Wi-Fi", isOn: true), Setting(id: 2, title: "Bluetooth", isOn: false)]),
            Section("empty", items: []),
            Section("general", items: [Setting(id: 3, title: "About"), Setting(id: 4, title: "Battery"), Setting(id: 5, title: "Wallpaper")]),
        ])
    }

    @Test("the arrows, Home and End move focus across sections, skipping empty ones, and stop at the ends")
    func arrows() async throws {
        let list = HeadlessListView(viewportHeight: 2)
        let adapter = try AnnouncementTests.adapter(list)
        await adapter.apply(try Self.settings())
        #expect(adapter.keyboardFocusedItem == nil)
        #expect(adapter.handleKey(.down) && adapter.keyboardFocusedItem == 1, "no focus yet: Down starts at the top")
        var visited: [Int?] = []
        for _ in 0..<5 {
            _ = adapter.handleKey(.down)
            visited.append(adapter.keyboardFocusedItem)
        }
        #expect(visited == [2, 3, 4, 5, 5])
        #expect(!adapter.handleKey(.down), "at the end: the key goes on to the app")
        #expect(adapter.keyboardFocusedPath == ItemPath(item: 2, section: 2))
        #expect(list.indexPathsForVisibleItems.contains(ItemPath(item: 2, section: 2)), "focus scrolled into view")
        #expect(adapter.handleKey(.home) && adapter.keyboardFocusedItem == 1)
        #expect(!adapter.handleKey(.up))
        #expect(adapter.handleKey(.end) && adapter.keyboardFocusedItem == 5)
        _ = adapter.handleKey(.up)
        _ = adapter.handleKey(.up)
        _ = adapter.handleKey(.up)
        #expect(adapter.keyboardFocusedItem == 2, "Up from a section's first row goes over the empty section")
        #expect(adapter.selectedItems.isEmpty, "selection does not follow focus unless asked")
    }

    @Test("with selection following focus, each move selects the row and tells onSelect, as a tap does")
    func selectionFollowsFocus() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try AnnouncementTests.adapter(list)
        var events: [String] = []
        adapter.onSelect = { row, _ in events.append("select \(row.id)") }
        adapter.onDeselect = { row, _ in events.append("deselect \(row.id)") }
        adapter.selectionFollowsFocus = true
        await adapter.apply(try Self.settings())
        adapter.handleKey(.down)
        adapter.handleKey(.down)
        #expect(adapter.selectedItems.map(\.id) == [2])
        #expect(events == ["select 1", "deselect 1", "select 2"])
    }

    @Test("Space flips the focused row's switch through onToggle, and selects a row without one")
    func space() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try AnnouncementTests.adapter(list)
        var toggled: [String] = []
        adapter.onToggle = { row, isOn in toggled.append("\(row.id) \(isOn)") }
        await adapter.apply(try Self.settings())
        #expect(!adapter.handleKey(.space), "no focus: nothing to flip")
        try adapter.focusKeyboard(on: 2)
        #expect(adapter.handleKey(.space))
        #expect(toggled == ["2 true"])
        #expect(list.cellForItem(at: ItemPath(item: 1, section: 0))?.accessory == .toggle(isOn: true))
        try adapter.focusKeyboard(on: 4)
        #expect(adapter.handleKey(.space))
        #expect(adapter.selectedItems.map(\.id) == [4])
        #expect(throws: SnapshotError<String, Int>.self) { try adapter.focusKeyboard(on: 99) }
    }

    @Test("Delete deletes the selected rows canDelete allows, else the focused one, through onDelete; focus and selection go to the neighbour")
    func delete() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        list.allowsMultipleSelection = true
        let adapter = try AnnouncementTests.adapter(list)
        var deleted: [Int] = []
        adapter.onDelete = { row, _ in deleted.append(row.id) }
        await adapter.apply(try Self.settings())
        try adapter.focusKeyboard(on: 3)
        #expect(!adapter.handleKey(.delete), "canDelete allows nothing yet")
        adapter.canDelete = { $0.id != 4 }
        try adapter.selectItem(3)
        try adapter.selectItem(4)
        #expect(adapter.handleKey(.delete))
        await adapter.driver.waitUntilIdle()
        #expect(deleted == [3], "4 may not be deleted")
        #expect(adapter.keyboardFocusedItem == 4 && adapter.selectedItems.map(\.id) == [4])
        adapter.handleKey(.down)
        try adapter.deselectItem(4)
        #expect(adapter.handleKey(.delete), "nothing selected: the focused row goes")
        await adapter.driver.waitUntilIdle()
        #expect(deleted == [3, 5])
        #expect(adapter.keyboardFocusedItem == 4, "the last row went: focus on the one before")
    }

    @Test("Space's flip and Delete's delete are the user's edits: each is undone, and redone, as a tap or a swipe is")
    func undoable() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try AnnouncementTests.adapter(list)
        var events: [String] = []
        adapter.onToggle = { row, isOn in events.append("toggle \(row.id) \(isOn)") }
        adapter.onDelete = { row, _ in events.append("delete \(row.id)") }
        adapter.onReinsert = { reinsertion, _ in events.append("reinsert \(reinsertion.identifiers)") }
        adapter.canDelete = { _ in true }
        await adapter.apply(try Self.settings())
        try adapter.focusKeyboard(on: 1)
        #expect(adapter.handleKey(.space))
        #expect(list.cellForItem(at: ItemPath(item: 0, section: 0))?.accessory == .toggle(isOn: false), "the switch shows the flip")
        #expect(adapter.canUndo)
        #expect(adapter.undo())
        #expect(events == ["toggle 1 false", "toggle 1 true"])
        #expect(adapter.redo())
        #expect(events.last == "toggle 1 false")
        events = []
        try adapter.focusKeyboard(on: 4)
        #expect(adapter.handleKey(.delete))
        await adapter.driver.waitUntilIdle()
        #expect(!adapter.driver.snapshot.contains(4))
        #expect(adapter.undo())
        await adapter.driver.waitUntilIdle()
        #expect(events == ["delete 4", "reinsert [4]"])
        #expect(adapter.driver.snapshot.itemPath(for: 4) == ItemPath(item: 1, section: 2), "back in its place")
    }

    @Test("what the views leave to the core: the keys of a press, the key commands live now, and focus the view moved")
    func viewsGlue() async throws {
        typealias Core = ListAdapterCore<String, Setting, HeadlessPlatform>
        #expect(Core.key(forCharacters: "\u{7F}", otherModifiers: false) == .delete)
        #expect(Core.key(forCharacters: "\u{F728}", otherModifiers: false) == .delete)
        #expect(Core.key(forCharacters: " ", otherModifiers: false) == .space)
        #expect(Core.key(forCharacters: " ", otherModifiers: true) == nil)
        #expect(Core.key(forCharacters: "a", otherModifiers: false) == nil)

        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try AnnouncementTests.adapter(list)
        adapter.onToggle = { _, _ in }
        await adapter.apply(try Self.settings())
        #expect(adapter.core.liveCommandKeys.isEmpty, "no focus, no selection")
        adapter.core.viewMovedKeyboardFocus(to: ItemPath(item: 0, section: 0))
        #expect(adapter.keyboardFocusedItem == 1 && adapter.selectedItems.isEmpty, "the view showed and selected it, if it does")
        #expect(adapter.core.liveCommandKeys == [.space], "a switch row; canDelete allows nothing")
        adapter.canDelete = { $0.id != 1 }
        #expect(adapter.core.liveCommandKeys == [.space])
        try adapter.selectItem(4)
        #expect(adapter.core.liveCommandKeys == [.delete, .space], "the selection is what Delete deletes")
        adapter.core.viewMovedKeyboardFocus(to: ItemPath(item: 0, section: 2))
        #expect(adapter.core.liveCommandKeys == [.delete], "no switch on About")
        var moved = try Self.settings()
        try moved.moveItem(3, beforeItem: 1)
        await adapter.apply(moved)
        #expect(adapter.keyboardFocusedPath == ItemPath(item: 0, section: 0), "focus the view moved follows its item too")
    }

    @Test("type-select finds the next row whose label starts with the typed text, from the focused row, wrapping")
    func typeSelect() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try AnnouncementTests.adapter(list)
        await adapter.apply(try Self.settings())
        #expect(adapter.handleKey(.text("b")) && adapter.keyboardFocusedItem == 2)
        #expect(adapter.handleKey(.text("ba")) && adapter.keyboardFocusedItem == 4)
        #expect(adapter.handleKey(.text("BAT")) && adapter.keyboardFocusedItem == 4, "more letters of the focused row keep it")
        #expect(adapter.handleKey(.text("wi")) && adapter.keyboardFocusedItem == 1, "from the end, wrapping to the top")
        #expect(!adapter.handleKey(.text("zz")) && adapter.keyboardFocusedItem == 1)
        adapter.typeSelectLabel = { "\($0.id)" }
        #expect(adapter.handleKey(.text("5")) && adapter.keyboardFocusedItem == 5)
    }

    @Test("keyboard focus and selection stay on their items across a reloadData, which clears a view's selection")
    func keptAcrossReload() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try AnnouncementTests.adapter(list)
        await adapter.apply(try Self.settings())
        try list.tapItem(at: ItemPath(item: 1, section: 2))
        try adapter.focusKeyboard(on: 4)
        var reordered = try Self.settings()
        try reordered.moveItem(4, beforeItem: 1)
        await adapter.applyUsingReloadData(reordered)
        #expect(adapter.selectedItems.map(\.id) == [4])
        #expect(adapter.keyboardFocusedPath == ItemPath(item: 0, section: 0))
    }

    /// The edits in place that keep the focused row let go of the list focus was read against
    /// (held, each would copy every item); the neighbour rule still holds after them.
    @Test("keyboard focus follows edits in place: kept through other rows' edits, to the neighbour when its row goes")
    func followsEditsInPlace() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try AnnouncementTests.adapter(list)
        await adapter.apply(try Self.settings())
        try adapter.focusKeyboard(on: 4)
        try adapter.driver.apply(.update([Setting(id: 3, title: "About this Mac")]))
        try adapter.driver.apply(.append([Setting(id: 6, title: "Sound")], toSection: "general"))
        try adapter.driver.apply(.delete([1]))
        #expect(adapter.keyboardFocusedItem == 4)
        #expect(adapter.keyboardFocusedPath == ItemPath(item: 1, section: 2))
        try adapter.driver.apply(.delete([4]))
        #expect(adapter.keyboardFocusedItem == 5)
        try adapter.driver.apply(.update([Setting(id: 5, title: "Wallpapers")]))
        var next = adapter.displayedSnapshot
        try next.deleteItems([5, 6])
        await adapter.apply(next)
        #expect(adapter.keyboardFocusedItem == 3)
        #expect(adapter.keyboardFocusedPath == ItemPath(item: 0, section: 2))
    }
}
