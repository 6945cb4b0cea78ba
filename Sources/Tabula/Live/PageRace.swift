/// One page request racing its timeout and ``PaginatedList/cancelLoading()``: whichever ends first
/// decides, and a loader that never returns cannot hold the list.
@MainActor
final class PageRace<Item: Sendable> {
    private var continuation: CheckedContinuation<Result<Page<Item>, any Error>, Never>?
    private var loader: Task<Void, Never>?

    func run(load: @escaping @Sendable (Int) async throws -> Page<Item>, page: Int) async -> Result<Page<Item>, any Error> {
        await withCheckedContinuation { continuation in
            self.continuation = continuation
            // Off the main actor from the start: the loader runs there anyway, and only its result
            // hops back.
            loader = Task.detached(priority: Task.currentPriority) { [weak self] in
                let result: Result<Page<Item>, any Error>
                do { result = .success(try await load(page)) } catch { result = .failure(error) }
                await self?.finish(result)
            }
        }
    }

    func finish(_ result: Result<Page<Item>, any Error>) {
        guard let continuation else { return }
        self.continuation = nil
        loader?.cancel()
        loader = nil
        continuation.resume(returning: result)
    }
}
