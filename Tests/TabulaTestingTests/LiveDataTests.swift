import Foundation
import Testing
import Tabula
import TabulaTesting

struct Post: Identifiable, Hashable, Sendable {
    var id: Int
    var title: String
}

@MainActor
func postList() throws -> (HeadlessListView, HeadlessListAdapter<String, PageRow<Post>>) {
    let list = HeadlessListView(viewportHeight: nil)
    let cells = CellConfigurators<PageRow<Post>> {
        CellConfigurator.content { row in
            switch row {
            case .item(let post): return CellContent(text: post.title)
            case .loading: return CellContent(text: "Loading…")
            case .failed(let message): return CellContent(text: "Failed: \(message) — tap to retry")
            case .loadingOlder: return CellContent(text: "Loading older…")
            case .failedOlder(let message): return CellContent(text: "Older failed: \(message) — tap to retry")
            }
        }
    }
    return (list, try HeadlessListAdapter(listView: list, cells: cells))
}

struct ServerError: Error, CustomStringConvertible {
    var description: String { "offline" }
}

/// A fake server: pages of 10, the last on page 2; can fail once; can repeat an item across pages.
actor FakeServer {
    var failNext = false
    var overlap = false
    var calls = 0
    func setFailNext() { failNext = true }
    func setOverlap() { overlap = true }
    func page(_ index: Int) async throws -> Page<Post> {
        calls += 1
        try await Task.sleep(for: .milliseconds(20))
        if failNext {
            failNext = false
            throw ServerError()
        }
        let start = index * 10 - (overlap && index > 0 ? 1 : 0)
        return Page(items: (start..<(index * 10 + 10)).map { Post(id: $0, title: "Post \($0)\(overlap ? " (p\(index))" : "")") }, hasMore: index < 2)
    }
}

