import Tabula

/// A ``TabulaList``'s saved ``ListState`` as the list sees it, whatever the identifiers' types:
/// reads and writes the app's binding, and restores or captures through an adapter's core. Its
/// one implementation, ``ListStateBinding``, needs `Codable` identifiers, which the list's own
/// types do not require. (A plain existential, with generic methods: one with primary
/// associated types needs iOS 16 at run time.) A core of other types than the binding's is
/// left alone.
@MainActor
package protocol ListStateSaving {
    /// Restores the binding's state onto `core` (the selection left out when `selecting` is
    /// false), scrolling with `scroll`; returns the identifiers selected, and the report to hand
    /// the app (``report(_:)``), `nil` when the binding held nothing.
    func restore<S, I, Platform: ListPlatform>(
        onto core: ListAdapterCore<S, I, Platform>, selecting: Bool, scroll: (ItemPath, Double?) -> Void
    ) -> (selected: [I.ID], report: @MainActor () -> Void)?

    /// Captures `core`'s state with `anchor` and writes it to the binding when it differs from
    /// what the binding holds.
    func save<S, I, Platform: ListPlatform>(from core: ListAdapterCore<S, I, Platform>, anchor: (path: ItemPath, offset: Double)?)
}

/// The app's `Binding<ListState?>` and its restore callback, as closures (the list's Linux-built
/// part does not import SwiftUI).
@MainActor
package struct ListStateBinding<SectionID: Hashable & Sendable & Codable, Item: Identifiable & Sendable>: ListStateSaving
where Item.ID: Sendable & Codable {
    package let get: @MainActor () -> ListState<SectionID, Item.ID>?
    package let set: @MainActor (ListState<SectionID, Item.ID>?) -> Void
    package let onRestore: @MainActor (ListStateRestoration<SectionID, Item.ID>) -> Void

    package init(
        get: @escaping @MainActor () -> ListState<SectionID, Item.ID>?, set: @escaping @MainActor (ListState<SectionID, Item.ID>?) -> Void,
        onRestore: @escaping @MainActor (ListStateRestoration<SectionID, Item.ID>) -> Void
    ) {
        self.get = get
        self.set = set
        self.onRestore = onRestore
    }

    package func restore<S, I, Platform: ListPlatform>(
        onto core: ListAdapterCore<S, I, Platform>, selecting: Bool, scroll: (ItemPath, Double?) -> Void
    ) -> (selected: [I.ID], report: @MainActor () -> Void)? {
        guard let core = core as? ListAdapterCore<SectionID, Item, Platform>, var saved = self.get() else { return nil }
        if !selecting { saved.selected = [] }
        let restoration = core.restore(saved, scroll: scroll)
        let onRestore = onRestore
        return ((restoration.applied.selected as? [I.ID]) ?? [], { onRestore(restoration) })
    }

    package func save<S, I, Platform: ListPlatform>(from core: ListAdapterCore<S, I, Platform>, anchor: (path: ItemPath, offset: Double)?) {
        guard let core = core as? ListAdapterCore<SectionID, Item, Platform> else { return }
        let now = core.listState(anchor: anchor)
        if self.get() != now { self.set(now) }
    }
}
