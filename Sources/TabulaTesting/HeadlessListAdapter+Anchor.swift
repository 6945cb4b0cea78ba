import Tabula

/// The snapshot the view showed after its last batch or reload (what a reload's anchor is read
/// against), and the hold of the run of updates in flight.
struct HeadlessAnchoring<SectionID: Hashable & Sendable, Item: Identifiable & Sendable> where Item.ID: Sendable {
    var shown: Snapshot<SectionID, Item>?
    /// Set for the first batch of a run, kept through the run's chained and interrupted updates
    /// (so an offset clamped on the way does not move the row for good), let go when the driver is
    /// idle.
    var run: AnchorHold<Item.ID>??
}

extension HeadlessListAdapter {
    // MARK: Keeping the anchor still

    /// Measures each row with `height(item)`, once the view lays rows out in points
    /// (`HeadlessListView.pointViewportHeight`): the headless stand-in for self-sizing cells. Until
    /// a row comes on screen it has the view's `estimatedRowHeight`.
    ///
    /// ```swift
    /// list.pointViewportHeight = 300
    /// adapter.measureRows { message in message.text.count > 40 ? 88 : 44 }
    /// adapter.driver.scrollAnchor = .bottom
    /// ```
    public func measureRows(_ height: @escaping @MainActor (Item) -> Double) {
        listView.rowHeight = { [weak self, weak listView] path in
            self?.driver.snapshot.item(at: path).map(height) ?? listView?.estimatedRowHeight ?? 0
        }
    }

    /// What the driver's anchor holds in the view, with `shown` the snapshot on screen: read as
    /// a run of updates starts, and kept until the driver is idle; `nil` without a point layout or
    /// an anchor.
    func anchorHold(shown: Snapshot<SectionID, Item>?) -> AnchorHold<Item.ID>? {
        guard listView.pointViewportHeight != nil else { return nil }
        if let run = anchoring.run { return run }
        let anchor = driver.activeScrollAnchor
        let hold = anchor == .none ? nil : shown.flatMap { shown in anchor.hold(in: listView.anchorLayout { shown.item(at: $0)?.id }) }
        anchoring.run = .some(hold)
        driver.whenIdle { [weak self] in self?.anchoring.run = nil }
        return hold
    }

    /// Scrolls so that `hold` holds in the layout after a batch or reload, measures the rows that
    /// come on screen, and holds again, until every row on screen is measured: the correction of
    /// the core's `AnchorHold.offset(in:)`, nothing decided here.
    func holdAnchor(_ hold: AnchorHold<Item.ID>?) {
        guard listView.pointViewportHeight != nil else { return }
        let snapshot = driver.snapshot
        anchoring.shown = snapshot
        repeat {
            guard let hold, let offset = hold.offset(in: listView.anchorLayout(id: { snapshot.item(at: $0)?.id })) else { break }
            listView.setPointOffset(offset)
        } while listView.measureVisibleRows()
        listView.measureVisibleRows()
        listView.showFirstVisibleRowInLines()
    }
}
