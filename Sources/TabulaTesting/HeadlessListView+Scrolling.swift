import Tabula

/// The rows' heights and the scroll position in points, kept beside the view's lines.
struct HeadlessPointLayout {
    /// The viewport's height in points; `nil`: the view has no point layout.
    var viewportHeight: Double?
    var estimatedRowHeight = 44.0
    var measure: (@MainActor (ItemPath) -> Double)?
    var offset = 0.0
    /// Each row's height (estimated until measured), by section.
    var heights: [[Double]] = []
    var measured: [[Bool]] = []

    /// Every row estimated, for the sections' counts.
    mutating func reset(to counts: [Int]) {
        heights = counts.map { Array(repeating: estimatedRowHeight, count: $0) }
        measured = counts.map { Array(repeating: false, count: $0) }
    }

    /// The heights after a batch: rows that stayed or moved keep theirs (and whether they were
    /// measured); inserted rows are estimated; reloaded rows keep their height as the estimate and
    /// are measured again.
    mutating func carry(from before: [Int], to after: [Int], destination: (ItemPath) -> ItemPath?, fresh: Set<ItemPath>) {
        var newHeights = after.map { Array(repeating: estimatedRowHeight, count: $0) }
        var newMeasured = after.map { Array(repeating: false, count: $0) }
        for section in before.indices where heights.indices.contains(section) {
            for item in heights[section].indices {
                guard let to = destination(ItemPath(item: item, section: section)),
                    newHeights.indices.contains(to.section), newHeights[to.section].indices.contains(to.item)
                else { continue }
                newHeights[to.section][to.item] = heights[section][item]
                newMeasured[to.section][to.item] = measured[section][item] && !fresh.contains(to)
            }
        }
        heights = newHeights
        measured = newMeasured
    }
}

extension HeadlessListView {
    // MARK: Rows in points

    /// The viewport's height in points. `nil` (the default): the rows have no heights, and the view
    /// scrolls by lines only. Once set, each row has a height (``estimatedRowHeight`` until
    /// ``rowHeight`` measures it, which happens when it comes on screen, or after a batch that
    /// inserts or reloads it on screen), headers and footers take none, and ``pointOffset`` says
    /// how far the content is scrolled.
    ///
    /// ```swift
    /// let list = HeadlessListView(viewportHeight: 10)
    /// list.pointViewportHeight = 400
    /// list.estimatedRowHeight = 44
    /// list.rowHeight = { path in path.item.isMultiple(of: 2) ? 60 : 30 }
    /// ```
    public var pointViewportHeight: Double? {
        get { points.viewportHeight }
        set {
            points.viewportHeight = newValue
            if points.heights.map(\.count) != itemCounts { points.reset(to: itemCounts) }
            measureVisibleRows()
        }
    }

    /// The height a row has until it is measured. Default: 44.
    public var estimatedRowHeight: Double {
        get { points.estimatedRowHeight }
        set { points.estimatedRowHeight = newValue }
    }

    /// Measures the row at a path, with the data source's current state (`nil`: every row keeps
    /// ``estimatedRowHeight``). A self-sizing cell's height, asked once a row is on screen.
    public var rowHeight: (@MainActor (ItemPath) -> Double)? {
        get { points.measure }
        set { points.measure = newValue }
    }

    /// How far the content is scrolled, in points: the content's coordinate at the viewport's top.
    public var pointOffset: Double { points.offset }

    /// The height of all rows, in points.
    public var contentHeightInPoints: Double { points.heights.reduce(0) { $0 + $1.reduce(0, +) } }

    /// Whether the row at `path` has been measured (otherwise it has its estimated height).
    public func isRowMeasured(at path: ItemPath) -> Bool {
        points.measured.indices.contains(path.section) && points.measured[path.section].indices.contains(path.item)
            && points.measured[path.section][path.item]
    }

    /// The top and height of the row at `path`, in points, or `nil` without a point layout or
    /// such a row.
    public func frameOfItem(at path: ItemPath) -> (minY: Double, height: Double)? {
        guard points.viewportHeight != nil, points.heights.indices.contains(path.section),
            points.heights[path.section].indices.contains(path.item)
        else { return nil }
        let above = points.heights[..<path.section].reduce(0) { $0 + $1.reduce(0, +) }
        return (above + points.heights[path.section][..<path.item].reduce(0, +), points.heights[path.section][path.item])
    }

    /// The rows' frames and the scroll position, for `ScrollAnchor`: each row's identifier is
    /// `id(path)` (rows for which it is `nil` are left out).
    public func anchorLayout<ID: Hashable & Sendable>(id: (ItemPath) -> ID?) -> AnchorLayout<ID> {
        var rows: [AnchorLayout<ID>.Row] = []
        var top = 0.0
        for (section, heights) in points.heights.enumerated() {
            for (item, height) in heights.enumerated() {
                if let id = id(ItemPath(item: item, section: section)) { rows.append(.init(id: id, minY: top, height: height)) }
                top += height
            }
        }
        return AnchorLayout(rows: rows, contentOffset: points.offset, viewportHeight: points.viewportHeight ?? 0, contentHeight: top)
    }

    /// Scrolls to `offset` points (clamped to the content), measures the rows that come on
    /// screen, and shows from the first row on screen in the lines too.
    public func scroll(toPointOffset offset: Double) {
        setPointOffset(offset)
        measureVisibleRows()
        showFirstVisibleRowInLines()
    }

    /// Sets the offset, clamped, without measuring.
    func setPointOffset(_ offset: Double) {
        let maxOffset = max(0, contentHeightInPoints - (points.viewportHeight ?? 0))
        points.offset = min(max(offset, 0), maxOffset)
    }

    /// Measures the rows on screen not measured yet, until every row on screen is; whether any
    /// height changed.
    @discardableResult
    func measureVisibleRows() -> Bool {
        guard let viewport = points.viewportHeight else { return false }
        var changed = false
        var again = true
        while again {
            again = false
            var top = 0.0
            rows: for section in points.heights.indices {
                for item in points.heights[section].indices {
                    defer { top += points.heights[section][item] }
                    if top >= points.offset + viewport { break rows }
                    let height = points.heights[section][item]
                    guard top + height > points.offset || top >= points.offset, !points.measured[section][item] else { continue }
                    points.measured[section][item] = true
                    let size = points.measure?(ItemPath(item: item, section: section)) ?? points.estimatedRowHeight
                    if size != height {
                        points.heights[section][item] = max(0, size)
                        changed = true
                        again = true
                    }
                }
            }
            if again { setPointOffset(points.offset) }
        }
        return changed
    }

    /// Scrolls the lines so that the first row on screen in points is the first line shown.
    func showFirstVisibleRowInLines() {
        var top = 0.0
        for section in points.heights.indices {
            for item in points.heights[section].indices {
                top += points.heights[section][item]
                if top > points.offset {
                    try? scrollToItem(at: ItemPath(item: item, section: section))
                    return
                }
            }
        }
    }

    /// Called as the view reloads: every row is estimated again.
    func resetPointLayout() {
        guard points.viewportHeight != nil else { return }
        points.reset(to: itemCounts)
        setPointOffset(points.offset)
        measureVisibleRows()
    }

    /// Called inside a batch, once the new counts are read: rows keep their heights where they go.
    func carryPointLayout(from before: [Int], destination: (ItemPath) -> ItemPath?, fresh: Set<ItemPath>) {
        guard points.viewportHeight != nil else { return }
        points.carry(from: before, to: itemCounts, destination: destination, fresh: fresh)
        setPointOffset(points.offset)
        measureVisibleRows()
    }
}
