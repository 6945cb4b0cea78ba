import Tabula

/// A list view without a screen that keeps UIKit's contract, so a data source can be tested on any
/// platform and a bad batch update fails a test instead of crashing an app.
///
/// What it does as `UITableView` / `UICollectionView` do:
/// - cells are registered by class or by nib and dequeued from a pool per reuse identifier;
///   dequeuing an unregistered identifier fails with UIKit's message;
/// - only the items inside the viewport are requested from the data source; cells that leave it are
///   prepared for reuse and go back to their pool;
/// - a batch update is checked with
///   `BatchUpdate.validate(before:after:flavor:mapItems:shiftedReloads:)` (UIKit's rules and
///   messages) against the counts the view had and the counts the data source now reports;
///   cells of items that merely moved or stayed are kept as they were, *not* requested again, so a
///   missing reload shows up as stale text, as it would on a device;
/// - so are the headers and footers of sections that stay or move: only inserted sections and the
///   sections a batch names in `updatedSectionTitles` show new titles (adapters refresh those in
///   place), so a missing title update shows up as a stale header;
/// - a reload is a delete plus an insert placed by the batch's deletes and inserts only, as UIKit
///   performs it: a reload that a move shifts throws UIKit's message where UIKit raises, and
///   otherwise shows the stale cell a device shows.
///
/// ```swift
/// let list = HeadlessListView(flavor: .table, viewportHeight: 10)
/// list.register(HeadlessCell.self, forCellReuseIdentifier: "cell")
/// list.dataSource = dataSource
/// try list.reloadData()
/// #expect(list.renderedText() == "…")
/// ```
///
/// Main-actor isolated, like the views it stands in for.
@MainActor
public final class HeadlessListView {
    /// The supplementary element kind for section headers (`UICollectionView.elementKindSectionHeader`).
    public nonisolated static let headerKind = "UICollectionElementKindSectionHeader"
    /// The supplementary element kind for section footers.
    public nonisolated static let footerKind = "UICollectionElementKindSectionFooter"

    /// Counts of what the view did, for assertions about reuse and configuration.
    public struct Counters: Hashable, Sendable {
        /// Cells instantiated because their pool was empty.
        public var cellsCreated = 0
        /// Cells taken from a pool.
        public var cellsReused = 0
        /// Cells requested from the data source (each is one configuration).
        public var cellRequests = 0
        /// Visible cells configured again in place (reconfigure).
        public var reconfigurations = 0
        /// Calls of ``reloadData()``.
        public var reloads = 0
        /// Batch updates accepted.
        public var batchUpdates = 0
        /// Of those, the ones performed without animation (`animatingDifferences: false`).
        public var batchUpdatesWithoutAnimation = 0
        /// Size passes: the view measured rows again after their cells were configured in place
        /// (``noteSizeChanged(ofItemsAt:)``).
        public var sizePasses = 0
        /// Rows measured again by those passes.
        public var rowsResized = 0
    }

    enum Registration {
        case cellClass(HeadlessCell.Type)
        case nib(HeadlessNib)
    }

    /// The rules and wording in force: `ListFlavor.table` or `ListFlavor.collection`.
    public let flavor: ListFlavor
    /// How many lines fit on screen (each header, row and footer takes one); `nil` shows everything,
    /// and a negative height is taken as 0.
    ///
    /// A setter cannot throw: an error from the data source while the view lays out the new height
    /// is kept in ``lastLayoutError``. ``setViewportHeight(_:)`` throws it instead.
    public var viewportHeight: Int? {
        didSet {
            do {
                try layout()
                lastLayoutError = nil
            } catch {
                lastLayoutError = error
            }
        }
    }
    /// The error of the last layout that a property setter started (``viewportHeight``), if it failed.
    public private(set) var lastLayoutError: (any Error)?

