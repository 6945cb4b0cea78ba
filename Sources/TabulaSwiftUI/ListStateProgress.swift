import Tabula

/// Where a ``TabulaList`` is with its saved ``ListState`` (`TabulaListState+ListState.swift`
/// decides), and what the UIKit or AppKit glue lends it: reading the first visible row, and
/// scrolling to one.
@MainActor
package struct ListStateProgress<ItemID: Hashable & Sendable> {
    /// Whether the restore is behind the list: it happens once, after the first snapshot with an
    /// item is shown, and the list saves nothing before (an empty list would overwrite the state).
    package var restored = false
    /// Whether a save waits for the view's update to end.
    package var saveScheduled = false
    /// The first visible item when the state was last saved: a scroll that changes it saves again.
    package var savedAnchor: ItemID?
    /// The first visible row and how far it is scrolled past the top (the glue's).
    package var firstVisibleRow: @MainActor () -> (path: ItemPath, offset: Double)? = { nil }
    /// Scrolls the row to that offset past the top (`nil`: its top at the top).
    package var scroll: @MainActor (ItemPath, Double?) -> Void = { _, _ in }
    /// Runs its work once SwiftUI's update is over (SwiftUI forbids writing state during one);
    /// tests run it when they choose.
    package var afterUpdate: @MainActor (@escaping @MainActor () -> Void) -> Void = { work in Task { @MainActor in work() } }
    /// Captures the adapter's state into the binding (set by `attach`, holding the adapter weakly).
    package var save: @MainActor () -> Void = {}

    package init() {}
}
