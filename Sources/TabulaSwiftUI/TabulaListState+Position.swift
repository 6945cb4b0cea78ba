import Tabula

extension TabulaListState {
    /// Where the view must scroll now, for the position binding or the edge the list starts at;
    /// `nil`: nowhere. The glue asks after each snapshot is shown (``afterShow``) and when the
    /// view's size or its content's height changes; `viewportHeight` is 0 until the view is laid
    /// out (the scroll then waits).
    package func scrollRequest(viewportHeight: Double) -> ScrollPositionTracker<SectionID, Item>.Request? {
        position.request(bound: content.position?.get(), viewportHeight: viewportHeight)
    }

    /// The view scrolled: `rows` are the items on screen with their frames in the content, in any
    /// order, and `viewportTop` is the content's coordinate at the viewport's top. Returns whether
    /// the position changed and must be written to the binding: the glue then calls
    /// ``writePosition()`` once the view's update is over (SwiftUI forbids writing state during
    /// one, and a scroll can happen there: an anchor holding a row through an apply).
    package func viewScrolled(rows: [AnchorLayout<Item.ID>.Row], viewportTop: Double, byUser: Bool) -> Bool {
        listStateScrolled(first: ScrollPositionTracker<SectionID, Item>.firstVisible(of: rows, viewportTop: viewportTop))
        return position.scrolled(rows: rows, viewportTop: viewportTop, byUser: byUser) && content.position != nil
    }

    /// Writes the position read since the last write to the binding, unless the app set the
    /// binding in between (its value then wins).
    package func writePosition() {
        guard let id = position.takePendingWrite() else { return }
        content.position?.set(id)
    }
}
