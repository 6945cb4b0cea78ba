/// Which row stays still on screen when an update inserts, deletes, moves or resizes rows above it.
///
/// An adapter's driver holds one (``ListDriver/scrollAnchor``, `.none` by default); one update can
/// use another (``ListDriver/scrollAnchorForNextUpdate``). Before each batch the view's glue reads
/// the rows' frames, after it reads them again, and ``correctedOffset(before:after:)`` says where
/// the content must be scrolled to so that nothing the user reads moves.
///
/// ```swift
/// adapter.driver.scrollAnchor = .bottom            // a chat: follow new messages while at the bottom
/// feed.driver.scrollAnchor = .firstVisibleItem     // a feed: new posts above do not push the one read
/// ```
public enum ScrollAnchor<ID: Hashable & Sendable>: Hashable, Sendable {
    /// Nothing is held: the view keeps its content offset, so rows inserted above push the ones
    /// shown down (the views' own behaviour).
    case none
    /// The first row on screen (the topmost one of which any part shows) keeps its distance from
    /// the top of the viewport.
    case firstVisibleItem
    /// The first row on screen whose identifier is not in `ignored` keeps its distance from the
    /// top of the viewport: as ``firstVisibleItem``, passing over rows that come and go around
    /// the content, such as a ``PaginatedList``'s loading and failure rows.
    ///
    /// ```swift
    /// feed.driver.scrollAnchorForNextUpdate = .firstVisibleItemIgnoring([.loadingOlder, .failedOlder])
    /// ```
    case firstVisibleItemIgnoring(Set<ID>)
    /// The item `id` keeps its distance from the top of the viewport, wherever it is (on screen or
    /// not). When it is not shown before the update, nothing is held.
    case item(ID)
    /// While the content is scrolled to the bottom, it stays at the bottom (new rows at the end
    /// show); otherwise the first row on screen keeps its place, as ``firstVisibleItem``. A chat.
    case bottom
}

/// Where the rows of a list are, in points, as a view lays them out: what
/// ``ScrollAnchor/correctedOffset(before:after:)`` reads before and after a batch.
///
/// Only the rows a view can tell the frame of need be given (UIKit: the visible ones, and the
/// anchored item's); rows in between may be left out, as long as those given are in order.
public struct AnchorLayout<ID: Hashable & Sendable>: Hashable, Sendable {
    /// One row's place along the scrolling axis.
    public struct Row: Hashable, Sendable {
        /// The item shown.
        public var id: ID
        /// The top of the row, from the top of the content.
        public var minY: Double
        /// The row's height.
        public var height: Double
        /// The bottom of the row.
        public var maxY: Double { minY + height }
        /// Creates a row.
        public init(id: ID, minY: Double, height: Double) {
            self.id = id
            self.minY = minY
            self.height = height
        }
    }

    /// The rows, top to bottom.
    public var rows: [Row]
    /// How far the content is scrolled: the content's coordinate at the top of the viewport.
    public var contentOffset: Double
    /// The height of the viewport.
    public var viewportHeight: Double
    /// The height of all the content.
    public var contentHeight: Double

    /// Creates a layout from frames read from a view.
    public init(rows: [Row], contentOffset: Double, viewportHeight: Double, contentHeight: Double) {
        self.rows = rows
        self.contentOffset = contentOffset
        self.viewportHeight = viewportHeight
        self.contentHeight = contentHeight
    }

    /// Creates the layout of rows stacked from the top without gaps, with these heights.
    ///
    /// ```swift
    /// let layout = AnchorLayout(stacking: [("a", 40), ("b", 60)], contentOffset: 10, viewportHeight: 50)
    /// // layout.rows[1].minY == 40, layout.contentHeight == 100
    /// ```
    public init(stacking heights: [(id: ID, height: Double)], contentOffset: Double, viewportHeight: Double) {
        var top = 0.0
        rows = heights.map { row in
            defer { top += row.height }
            return Row(id: row.id, minY: top, height: row.height)
        }
        self.contentOffset = contentOffset
        self.viewportHeight = viewportHeight
        contentHeight = top
    }

    /// The largest valid content offset: the content's bottom at the viewport's bottom (0 when the
    /// content is shorter than the viewport).
    public var maxOffset: Double { max(0, contentHeight - viewportHeight) }

    /// Whether the content is scrolled to its bottom (within half a point).
    public var isAtBottom: Bool { contentOffset >= maxOffset - 0.5 }

    /// `offset` kept within the valid offsets, 0 to ``maxOffset``.
    public func clamped(_ offset: Double) -> Double { min(max(offset, 0), maxOffset) }

    /// The first row of which any part is on screen.
    public var firstVisibleRow: Row? { rows.first { $0.maxY > contentOffset } }

    /// The row of item `id`.
    public func row(_ id: ID) -> Row? { rows.first { $0.id == id } }
}

/// What an anchor holds through one batch: a row at a distance from the viewport's top, or the
/// bottom.
public enum AnchorHold<ID: Hashable & Sendable>: Hashable, Sendable {
    /// The row `id`, whose top is `distance` points below the viewport's top (negative: above it).
    /// `neighbours` are the items around it, nearest first (the ones below before those above),
    /// to hold instead when it is deleted.
    case row(ID, distance: Double, neighbours: [ID])
    /// The content's bottom at the viewport's bottom.
    case bottom
}

