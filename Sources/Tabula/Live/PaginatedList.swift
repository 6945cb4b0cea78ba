/// Loads pages as the user scrolls near the end, and, with a `loadOlder` loader, older pages as
/// the user nears the top, and shows them in a list.
///
/// - The next page is requested when a row within ``prefetchDistance`` of the end becomes visible
///   (call ``rowWillAppear(at:)`` from the adapter's `onWillDisplay`, which every adapter has);
///   an older page when a row within ``prefetchDistance`` of the top does, or on
///   ``loadPreviousPage()``.
/// - While a page loads, a loading row is shown (``PageRow/loading`` after the items, or
///   ``PageRow/loadingOlder`` before them); if it fails, an error row with retry is shown
///   (``PageRow/failed(_:)``, ``PageRow/failedOlder(_:)``). The two ends load, fail and retry
///   independently, and may load at the same time.
/// - The same page is never requested twice at once, and a page that was accepted or rejected is
///   never requested again.
/// - A page that brings no new item (empty, or only repeats) but says more follow is not the end:
///   the next page is requested at once, up to ``maxPagesWithoutNewItems`` in a row.
/// - A loader that does not answer within ``timeout`` fails the page (``PaginationError/timedOut(page:afterSeconds:)``);
///   ``cancelLoading()`` (``cancelLoadingOlder()`` at the top) stops a load at any time. Either
///   shows the retry row.
/// - An item that arrives again on a later page, at either end (servers do this), is handled by
///   ``duplicates``: ``DuplicatePolicy/keepFirst`` (the default: the copy loaded first stays),
///   ``DuplicatePolicy/keepLast`` (the new copy replaces the old one, where the new one is), or
///   ``DuplicatePolicy/reject`` (the page is refused with a ``SnapshotError`` in ``lastError``
///   or ``lastOlderError`` and kept in ``rejectedPages`` or ``rejectedOlderPages``; retrying
///   moves on to the next page, since the same page would be refused again).
/// - An older page goes in above the rows shown without moving them: unless the driver holds
///   another row (``ListDriver/scrollAnchorForNextUpdate``, or a ``ListDriver/scrollAnchor`` of
///   ``ScrollAnchor/bottom`` or ``ScrollAnchor/item(_:)``), an update that changes the top holds
///   the first item on screen (``ScrollAnchor/firstVisibleItemIgnoring(_:)`` the state rows), so
///   the row the user reads stays where it is.
///
/// ```swift
/// let feed = PaginatedList<String, Post>(section: "feed", driver: adapter.driver) { page in
///     try await api.posts(page: page)
/// }
/// await feed.loadNextPage()
/// ```
///
/// A chat loads the newest messages first and older ones as the user scrolls up:
///
/// ```swift
/// let chat = PaginatedList<String, Message>(
///     section: "chat", driver: adapter.driver, loadOlder: { page in try await api.messages(before: page) }
/// ) { page in try await api.messages(after: page) }
/// adapter.onWillDisplay = { _, path in chat.rowWillAppear(at: path.item) }
/// ```
///
/// Each page at the end costs O(page size) to merge, not O(items loaded): the list edits its
/// snapshot in place. Showing it costs O(page size) too while the screen shows what the list last
/// showed (the page goes in as inserts at the end, without a diff); otherwise, and for a change at
/// the top, it goes through the driver's diff, which is O(items loaded).
@MainActor
public final class PaginatedList<SectionID: Hashable & Sendable, Item: Identifiable & Sendable> where Item.ID: Sendable {
    /// The rows the list shows: items, and its loading and failure rows.
    public typealias Row = PageRow<Item>

