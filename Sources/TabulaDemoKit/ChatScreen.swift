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

/// The chat screen: a message arrives at the bottom every second, older messages load when the
/// cursor nears the top, and now and then a message above the cursor is edited or deleted — and
/// the cursor's line stays on its row of the screen (`TerminalListView.holdsCursorLine`, the
/// core's scroll anchor).
///
/// Time is the caller's: ``tick()`` is one second of the chat (what a test calls), and the
/// interactive demo calls ``advance(to:)`` from its loop.
@MainActor
public final class ChatScreen: DemoPage {
    /// The list the messages are shown in.
    public let page: ListPage<String, ChatMessage>
    /// The messages shown, oldest first.
    public private(set) var messages: [ChatMessage]
    /// Messages older than the first shown that can still load, and how many load at a time.
    private var olderLeft = 40
    private let olderPage = 10
    private var ticks = 0
    private var newestID: Int
    private var secondsStarted: Double?

    public init() {
        let cells = CellConfigurators<ChatMessage> {
            CellConfigurator.content { CellContent(text: "\($0.author): \($0.text)", secondaryText: "#\($0.id)") }
        }
        page = try! ListPage(title: "Chat", cells: cells)
        page.list.holdsCursorLine = true
        page.extraHelp = "a message a second · ↑ to the top loads older"
        messages = (1...20).map(ChatMessage.init(id:))
        newestID = 20
        show()
        page.list.moveCursor(toEnd: true)
    }

    public var title: String { page.title }
    public var help: String { page.help }
    public var isAnimating: Bool { page.isAnimating }
    public func render(width: Int, height: Int, styled: Bool) -> [String] { page.render(width: width, height: height, styled: styled) }
    public func handle(_ key: Key) -> DemoAction { page.handle(key) }
    public func refresh() { loadOlderIfNeeded() }

    /// One second of the chat: a new message at the bottom; every fourth second the message two
    /// above the cursor is edited, every seventh the one three above it is deleted; older
    /// messages load if the cursor is near the top.
    public func tick() {
        ticks += 1
        newestID += 1
        messages.append(ChatMessage(id: newestID))
        if let cursor = page.list.selectedItem.flatMap({ selected in messages.firstIndex { $0.id == selected.id } }) {
            if ticks % 4 == 0, cursor >= 2 { messages[cursor - 2].text += " (edited)" }
            if ticks % 7 == 0, cursor >= 3 { messages.remove(at: cursor - 3) }
        }
        show()
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

    /// Loads a page of older messages at the top when the cursor is within five messages of it.
    func loadOlderIfNeeded() {
        guard olderLeft > 0, let selected = page.list.selectedItem,
            let index = messages.firstIndex(where: { $0.id == selected.id }), index < 5
        else { return }
        let oldest = messages.first?.id ?? 1
        let count = min(olderPage, olderLeft)
        olderLeft -= count
        messages.insert(contentsOf: (oldest - count..<oldest).map(ChatMessage.init(id:)), at: 0)
        show()
    }

    private func show() {
        page.show(try! Snapshot([Section("chat", header: olderLeft > 0 ? "#general" : "#general — the beginning", items: messages)]))
    }
}
