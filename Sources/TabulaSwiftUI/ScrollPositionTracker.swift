import Tabula

/// What a ``TabulaList``'s scroll position binding decides, apart from the view: which item is the
/// position (the first on screen), where to scroll when the app sets the binding (the item, or its
/// nearest surviving neighbour when it is gone), and the edge the list starts at. The UIKit and
/// AppKit glue only read frames, scroll, and write the binding when this says so.
///
/// The binding and the list agree through ``known``, what the binding holds as far as the list
/// knows: a value in the binding that differs from it was set by the app, and is scrolled to. The
/// list writes a new position after the view's update (SwiftUI forbids writing state during
/// one), so a write waits in ``pending`` until the glue lands it with ``takePendingWrite()``; a
/// value the app sets meanwhile wins, and the waiting write is dropped.
@MainActor
package final class ScrollPositionTracker<SectionID: Hashable & Sendable, Item: Identifiable & Sendable> where Item.ID: Sendable {
    /// Where the glue is asked to scroll.
    package enum Request: Hashable, Sendable {
        /// The item's top at the top of the viewport (or as near as the content's end allows).
        case item(Item.ID)
        /// The top or the bottom of the content.
        case edge(ListScrollEdge)
    }

    /// What the binding holds, as far as the list knows.
    package private(set) var known: Item.ID?
    /// A position read and not yet written to the binding (`.some(nil)` is never written: an
    /// empty screen keeps the binding's value).
    package private(set) var pending: Item.ID?
    /// A scroll the app asked for (or the start's), not yet made: it waits for the view to have a
    /// size and the list to have items.
    private var wanted: Request?
    /// The bottom, for a list that starts there: held while rows are measured and the content
    /// grows, until the user scrolls or the app sets the position. (A list starts at its top
    /// anyway, and holding the top would undo the driver's anchor as rows go in above.)
    package private(set) var heldEdge: ListScrollEdge?
    /// The snapshot on screen, and the one before it: where a gone item's neighbours are read.
    private var current: Snapshot<SectionID, Item>?
    private var previous: Snapshot<SectionID, Item>?

    /// A tracker for a list that starts at `initialAnchor`.
    package init(initialAnchor: ListScrollEdge) {
        if initialAnchor == .bottom {
            heldEdge = .bottom
            wanted = .edge(.bottom)
        }
    }

    /// The view shows `snapshot` now (an apply completed).
    package func didShow(_ snapshot: Snapshot<SectionID, Item>) {
        if let current { previous = current }
        current = snapshot
    }

    /// Where to scroll now, given the binding's value `bound` and the viewport's height (0: the
    /// view is not laid out yet); `nil`: nowhere. The glue calls it after each apply and when the
    /// view's size or its content's height changes.
    ///
    /// A `bound` that differs from ``known`` was set by the app: it is scrolled to, before the
    /// start's edge (an app that restores a position), and replaces a position waiting to be
    /// written. Nothing is scrolled while the viewport has no height or the list no item: the
    /// scroll waits for them. A list that starts at its bottom asks for it again until the user
    /// scrolls, so that it stays there while its rows are measured.
    package func request(bound: Item.ID?, viewportHeight: Double) -> Request? {
        if bound != known {
            known = bound
            pending = nil
            if let bound {
                wanted = .item(bound)
                heldEdge = nil
            }
        }
        guard viewportHeight > 0, let current, current.numberOfItems > 0 else { return nil }
        if let asked = wanted {
            wanted = nil
            switch asked {
            case .item(let id): return target(for: id).map(Request.item)
            case .edge: return asked
            }
        }
        return heldEdge.map(Request.edge)
    }

    /// The item to scroll to for `id`: itself when shown; when the latest update removed it, its
    /// nearest surviving neighbour in the snapshot shown before, as ``ScrollAnchor`` takes one: the next item below
    /// it that is still shown, or else the nearest one above. `nil`: neither is shown.
    ///
    /// - Complexity: O(1) when the item is shown; O(*n*) in the items of the snapshot before
    ///   when it is gone.
    package func target(for id: Item.ID) -> Item.ID? {
        guard let current else { return nil }
        if current.itemPath(for: id) != nil { return id }
        guard let previous, previous.itemPath(for: id) != nil else { return nil }
        let order = previous.sections.flatMap { $0.items.map(\.id) }
        guard let index = order.firstIndex(of: id) else { return nil }
        let below = order[(index + 1)...], above = order[..<index].reversed()
        return below.first { current.itemPath(for: $0) != nil } ?? above.first { current.itemPath(for: $0) != nil }
    }

    /// The view scrolled (by the user when `byUser`, or by the list: an anchor, a scroll asked
    /// for); `rows` are the items on screen with their frames, in any order, and `viewportTop` is
    /// the content's coordinate at the top of the viewport. Returns whether the glue must
    /// schedule a write of the binding (``takePendingWrite()``) after the view's update; a write
    /// already waiting takes the newest position.
    ///
    /// The user's scroll ends the hold of the start's edge. While a scroll asked for waits, the
    /// position is not read: the list is not where it was asked to be yet.
    package func scrolled(rows: [AnchorLayout<Item.ID>.Row], viewportTop: Double, byUser: Bool) -> Bool {
        if byUser {
            heldEdge = nil
            wanted = nil
        }
        guard wanted == nil, let first = Self.firstVisible(of: rows, viewportTop: viewportTop) else { return false }
        if pending != nil {
            pending = first
            return false
        }
        guard first != known else { return false }
        pending = first
        return true
    }

    /// The position waiting to be written to the binding, taken: the binding holds it from now
    /// on. `nil`: nothing to write (the app set the binding since, or it was written).
    package func takePendingWrite() -> Item.ID? {
        guard let value = pending else { return nil }
        pending = nil
        known = value
        return value
    }

    /// The list's position: of the rows on screen (in any order), the topmost of which more than
    /// half a point shows below `viewportTop`, so that a row scrolled away but for its rounding
    /// is passed over. `nil`: no row shows.
    package static func firstVisible(of rows: [AnchorLayout<Item.ID>.Row], viewportTop: Double) -> Item.ID? {
        rows.filter { $0.maxY > viewportTop + 0.5 }.min { $0.minY < $1.minY }?.id
    }
}