    /// Loads page `index` (0, 1, 2, …) at the end.
    public let load: @Sendable (Int) async throws -> Page<Item>
    /// Loads older page `index`: 0 is the page just above the first page ``load`` brought, 1 the
    /// one above that, and so on; each page's items in the order they are shown, top to bottom.
    /// `nil`: no older page loads.
    public let loadOlder: (@Sendable (Int) async throws -> Page<Item>)?
    /// The driver the rows are applied to.
    public let driver: ListDriver<SectionID, Row>
    /// The section the rows are shown in.
    public let section: SectionID
    /// How close to the end (or, with ``loadOlder``, to the top) in rows a visible row triggers
    /// a page; a negative distance is taken as 0.
    public var prefetchDistance = 5
    /// What to do with an item that arrives again.
    public var duplicates: DuplicatePolicy = .keepFirst
    /// How long a page may take, in seconds, before it fails with
    /// ``PaginationError/timedOut(page:afterSeconds:)``; `nil` waits for ever. Default: 30.
    public var timeout: Double? = 30
    /// How many pages in a row, at one end, may bring no new item while saying more follow, before
    /// the list stops with ``PaginationError/noNewItems(pages:lastPage:)``. Default: 10.
    public var maxPagesWithoutNewItems = 10
    /// The items loaded so far, in order, without the state rows.
    public var items: [Item] { rows.sections.first?.items.compactMap { $0.item } ?? [] }
    /// The number of items loaded so far.
    public var itemCount: Int { rows.numberOfItems }
    /// The pages loaded (or rejected) so far at the end.
    var loadedPages: Int { newer.loadedPages }
    /// Whether more pages may follow at the end.
    public var hasMore: Bool { newer.hasMore }
    /// Whether a page is being loaded at the end.
    public var isLoading: Bool { newer.isLoading }
    /// The most recent failure at the end: the loader's error, a ``PaginationError``, or a
    /// ``SnapshotError`` for a page rejected by ``DuplicatePolicy/reject`` (naming the repeated
    /// identifier and both positions).
    public var lastError: (any Error)? { newer.lastError }
    /// Whether more older pages may follow: `false` without ``loadOlder``.
    public var hasMoreOlder: Bool { older.hasMore }
    /// Whether an older page is being loaded.
    public var isLoadingOlder: Bool { older.isLoading }
    /// The most recent failure at the top, as ``lastError`` is at the end. In a
    /// ``PaginationError``, `page` counts older pages.
    public var lastOlderError: (any Error)? { older.lastError }
    /// Pages refused by ``DuplicatePolicy/reject``, by index, with their items and the error: kept
    /// so that nothing is lost silently.
    public private(set) var rejectedPages: [Int: (items: [Item], error: SnapshotError<SectionID, Row.ID>)] = [:]
    /// Older pages refused by ``DuplicatePolicy/reject``, by older page index, as ``rejectedPages``.
    public private(set) var rejectedOlderPages: [Int: (items: [Item], error: SnapshotError<SectionID, Row.ID>)] = [:]
    /// What the last page's duplicates were, with ``DuplicatePolicy/keepFirst`` or ``DuplicatePolicy/keepLast``.
    public private(set) var lastDuplicateReport = DuplicateReport<SectionID, PageRow<Item>.ID>()
    /// How many requests were made at the end (a test can check no page was requested twice).
    public var requests: [Int] { newer.requests }
    /// The older pages requested, in order, as ``requests``.
    public var olderRequests: [Int] { older.requests }

    /// The item rows, in one section (no state row).
    private var rows: Snapshot<SectionID, Row>
    /// The two ends pages load at.
    private let newer: PageEdge<Item>
    private let older: PageEdge<Item>
    /// What ``show()`` last put on screen: how many rows, the first and last of them, and the
    /// leading and trailing rows.
    private var shownItemCount = 0
    private var firstShownRowID: Row.ID?
    private var lastShownRowID: Row.ID?
    private var shownLeader: Row?
    private var shownTrailer: Row?
    /// Rows already shown were removed (``DuplicatePolicy/keepLast``): the next show diffs.
    private var rowsChangedOnScreen = false

    /// Creates a list that loads pages with `load` and shows them through `driver`; with
    /// `loadOlder`, older pages load too, above the first page.
    public init(
        section: SectionID, driver: ListDriver<SectionID, Row>, loadOlder: (@Sendable (Int) async throws -> Page<Item>)? = nil,
        load: @escaping @Sendable (Int) async throws -> Page<Item>
    ) {
        self.section = section
        self.driver = driver
        self.load = load
        self.loadOlder = loadOlder
        self.newer = PageEdge(load: load)
        self.older = PageEdge(load: loadOlder)
        self.rows = Snapshot(uncheckedUniqueSections: [Section(section)])
    }

