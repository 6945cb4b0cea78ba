import Tabula

/// What a ``TabulaList`` keeps between updates: its newest content, and the selection it showed.
@MainActor
package final class TabulaListState<SectionID: Hashable & Sendable, Item: Identifiable & Sendable> where Item.ID: Sendable {
    package var content: TabulaListContent<SectionID, Item>
    /// The selection the view was last brought to.
    var shown: Set<Item.ID> = []
    /// The scroll position's decisions (`TabulaListState+Position.swift`).
    package let position: ScrollPositionTracker<SectionID, Item>
    /// Called once each snapshot is shown: the glue settles the scroll position there.
    package var afterShow: (@MainActor () -> Void)?
    /// The saved list state's progress (`TabulaListState+ListState.swift`).
    package var saving = ListStateProgress<Item.ID>()

    package init(content: TabulaListContent<SectionID, Item>) {
        self.content = content
        position = ScrollPositionTracker(initialAnchor: content.initialAnchor)
    }

    /// The configurators to make the adapter with: registered as first declared, configuring
    /// through the newest declaration, so row closures see the model as it is now.
    package var cells: CellConfigurators<Item> {
        content.cells.routing { [weak self] in self?.content.cells ?? CellConfigurators([]) }
    }

    /// Hands `adapter`'s handlers to this list's actions, read when they run (so they act on the
    /// newest content): selection into the binding, deletes and moves into the app's model,
    /// swipe actions and context menus built with `swipe` and `menu` for the platform.
    package func attach<Adapter: ListAdapter>(
        _ adapter: Adapter, swipe: @escaping ([ListRowAction]) -> Adapter.Platform.SwipeActions?,
        menu: @escaping ([ListRowAction]) -> Adapter.Platform.ContextMenu?
    ) where Adapter.SectionID == SectionID, Adapter.Item == Item {
        adapter.onSelect = { [weak self] item, _ in self?.userSelected(item) }
        adapter.onDeselect = { [weak self] item, _ in self?.userDeselected(item) }
        adapter.canDelete = { [weak self] _ in self?.content.actions.onDelete != nil }
        adapter.onDelete = { [weak self] item, _ in self?.content.actions.onDelete?(item) }
        adapter.canMove = { [weak self] _ in self?.content.actions.onMove != nil }
        adapter.onMove = { [weak self] reorder, snapshot in self?.content.actions.onMove?(reorder, snapshot) }
        adapter.leadingSwipeActions = { [weak self] item, _ in self?.content.actions.leadingSwipeActions.map { swipe($0(item)) } ?? nil }
        adapter.trailingSwipeActions = { [weak self, weak adapter] item, _ in
            guard let self, let adapter, let actions = self.trailingActions(for: item, deleting: { try? adapter.deleteItem($0) }) else { return nil }
            return swipe(actions)
        }
        adapter.contextMenu = { [weak self] item, _ in self?.content.actions.contextMenu.map { menu($0(item)) } ?? nil }
        configureSelection(of: adapter)
        connectListStateSave(to: adapter)
    }

    /// The trailing swipe actions of `item`: the app's, after a Delete action (which calls
    /// `deleting`) when the list has ``TabulaList/onDelete(_:)``, since the app's actions replace
    /// the view's own swipe to delete. `nil` when the app declared none: the adapter then offers
    /// its default, swipe to delete in a table and a Delete action where the view has none (a
    /// collection list, macOS).
    package func trailingActions(for item: Item, deleting: @escaping @MainActor (Item.ID) -> Void) -> [ListRowAction]? {
        guard let actions = content.actions.trailingSwipeActions?(item) else { return nil }
        guard content.actions.onDelete != nil else { return actions }
        let id = item.id
        return [ListRowAction("Delete", systemImage: "trash", isDestructive: true) { deleting(id) }] + actions
    }

    /// Whether the view allows several selected rows: with a `Set` selection (on iOS, in editing
    /// mode, as SwiftUI's `List`).
    package var allowsMultipleSelection: Bool {
        if case .multiple = content.selection { return true }
        return false
    }

    /// Without a selection binding a tap is an action and the row does not stay selected.
    private func configureSelection<Adapter: ListAdapter>(of adapter: Adapter) {
        if case .none = content.selection { adapter.deselectsAfterSelection = true } else { adapter.deselectsAfterSelection = false }
    }

    /// Builds the content's sections, if given unbuilt, against the adapter's snapshot, reports
    /// the repeats dropped, shows the snapshot through `adapter` (holding the content's scroll
    /// anchor), then brings the view's selection to the bound one with `select` (it selects
    /// exactly the identifiers given) and calls ``afterShow``.
    package func show<Adapter: ListAdapter>(
        in adapter: Adapter, animated: Bool, select: @escaping (Set<Item.ID>) -> Void
    ) where Adapter.SectionID == SectionID, Adapter.Item == Item {
        configureSelection(of: adapter)
        content.build(against: adapter.snapshot())
        if !content.duplicates.isEmpty { content.actions.onDuplicates?(content.duplicates) }
        adapter.driver.scrollAnchor = content.scrollAnchor
        adapter.apply(content.snapshot, animatingDifferences: animated) { [weak self, weak adapter] result in
            guard let self else { return }
            self.syncSelection(select: select)
            if let adapter { self.position.didShow(adapter.displayedSnapshot) }
            if let adapter { self.listStateShown(by: adapter.core) }
            self.content.actions.onApply?(result)
            self.afterShow?()
        }
    }

    /// The identifiers the binding selects now.
    private var bound: Set<Item.ID>? {
        switch content.selection {
        case .none: return nil
        case .single(let get, _): return get().map { [$0] } ?? []
        case .multiple(let get, _): return get()
        }
    }

    /// Whether the view is being brought to the binding (``syncSelection(select:)``).
    var syncing = false

    /// Selects the bound items when the app changed the binding (identifiers not shown select
    /// nothing).
    ///
    /// A view whose selecting tells its delegate (`NSTableView.selectRowIndexes`, unlike UIKit's
    /// `selectRow`) reports these selections back, often while SwiftUI updates the view: they are
    /// the binding's own, so they write no binding and call no `onSelect`.
    package func syncSelection(select: (Set<Item.ID>) -> Void) {
        guard let wanted = bound, wanted != shown else { return }
        shown = wanted
        syncing = true
        defer { syncing = false }
        select(wanted)
    }

    /// The user selected `item`.
    package func userSelected(_ item: Item) {
        guard !syncing else { return }  // the binding's own selection, reported back
        switch content.selection {
        case .none: break
        case .single(_, let set):
            shown = [item.id]
            set(item.id)
        case .multiple(let get, let set):
            var ids = get()
            ids.insert(item.id)
            shown = ids
            set(ids)
        }
        content.actions.onSelect?(item)
        listStateSelectionChanged()
    }

    /// The user deselected `item` (a second tap in multiple selection).
    package func userDeselected(_ item: Item) {
        guard !syncing, case .multiple(let get, let set) = content.selection else { return }
        var ids = get()
        ids.remove(item.id)
        shown = ids
        set(ids)
        listStateSelectionChanged()
    }

    /// Whether the section at `index` of the snapshot shown shows a header (a title): a list
    /// layout asks section by section, so a section without a title gets no empty header, and a
    /// list that was empty when it appeared gets headers once sections with titles come.
    package func showsHeader(inSection index: Int, of snapshot: Snapshot<SectionID, Item>) -> Bool {
        snapshot.section(at: index)?.header != nil
    }

    /// Whether the section at `index` shows a footer.
    package func showsFooter(inSection index: Int, of snapshot: Snapshot<SectionID, Item>) -> Bool {
        snapshot.section(at: index)?.footer != nil
    }
}
