import Tabula
import TabulaTerminal
import TabulaTesting
import Testing

struct ChatMessage: Identifiable, Equatable, Sendable {
    var id: Int
    var text: String
}

@MainActor
@Suite("The anchor article's code blocks, run")
struct AnchorSnippets {
    let cells = CellConfigurators<ChatMessage> { CellConfigurator.content { CellContent(text: $0.text) } }

    func messages(_ ids: ClosedRange<Int>) -> [ChatMessage] { ids.map { ChatMessage(id: $0, text: "message \($0)") } }

    @Test("a chat follows new messages at the bottom, and keeps the line read when scrolled up")
    func chat() async throws {
        let list = HeadlessListView(viewportHeight: 5)
        list.pointViewportHeight = 200
        let adapter = try HeadlessListAdapter<Int, ChatMessage>(listView: list, cells: cells)
        adapter.measureRows { $0.text.count > 40 ? 88 : 44 }
        await adapter.apply(try Snapshot(items: messages(1...20)))
        list.scroll(toPointOffset: .infinity)

        // A chat: at the bottom, new messages show; scrolled up, the line read stays still.
        adapter.driver.scrollAnchor = .bottom
        try adapter.driver.apply(.append([ChatMessage(id: 21, text: "new")]))
        #expect(list.pointOffset == list.contentHeightInPoints - 200)

        list.scroll(toPointOffset: 300)
        let read = try #require(list.frameOfItem(at: ItemPath(item: 8, section: 0)))
        // Older messages go in at the top: the message read does not move.
        await adapter.apply(try Snapshot(items: messages(-9...0) + adapter.snapshot().items(inSection: 0)!))
        let now = try #require(list.frameOfItem(at: ItemPath(item: 18, section: 0)))
        #expect(now.minY - list.pointOffset == read.minY - 300)
    }

    @Test("a feed keeps the post read still as new posts arrive above it")
    func feed() async throws {
        let list = HeadlessListView(viewportHeight: 5)
        list.pointViewportHeight = 200
        let feed = try HeadlessListAdapter<Int, ChatMessage>(listView: list, cells: cells)
        await feed.apply(try Snapshot(items: messages(10...30)))
        list.scroll(toPointOffset: 130)
        let newer = messages(1...9), shown = feed.snapshot().items(inSection: 0)!

        // A feed: new posts above do not push the one being read.
        feed.driver.scrollAnchor = .firstVisibleItem
        await feed.apply(try Snapshot(items: newer + shown))
        #expect(list.pointOffset == 130 + 9 * 44)

        // One update can hold another row: here, the post with identifier 20.
        feed.driver.scrollAnchorForNextUpdate = .item(20)
        await feed.apply(try Snapshot(items: messages(0...0) + feed.snapshot().items(inSection: 0)!))
        #expect(list.pointOffset == 130 + 10 * 44)
    }

    @Test("a terminal chat keeps the cursor's line on its row as older messages load above")
    func terminalChat() async throws {
        let list = try TerminalListView<Int, ChatMessage>(cells: cells)
        await list.apply(try Snapshot(items: messages(10...30)))
        try list.selectItem(20)
        let row = list.render(width: 40, height: 8).firstIndex { $0.contains("▸") }

        // A terminal chat: the cursor's line keeps its row as messages come and go.
        list.holdsCursorLine = true
        await list.apply(try Snapshot(items: messages(0...31)))
        #expect(list.render(width: 40, height: 8).firstIndex { $0.contains("▸") } == row)
    }

    @Test("a chat loads older messages at the top, and the message read stays still")
    func olderMessages() async throws {
        let list = HeadlessListView(viewportHeight: 5)
        list.pointViewportHeight = 200
        let adapter = try HeadlessListAdapter<String, PageRow<ChatMessage>>(
            listView: list, cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.item?.text ?? "…") } })
        adapter.measureRows { $0.item.map { $0.text.count > 10 ? 60 : 44 } ?? 30 }
        let history = ChatHistory()

        // A chat that loads older messages at the top: the message read stays still as a page lands.
        let chat = PaginatedList<String, ChatMessage>(section: "chat", driver: adapter.driver, loadOlder: { try await history.older($0) }) {
            try await history.newer($0)
        }
        adapter.onWillDisplay = { _, path in chat.rowWillAppear(at: path.item) }
        await chat.loadNextPage()
        list.scroll(toPointOffset: 50)
        // The rows shown may start the older page's load themselves (a loading row above them
        // first): the message read is found by its identifier, in the rows on screen.
        func row(of id: Int) -> Int? { adapter.driver.snapshot.sections[0].items.firstIndex { $0.item?.id == id } }
        let readID = try #require(adapter.driver.snapshot.sections[0].items[2].item?.id)
        let read = try #require(list.frameOfItem(at: ItemPath(item: 2, section: 0)))
        await chat.loadPreviousPage()
        await adapter.driver.waitUntilIdle()
        #expect(chat.items.map(\.id) == Array(-20..<20), "the one older page is in, above the first")
        let shown = try #require(row(of: readID))
        let now = try #require(list.frameOfItem(at: ItemPath(item: shown, section: 0)))
        #expect(now.minY - list.pointOffset == read.minY - 50)

        let message = ChatMessage(id: 20, text: "new"), deletedID = -1
        // Between pages, what the chat's live source says: the list diffs it, the line read held.
        chat.editItems { $0.append(message) }                      // a message arrives
        chat.editItems { $0.removeAll { $0.id == deletedID } }     // one is deleted
        await adapter.driver.waitUntilIdle()
        #expect(chat.items.count == 40 && chat.items.last?.id == 20 && !chat.items.contains { $0.id == -1 })
        let after = try #require(adapter.driver.snapshot.itemPath(for: .item(2)))
        #expect(try #require(list.frameOfItem(at: after)).minY - list.pointOffset == read.minY - 50)
    }
}

/// Twenty messages a page, one page each way: newer page 0 is 0 ..< 20, older page 0 the twenty
/// before it.
struct ChatHistory {
    func newer(_ page: Int) async throws -> Page<ChatMessage> {
        Page(items: (page * 20..<page * 20 + 20).map { ChatMessage(id: $0, text: "message \($0)") }, hasMore: false)
    }
    func older(_ page: Int) async throws -> Page<ChatMessage> {
        Page(items: (-20 * page - 20 ..< -20 * page).map { ChatMessage(id: $0, text: "older \($0)") }, hasMore: false)
    }
}
