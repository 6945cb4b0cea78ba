/// One page of results from a server.
public struct Page<Item: Sendable>: Sendable {
    /// The page's items.
    public var items: [Item]
    /// Whether another page follows.
    public var hasMore: Bool

    /// Creates a page.
    public init(items: [Item], hasMore: Bool) {
        self.items = items
        self.hasMore = hasMore
    }
}

/// A row of a paginated list: the items, and the states around them, which are items like any
/// other and take part in the diff. Toggling a loading row quickly never desynchronises the view.
public enum PageRow<Item: Identifiable & Sendable>: Identifiable, Sendable where Item.ID: Sendable {
    case item(Item)
    /// A page is being loaded.
    case loading
    /// Loading the next page failed; selecting the row retries.
    case failed(String)

    /// The identity: the item's, or the state's.
    public enum ID: Hashable, Sendable {
        case item(Item.ID)
        case loading
        case failed
    }

    public var id: ID {
        switch self {
        case .item(let item): return .item(item.id)
        case .loading: return .loading
        case .failed: return .failed
        }
    }

    /// The item, for item rows.
    public var item: Item? { if case .item(let item) = self { item } else { nil } }
}

extension PageRow: Equatable where Item: Equatable {}
extension PageRow: Hashable where Item: Hashable {}

/// Loads pages as the user scrolls near the end, and shows them in a list (SPEC B6).
///
/// - The next page is requested when a row within ``prefetchDistance`` of the end becomes visible
///   (call ``rowWillAppear(at:)`` from the view's `willDisplay`).
/// - While a page loads, a loading row is shown; if it fails, an error row with retry is shown.
/// - The same page is never requested twice at once.
/// - An item that arrives again on a later page (servers do this) is handled by ``duplicates``:
///   ``DuplicatePolicy/keepFirst`` (the default), ``DuplicatePolicy/keepLast`` (the new copy
///   replaces the old one, where the new one is), or ``DuplicatePolicy/reject`` (the page is refused
///   with a ``SnapshotError`` in ``lastError``, nothing is lost).
///
/// ```swift
/// let feed = PaginatedList<Post>(section: "feed", driver: adapter.driver) { page in
///     try await api.posts(page: page)
/// }
/// await feed.loadNextPage()
/// ```
@MainActor
public final class PaginatedList<SectionID: Hashable & Sendable, Item: Identifiable & Sendable> where Item.ID: Sendable {
    public typealias Row = PageRow<Item>

    /// Loads page `index` (0, 1, 2, …).
    public let load: @Sendable (Int) async throws -> Page<Item>
    /// The driver the rows are applied to.
    public let driver: ListDriver<SectionID, Row>
    /// The section the rows are shown in.
    public let section: SectionID
    /// How close to the end (in rows) a visible row triggers the next page; a negative distance
    /// is taken as 0.
    public var prefetchDistance = 5
    /// What to do with an item that arrives again.
    public var duplicates: DuplicatePolicy = .keepFirst
    /// The items loaded so far, in order, without the state rows.
    public private(set) var items: [Item] = []
    /// The pages loaded so far.
    public private(set) var loadedPages = 0
    /// Whether more pages may follow.
    public private(set) var hasMore = true
    /// Whether a page is being loaded.
    public private(set) var isLoading = false
    /// The most recent failure: the loader's error, or a ``SnapshotError`` for a page rejected by
    /// ``DuplicatePolicy/reject`` (naming the repeated identifier and both positions).
    public private(set) var lastError: (any Error)?
    /// What the last page's duplicates were, with ``DuplicatePolicy/keepFirst`` or ``DuplicatePolicy/keepLast``.
    public private(set) var lastDuplicateReport = DuplicateReport<SectionID, PageRow<Item>.ID>()
    /// How many requests were made (a test can check no page was requested twice).
    public private(set) var requests: [Int] = []

    /// Creates a list that loads pages with `load` and shows them through `driver`.
    public init(section: SectionID, driver: ListDriver<SectionID, Row>, load: @escaping @Sendable (Int) async throws -> Page<Item>) {
        self.section = section
        self.driver = driver
        self.load = load
    }

    /// Call when the row at `index` (in the section) is about to be shown. Near the end, the next
    /// page starts loading at once: the loading row is on screen when this returns.
    public func rowWillAppear(at index: Int) {
        let rowCount = items.count + (isLoading || lastError != nil ? 1 : 0)
        guard lastError == nil, index >= rowCount - max(0, min(prefetchDistance, rowCount)), let page = beginLoading() else { return }
        Task { await finishLoading(page) }
    }

    /// Loads the next page unless one is loading already or none is left; also the retry action of
    /// the error row.
    public func loadNextPage() async {
        guard let page = beginLoading() else { return }
        await finishLoading(page)
    }

    /// Marks the next page as loading and shows the loading row; `nil` when a page is already
    /// loading or none is left (so no page is ever requested twice at once).
    private func beginLoading() -> Int? {
        guard hasMore, !isLoading else { return nil }
        isLoading = true
        lastError = nil
        show()
        requests.append(loadedPages)
        return loadedPages
    }

    private func finishLoading(_ index: Int) async {
        do {
            let page = try await load(index)
            isLoading = false
            try accept(page)
            loadedPages += 1
            hasMore = page.hasMore
        } catch {
            isLoading = false
            lastError = error
        }
        show()
    }

    private func accept(_ page: Page<Item>) throws {
        let combined = items.map(Row.item) + page.items.map(Row.item)
        let (snapshot, report) = try Snapshot<SectionID, Row>.resolvingDuplicates(in: [Section(section, items: combined)], keeping: duplicates)
        lastDuplicateReport = report
        items = snapshot.allItems.compactMap(\.item)
    }

    private func show() {
        var rows = items.map(Row.item)
        if isLoading { rows.append(.loading) } else if let lastError { rows.append(.failed("\(lastError)")) }
        driver.apply(Snapshot(uncheckedUniqueSections: [Section(section, items: rows)]), animated: true, completion: nil)
    }
}
