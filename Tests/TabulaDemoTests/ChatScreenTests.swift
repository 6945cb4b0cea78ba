import Testing
import TabulaDemoKit
import TabulaTerminal

@MainActor
@Suite("The chat screen: the line the cursor is on holds still")
struct ChatScreenTests {
    /// The row of the demo's frame (80 × 16, title, rule and help included) the cursor is on.
    func cursorRow(_ app: DemoApp, _ chat: ChatScreen) -> Int? {
        app.frame(chat, columns: 80, rows: 16).firstIndex { $0.contains("▸") }
    }

    @Test("messages arrive, are edited and deleted above, older ones load: the cursor's row stays")
    func cursorLineHoldsStill() throws {
        let app = DemoApp(screens: DemoScreens())
        let chat = ChatScreen()
        for _ in 0..<3 { _ = chat.handle(.up) }
        let start = try #require(cursorRow(app, chat))
        let read = try #require(chat.page.list.selectedItem)
        var edited = false, deleted = false
        for _ in 0..<8 {
            let above = chat.messages.prefix { $0.id != read.id }
            chat.tick()
            #expect(cursorRow(app, chat) == start)
            #expect(chat.page.list.selectedItem?.id == read.id)
            let nowAbove = chat.messages.prefix { $0.id != read.id }
            deleted = deleted || nowAbove.count < above.count
            edited = edited || nowAbove.contains { $0.text.hasSuffix("(edited)") }
        }
        #expect(edited && deleted, "a message above the cursor was edited and one deleted")
        #expect(chat.messages.last?.id == 28, "eight new messages at the bottom")

        // Up to the top: older messages load above, the cursor's row stays.
        let oldest = try #require(chat.messages.first?.id)
        _ = chat.handle(.pageUp)
        _ = chat.handle(.pageUp)
        let nearTop = try #require(cursorRow(app, chat))
        let reading = chat.page.list.selectedItem?.id
        chat.refresh()  // what the demo calls after every key
        #expect(try #require(chat.messages.first?.id) < oldest, "older messages loaded")
        #expect(cursorRow(app, chat) == nearTop)
        #expect(chat.page.list.selectedItem?.id == reading)
        for _ in 0..<6 {
            chat.tick()
            #expect(cursorRow(app, chat) == nearTop)
        }
    }

    @Test("the app's clock ticks the chat once a second")
    func advance() {
        let chat = ChatScreen()
        #expect(!chat.advance(to: 100))
        #expect(!chat.advance(to: 100.9))
        #expect(chat.advance(to: 102.5))
        #expect(chat.messages.last?.id == 22)
        #expect(!chat.advance(to: 102.9))
    }
}
