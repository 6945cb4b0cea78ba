import Tabula

/// A ``TabulaList``'s saved ``ListState``: restored once, when the list first shows an item, and
/// saved into the app's binding after that as the list changes. Every decision is here, tested on
/// Linux; the glue only reads and sets the scroll offset.
extension TabulaListState {
    /// Lends the glue's view to the saved state: reading the first visible row (and how far it is
    /// scrolled past the top) and scrolling a row back there.
    package func connectListState(
        firstVisibleRow: @escaping @MainActor () -> (path: ItemPath, offset: Double)?, scroll: @escaping @MainActor (ItemPath, Double?) -> Void
    ) {
        saving.firstVisibleRow = firstVisibleRow
        saving.scroll = scroll
    }

    /// Called once `core` shows a snapshot. The first time it holds an item, restores the bound
    /// state (its selection only when the list has a selection binding, which then holds the
    /// restored items: the view and the binding agree) and hands the report to the app after the
    /// update; from then on, each snapshot shown saves the state.
    package func listStateShown<Platform: ListPlatform>(by core: ListAdapterCore<SectionID, Item, Platform>) {
        guard let binding = content.listState else { return }
        if !saving.restored {
            guard core.driver.snapshot.numberOfItems > 0 else { return }
            saving.restored = true
            if let restored = restoreSaved(binding, onto: core) {
                saving.afterUpdate { [weak self] in
                    self?.bindRestoredSelection(restored.selected)
                    restored.report()
                }
            }
        }
        scheduleListStateSave()
    }

    private func restoreSaved<Platform: ListPlatform>(
        _ binding: any ListStateSaving, onto core: ListAdapterCore<SectionID, Item, Platform>
    ) -> (selected: [Item.ID], report: @MainActor () -> Void)? {
        let selecting: Bool
        if case .none = content.selection { selecting = false } else { selecting = true }
        // A view that reports selecting to its delegate (AppKit) reports the restored selection:
        // it is the state's, so it writes no binding and calls no `onSelect`.
        syncing = true
        defer { syncing = false }
        let restored = binding.restore(onto: core, selecting: selecting, scroll: saving.scroll)
        if let restored { shown = Set(restored.selected) }
        return restored
    }

    /// The selection binding takes the restored selection (the first item, for a single one).
    private func bindRestoredSelection(_ ids: [Item.ID]) {
        switch content.selection {
        case .none: break
        case .single(_, let set): set(ids.first)
        case .multiple(_, let set): set(Set(ids))
        }
    }

    /// The view scrolled and `first` is the item now first on screen: a new first item saves the
    /// state (a scroll within one row saves nothing, so the binding is not written at every
    /// frame; its offset is the one of the last save).
    package func listStateScrolled(first: Item.ID?) {
        guard content.listState != nil, saving.restored, let first, first != saving.savedAnchor else { return }
        saving.savedAnchor = first
        scheduleListStateSave()
    }

    /// The user changed the selection: saved.
    package func listStateSelectionChanged() {
        guard content.listState != nil, saving.restored else { return }
        scheduleListStateSave()
    }

    /// Saves once the view's update is over; saves asked for meanwhile are that one.
    private func scheduleListStateSave() {
        guard !saving.saveScheduled else { return }
        saving.saveScheduled = true
        saving.afterUpdate { [weak self] in
            guard let self else { return }
            self.saving.saveScheduled = false
            self.saving.save()
        }
    }

    /// How `attach` wires the save to `adapter`'s core, held weakly.
    package func connectListStateSave<Adapter: ListAdapter>(to adapter: Adapter) where Adapter.SectionID == SectionID, Adapter.Item == Item {
        saving.save = { [weak self, weak adapter] in
            guard let self, let adapter, let binding = self.content.listState else { return }
            let anchor = self.saving.firstVisibleRow()
            if let anchor { self.saving.savedAnchor = adapter.core.driver.snapshot.item(at: anchor.path)?.id }
            binding.save(from: adapter.core, anchor: anchor)
        }
    }
}