    /// Changes the viewport height and lays out, throwing what the data source throws.
    public func setViewportHeight(_ height: Int?) throws {
        viewportHeight = height
        if let lastLayoutError { throw lastLayoutError }
    }
    /// The resources nibs are loaded from.
    public var resources: ResourceCatalog
    /// Supplies counts and cells. Not retained, like `UITableView.dataSource`.
    public weak var dataSource: (any HeadlessListDataSource)?
    /// Hears about selection. Not retained.
    public weak var delegate: (any HeadlessListDelegate)?
    /// Told about items just below the viewport, before they are shown
    /// (`UITableViewDataSourcePrefetching`).
    public weak var prefetchDataSource: (any HeadlessListPrefetching)?
    /// What drags of the view's rows carry and where drops go (``beginDrag(itemsAt:)``). Held weakly.
    public weak var dragDelegate: (any HeadlessListDragDelegate)?
    /// How many lines below the viewport count as "soon shown" for ``prefetchDataSource``.
    public var prefetchDistance = 5
    /// The paths handed to ``prefetchDataSource`` and not shown yet.
    private var prefetched: Set<ItemPath> = []
    /// Whether the view is in a window. Adapters fall back to ``reloadData()`` when it is not, as
    /// UIKit stops animating there.
    public var isInWindow = true
    /// Whether the view is in editing mode (Edit/Done).
    public var isEditing = false
    /// Whether a tap adds a row to the selection (and a second tap removes it) outside editing
    /// mode, as `UITableView.allowsMultipleSelection`.
    public var allowsMultipleSelection = false
    /// Whether a tap adds a row to the selection in editing mode, as
    /// `UITableView.allowsMultipleSelectionDuringEditing`.
    public var allowsMultipleSelectionDuringEditing = false
    /// What the view has done so far.
    public internal(set) var counters = Counters()
    /// The announcements posted to assistive technologies, oldest first, as VoiceOver would
    /// speak them (`HeadlessListAdapter+Keyboard.swift`).
    public internal(set) var announcements: [String] = []
    /// The clock the view's adapter waits on before it announces: move it with
    /// ``HeadlessClock/advance(by:)``.
    public let clock = HeadlessClock()
    /// The first line shown, counted over headers, rows and footers.
    public private(set) var contentOffset = 0

    private var registrations: [String: Registration] = [:]
    private var supplementaryRegistrations: [String: HeadlessSupplementaryView.Type] = [:]
    private var pools: [String: [HeadlessCell]] = [:]
    // What the view shows: read and written by its extensions too (batch updates, selection and
    // editing, each in a file of its own), so internal rather than private.
    var sectionCounts: [Int] = []
    var headers: [String?] = []
    var footers: [String?] = []
    var headerViews: [Int: HeadlessSupplementaryView] = [:]
    var footerViews: [Int: HeadlessSupplementaryView] = [:]
    var visibleCells: [ItemPath: HeadlessCell] = [:]
    var selected: Set<ItemPath> = []
    var cellBeingReconfigured: HeadlessCell?
    var hasLoaded = false
    /// The rows' heights and the offset in points (`HeadlessListView+Scrolling.swift`).
    var points = HeadlessPointLayout()

    /// Creates a list view showing `viewportHeight` lines at a time (`nil`: all of them).
    public init(flavor: ListFlavor = .table, viewportHeight: Int? = 20, resources: ResourceCatalog = .empty) {
        self.flavor = flavor
        self.viewportHeight = viewportHeight
        self.resources = resources
    }

    // MARK: Registration and dequeueing

    /// Registers a cell class under a reuse identifier; a later registration replaces it.
    public func register(_ cellClass: HeadlessCell.Type, forCellReuseIdentifier identifier: String) {
        registrations[identifier] = .cellClass(cellClass)
    }

    /// Registers the nib named `nibName` from ``resources`` under a reuse identifier.
    ///
    /// - Throws: ``ListViewError/nibNotFound(_:)`` when the catalogue has no such nib. (UIKit only
    ///   fails at the first dequeue; failing here points at the line to fix.)
    public func register(nibNamed nibName: String, forCellReuseIdentifier identifier: String) throws {
        guard let nib = resources.nib(named: nibName) else { throw ListViewError.nibNotFound(nibName) }
        registrations[identifier] = .nib(nib)
    }