    /// Call when the row at `index` (in the section, state rows included) is about to be shown.
    /// Near the end, the next page starts loading at once; near the top, with ``loadOlder``, the
    /// next older page: the loading row is on screen when this returns.
    public func rowWillAppear(at index: Int) {
        let leading = older.isLoading || older.lastError != nil ? 1 : 0
        let rowCount = leading + itemCount + (newer.isLoading || newer.lastError != nil ? 1 : 0)
        let distance = max(0, min(prefetchDistance, rowCount))
        if newer.lastError == nil, index >= rowCount - distance, startLoading(newer) {
            Task { await self.loadPages(at: newer) }
        }
        if older.load != nil, older.lastError == nil, index < distance, startLoading(older) {
            Task { await self.loadPages(at: older) }
        }
    }

    /// Loads the next page unless one is loading already or none is left, and returns once the
    /// load in flight has ended; also the retry action of the error row.
    public func loadNextPage() async {
        await loadPage(at: newer)
    }

    /// Loads the next older page (with ``loadOlder``) unless one is loading already or none is
    /// left, and returns once the load in flight has ended; also the retry action of the older
    /// pages' error row. Its items go in at the top.
    public func loadPreviousPage() async {
        await loadPage(at: older)
    }

    /// Stops the load in flight at the end; the error row shows ``PaginationError/cancelled(page:)``
    /// and retrying requests the same page again.
    public func cancelLoading() {
        newer.cancel()
    }

    /// Stops the older page's load in flight, as ``cancelLoading()`` does at the end.
    public func cancelLoadingOlder() {
        older.cancel()
    }

    /// Changes the items loaded, between pages: what a live source says meanwhile (a message
    /// edited or deleted, a new one at the end), and shows the result through the driver's diff,
    /// which holds the row read as its ``ListDriver/scrollAnchor`` says (when the first row
    /// changes, the first item on screen, as for an older page). An identifier that `edit`
    /// repeats is dropped as ``duplicates`` says (``DuplicatePolicy/reject`` keeps the first copy
    /// here: a live change is not refused) and reported in ``lastDuplicateReport``. Pages loading
    /// meanwhile go in around the edited items.
    ///
    /// ```swift
    /// chat.editItems { $0.append(message) }                      // a message arrives
    /// chat.editItems { $0.removeAll { $0.id == deletedID } }     // one is deleted
    /// ```
    ///
    /// - Complexity: O(*n*) in the items loaded, and the driver's diff.
    public func editItems(_ edit: (inout [Item]) -> Void) {
        var items = self.items
        edit(&items)
        let keep: DuplicatePolicy = duplicates == .keepLast ? .keepLast : .keepFirst
        let sections = [Section<SectionID, Row>(section, items: items.map(Row.item))]
        // Section identifiers do not repeat, and item repeats are dropped: nothing is thrown.
        guard let resolved = try? Snapshot.resolvingDuplicates(in: sections, keeping: keep) else { return }
        rows = resolved.snapshot
        lastDuplicateReport = resolved.report
        rowsChangedOnScreen = true
        show()
    }

    private func loadPage(at edge: PageEdge<Item>) async {
        if edge.isLoading {
            await withCheckedContinuation { edge.waiters.append($0) }
        } else if startLoading(edge) {
            // Loaded here, not in a task of its own: each hop to the main actor is a thread wake.
            await loadPages(at: edge)
        }
    }

    /// Marks `edge`'s next page as loading and shows its loading row; `false` when a page is
    /// already loading there or none is left. The caller then runs ``loadPages(at:)``.
    private func startLoading(_ edge: PageEdge<Item>) -> Bool {
        guard edge.start() else { return false }
        show()
        return true
    }

