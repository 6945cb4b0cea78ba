import Tabula

// Drags between two headless lists and drops from other apps, through the core's decisions as
// the UIKit and AppKit glue make them on a device.
extension HeadlessListAdapter {
    /// The core's drag source, carried by every drag this list starts.
    public func dragSource(for listView: HeadlessListView) -> ObjectIdentifier? { core.dragSource }

    /// A drag another list started, dropped here: the items move if this list accepts that
    /// list's drags (`acceptDrags(from:)`), and nothing happens otherwise.
    public func listView(_ listView: HeadlessListView, performDropOf items: [AnyHashable], from source: ObjectIdentifier?, at destination: ItemPath) throws {
        guard let source else { return }
        core.performDrop(of: items, from: source, at: destination)
    }

    /// Content from another app, dropped here: its destination fixed by identity as the drop is
    /// performed, then made into items by the handlers registered with
    /// `acceptDrops(ofType:makeItems:)`, as once a device has loaded it.
    public func listView(_ listView: HeadlessListView, performDropOf contents: [DroppedContent], at destination: ItemPath) throws {
        guard let target = core.dropDestination(for: destination) else { return }
        try core.receive(contents, to: target)
    }

    /// Items from another app, dropped here: the core plans which type each loads as, each loads
    /// (or fails to) as it describes, and the core inserts what loaded and reports the rest to
    /// `onDropLoadFailure`, as once a device has loaded them.
    public func listView(_ listView: HeadlessListView, performDropOf items: [HeadlessDroppedItem], at destination: ItemPath) throws {
        guard let target = core.dropDestination(for: destination) else { return }
        let outcomes = core.dropLoadPlan(offering: items.map(\.offeredTypes)).map { plan -> Result<DroppedContent, DropLoadError> in
            switch plan {
            case .load(let index, let type): return items[index].load(as: type, itemIndex: index)
            case .skip(let failure): return .failure(failure)
            }
        }
        try core.receive(outcomes, to: target)
    }

    /// This list's drag, dropped onto the item at `path`: into it, as its last children, when it
    /// is in an outline section and `canDropInto` allows it; refused and reported otherwise.
    public func listView(_ listView: HeadlessListView, performDropOf items: [AnyHashable], into path: ItemPath) throws {
        _ = try core.dropInOutline(items.compactMap { $0.base as? Item.ID }, at: path, into: true)
    }

    /// A drag rests over `path`: the core decides whether a folder there springs open, and when;
    /// a wait is measured on the view's `clock`.
    public func listView(_ listView: HeadlessListView, dragHoversOver path: ItemPath?) {
        if case .wait(let seconds) = core.dragHovers(over: path, at: listView.clock.now) { recheck(after: seconds, on: listView.clock) }
    }

    private func recheck(after seconds: Double, on clock: HeadlessClock) {
        clock.run(after: seconds) { [weak self] in
            guard let self, case .wait(let more) = core.dragStillHovers(at: clock.now) else { return }
            recheck(after: more, on: clock)
        }
    }
}
