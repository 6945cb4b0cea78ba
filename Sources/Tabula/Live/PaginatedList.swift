/// Loads pages as the user scrolls near the end, and shows them in a list.
///
/// - The next page is requested when a row within ``prefetchDistance`` of the end becomes visible
///   (call ``rowWillAppear(at:)`` from the adapter's `onWillDisplay`, which every adapter has).
/// - While a page loads, a loading row is shown; if it fails, an error row with retry is shown.
/// - The same page is never requested twice at once, and a page that was accepted or rejected is
///   never requested again.
/// - A page that brings no new item (empty, or only repeats) but says more follow is not the end:
///   the next page is requested at once, up to ``maxPagesWithoutNewItems`` in a row.
/// - A loader that does not answer within ``timeout`` fails the page (``PaginationError/timedOut(page:afterSeconds:)``);
///   ``cancelLoading()`` stops a load at any time. Either shows the retry row.
/// - An item that arrives again on a later page (servers do this) is handled by ``duplicates``:
///   ``DuplicatePolicy/keepFirst`` (the default), ``DuplicatePolicy/keepLast`` (the new copy
///   replaces the old one, where the new one is), or ``DuplicatePolicy/reject`` (the page is refused
///   with a ``SnapshotError`` in ``lastError`` and kept in ``rejectedPages``; retrying moves on to
///   the next page, since the same page would be refused again).
///
/// ```swift
/// let feed = PaginatedList<String, Post>(section: "feed", driver: adapter.driver) { page in
///     try await api.posts(page: page)
/// }
/// await feed.loadNextPage()
/// ```
///
/// Each page costs O(page size) to merge, not O(items loaded): the list edits its snapshot in place.
/// Showing it costs O(page size) too while the screen shows what the list last showed (the page
/// goes in as inserts at the end, without a diff); otherwise it goes through the driver's diff,
/// which is O(items loaded).
@MainActor
public final class PaginatedList<SectionID: Hashable & Sendable, Item: Identifiable & Sendable> where Item.ID: Sendable {
    /// The rows the list shows: items, and its loading and failure rows.
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
    /// How long a page may take, in seconds, before it fails with
    /// ``PaginationError/timedOut(page:afterSeconds:)``; `nil` waits for ever. Default: 30.
    public var timeout: Double? = 30
    /// How many pages in a row may bring no new item, while saying more follow, before the list
    /// stops with ``PaginationError/noNewItems(pages:lastPage:)``. Default: 10.
    public var maxPagesWithoutNewItems = 10
    /// The items loaded so far, in order, without the state rows.
    public var items: [Item] { rows.sections.first?.items.compactMap(\.item) ?? [] }
    /// The number of items loaded so far.
    public var itemCount: Int { rows.numberOfItems }
    /// The pages loaded (or rejected) so far.
    private(set) var loadedPages = 0
    /// Whether more pages may follow.
    public private(set) var hasMore = true
    /// Whether a page is being loaded.
    public private(set) var isLoading = false
    /// The most recent failure: the loader's error, a ``PaginationError``, or a ``SnapshotError``
    /// for a page rejected by ``DuplicatePolicy/reject`` (naming the repeated identifier and both
    /// positions).
    public private(set) var lastError: (any Error)?
    /// Pages refused by ``DuplicatePolicy/reject``, by index, with their items and the error: kept
    /// so that nothing is lost silently.
    public private(set) var rejectedPages: [Int: (items: [Item], error: SnapshotError<SectionID, Row.ID>)] = [:]
    /// What the last page's duplicates were, with ``DuplicatePolicy/keepFirst`` or ``DuplicatePolicy/keepLast``.
    public private(set) var lastDuplicateReport = DuplicateReport<SectionID, PageRow<Item>.ID>()
    /// How many requests were made (a test can check no page was requested twice).
    public private(set) var requests: [Int] = []

    /// The item rows, in one section (no state row).
    private var rows: Snapshot<SectionID, Row>
    /// What ``show()`` last put on screen: how many rows, the last of them, and the trailing row.
    private var shownItemCount = 0
    private var lastShownRowID: Row.ID?
    private var shownTrailer: Row?
    /// Rows already shown were removed (``DuplicatePolicy/keepLast``): the next show diffs.
    private var rowsChangedOnScreen = false
    /// The page request in flight, and how to end it early.
    private var race: PageRace<Item>?
    private var cancelRequested = false
    /// Callers of ``loadNextPage()`` waiting for the load in flight to end.
    private var waiters: [CheckedContinuation<Void, Never>] = []
    /// Times out the page in flight; one sleeping task serves page after page.
    private let deadline = Deadline()

