import Foundation
import Tabula
import TabulaTesting
import Testing

/// A server of messages for both ends: newer page `n` holds 10 × n ..< 10 × n + 10, older page
/// `k` holds the ten before older page k − 1 (−10 ..< 0 first); three pages each way. Can fail
/// once, and can repeat the boundary item.
actor TwoWayServer {
    var failNext = false
    var overlap = false
    func setFailNext() { failNext = true }
    func setOverlap() { overlap = true }
    func newer(_ index: Int) throws -> Page<Post> {
        try failIfAsked()
        return Page(items: (index * 10..<index * 10 + 10).map { Post(id: $0, title: "Post \($0)") }, hasMore: index < 2)
    }
    func older(_ index: Int) throws -> Page<Post> {
        try failIfAsked()
        let end = -index * 10 + (overlap ? 1 : 0)
        return Page(items: (end - 10 - (overlap ? 1 : 0)..<end).map { Post(id: $0, title: "Post \($0)\(overlap ? " (o\(index))" : "")") }, hasMore: index < 2)
    }
    private func failIfAsked() throws {
        guard failNext else { return }
        failNext = false
        throw ServerError()
    }
}

@MainActor
@Suite("Paginated lists load older pages at the top")
struct OlderPagesTests {
    func texts(_ list: HeadlessListView) -> [String] {
        (0..<list.numberOfItems(inSection: 0)).map { list.cellForItem(at: ItemPath(item: $0, section: 0))?.text ?? "?" }
    }

    @Test("older pages go in at the top, once each, with a loading row and a retry row of their own")
    func olderPagesAtTheTop() async throws {
        let (list, adapter) = try postList()
        let server = TwoWayServer()
        let chat = PaginatedList<String, Post>(section: "chat", driver: adapter.driver, loadOlder: { try await server.older($0) }) {
            try await server.newer($0)
        }
        #expect(chat.hasMoreOlder && !chat.isLoadingOlder)
        await chat.loadNextPage()
        await chat.loadPreviousPage()
        #expect(chat.items.map(\.id) == Array(-10..<10))
        #expect(chat.requests == [0] && chat.olderRequests == [0])

        await server.setFailNext()
        await chat.loadPreviousPage()
        #expect(chat.lastOlderError is ServerError && chat.lastError == nil)
        #expect(texts(list).first == "Older failed: offline — tap to retry")
        #expect(texts(list).count == 21, "the retry row is the one row above the items")
        await chat.loadPreviousPage()  // retry: the same page
        #expect(chat.olderRequests == [0, 1, 1])
        #expect(chat.items.first?.id == -20 && chat.lastOlderError == nil)
        await chat.loadPreviousPage()
        #expect(!chat.hasMoreOlder)
        await chat.loadPreviousPage()
        #expect(chat.olderRequests == [0, 1, 1, 2], "none is requested once the first page is in")
        #expect(chat.items.map(\.id) == Array(-30..<10))
        #expect(texts(list).first == "Post -30" && texts(list).count == 40)
        #expect(adapter.driver.diagnostics.isEmpty)
    }

    @Test("with older pages and their retry row shown, pages at the end are still shown in place, without a diff")
    func endPagesStayInPlace() async throws {
        let (list, adapter) = try postList()
        let server = TwoWayServer()
        let chat = PaginatedList<String, Post>(section: "chat", driver: adapter.driver, loadOlder: { try await server.older($0) }) {
            try await server.newer($0)
        }
        await chat.loadNextPage()
        await chat.loadPreviousPage()
        await server.setFailNext()
        await chat.loadPreviousPage()
        await adapter.driver.waitUntilIdle()
        var diffed = 0
        adapter.driver.onChangeset = { _ in diffed += 1 }
        await chat.loadNextPage()
        await chat.loadNextPage()
        await adapter.driver.waitUntilIdle()
        #expect(diffed == 0, "every page at the end was shown in place")
        #expect(texts(list).first?.hasPrefix("Older failed") == true && texts(list).count == 1 + 40)
        await chat.loadPreviousPage()
        await adapter.driver.waitUntilIdle()
        #expect(diffed == 2, "the loading row at the top, then the page there, are diffed")
        try list.checkConsistency()
    }

