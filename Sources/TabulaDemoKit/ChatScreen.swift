import Tabula
import TabulaTerminal

/// A message on the chat screen.
public struct ChatMessage: Identifiable, Hashable, Sendable {
    public var id: Int
    public var author: String
    public var text: String

    /// The message `id`, its author and words picked from `id`: the same every run.
    init(id: Int) {
        let authors = ["Ada", "Grace", "Linus", "Katherine", "Alan"]
        let texts = [
            "Has anyone tried the new build?", "Lunch at noon?", "The tests are green again.",
            "I pushed a fix for the login crash.", "Who has the release notes?", "Coffee first.",
            "The review is done, two small comments.", "Can we move the meeting?", "Ship it!",
        ]
        self.id = id
        author = authors[abs(id) % authors.count]
        text = texts[abs(id * 7) % texts.count]
    }
}

/// The chat's history, as a server keeps it: the twenty newest messages (1 to 20), and forty
/// older ones in pages of ten above them (older page 0 holds −9 to 0, page 3 holds −39 to −30).
public enum ChatHistory {
    /// The newest page.
    public static let newest = Page(items: (1...20).map(ChatMessage.init(id:)), hasMore: false)

    /// Older page `index`, top to bottom.
    public static func older(_ index: Int) -> Page<ChatMessage> {
        Page(items: (-10 * index - 9 ... -10 * index).map(ChatMessage.init(id:)), hasMore: index < 3)
    }
}

/// The chat screen: a message arrives at the bottom every second, older messages load when the
/// cursor nears the top, and now and then a message above the cursor is edited or deleted — and
/// the cursor's line stays on its row of the screen.
///
/// The library does the work: a ``PaginatedList`` loads the newest page, and older pages at the
/// top on `loadPreviousPage()` (with its loading row, the first item on screen held as a page
/// lands); live messages, edits and deletions go through its `editItems`; the terminal list holds
/// the cursor's line (`TerminalListView.holdsCursorLine`, the core's scroll anchor).
///
/// Time is the caller's: ``tick()`` is one second of the chat (what a test calls), and the
/// interactive demo calls ``advance(to:)`` from its loop. Pages load in tasks; ``settled()``
/// returns once they have landed.
@MainActor
public final class ChatScreen: DemoPage {
    /// The list the messages are shown in.
    public let page: ListPage<String, PageRow<ChatMessage>>
    /// The messages, loaded page by page and changed live.
    public let chat: PaginatedList<String, ChatMessage>
    /// The messages shown, oldest first.
    public var messages: [ChatMessage] { chat.items }
    private var ticks = 0
    private var newestID = 20
    private var secondsStarted: Double?
    /// The loads started and not yet awaited (``settled()``).
    private var loads: [Task<Void, Never>] = []
    /// How many of the loads started have not ended.
    private var running = 0

    /// A chat whose older pages take `olderPageDelay` seconds to arrive (the interactive demo's server
    /// is slow enough for the loading row to show); `loadOlder`, when given, loads them instead
    /// of the chat's history (a test's, to hold a page in flight).
    public init(olderPageDelay: Double = 0, loadOlder: (@Sendable (Int) async throws -> Page<ChatMessage>)? = nil) {
        let cells = CellConfigurators<PageRow<ChatMessage>> {
            CellConfigurator.content { row in
                switch row {
                case .item(let message): return CellContent(text: "\(message.author): \(message.text)", secondaryText: "#\(message.id)")
                case .loadingOlder, .loading: return CellContent(text: "Loading older messages…")
                case .failedOlder(let reason), .failed(let reason): return CellContent(text: "Not loaded: \(reason)")
                }
            }
        }
        page = try! ListPage(title: "Chat", cells: cells)
        page.list.holdsCursorLine = true
        page.extraHelp = "a message a second · ↑ to the top loads older"
        chat = PaginatedList(
            section: "chat", driver: page.list.driver,
            loadOlder: loadOlder ?? { index in
                if olderPageDelay > 0 { try await Task.sleep(nanoseconds: UInt64(olderPageDelay * 1e9)) }
                return ChatHistory.older(index)
            }, load: { _ in ChatHistory.newest })
        start { [page, chat] in
            await chat.loadNextPage()
            page.list.moveCursor(toEnd: true)
        }
    }

    public var title: String { page.title }
    public var help: String { page.help }
    public var isAnimating: Bool { page.isAnimating || running > 0 }
    public func render(width: Int, height: Int, styled: Bool) -> [String] { page.render(width: width, height: height, styled: styled) }
    public func handle(_ key: Key) -> DemoAction { page.handle(key) }
    public func refresh() { loadOlderIfNeeded() }

    /// Returns once the pages requested so far have landed and are on screen.
    public func settled() async {
        while !loads.isEmpty {
            let waiting = loads
            loads = []
            for load in waiting { await load.value }
        }
        await page.list.driver.waitUntilIdle()
    }

    /// One second of the chat: a new message at the bottom; every fourth second the message two
    /// above the cursor is edited, every seventh the one three above it is deleted (never the
    /// first loaded); older messages load if the cursor is near the top.
    public func tick() {
        ticks += 1
        newestID += 1
        let reading = page.list.selectedItem?.item?.id
        chat.editItems { [ticks, newestID] messages in
            messages.append(ChatMessage(id: newestID))
            guard let cursor = messages.firstIndex(where: { $0.id == reading }) else { return }
            if ticks % 4 == 0, cursor >= 2 { messages[cursor - 2].text += " (edited)" }
            if ticks % 7 == 0, cursor > 3 { messages.remove(at: cursor - 3) }
        }
        loadOlderIfNeeded()
    }

    /// Ticks once for every whole second since the first call; whether anything changed.
    public func advance(to seconds: Double) -> Bool {
        guard let started = secondsStarted else {
            secondsStarted = seconds
            return false
        }
        let due = Int(seconds - started) - ticks
        for _ in 0..<max(0, due) { tick() }
        return due > 0
    }

    /// Loads the next older page when the cursor is within five rows of the top.
    func loadOlderIfNeeded() {
        guard chat.hasMoreOlder, !chat.isLoadingOlder, let cursor = page.list.selectedItem?.id,
            let row = page.list.driver.latestSnapshot.itemPath(for: cursor)?.item, row < 5
        else { return }
        start { [chat] in await chat.loadPreviousPage() }
    }

    /// Starts `load` in a task; the screen is animating until it ends.
    private func start(_ load: @escaping @MainActor () async -> Void) {
        running += 1
        loads.append(Task { [weak self] in
            await load()
            self?.running -= 1
        })
    }
}