    /// Creates a list that loads pages with `load` and shows them through `driver`.
    public init(section: SectionID, driver: ListDriver<SectionID, Row>, load: @escaping @Sendable (Int) async throws -> Page<Item>) {
        self.section = section
        self.driver = driver
        self.load = load
        self.rows = Snapshot(uncheckedUniqueSections: [Section(section)])
    }

    /// Call when the row at `index` (in the section) is about to be shown. Near the end, the next
    /// page starts loading at once: the loading row is on screen when this returns.
    public func rowWillAppear(at index: Int) {
        let rowCount = itemCount + (isLoading || lastError != nil ? 1 : 0)
        guard lastError == nil, index >= rowCount - max(0, min(prefetchDistance, rowCount)) else { return }
        guard startLoading() else { return }
        Task { await self.loadPages() }
    }

    /// Loads the next page unless one is loading already or none is left, and returns once the
    /// load in flight has ended; also the retry action of the error row.
    public func loadNextPage() async {
        if isLoading {
            await withCheckedContinuation { waiters.append($0) }
        } else if startLoading() {
            // Loaded here, not in a task of its own: each hop to the main actor is a thread wake.
            await loadPages()
        }
    }

    /// Stops the load in flight; the error row shows ``PaginationError/cancelled(page:)`` and
    /// retrying requests the same page again.
    public func cancelLoading() {
        guard isLoading else { return }
        cancelRequested = true
        race?.finish(.failure(PaginationError.cancelled(page: loadedPages)))
    }

    /// Marks the next page as loading and shows the loading row; `false` when a page is already
    /// loading or none is left (so no page is ever requested twice at once). The caller then runs
    /// ``loadPages()``.
    private func startLoading() -> Bool {
        guard hasMore, !isLoading else { return false }
        isLoading = true
        cancelRequested = false
        lastError = nil
        show()
        return true
    }