    @Test("firstVisibleItemIgnoring passes over the rows it names, and is nothing when only they show")
    func anchorIgnoringStateRows() {
        let rows: [(id: PageRow<Post>.ID, height: Double)] = [(.loadingOlder, 44), (.item(1), 30), (.item(2), 60), (.loading, 44)]
        let anchor = ScrollAnchor<PageRow<Post>.ID>.firstVisibleItemIgnoring([.loadingOlder, .loading])
        #expect(anchor.hold(in: AnchorLayout(stacking: rows, contentOffset: 10, viewportHeight: 50)) == .row(.item(1), distance: 34, neighbours: [.item(2), .loading, .loadingOlder]))
        #expect(anchor.hold(in: AnchorLayout(stacking: rows, contentOffset: 74, viewportHeight: 50)) == .row(.item(2), distance: 0, neighbours: [.loading, .item(1), .loadingOlder]))
        #expect(anchor.hold(in: AnchorLayout(stacking: rows, contentOffset: 140, viewportHeight: 50)) == nil)
        #expect(ScrollAnchor<PageRow<Post>.ID>.firstVisibleItem.hold(in: AnchorLayout(stacking: rows, contentOffset: 10, viewportHeight: 50))
            == .row(.loadingOlder, distance: -10, neighbours: [.item(1), .item(2), .loading]))
    }

    @Test("a list without loadOlder never loads at the top; its rows are as before")
    func noOlderLoader() async throws {
        let (list, adapter) = try postList()
        let server = TwoWayServer()
        let feed = PaginatedList<String, Post>(section: "feed", driver: adapter.driver) { try await server.newer($0) }
        #expect(!feed.hasMoreOlder)
        await feed.loadNextPage()
        feed.rowWillAppear(at: 0)
        await feed.loadPreviousPage()
        #expect(!feed.isLoadingOlder && feed.olderRequests.isEmpty)
        #expect(texts(list).first == "Post 0")
    }

    @Test("a row near the top starts the older page, with its loading row first; one far from both ends does not")
    func rowsNearTheTop() async throws {
        let (list, adapter) = try postList()
        let gate = PageGate()
        let chat = PaginatedList<String, Post>(section: "chat", driver: adapter.driver, loadOlder: { try await gate.wait(for: "older \($0)") }) {
            _ in Page(items: (0..<20).map { Post(id: $0, title: "Post \($0)") }, hasMore: false)
        }
        chat.prefetchDistance = 3
        await chat.loadNextPage()
        chat.rowWillAppear(at: 8)
        #expect(!chat.isLoading && !chat.isLoadingOlder, "far from both ends")
        chat.rowWillAppear(at: 3)
        #expect(!chat.isLoadingOlder)
        chat.rowWillAppear(at: 2)
        #expect(chat.isLoadingOlder && !chat.isLoading)
        #expect(texts(list).first == "Loading older…" && texts(list).count == 21)
        chat.rowWillAppear(at: 0)
        await gate.arrival(of: "older 0")
        #expect(chat.olderRequests == [0], "not requested twice at once")
        gate.answer("older 0", with: Page(items: [Post(id: -1, title: "Post -1")], hasMore: false))
        await chat.loadPreviousPage()  // waits for the load in flight
        #expect(!chat.isLoadingOlder)
        #expect(texts(list).prefix(2) == ["Post -1", "Post 0"])
    }

    @Test("an older page times out, or is cancelled, into its retry row; the end goes on loading")
    func olderTimeoutAndCancel() async throws {
        let (list, adapter) = try postList()
        let attempts = Counter()
        let chat = PaginatedList<String, Post>(
            section: "chat", driver: adapter.driver,
            loadOlder: { index in
                if await attempts.increment() == 1 { await neverAnswers() }
                return Page(items: [Post(id: -1 - index, title: "Old \(index)")], hasMore: true)
            }
        ) { index in Page(items: [Post(id: index, title: "New \(index)")], hasMore: true) }
        chat.timeout = 0.05
        await chat.loadPreviousPage()
        #expect(chat.lastOlderError as? PaginationError == .timedOut(page: 0, afterSeconds: 0.05))
        #expect(texts(list) == ["Older failed: page 0 did not arrive within 0.05 s — tap to retry"])
        await chat.loadNextPage()
        #expect(texts(list) == ["Older failed: page 0 did not arrive within 0.05 s — tap to retry", "New 0"])
        await chat.loadPreviousPage()
        #expect(texts(list) == ["Old 0", "New 0"] && chat.olderRequests == [0, 0])

        let gate = PageGate()
        let stuck = PaginatedList<String, Post>(section: "chat", driver: adapter.driver, loadOlder: { try await gate.wait(for: "older \($0)") }) { _ in
            Page(items: [], hasMore: false)
        }
        stuck.timeout = nil
        let load = Task { await stuck.loadPreviousPage() }
        await gate.arrival(of: "older 0")
        stuck.cancelLoadingOlder()
        stuck.cancelLoading()  // nothing loads at the end: nothing happens there
        await load.value
        gate.answer("older 0", with: Page(items: [Post(id: 5, title: "late")], hasMore: false))
        #expect(stuck.lastOlderError as? PaginationError == .cancelled(page: 0) && stuck.lastError == nil)
        #expect(stuck.items.isEmpty, "an answer after the cancellation is ignored")
    }

    @Test("an item repeated on an older page follows the duplicate policy", arguments: ["keepFirst", "keepLast", "reject"])
    func repeatedItemsAtTheTop(policy: String) async throws {
        let (list, adapter) = try postList()
        let server = TwoWayServer()
        let chat = PaginatedList<String, Post>(section: "chat", driver: adapter.driver, loadOlder: { try await server.older($0) }) {
            try await server.newer($0)
        }
        chat.duplicates = policy == "keepFirst" ? .keepFirst : policy == "keepLast" ? .keepLast : .reject
        await chat.loadNextPage()
        await server.setOverlap()  // older page 0 is -10 ... 0: it repeats item 0
        await chat.loadPreviousPage()
        switch policy {
        case "keepFirst":
            #expect(chat.items.map(\.id) == Array(-10..<10))
            #expect(chat.items[10].title == "Post 0", "the copy loaded first stays, where it is")
            #expect(chat.lastDuplicateReport.dropped.map(\.droppedAt) == [ItemPath(item: 10, section: 0)])
            #expect(chat.lastDuplicateReport.dropped.map(\.keptAt) == [ItemPath(item: 11, section: 0)])
        case "keepLast":
            #expect(chat.items.map(\.id) == Array(-10..<10))
            #expect(chat.items[10].title == "Post 0 (o0)", "the new copy replaces it, where the new one is")
            #expect(chat.lastDuplicateReport.dropped.map(\.droppedAt) == [ItemPath(item: 11, section: 0)])
            #expect(texts(list).count == 20 && texts(list)[10] == "Post 0 (o0)" && adapter.driver.diagnostics.isEmpty)
        default:
            #expect(chat.items.map(\.id) == Array(0..<10), "the page is refused; nothing shown is lost")
            #expect(chat.lastOlderError as? SnapshotError<String, PageRow<Post>.ID> == .duplicateItem(.item(0), first: ItemPath(item: 10, section: 0), second: ItemPath(item: 11, section: 0)))
            #expect(chat.rejectedOlderPages[0]?.items.count == 11 && chat.rejectedPages.isEmpty)
            #expect(texts(list).first?.hasPrefix("Older failed: duplicate item identifier") == true)
            await chat.loadPreviousPage()  // retry moves on: older page 1
            #expect(chat.olderRequests == [0, 1] && chat.items.first?.id == -20)
        }
    }

    @Test("the row the user reads stays still, to the point, as the older loading row, an older page and its failure come and go")
    func olderPageHoldsTheRowRead() async throws {
        let (list, adapter) = try postList()
        list.pointViewportHeight = 200
        adapter.measureRows { row in row.item.map { 30 + Double(abs($0.id) % 4) * 15 } ?? 44 }
        let gate = PageGate()
        let chat = PaginatedList<String, Post>(section: "chat", driver: adapter.driver, loadOlder: { try await gate.wait(for: "older \($0)") }) { _ in
            Page(items: (0..<30).map { Post(id: $0, title: "Post \($0)") }, hasMore: false)
        }
        chat.timeout = nil
        await chat.loadNextPage()
        for offset in [0.0, 20, 130] {
            list.scroll(toPointOffset: offset)
            let read = try firstVisibleItem(list, adapter)
            let load = Task { await chat.loadPreviousPage() }
            await gate.arrival(of: "older \(chat.olderRequests.count)")
            await adapter.driver.waitUntilIdle()
            try expectStill(read, list, adapter, "the loading row went in above, at offset \(offset)")
            gate.answer("older \(chat.olderRequests.count - 1)", with: Page(items: (1...6).map { Post(id: -$0 - 10 * chat.olderRequests.count, title: "Old") }.reversed(), hasMore: true))
            await load.value
            await adapter.driver.waitUntilIdle()
            try expectStill(read, list, adapter, "the older page landed, at offset \(offset)")
        }
        let read = try firstVisibleItem(list, adapter)
        let load = Task { await chat.loadPreviousPage() }
        await gate.arrival(of: "older 3")
        gate.fail("older 3")
        await load.value
        await adapter.driver.waitUntilIdle()
        #expect(chat.lastOlderError is ServerError)
        try expectStill(read, list, adapter, "the failure row took the loading row's place")
        #expect(chat.items.count == 48 && adapter.driver.diagnostics.isEmpty)
    }

    /// The first item row of which any part shows, and its distance from the viewport's top.
    func firstVisibleItem(_ list: HeadlessListView, _ adapter: HeadlessListAdapter<String, PageRow<Post>>) throws -> (id: PageRow<Post>.ID, distance: Double) {
        let snapshot = adapter.snapshot()
        let layout = list.anchorLayout { path in snapshot.item(at: path).flatMap { $0.item == nil ? nil : $0.id } }
        let row = try #require(layout.firstVisibleRow)
        return (row.id, row.minY - layout.contentOffset)
    }

    func expectStill(
        _ read: (id: PageRow<Post>.ID, distance: Double), _ list: HeadlessListView, _ adapter: HeadlessListAdapter<String, PageRow<Post>>,
        _ context: String
    ) throws {
        let snapshot = adapter.snapshot()
        let path = try #require(snapshot.itemPath(for: read.id))
        let frame = try #require(list.frameOfItem(at: path))
        #expect(frame.minY - list.pointOffset == read.distance, "\(context): \(read.id) moved")
    }
}

/// Page requests the test answers by hand, by name: the loader waits until the test answers.
@MainActor
final class PageGate {
    private var pending: [String: CheckedContinuation<Page<Post>, any Error>] = [:]
    private var arrivals: [String: CheckedContinuation<Void, Never>] = [:]

    /// What a loader awaits.
    func wait(for name: String) async throws -> Page<Post> {
        try await withCheckedThrowingContinuation { continuation in
            pending[name] = continuation
            arrivals.removeValue(forKey: name)?.resume()
        }
    }

    /// Returns once the request `name` has been made.
    func arrival(of name: String) async {
        if pending[name] != nil { return }
        await withCheckedContinuation { arrivals[name] = $0 }
    }

    func answer(_ name: String, with page: Page<Post>) { pending.removeValue(forKey: name)?.resume(returning: page) }
    func fail(_ name: String) { pending.removeValue(forKey: name)?.resume(throwing: ServerError()) }
    var waiting: Set<String> { Set(pending.keys) }
}