@MainActor
@Suite("Live data: async sequences, pagination, composition")
struct LiveDataTests {
    @Test("values arriving faster than updates are coalesced, never interleaved")
    func asyncSequence() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let cells = CellConfigurators<Post> { CellConfigurator.content { CellContent(text: $0.title) } }
        let adapter = try HeadlessListAdapter<String, Post>(listView: list, cells: cells)
        let (stream, continuation) = AsyncStream<[Post]>.makeStream()
        for n in 1...50 { continuation.yield((0..<n).map { Post(id: $0, title: "Post \($0)") }) }
        continuation.finish()
        try await adapter.show(AsyncSnapshots(stream, section: "posts"))
        for _ in 0..<100 where adapter.driver.isUpdating { try await Task.sleep(for: .milliseconds(5)) }
        #expect(list.numberOfItems(inSection: 0) == 50)
        #expect(list.cellForItem(at: ItemPath(item: 49, section: 0))?.text == "Post 49")
        #expect(adapter.driver.diagnostics.isEmpty)
        try list.checkConsistency()
    }

    @Test("an async sequence stops when the adapter shows another source, or when stopped")
    func asyncSequenceStops() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let cells = CellConfigurators<Post> { CellConfigurator.content { CellContent(text: $0.title) } }
        let adapter = try HeadlessListAdapter<String, Post>(listView: list, cells: cells)
        let (first, firstValues) = AsyncStream<[Post]>.makeStream()
        let running = Task { try await adapter.show(AsyncSnapshots(first, section: "first")) }
        firstValues.yield([Post(id: 1, title: "from the first")])
        while adapter.snapshot().numberOfItems == 0 { await Task.yield() }
        let (second, secondValues) = AsyncStream<[Post]>.makeStream()
        secondValues.yield([Post(id: 2, title: "from the second")])
        secondValues.finish()
        try await adapter.show(AsyncSnapshots(second, section: "second"))
        firstValues.yield([Post(id: 3, title: "late, from the first")])
        firstValues.finish()
        try await running.value
        await adapter.driver.waitUntilIdle()
        #expect(list.cellForItem(at: ItemPath(item: 0, section: 0))?.text == "from the second", "the first sequence was stopped")

        let (third, thirdValues) = AsyncStream<[Post]>.makeStream()
        let stopped = AsyncSnapshots(third, section: "third")
        stopped.stop()
        thirdValues.yield([Post(id: 4, title: "after stop")])
        thirdValues.finish()
        try await stopped.start(driving: adapter.driver)
        await adapter.driver.waitUntilIdle()
        #expect(adapter.snapshot().sectionIdentifiers == ["second"], "a stopped sequence applies nothing more")
    }

    @Test("stop() ends a sequence that has nothing more to say: show returns, nothing more is applied")
    func stopEndsAQuietSequence() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let cells = CellConfigurators<Post> { CellConfigurator.content { CellContent(text: $0.title) } }
        let adapter = try HeadlessListAdapter<String, Post>(listView: list, cells: cells)
        let (quiet, values) = AsyncStream<[Post]>.makeStream()
        let source = AsyncSnapshots(quiet, section: "quiet")
        let running = Task { try await adapter.show(source) }
        values.yield([Post(id: 1, title: "the only one")])
        while adapter.snapshot().numberOfItems == 0 { await Task.yield() }
        source.stop()
        try await running.value  // waited for an element that never comes before stop() cancelled it
        values.yield([Post(id: 2, title: "after stop")])
        await adapter.driver.waitUntilIdle()
        #expect(adapter.snapshot().itemIdentifiers == [1])
        try await source.start(driving: adapter.driver)  // stopped: returns at once
        #expect(adapter.snapshot().itemIdentifiers == [1])
    }

    /// A server whose pages are given by a script: (item ids, hasMore) per page.
    actor ScriptedServer {
        let pages: [([Int], Bool)]
        var calls: [Int] = []
        init(_ pages: [([Int], Bool)]) { self.pages = pages }
        func page(_ index: Int) -> Page<Post> {
            calls.append(index)
            let (ids, more) = index < pages.count ? pages[index] : ([], false)
            return Page(items: ids.map { Post(id: $0, title: "Post \($0)") }, hasMore: more)
        }
    }

    @Test("empty pages that say more follow do not stop pagination: all 7 pages load, from an empty first one")
    func emptyPagesContinue() async throws {
        let (list, adapter) = try postList()
        let server = ScriptedServer([([], true), ([1, 2], true), ([], true), ([], true), ([3], true), ([], true), ([4, 5], false)])
        let feed = PaginatedList<String, Post>(section: "feed", driver: adapter.driver) { await server.page($0) }
        await feed.loadNextPage()
        #expect(feed.items.map(\.id) == [1, 2], "an empty first page is followed by the next at once")
        await feed.loadNextPage()
        #expect(feed.items.map(\.id) == [1, 2, 3])
        feed.rowWillAppear(at: 2)
        for _ in 0..<200 where feed.isLoading { try await Task.sleep(for: .milliseconds(5)) }
        #expect(feed.items.map(\.id) == [1, 2, 3, 4, 5])
        #expect(!feed.hasMore && feed.lastError == nil)
        #expect(await server.calls == [0, 1, 2, 3, 4, 5, 6], "each page once")
        #expect(list.numberOfItems(inSection: 0) == 5)
    }

    @Test("a server that only ever sends empty pages with more to come stops after maxPagesWithoutNewItems, with a retry row")
    func endlessEmptyPages() async throws {
        let (list, adapter) = try postList()
        let feed = PaginatedList<String, Post>(section: "feed", driver: adapter.driver) { _ in Page(items: [], hasMore: true) }
        feed.maxPagesWithoutNewItems = 4
        await feed.loadNextPage()
        #expect(feed.lastError as? PaginationError == .noNewItems(pages: 4, lastPage: 3))
        #expect(feed.requests == [0, 1, 2, 3])
        #expect(list.cellForItem(at: ItemPath(item: 0, section: 0))?.text?.hasPrefix("Failed: 4 pages in a row") == true)
    }

    @Test("a loader that never returns times out into a retry row; cancelLoading() stops one at once")
    func timeoutAndCancel() async throws {
        let (list, adapter) = try postList()
        let attempts = Counter()
        let feed = PaginatedList<String, Post>(section: "feed", driver: adapter.driver) { index in
            if await attempts.increment() == 1 {
                await neverAnswers()  // ignores cancellation
            }
            return Page(items: [Post(id: index, title: "Post \(index)")], hasMore: true)
        }
        feed.timeout = 0.05
        await feed.loadNextPage()
        #expect(feed.lastError as? PaginationError == .timedOut(page: 0, afterSeconds: 0.05))
        #expect(!feed.isLoading)
        #expect(list.cellForItem(at: ItemPath(item: 0, section: 0))?.text?.hasPrefix("Failed: page 0 did not arrive within 0.05 s") == true)
        await feed.loadNextPage()  // retry: the same page, which now answers
        #expect(feed.items.map(\.id) == [0] && feed.lastError == nil)

        let stuck = PaginatedList<String, Post>(section: "feed", driver: adapter.driver) { _ in
            try await Task.sleep(for: .seconds(3600))
            return Page(items: [], hasMore: false)
        }
        stuck.timeout = nil
        stuck.rowWillAppear(at: 0)
        #expect(stuck.isLoading)
        stuck.cancelLoading()
        for _ in 0..<200 where stuck.isLoading { try await Task.sleep(for: .milliseconds(5)) }
        #expect(stuck.lastError as? PaginationError == .cancelled(page: 0))
    }

    @Test("a timeout counts from its own page: one timer serves page after page, never firing early or late")
    func timeoutCountsFromItsOwnPage() async throws {
        let (_, adapter) = try postList()
        let attempts = Counter()
        let feed = PaginatedList<String, Post>(section: "feed", driver: adapter.driver) { index in
            if await attempts.increment() == 2 {
                await neverAnswers()  // page 1
            }
            return Page(items: [Post(id: index, title: "Post \(index)")], hasMore: true)
        }
        feed.timeout = 0.4
        let clock = ContinuousClock()
        await feed.loadNextPage()  // page 0 arms the timer, which will look again 0.4 s from now
        try await Task.sleep(for: .milliseconds(250))
        let start = clock.now
        await feed.loadNextPage()  // page 1 is due 0.4 s from here, after the timer's first look
        let waited = clock.now - start
        #expect(feed.lastError as? PaginationError == .timedOut(page: 1, afterSeconds: 0.4))
        #expect(waited >= .milliseconds(400), "fired \(waited) after page 1 was requested: early, on page 0's time")
        #expect(waited < .seconds(30))

        // A shorter timeout takes effect although the timer sleeps for a longer one.
        let slow = PaginatedList<String, Post>(section: "feed", driver: adapter.driver) { index in
            if index == 1 { await neverAnswers() }
            return Page(items: [Post(id: index, title: "Post \(index)")], hasMore: true)
        }
        slow.timeout = 3600
        await slow.loadNextPage()
        slow.timeout = 0.05
        let shortStart = clock.now
        await slow.loadNextPage()
        #expect(slow.lastError as? PaginationError == .timedOut(page: 1, afterSeconds: 0.05))
        #expect(clock.now - shortStart < .seconds(60), "the one-hour timer was not replaced")
    }

    @Test("a list whose timer is still asleep is released; callers waiting on one load all return")
    func releasedWhileTimerSleepsAndSharedWaits() async throws {
        let (_, adapter) = try postList()
        weak var released: PaginatedList<String, Post>?
        do {
            let feed = PaginatedList<String, Post>(section: "feed", driver: adapter.driver) { index in
                Page(items: [Post(id: index, title: "Post \(index)")], hasMore: true)
            }
            feed.timeout = 3600
            await feed.loadNextPage()
            #expect(feed.items.map(\.id) == [0])
            released = feed
        }
        #expect(released == nil, "the sleeping timer keeps the list alive")

        let server = FakeServer()
        let feed = PaginatedList<String, Post>(section: "feed", driver: adapter.driver) { try await server.page($0) }
        async let first: Void = feed.loadNextPage()
        async let second: Void = feed.loadNextPage()
        _ = await (first, second)
        #expect(!feed.isLoading, "each caller returns once the load in flight has ended")
        #expect(feed.items.count == 10 && feed.requests == [0], "one page, requested once")
    }

    @Test("with .reject, a page that repeats an item is refused once, kept in rejectedPages, and retry moves on")
    func rejectedPageIsNotRetriedForever() async throws {
        let (_, adapter) = try postList()
        let server = ScriptedServer([([1, 2], true), ([2, 3], true), ([4], false)])
        let feed = PaginatedList<String, Post>(section: "feed", driver: adapter.driver) { await server.page($0) }
        feed.duplicates = .reject
        await feed.loadNextPage()
        await feed.loadNextPage()
        #expect(feed.lastError is SnapshotError<String, PageRow<Post>.ID>)
        #expect(feed.rejectedPages[1]?.items.map(\.id) == [2, 3])
        await feed.loadNextPage()
        #expect(feed.items.map(\.id) == [1, 2, 4])
        #expect(await server.calls == [0, 1, 2])
    }

    @Test("a prefetch distance of Int.min or Int.max does not trap")
    func extremePrefetchDistances() async throws {
        let (list, adapter) = try postList()
        let server = FakeServer()
        let feed = PaginatedList<String, Post>(section: "feed", driver: adapter.driver) { try await server.page($0) }
        await feed.loadNextPage()
        feed.prefetchDistance = .min
        feed.rowWillAppear(at: 0)
        #expect(!feed.isLoading, "a negative distance is 0: only the last row triggers")
        feed.rowWillAppear(at: .min)
        #expect(!feed.isLoading)
        feed.prefetchDistance = .max
        feed.rowWillAppear(at: 0)
        #expect(feed.isLoading, "a distance past the start: any row triggers")
        for _ in 0..<100 where feed.isLoading { try await Task.sleep(for: .milliseconds(5)) }
        #expect(list.numberOfItems(inSection: 0) == 20)
    }

    @Test("pages load near the end, with a loading row, once each; a failure shows a retry row")
    func pagination() async throws {
        let (list, adapter) = try postList()
        let server = FakeServer()
        let feed = PaginatedList<String, Post>(section: "feed", driver: adapter.driver) { try await server.page($0) }
        await feed.loadNextPage()
        #expect(list.numberOfItems(inSection: 0) == 10)
        feed.rowWillAppear(at: 2)
        #expect(!feed.isLoading, "far from the end: nothing loads")
        feed.rowWillAppear(at: 7)
        feed.rowWillAppear(at: 8)
        feed.rowWillAppear(at: 9)
        #expect(feed.isLoading)
        #expect(list.cellForItem(at: ItemPath(item: 10, section: 0))?.text == "Loading…")
        for _ in 0..<100 where feed.isLoading { try await Task.sleep(for: .milliseconds(5)) }
        #expect(feed.requests == [0, 1], "the same page is never requested twice")
        #expect(list.numberOfItems(inSection: 0) == 20)
        await server.setFailNext()
        await feed.loadNextPage()
        #expect(list.cellForItem(at: ItemPath(item: 20, section: 0))?.text == "Failed: offline — tap to retry")
        await feed.loadNextPage()
        #expect(list.numberOfItems(inSection: 0) == 30)
        #expect(!feed.hasMore)
        await feed.loadNextPage()
        #expect(feed.requests == [0, 1, 2, 2])
        #expect(adapter.driver.diagnostics.isEmpty)
    }

    @Test("an item repeated on a later page follows the duplicate policy", arguments: ["keepFirst", "keepLast", "reject"])
    func repeatedItems(policy: String) async throws {
        let (list, adapter) = try postList()
        let server = FakeServer()
        await server.setOverlap()
        let feed = PaginatedList<String, Post>(section: "feed", driver: adapter.driver) { try await server.page($0) }
        feed.duplicates = policy == "keepFirst" ? .keepFirst : policy == "keepLast" ? .keepLast : .reject
        await feed.loadNextPage()
        await feed.loadNextPage()
        switch policy {
        case "keepFirst":
            #expect(feed.items.count == 20)
            #expect(feed.items[9].title == "Post 9 (p0)")
            #expect(feed.lastDuplicateReport.dropped.map(\.id) == [.item(9)])
        case "keepLast":
            #expect(feed.items.count == 20)
            #expect(feed.items[9].title == "Post 9 (p1)")
        default:
            #expect(feed.items.count == 10, "the page is refused; nothing already shown is lost")
            #expect(feed.lastError as? SnapshotError<String, PageRow<Post>.ID> == .duplicateItem(.item(9), first: ItemPath(item: 9, section: 0), second: ItemPath(item: 10, section: 0)))
            #expect(list.cellForItem(at: ItemPath(item: 10, section: 0))?.text?.hasPrefix("Failed: duplicate item identifier") == true)
        }
    }

    @Test("parts of one list update independently through the same diff")
    func composition() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let cells = CellConfigurators<Post> { CellConfigurator.content { CellContent(text: $0.title) } }
        let adapter = try HeadlessListAdapter<String, Post>(listView: list, cells: cells)
        let composed = try ComposedList<String, String, Post>(driver: adapter.driver, parts: ["static", "live"])
        composed.update("live", with: try Snapshot([Section("live", header: "Live", items: [Post(id: 10, title: "row 10")])]))
        composed.update("static", with: try Snapshot([Section("top", header: "Top", items: [Post(id: 1, title: "Search")])]))
        composed.update("live", with: try Snapshot([Section("live", header: "Live", items: [Post(id: 11, title: "row 11"), Post(id: 10, title: "row 10")])]))
        #expect(list.renderedText() == "## Top\n   Search\n## Live\n   row 11\n   row 10")
        composed.update("live", with: try Snapshot([Section("top", items: [])]))
        #expect(composed.lastError as? SnapshotError<String, Int> == .duplicateSection("top", first: 0, second: 1))
        #expect(list.renderedText() == "## Top\n   Search\n## Live\n   row 11\n   row 10", "the previous state stays")
    }

    @Test("a part listed twice is refused where the list is made, with an error naming it")
    func repeatedPart() throws {
        let adapter = try HeadlessListAdapter<String, Post>(
            listView: HeadlessListView(viewportHeight: nil), cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.title) } })
        let error = #expect(throws: ComposedListError<String>.self) {
            try ComposedList<String, String, Post>(driver: adapter.driver, parts: ["static", "live", "feed", "live"])
        }
        #expect(error == .repeatedPart("live", first: 1, second: 3))
        #expect(error?.description == "part live is listed twice, at 1 and at 3; each part appears once")
        #expect(throws: Never.self) { try ComposedList<String, String, Post>(driver: adapter.driver, parts: ["static", "live"]) }
    }
}

/// A loader that never answers, cancelled or not, and holds no thread while it waits (a loop of
/// `try? await Task.sleep` spins once cancelled, and starves the other tasks of a small machine).
/// Its continuation is kept, never resumed, so that the suspended task stays reachable (not a leak
/// to the AddressSanitizer run).
func neverAnswers() async -> Never {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in parked.keep(continuation) }
    preconditionFailure("never resumed")
}

/// The continuations of loaders that never answer.
final class Parked: @unchecked Sendable {  // `continuations` is only touched under `lock`
    private let lock = NSLock()
    private var continuations: [CheckedContinuation<Void, Never>] = []
    func keep(_ continuation: CheckedContinuation<Void, Never>) {
        lock.lock()
        continuations.append(continuation)
        lock.unlock()
    }
}

let parked = Parked()

actor Counter {
    var value = 0
    func increment() -> Int {
        value += 1
        return value
    }
}