extension ScrollAnchor {
    /// What this anchor holds in `layout` (read before a batch): `nil` for ``none``, an empty list,
    /// or an ``item(_:)`` that is not laid out.
    ///
    /// When the anchored item is deleted by the batch, its nearest surviving neighbour takes its
    /// place (its top goes where the deleted item's top was): the next item below it that
    /// survives, or else the nearest one above.
    public func hold(in layout: AnchorLayout<ID>) -> AnchorHold<ID>? {
        let anchored: AnchorLayout<ID>.Row?
        switch self {
        case .none: return nil
        case .bottom: if layout.isAtBottom { return .bottom } else { anchored = layout.firstVisibleRow }
        case .firstVisibleItem: anchored = layout.firstVisibleRow
        case .firstVisibleItemIgnoring(let ignored):
            anchored = layout.rows.first { $0.maxY > layout.contentOffset && !ignored.contains($0.id) }
        case .item(let id): anchored = layout.row(id)
        }
        guard let anchored, let index = layout.rows.firstIndex(where: { $0.id == anchored.id }) else { return nil }
        let below = layout.rows[(index + 1)...].map { $0.id }, above = layout.rows[..<index].reversed().map { $0.id }
        return .row(anchored.id, distance: anchored.minY - layout.contentOffset, neighbours: below + above)
    }

    /// The content offset that keeps what this anchor holds in `before` still in `after`, clamped
    /// to `after`'s valid offsets; `nil` when nothing is to be held (leave the offset as the view
    /// left it).
    ///
    /// `before` is the layout as the batch starts; `after` the layout once the batch's rows are in
    /// place and measured (its ``AnchorLayout/contentOffset`` is not read). Identity tells what the
    /// batch did: an item of `before` missing from `after` was deleted.
    ///
    /// ```swift
    /// let before = AnchorLayout(stacking: [("b", 50), ("c", 50)], contentOffset: 50, viewportHeight: 50)
    /// let after = AnchorLayout(stacking: [("a", 30), ("b", 50), ("c", 50)], contentOffset: 50, viewportHeight: 50)
    /// ScrollAnchor<String>.firstVisibleItem.correctedOffset(before: before, after: after)  // 80: "c" stays
    /// ```
    public func correctedOffset(before: AnchorLayout<ID>, after: AnchorLayout<ID>) -> Double? {
        hold(in: before).flatMap { $0.offset(in: after) }
    }
}

extension AnchorHold {
    /// The content offset of `layout` (read after a batch) that keeps this hold, clamped to its
    /// valid offsets; `nil` when neither the row nor any neighbour is in `layout`.
    public func offset(in layout: AnchorLayout<ID>) -> Double? {
        switch self {
        case .bottom:
            return layout.maxOffset
        case .row(let id, let distance, let neighbours):
            var surviving: [ID: Double] = [:]
            for row in layout.rows { surviving[row.id] = row.minY }
            guard let top = surviving[id] ?? neighbours.lazy.compactMap({ surviving[$0] }).first else { return nil }
            return layout.clamped(top - distance)
        }
    }
}

extension ListDriver {
    /// Calls `body` once nothing runs and nothing waits (at once when the driver is idle): the
    /// view glue holds one anchor through a run of chained and interrupted updates, and lets it go
    /// here.
    package func whenIdle(_ body: @escaping @MainActor () -> Void) {
        if running { idleWaiters.append(body) } else { body() }
    }
}

/// The glue's side of an anchor, as a view reads frames: the hold read before a batch, and the
/// offset it asks for after it. What the UIKit and AppKit adapters run, so that their correction
/// is this pure code, tested on any platform.
package struct AnchorCorrection<ID: Hashable & Sendable>: Hashable, Sendable {
    /// What is held.
    package let hold: AnchorHold<ID>

    /// Reads what `anchor` holds from frames before a batch: `visible` are the items on screen,
    /// top to bottom, and `frame` gives an item's top and height in the content (`nil`: unknown).
    /// `nil` when nothing is to be held.
    package init?(
        _ anchor: ScrollAnchor<ID>, visible: [ID], frame: (ID) -> (minY: Double, height: Double)?,
        contentOffset: Double, viewportHeight: Double, contentHeight: Double
    ) {
        if anchor == .none { return nil }
        var ids = visible
        if case .item(let id) = anchor, !ids.contains(id) { ids.append(id) }
        let rows = ids.compactMap { id in frame(id).map { AnchorLayout.Row(id: id, minY: $0.minY, height: $0.height) } }
            .sorted { $0.minY < $1.minY }
        let layout = AnchorLayout(rows: rows, contentOffset: contentOffset, viewportHeight: viewportHeight, contentHeight: contentHeight)
        guard let hold = anchor.hold(in: layout) else { return nil }
        self.hold = hold
    }

    /// The content offset after the batch, from the frames then (`frame`, `nil` for an item that is
    /// gone); `nil`: leave the offset as it is.
    package func offset(frame: (ID) -> (minY: Double, height: Double)?, viewportHeight: Double, contentHeight: Double) -> Double? {
        var ids: [ID] = []
        if case .row(let id, _, let neighbours) = hold { ids = [id] + neighbours }
        // The held row, or else its nearest surviving neighbour: the first one with a frame.
        var rows: [AnchorLayout<ID>.Row] = []
        for id in ids {
            guard let found = frame(id) else { continue }
            rows = [AnchorLayout.Row(id: id, minY: found.minY, height: found.height)]
            break
        }
        return hold.offset(in: AnchorLayout(rows: rows, contentOffset: 0, viewportHeight: viewportHeight, contentHeight: contentHeight))
    }
}