    /// Registers a supplementary view class (a header or footer view, or another kind) for an
    /// element kind and identifier.
    public func register(
        _ viewClass: HeadlessSupplementaryView.Type, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String
    ) {
        supplementaryRegistrations["\(kind)/\(identifier)"] = viewClass
    }

    /// What is registered under `identifier`: the cell class's name, or the nib's name and cell class.
    public func registration(forReuseIdentifier identifier: String) -> String? {
        switch registrations[identifier] {
        case .cellClass(let type): return "class \(type)"
        case .nib(let nib): return "nib \(nib.name) (\(nib.cellClassName))"
        case nil: return nil
        }
    }

    /// The reuse identifiers registered so far.
    public var registeredIdentifiers: Set<String> { Set(registrations.keys) }

    /// A cell for `path`: from the pool for `identifier` when one is free, otherwise a new one.
    ///
    /// - Throws: ``ListViewError/unregisteredIdentifier(_:flavor:)`` with UIKit's message.
    public func dequeueReusableCell(withIdentifier identifier: String, for path: ItemPath) throws -> HeadlessCell {
        if let cell = cellBeingReconfigured, cell.reuseIdentifier == identifier {
            cellBeingReconfigured = nil
            return cell
        }
        guard let registration = registrations[identifier] else { throw ListViewError.unregisteredIdentifier(identifier, flavor: flavor) }
        if var pool = pools[identifier], let cell = pool.popLast() {
            pools[identifier] = pool
            counters.cellsReused += 1
            return cell
        }
        counters.cellsCreated += 1
        switch registration {
        case .cellClass(let type):
            return type.init(reuseIdentifier: identifier)
        case .nib(let nib):
            let cell = nib.instantiate(identifier)
            cell.isFromNib = true
            cell.awakeFromNib()
            return cell
        }
    }

    /// A supplementary view of `kind` for `section`, from the pool of its registration.
    public func dequeueReusableSupplementaryView(
        ofKind kind: String, withReuseIdentifier identifier: String, for section: Int
    ) throws -> HeadlessSupplementaryView {
        guard let type = supplementaryRegistrations["\(kind)/\(identifier)"] else {
            throw ListViewError.unregisteredSupplementaryView(kind: kind, identifier: identifier)
        }
        return type.init(kind: kind, reuseIdentifier: identifier)
    }

    // MARK: Reading the view

    /// The number of sections the view shows (what it last learnt from its data source).
    public var numberOfSections: Int { sectionCounts.count }

    /// The number of items the view shows in `section`, or 0.
    public func numberOfItems(inSection section: Int) -> Int {
        sectionCounts.indices.contains(section) ? sectionCounts[section] : 0
    }

    /// The counts of every section, as the view believes them.
    public var itemCounts: [Int] { sectionCounts }

    /// The header title shown for `section`.
    public func headerTitle(forSection section: Int) -> String? {
        if let view = headerViews[section] { return view.text }
        return headers.indices.contains(section) ? headers[section] : nil
    }

    /// The footer title shown for `section`.
    public func footerTitle(forSection section: Int) -> String? {
        if let view = footerViews[section] { return view.text }
        return footers.indices.contains(section) ? footers[section] : nil
    }

    /// The header view of `section`, when its data source gave one.
    public func headerView(forSection section: Int) -> HeadlessSupplementaryView? { headerViews[section] }

    /// The footer view of `section`, when its data source gave one.
    public func footerView(forSection section: Int) -> HeadlessSupplementaryView? { footerViews[section] }

    /// The cell shown at `path`, or `nil` when it is not visible.
    public func cellForItem(at path: ItemPath) -> HeadlessCell? { visibleCells[path] }

    /// The paths of the items on screen, in order.
    public var indexPathsForVisibleItems: [ItemPath] { visibleCells.keys.sorted() }

    /// The selected paths, in order.
    public var indexPathsForSelectedItems: [ItemPath] { selected.sorted() }

    /// The rows the last size pass measured again.
    public private(set) var lastResizedItems: [ItemPath] = []

