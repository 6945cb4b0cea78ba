/// One end of a ``PaginatedList`` that pages load at: the end (newer pages) or the top (older
/// pages). Each end keeps its own loader, page count, loading state, failure, requests, timer and
/// waiting callers, so that the two load, fail, time out and are cancelled independently.
@MainActor
final class PageEdge<Item: Sendable> {
    /// Loads page `index` of this end; `nil`: this end loads nothing.
    let load: (@Sendable (Int) async throws -> Page<Item>)?
    /// The pages loaded (or rejected) so far at this end.
    var loadedPages = 0
    /// Whether more pages may follow at this end.
    var hasMore: Bool
    /// Whether a page of this end is being loaded.
    var isLoading = false
    /// The most recent failure at this end, shown as its error row.
    var lastError: (any Error)?
    /// Every page index requested, in order.
    var requests: [Int] = []
    /// The page request in flight, and how to end it early.
    var race: PageRace<Item>?
    var cancelRequested = false
    /// Callers waiting for the load in flight to end.
    var waiters: [CheckedContinuation<Void, Never>] = []
    /// Times out the page in flight; one sleeping task serves page after page.
    let deadline = Deadline()

    init(load: (@Sendable (Int) async throws -> Page<Item>)?) {
        self.load = load
        hasMore = load != nil
    }

    /// Marks the next page as loading; `false` when a page is already loading or none is left (so
    /// no page is ever requested twice at once).
    func start() -> Bool {
        guard hasMore, !isLoading else { return false }
        isLoading = true
        cancelRequested = false
        lastError = nil
        return true
    }

    /// Ends the load in flight with ``PaginationError/cancelled(page:)``.
    func cancel() {
        guard isLoading else { return }
        cancelRequested = true
        race?.finish(.failure(PaginationError.cancelled(page: loadedPages)))
    }

    /// Requests the next page, racing it against `timeout` and ``cancel()``.
    func fetch(timeout: Double?) async -> Result<Page<Item>, any Error> {
        let index = loadedPages
        guard !cancelRequested, let load else { return .failure(PaginationError.cancelled(page: index)) }
        requests.append(index)
        let race = PageRace<Item>()
        self.race = race
        if let timeout {
            deadline.arm(after: timeout) { [weak race] in
                race?.finish(.failure(PaginationError.timedOut(page: index, afterSeconds: timeout)))
            }
        }
        let outcome = await race.run(load: load, page: index)
        deadline.disarm()
        self.race = nil
        return outcome
    }

    /// Wakes the callers that waited for the load that just ended.
    func resumeWaiters() {
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume() }
    }
}
