/// Why a page of a ``PaginatedList`` did not arrive.
public enum PaginationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The loader did not answer within ``PaginatedList/timeout``.
    case timedOut(page: Int, afterSeconds: Double)
    /// ``PaginatedList/cancelLoading()`` stopped the load.
    case cancelled(page: Int)
    /// `count` pages in a row, up to `lastPage`, brought no new item although each said more
    /// follow; the list stops asking until the retry row is selected.
    case noNewItems(pages: Int, lastPage: Int)

    public var description: String {
        switch self {
        case let .timedOut(page, seconds): return "page \(page) did not arrive within \(seconds) s"
        case let .cancelled(page): return "loading page \(page) was cancelled"
        case let .noNewItems(pages, lastPage): return "\(pages) pages in a row, up to page \(lastPage), brought no new item"
        }
    }
}