    /// Measures again the rows of the items at `paths`, whose cells were configured in place: what
    /// a self-sizing cell's invalidation does in UIKit, and `noteHeightOfRows(withIndexesChanged:)`
    /// in AppKit. The headless view's rows are one line each: the pass is counted
    /// (``Counters/sizePasses``, ``Counters/rowsResized``) and its rows kept in ``lastResizedItems``.
    public func noteSizeChanged(ofItemsAt paths: [ItemPath]) {
        counters.sizePasses += 1
        counters.rowsResized += paths.count
        lastResizedItems = paths
    }

    /// How many cells wait in the pool for `identifier`.
    public func pooledCellCount(forReuseIdentifier identifier: String) -> Int { pools[identifier]?.count ?? 0 }

    // MARK: Loading

    /// Forgets everything shown and asks the data source again, as `reloadData()` does.
    public func reloadData() throws {
        guard let dataSource else { throw ListViewError.noDataSource }
        counters.reloads += 1
        for (path, cell) in visibleCells { enqueue(cell, at: path) }
        visibleCells = [:]
        selected = []
        try readStructure(from: dataSource)
        hasLoaded = true
        resetPointLayout()
        try layout()
    }

    /// Whether ``reloadData()`` has run at least once.
    public var hasLoadedData: Bool { hasLoaded }


    // MARK: Scrolling

    /// Scrolls so that `path` is the first line on screen (or as far as the content allows).
    public func scrollToItem(at path: ItemPath) throws {
        guard let line = line(of: path) else { throw ListViewError.itemPathOutOfRange(path, operation: "scroll to") }
        contentOffset = line
        try layout()
    }

    /// Scrolls by `lines` (negative: up), clamped to the content.
    public func scroll(by lines: Int) throws {
        let (sum, overflow) = contentOffset.addingReportingOverflow(lines)
        contentOffset = overflow ? (lines > 0 ? Int.max : 0) : sum
        try layout()
    }

    /// Scrolls to the top.
    public func scrollToTop() throws {
        contentOffset = 0
        try layout()
    }


    // MARK: Rendering

    /// The screen as text: section headers, each visible cell's ``HeadlessCell/renderedText``
    /// (selected cells marked `▸`), and footers, one per line.
    public func renderedText() -> String {
        visibleLines().map { line -> String in
            switch line {
            case .header(let section): return "## \(headerTitle(forSection: section) ?? "")"
            case .footer(let section): return "   (\(footerTitle(forSection: section) ?? ""))"
            case .item(let path):
                guard let cell = visibleCells[path] else { return "   <missing cell>" }
                return (cell.isSelected ? " ▸ " : "   ") + cell.renderedText
            }
        }.joined(separator: "\n")
    }

    /// The text of every visible cell by path.
    public func visibleTexts() -> [ItemPath: String] { visibleCells.mapValues(\.renderedText) }

    // MARK: Internals

    enum Line: Hashable {
        case header(Int), item(ItemPath), footer(Int)
    }

    func readStructure(from dataSource: any HeadlessListDataSource) throws {
        let sections = dataSource.numberOfSections(in: self)
        sectionCounts = (0..<sections).map { dataSource.listView(self, numberOfItemsInSection: $0) }
        headers = (0..<sections).map { dataSource.listView(self, titleForHeaderInSection: $0) }
        footers = (0..<sections).map { dataSource.listView(self, titleForFooterInSection: $0) }
        // Tables and collections both ask for header and footer views (a table through its
        // delegate's `viewForHeaderInSection`); a view replaces the title.
        headerViews = [:]
        footerViews = [:]
        for section in 0..<sections {
            if let view = try dataSource.listView(self, viewForSupplementaryElementOfKind: Self.headerKind, at: section) {
                headerViews[section] = view
            }
            if let view = try dataSource.listView(self, viewForSupplementaryElementOfKind: Self.footerKind, at: section) {
                footerViews[section] = view
            }
        }
    }

    func contains(_ path: ItemPath) -> Bool {
        sectionCounts.indices.contains(path.section) && (0..<sectionCounts[path.section]).contains(path.item)
    }