    /// Loads pages at `edge` until one brings new items, one fails, or none is left.
    private func loadPages(at edge: PageEdge<Item>) async {
        var withoutNewItems = 0
        while true {
            let index = edge.loadedPages
            let outcome = await edge.fetch(timeout: timeout)
            guard case .success(let page) = outcome else {
                if case .failure(let error) = outcome { edge.lastError = error }
                break
            }
            edge.loadedPages += 1
            edge.hasMore = page.hasMore
            do {
                let added = try accept(page, atTop: edge === older)
                guard added == 0, edge.hasMore else { break }
                withoutNewItems += 1
                if withoutNewItems >= max(1, maxPagesWithoutNewItems) {
                    edge.lastError = PaginationError.noNewItems(pages: withoutNewItems, lastPage: index)
                    break
                }
            } catch let error as SnapshotError<SectionID, Row.ID> {
                if edge === older { rejectedOlderPages[index] = (page.items, error) } else { rejectedPages[index] = (page.items, error) }
                edge.lastError = error
                break
            } catch {
                edge.lastError = error
                break
            }
        }
        edge.isLoading = false
        show()
        edge.resumeWaiters()
    }

    /// Merges a page into the rows, after them or (`atTop`) before them, as ``duplicates`` says.
    /// Returns how many items it added.
    ///
    /// Positions in reports and errors are in the rows and the page taken together, in the order
    /// they would be shown (the page first when `atTop`); the duplicate policies speak of the order
    /// copies arrived in, the copy already loaded being the first.
    private func accept(_ page: Page<Item>, atTop: Bool) throws -> Int {
        // The rows are edited in place: a copy would cost O(n) per page.
        // Most pages repeat nothing: inserting checks that, and refuses a repeat before any edit.
        // Only then is the page merged item by item, as the policy says.
        let fresh = page.items.map { Row.item($0) }
        if (try? insert(fresh, atTop: atTop, into: &rows)) != nil {
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
        let pageBase = atTop ? 0 : next.numberOfItems(inSectionAt: 0), rowsBase = atTop ? page.items.count : 0
        var added: [Row] = []
        var addedIndex: [Item.ID: Int] = [:]  // position in `added`
        var replaced = 0
        for offset in page.items.indices {
            let item = page.items[offset]
            let here = ItemPath(item: pageBase + offset, section: 0)
            let earlier: ItemPath? = next.itemPath(for: .item(item.id)).map { ItemPath(item: rowsBase + $0.item, section: 0) }
                ?? addedIndex[item.id].map { _ in
                    // Its position in the combined input: the page offset of the earlier copy.
                    ItemPath(item: pageBase + (page.items[..<offset].lastIndex { $0.id == item.id } ?? 0), section: 0)
                }
            guard let earlier else {
                addedIndex[item.id] = added.count
                added.append(.item(item))
                continue
            }
            switch duplicates.kind {
            case .reject:
                let (first, second) = earlier.item < here.item ? (earlier, here) : (here, earlier)
                throw SnapshotError<SectionID, Row.ID>.duplicateItem(.item(item.id), first: first, second: second)
            case .keepFirst:
                report.dropped.append(.init(id: .item(item.id), droppedAt: here, droppedFromSection: section, keptAt: earlier, keptInSection: section))
            case .keepLast:
                report.dropped.append(.init(id: .item(item.id), droppedAt: earlier, droppedFromSection: section, keptAt: here, keptInSection: section))
                if let position = addedIndex[item.id] {
                    added.remove(at: position)
                    addedIndex = Dictionary(uniqueKeysWithValues: added.enumerated().compactMap { entry in entry.element.item.map { ($0.id, entry.offset) } })
                } else {
                    try next.deleteItems([.item(item.id)])
                    rowsChangedOnScreen = true
                    replaced += 1
                }
                addedIndex[item.id] = added.count
                added.append(.item(item))
            }
        }
        try insert(added, atTop: atTop, into: &next)
        lastDuplicateReport = report
        return added.count - replaced
    }

    /// Puts `new` after the rows, or before them.
    private func insert(_ new: [Row], atTop: Bool, into rows: inout Snapshot<SectionID, Row>) throws {
        if atTop, let first = rows.sections[0].items.first {
            try rows.insertItems(new, beforeItem: first.id)
        } else {
            try rows.appendItems(new, toSection: section)
        }
    }

    /// Shows the rows with the leading and trailing loading or error rows. When the screen still
    /// shows what this list showed last (and only rows were added after it), the change is applied
    /// in place, as inserts at the end: O(page size), with no diff of the whole list. A change at
    /// the top goes through the diff, holding the first item shown (see the type's discussion).
    private func show() {
        let leader: Row? = older.isLoading ? .loadingOlder : older.lastError.map { .failedOlder("\($0)") }
        let trailer: Row? = newer.isLoading ? .loading : newer.lastError.map { .failed("\($0)") }
        // Rows went in above those shown (an older page), or the leading row changed.
        let prepended = firstShownRowID.map { rows.sections[0].items.first?.id != $0 } ?? false
        let topChanged = prepended || !Self.same(shownLeader, leader)
        if !topChanged, !rowsChangedOnScreen, showInPlace(trailer: trailer) { return }
        if topChanged { holdFirstItemOnScreen() }
        var shown = rows
        if let leader { try? insert([leader], atTop: true, into: &shown) }
        if let trailer { try? shown.appendItems([trailer], toSection: section) }
        driver.apply(shown, completion: nil)
        rowsChangedOnScreen = false
        remember(leader: leader, trailer: trailer)
    }

    /// Shows rows added at the end, and the trailing row, as an edit in place, when the screen
    /// shows what this list showed last; `false` when it does not.
    private func showInPlace(trailer: Row?) -> Bool {
        let count = rows.numberOfItems(inSectionAt: 0)
        let onScreen = driver.latestSnapshot
        let expected = (shownLeader == nil ? 0 : 1) + shownItemCount + (shownTrailer == nil ? 0 : 1)
        guard count >= shownItemCount, onScreen.numberOfSections == 1, onScreen.sections[0].id == section,
            onScreen.numberOfItems(inSectionAt: 0) == expected, onScreen.sections[0].items.last?.id == (shownTrailer?.id ?? lastShownRowID),
            onScreen.sections[0].items.first?.id == (shownLeader?.id ?? firstShownRowID ?? shownTrailer?.id)
        else { return false }
        var edit = InPlaceEdit<SectionID, Row>(section: section)
        edit.appends = Array(rows.sections[0].items[shownItemCount...])
        // The trailing row stays last: it goes, and comes back after the new rows.
        let trailerStays = Self.same(shownTrailer, trailer) && edit.appends.isEmpty
        if let shownTrailer, !trailerStays { edit.deletions = [shownTrailer.id] }
        if let trailer, !trailerStays { edit.appends.append(trailer) }
        guard (try? driver.applyInPlace(edit, animated: true, completion: nil)) != nil else { return false }
        remember(leader: shownLeader, trailer: trailer)
        return true
    }

    /// Holds the first item on screen (passing over the state rows) through the next update,
    /// unless the driver holds a row of its own choosing: rows going in or out above it do not
    /// move it. An item on screen, not the first one loaded: its height is measured, so rows that
    /// are sized as the update lays them out cannot move it.
    private func holdFirstItemOnScreen() {
        guard driver.scrollAnchorForNextUpdate == nil else { return }
        switch driver.scrollAnchor {
        case .none, .firstVisibleItem, .firstVisibleItemIgnoring:
            driver.scrollAnchorForNextUpdate = .firstVisibleItemIgnoring([.loadingOlder, .failedOlder, .loading, .failed])
        case .bottom, .item: break
        }
    }

    private static func same(_ a: Row?, _ b: Row?) -> Bool {
        switch (a, b) {
        case (nil, nil), (.loading?, .loading?), (.loadingOlder?, .loadingOlder?): return true
        case (.failed(let x)?, .failed(let y)?), (.failedOlder(let x)?, .failedOlder(let y)?): return x == y
        default: return false
        }
    }

    private func remember(leader: Row?, trailer: Row?) {
        shownItemCount = rows.numberOfItems(inSectionAt: 0)
        firstShownRowID = rows.sections.first?.items.first?.id
        lastShownRowID = rows.sections.first?.items.last?.id
        shownLeader = leader
        shownTrailer = trailer
    }
}
