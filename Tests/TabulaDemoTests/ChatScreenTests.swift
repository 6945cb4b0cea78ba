import Tabula
import Testing
import TabulaDemoKit
import TabulaTerminal

/// Older pages the test lets through one at a time, so that it can look at the screen while a
/// page is in flight.
actor OlderPageGate {
    private var waiting: CheckedContinuation<Void, Never>?
    private var requested: CheckedContinuation<Void, Never>?
    private var isWaiting = false

    func page(_ index: Int) async -> Page<ChatMessage> {
        isWaiting = true
        requested?.resume()
        requested = nil
        await withCheckedContinuation { waiting = $0 }
        return ChatHistory.older(index)
    }

    /// Returns once a page has been requested and waits.
    func arrival() async {
        if isWaiting { return }
        await withCheckedContinuation { requested = $0 }
    }

    func release() {
        isWaiting = false
        waiting?.resume()
        waiting = nil
    }
}

@MainActor
@Suite("The chat screen: the line the cursor is on holds still")
struct ChatScreenTests {
    /// The row of the demo's frame (80 × 16, title, rule and help included) the cursor is on.
    func cursorRow(_ app: DemoApp, _ chat: ChatScreen) -> Int? {
        app.frame(chat, columns: 80, rows: 16).firstIndex { $0.contains("▸") }
    }

    @Test("messages arrive, are edited and deleted above, older pages load and land: the cursor's row stays")
    func cursorLineHoldsStill() async throws {
        let app = DemoApp(screens: DemoScreens())
        let gate = OlderPageGate()
        let chat = ChatScreen(loadOlder: { await gate.page($0) })
        await chat.settled()
        #expect(chat.messages.map(\.id) == Array(1...20), "the newest page")
        for _ in 0..<3 { _ = chat.handle(.up) }
        let start = try #require(cursorRow(app, chat))
        let read = try #require(chat.page.list.selectedItem)
        var edited = false, deleted = false
        for _ in 0..<8 {
            let above = chat.messages.prefix { $0.id != read.item?.id }
            chat.tick()
            await chat.settled()
            #expect(cursorRow(app, chat) == start)
            #expect(chat.page.list.selectedItem?.id == read.id)
            let nowAbove = chat.messages.prefix { $0.id != read.item?.id }
            deleted = deleted || nowAbove.count < above.count
            edited = edited || nowAbove.contains { $0.text.hasSuffix("(edited)") }
        }
        #expect(edited && deleted, "a message above the cursor was edited and one deleted")
        #expect(chat.messages.last?.id == 28, "eight new messages at the bottom")

        // Up to the top: an older page is requested, its loading row goes in above, the page
        // lands; the cursor's row stays through each step, and new messages keep arriving.
        _ = chat.handle(.pageUp)
        _ = chat.handle(.pageUp)
        let nearTop = try #require(cursorRow(app, chat))
        let reading = chat.page.list.selectedItem?.id
        chat.refresh()  // what the demo calls after every key
        await gate.arrival()
        await chat.page.list.driver.waitUntilIdle()
        #expect(chat.page.list.driver.snapshot.sections[0].items.first?.id == .loadingOlder, "the loading row is first")
        #expect(cursorRow(app, chat) == nearTop)
        chat.tick()
        await chat.page.list.driver.waitUntilIdle()
        #expect(cursorRow(app, chat) == nearTop, "a message arrived while the page loads")
        await gate.release()
        await chat.settled()
        #expect(chat.messages.first?.id == -9, "the older page landed on top")
        #expect(chat.page.list.driver.snapshot.sections[0].items.first?.id == .item(-9), "the loading row is gone")
        #expect(cursorRow(app, chat) == nearTop)
        #expect(chat.page.list.selectedItem?.id == reading)
        for _ in 0..<6 {
            chat.tick()
            await chat.settled()
            #expect(cursorRow(app, chat) == nearTop)
            #expect(chat.page.list.selectedItem?.id == reading)
        }
        #expect(chat.chat.olderRequests == [0], "one older page, requested once")
    }

    @Test("the app's clock ticks the chat once a second")
    func advance() async {
        let chat = ChatScreen()
        await chat.settled()
        #expect(!chat.advance(to: 100))
        #expect(!chat.advance(to: 100.9))
        #expect(chat.advance(to: 102.5))
        #expect(chat.messages.last?.id == 22)
        #expect(!chat.advance(to: 102.9))
    }
}