    private var totalLines: Int {
        var total = 0
        for section in sectionCounts.indices {
            total += sectionCounts[section]
            if headerTitle(forSection: section) != nil { total += 1 }
            if footerTitle(forSection: section) != nil { total += 1 }
        }
        return total
    }

    private func line(of path: ItemPath) -> Int? {
        guard contains(path) else { return nil }
        var line = 0
        for section in 0..<path.section {
            line += sectionCounts[section]
            if headerTitle(forSection: section) != nil { line += 1 }
            if footerTitle(forSection: section) != nil { line += 1 }
        }
        if headerTitle(forSection: path.section) != nil { line += 1 }
        return line + path.item
    }

    private func visibleLines() -> [Line] {
        let total = totalLines
        let height = max(0, viewportHeight ?? total)  // a negative height shows nothing
        contentOffset = max(0, min(contentOffset, max(0, total - height)))
        let range = contentOffset..<(contentOffset + height)
        var lines = [Line]()
        var line = 0
        for section in sectionCounts.indices {
            if line >= range.upperBound { break }
            if headerTitle(forSection: section) != nil {
                if range.contains(line) { lines.append(.header(section)) }
                line += 1
            }
            let count = sectionCounts[section]
            let first = max(0, range.lowerBound - line), last = min(count, range.upperBound - line)
            if first < last { for item in first..<last { lines.append(.item(ItemPath(item: item, section: section))) } }
            line += count
            if footerTitle(forSection: section) != nil {
                if range.contains(line) { lines.append(.footer(section)) }
                line += 1
            }
        }
        return lines
    }

    /// Brings the visible cells in line with the viewport: cells that left go to their pools, items
    /// that came into view are requested.
    func layout() throws {
        guard hasLoaded, let dataSource else { return }
        let wanted = Set(visibleLines().compactMap { line -> ItemPath? in
            if case .item(let path) = line { return path }
            return nil
        })
        for (path, cell) in visibleCells where !wanted.contains(path) {
            visibleCells[path] = nil
            enqueue(cell, at: path)
        }
        prefetchBelowViewport(visible: wanted)
        for path in wanted.sorted() where visibleCells[path] == nil {
            counters.cellRequests += 1
            let cell = try dataSource.listView(self, cellForItemAt: path)
            cell.configurationCount += 1
            cell.isSelected = selected.contains(path)
            visibleCells[path] = cell
            delegate?.listView(self, willDisplay: cell, forItemAt: path)
        }
    }

    /// Hands the items within ``prefetchDistance`` lines below the viewport to the prefetch data
    /// source, once each until they are shown or leave that band (then their prefetching is
    /// cancelled).
    private func prefetchBelowViewport(visible: Set<ItemPath>) {
        guard let prefetchDataSource, let height = viewportHeight, prefetchDistance > 0 else { return }
        let band = contentOffset + max(0, height)..<(contentOffset + max(0, height) + prefetchDistance)
        var soon = Set<ItemPath>()
        var line = 0
        for section in sectionCounts.indices {
            if headerTitle(forSection: section) != nil { line += 1 }
            for item in 0..<sectionCounts[section] where band.contains(line + item) { soon.insert(ItemPath(item: item, section: section)) }
            line += sectionCounts[section]
            if footerTitle(forSection: section) != nil { line += 1 }
            if line >= band.upperBound { break }
        }
        soon.subtract(visible)
        let new = soon.subtracting(prefetched).sorted()
        let cancelled = prefetched.subtracting(soon).subtracting(visible).sorted()
        prefetched = soon
        if !new.isEmpty { prefetchDataSource.listView(self, prefetchItemsAt: new) }
        if !cancelled.isEmpty { prefetchDataSource.listView(self, cancelPrefetchingForItemsAt: cancelled) }
    }

    /// Takes `cell`, which showed the item at `path`, off the screen: the delegate hears it ended
    /// displaying, and the cell goes back to its pool.
    func enqueue(_ cell: HeadlessCell, at path: ItemPath) {
        delegate?.listView(self, didEndDisplaying: cell, forItemAt: path)
        cell.prepareForReuse()
        pools[cell.reuseIdentifier, default: []].append(cell)
    }
}