    /// Loads pages until one brings new items, one fails, or none is left.
    private func loadPages() async {
        var withoutNewItems = 0
        while true {
            let index = loadedPages
            let outcome: Result<Page<Item>, any Error>
            if cancelRequested {
                outcome = .failure(PaginationError.cancelled(page: index))
            } else {
                requests.append(index)
                let race = PageRace<Item>()
                self.race = race
                if let timeout {
                    deadline.arm(after: timeout) { [weak race] in
                        race?.finish(.failure(PaginationError.timedOut(page: index, afterSeconds: timeout)))
                    }
                }
                outcome = await race.run(load: load, page: index)
                deadline.disarm()
                self.race = nil
            }
            guard case .success(let page) = outcome else {
                if case .failure(let error) = outcome { lastError = error }
                break
            }
            loadedPages += 1
            hasMore = page.hasMore
            do {
                let added = try accept(page)
                guard added == 0, hasMore else { break }
                withoutNewItems += 1
                if withoutNewItems >= max(1, maxPagesWithoutNewItems) {
                    lastError = PaginationError.noNewItems(pages: withoutNewItems, lastPage: index)
                    break
                }
            } catch let error as SnapshotError<SectionID, Row.ID> {
                rejectedPages[index] = (page.items, error)
                lastError = error
                break
            } catch {
                lastError = error
                break
            }
        }
        isLoading = false
        show()
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume() }
    }

    /// Merges a page into the rows, as ``duplicates`` says. Returns how many items it added.
    private func accept(_ page: Page<Item>) throws -> Int {
        // The rows are edited in place: a copy would cost O(n) per page.
        // Most pages repeat nothing: appending checks that, and refuses a repeat before any edit.
        // Only then is the page merged item by item, as the policy says.
        if (try? rows.appendItems(page.items.map { Row.item($0) }, toSection: section)) != nil {
            lastDuplicateReport = DuplicateReport()
            return page.items.count
        }
        // Item by item, `next` holds the only reference to the rows while the page is merged;
        // whatever happens, they go back into `rows`: edited, or unchanged when a page is rejected
        // (which throws before any edit).
        var next = Snapshot<SectionID, Row>(uncheckedUniqueSections: [])
        swap(&next, &rows)
        defer { swap(&next, &rows) }
        var report = DuplicateReport<SectionID, PageRow<Item>.ID>()
        let base = next.numberOfItems(inSectionAt: 0)
        var appended: [Row] = []
        var appendedIndex: [Item.ID: Int] = [:]  // position in `appended`
        for offset in page.items.indices {
            let item = page.items[offset]
            let here = ItemPath(item: base + offset, section: 0)
            let earlier: ItemPath? = next.itemPath(for: .item(item.id)) ?? appendedIndex[item.id].map { _ in
                // Its position in the combined input: the page offset of the earlier copy.
                ItemPath(item: base + (page.items[..<offset].lastIndex { $0.id == item.id } ?? 0), section: 0)
            }
            guard let earlier else {
                appendedIndex[item.id] = appended.count
                appended.append(.item(item))
                continue
            }
            switch duplicates.kind {
            case .reject:
                throw SnapshotError<SectionID, Row.ID>.duplicateItem(.item(item.id), first: earlier, second: here)
            case .keepFirst:
                report.dropped.append(.init(id: .item(item.id), droppedAt: here, droppedFromSection: section, keptAt: earlier, keptInSection: section))
            case .keepLast:
                report.dropped.append(.init(id: .item(item.id), droppedAt: earlier, droppedFromSection: section, keptAt: here, keptInSection: section))
                if let position = appendedIndex[item.id] {
                    appended.remove(at: position)
                    appendedIndex = Dictionary(uniqueKeysWithValues: appended.enumerated().compactMap { entry in entry.element.item.map { ($0.id, entry.offset) } })
                } else {
                    try next.deleteItems([.item(item.id)])
                    rowsChangedOnScreen = true
                }
                appendedIndex[item.id] = appended.count
                appended.append(.item(item))
            }
        }
        try next.appendItems(appended, toSection: section)
        lastDuplicateReport = report
        return appended.count - report.dropped.filter { $0.droppedAt.item < base }.count
    }

    /// Shows the rows and the trailing loading or error row. When the screen still shows what this
    /// list showed last (and only rows were added after it), the change is applied in place, as
    /// inserts at the end: O(page size), with no diff of the whole list.
    private func show() {
        let trailer: Row? = isLoading ? .loading : lastError.map { .failed("\($0)") }
        let count = rows.numberOfItems(inSectionAt: 0)
        let onScreen = driver.latestSnapshot
        let expected = shownItemCount + (shownTrailer == nil ? 0 : 1)
        if !rowsChangedOnScreen, count >= shownItemCount, onScreen.numberOfSections == 1, onScreen.sections[0].id == section,
            onScreen.numberOfItems(inSectionAt: 0) == expected, onScreen.sections[0].items.last?.id == (shownTrailer?.id ?? lastShownRowID)
        {
            var edit = InPlaceEdit<SectionID, Row>(section: section)
            edit.appends = Array(rows.sections[0].items[shownItemCount...])
            // The trailing row stays last: it goes, and comes back after the new rows.
            let trailerStays = Self.same(shownTrailer, trailer) && edit.appends.isEmpty
            if let shownTrailer, !trailerStays { edit.deletions = [shownTrailer.id] }
            if let trailer, !trailerStays { edit.appends.append(trailer) }
            if (try? driver.applyInPlace(edit, animated: true, completion: nil)) != nil {
                remember(trailer: trailer)
                return
            }
        }
        var shown = rows
        if let trailer { try? shown.appendItems([trailer], toSection: section) }
        driver.apply(shown, completion: nil)
        rowsChangedOnScreen = false
        remember(trailer: trailer)
    }

    private static func same(_ a: Row?, _ b: Row?) -> Bool {
        switch (a, b) {
        case (nil, nil), (.loading?, .loading?): return true
        case (.failed(let x)?, .failed(let y)?): return x == y
        default: return false
        }
    }

    private func remember(trailer: Row?) {
        shownItemCount = rows.numberOfItems(inSectionAt: 0)
        lastShownRowID = rows.sections.first?.items.last?.id
        shownTrailer = trailer
    }
}
