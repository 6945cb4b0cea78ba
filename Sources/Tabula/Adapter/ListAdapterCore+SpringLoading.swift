/// Spring-loaded outline folders: the decision the UIKit and AppKit glue and the headless view
/// ask for as a drag hovers over the list, made here so the headless view runs it too.
extension ListAdapterCore {
    /// The folder a drag over `position` (as shown) rests on for spring loading: the item there,
    /// when it is in an outline section, has children, is collapsed, and takes drops into it
    /// (``ListTransfers/canDropInto``). `nil` otherwise.
    package func springLoadedFolder(at position: ItemPath?) -> Item.ID? {
        guard let position, let item = item(at: position), driver.outlineState(of: item.id)?.isExpanded == false,
            transfers.canDropInto?(item) == true
        else { return nil }
        return item.id
    }

    /// A drag hovers over `position` (as shown; `nil`: off the rows, or gone) at time `now`, in
    /// seconds: expands the folder under it once it has rested there for
    /// ``ListTransfers/springLoadingDelay``, animated, as a tap on its disclosure does
    /// (``SectionSnapshotHandlers`` are asked).
    ///
    /// - Returns: what the glue does next: nothing, ask again after a wait (the drag may not
    ///   move meanwhile), or nothing more, the folder expanded.
    @discardableResult
    package func dragHovers(over position: ItemPath?, at now: Double) -> SpringLoading<Item.ID>.Decision {
        transfers.hoverPosition = position
        guard let delay = transfers.springLoadingDelay else { return .none }
        let decision = transfers.springLoading.hover(over: springLoadedFolder(at: position), at: now, delay: delay)
        if case .expand(let folder) = decision { _ = try? driver.sectionSnapshots.expand(folder) }
        return decision
    }

    /// The drag left the list or dropped: a later hover starts its wait again.
    package func dragEnded() {
        transfers.springLoading.end()
        transfers.hoverPosition = nil
    }

    /// The check a wait asked for (``SpringLoading/Decision/wait(seconds:)``), made at `now`
    /// where the drag was last: the folder expands if the drag still rests on it.
    @discardableResult
    package func dragStillHovers(at now: Double) -> SpringLoading<Item.ID>.Decision {
        guard let position = transfers.hoverPosition else { return .none }
        return dragHovers(over: position, at: now)
    }
}
