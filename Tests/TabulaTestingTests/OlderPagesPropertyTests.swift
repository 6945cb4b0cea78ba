import Tabula
import TabulaTesting
import Testing

/// Random runs of a paginated list loading at both ends: pages answered, failed and cancelled in
/// any order, the two ends in flight at once, repeated items, scrolling between. After each step
/// the rows on screen are the model's, no page was requested but as the model says, and the item
/// the user reads has not moved.
@MainActor
@Suite("Paginated lists at both ends: random answers, failures and cancellations")
struct OlderPagesPropertyTests {
    static let sequences = 300

    /// One end, as the test expects it to be.
    struct End {
        let name: String
        var pages = 0
        var total: Int
        var requests: [Int] = []
        var loading: Task<Void, Never>?
        var failure: String?
        var hasMore: Bool { pages < total }
    }

    @Test("rows, requests and the item read hold through random loads at both ends")
    func randomLoadsAtBothEnds() async throws {
        let seed = propertySeed()
        print("OlderPagesPropertyTests.randomLoadsAtBothEnds seed \(seed) (replay with TABULA_SEED=\(seed))")
        var random = SeededRandomGenerator(seed: seed)
        var steps = 0, stillChecks = 0
        for run in 0..<Self.sequences {
            let (list, adapter) = try postList()
            list.pointViewportHeight = [120, 300][Int.random(in: 0...1, using: &random)]
            adapter.measureRows { row in row.item.map { 30 + Double(abs($0.id) % 4) * 15 } ?? 44 }
            adapter.driver.scrollAnchor = Bool.random(using: &random) ? .none : .firstVisibleItem
            let gate = PageGate()
            let chat = PaginatedList<String, Post>(section: "chat", driver: adapter.driver, loadOlder: { try await gate.wait(for: "older \($0)") }) {
                try await gate.wait(for: "newer \($0)")
            }
            chat.timeout = nil
            var newer = End(name: "newer", total: Int.random(in: 1...5, using: &random))
            var older = End(name: "older", total: Int.random(in: 1...5, using: &random))
            var items: [Int] = []
            for step in 0..<Int.random(in: 5...30, using: &random) {
                let context = "TABULA_SEED=\(seed) run \(run) step \(step)"
                let atTop = Bool.random(using: &random)
                var end = atTop ? older : newer
                let read = firstVisibleItem(list, adapter)
                let offsetBefore = list.pointOffset
                let action = Int.random(in: 0...9, using: &random)
                var scrolled = false
                if action < 2 {
                    list.scroll(toPointOffset: Double(Int.random(in: 0...900, using: &random)))
                    scrolled = true
                } else if let loading = end.loading {
                    let name = "\(end.name) \(end.pages)"
                    switch action {
                    case 2...6:
                        let page = makePage(end, atTop: atTop, items: items, random: &random)
                        gate.answer(name, with: page.page)
                        await loading.value
                        items = atTop ? page.new + items : items + page.new
                        end.pages += 1
                        end.failure = nil
                    case 7, 8:
                        gate.fail(name)
                        await loading.value
                        end.failure = "offline"
                    default:
                        if atTop { chat.cancelLoadingOlder() } else { chat.cancelLoading() }
                        await loading.value
                        gate.fail(name)  // the loader hears of it late; the list has let it go
                        end.failure = "\(PaginationError.cancelled(page: end.pages))"
                    }
                    end.loading = nil
                } else if end.hasMore, atTop ? chat.loadOlder != nil : true {
                    let load = Task { if atTop { await chat.loadPreviousPage() } else { await chat.loadNextPage() } }
                    await gate.arrival(of: "\(end.name) \(end.pages)")
                    end.loading = load
                    end.failure = nil
                    end.requests.append(end.pages)
                }
                if atTop { older = end } else { newer = end }
                await adapter.driver.waitUntilIdle()
                steps += 1

                // The rows: the older end's state row, the items, the newer end's state row.
                let leader: PageRow<Post>.ID? = older.loading != nil ? .loadingOlder : older.failure.map { _ in .failedOlder }
                let trailer: PageRow<Post>.ID? = newer.loading != nil ? .loading : newer.failure.map { _ in .failed }
                let expected = [leader].compactMap { $0 } + items.map { .item($0) } + [trailer].compactMap { $0 }
                #expect(adapter.snapshot().itemIdentifiers == expected, "\(context): rows")
                #expect(list.numberOfItems(inSection: 0) == expected.count, "\(context): the view's rows")
                #expect(chat.requests == newer.requests && chat.olderRequests == older.requests, "\(context): requests")
                #expect(chat.hasMore == newer.hasMore && chat.hasMoreOlder == older.hasMore, "\(context): more to come")
                if let failure = older.failure, case .failedOlder(let shown)? = adapter.snapshot().items(inSection: "chat")?.first {
                    #expect(shown == failure, "\(context): the older failure row")
                }

                // The item read: where its top is held, the offset is the one that keeps it (clamped
                // to the content); an update at the end with nothing held leaves the offset alone.
                guard !scrolled, let read, let path = adapter.snapshot().itemPath(for: read.id), let frame = list.frameOfItem(at: path) else { continue }
                let maxOffset = max(0, list.contentHeightInPoints - (list.pointViewportHeight ?? 0))
                if atTop || adapter.driver.scrollAnchor != .none {
                    #expect(list.pointOffset == min(max(frame.minY - read.distance, 0), maxOffset), "\(context): \(read.id) moved, at the \(atTop ? "top" : "end")")
                    stillChecks += 1
                } else if offsetBefore <= maxOffset {
                    #expect(list.pointOffset == offsetBefore && frame.minY - list.pointOffset == read.distance, "\(context): \(read.id) moved")
                    stillChecks += 1
                }
            }
            // Nothing is left waiting: answer what is in flight.
            for name in gate.waiting { gate.fail(name) }
            for load in [newer.loading, older.loading].compactMap({ $0 }) { await load.value }
        }
        print("OlderPagesPropertyTests.randomLoadsAtBothEnds: \(steps) steps, \(stillChecks) checks of the item read")
        #expect(stillChecks > steps / 4, "the item read was checked in too few steps to mean anything")
    }

    /// A page for `end`: one to four new items, and now and then an item already loaded (which
    /// the default policy, `keepFirst`, drops).
    func makePage(_ end: End, atTop: Bool, items: [Int], random: inout SeededRandomGenerator) -> (page: Page<Post>, new: [Int]) {
        let count = Int.random(in: 1...4, using: &random)
        let base = 1000 * (end.pages + 1)
        let new = atTop ? (0..<count).map { -base - count + $0 } : (0..<count).map { base + $0 }
        var sent = new.map { Post(id: $0, title: "Post \($0)") }
        if !items.isEmpty, Int.random(in: 0...4, using: &random) == 0 {
            let again = items[Int.random(in: 0...items.count - 1, using: &random)]
            sent.insert(Post(id: again, title: "again"), at: Int.random(in: 0...sent.count, using: &random))
        }
        return (Page(items: sent, hasMore: end.pages + 1 < end.total), new)
    }

    /// The first item row of which any part shows, and its distance from the viewport's top.
    func firstVisibleItem(_ list: HeadlessListView, _ adapter: HeadlessListAdapter<String, PageRow<Post>>) -> (id: PageRow<Post>.ID, distance: Double)? {
        let snapshot = adapter.snapshot()
        let layout = list.anchorLayout { path in snapshot.item(at: path).flatMap { $0.item == nil ? nil : $0.id } }
        return layout.firstVisibleRow.map { ($0.id, $0.minY - layout.contentOffset) }
    }
}
