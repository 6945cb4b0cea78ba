import Tabula

/// What a ``TabulaList`` shows and does, apart from SwiftUI: the part its UIKit and AppKit
/// representables share, and that tests drive through the headless adapter on any platform.
@MainActor
package struct TabulaListContent<SectionID: Hashable & Sendable, Item: Identifiable & Sendable> where Item.ID: Sendable {
    package var snapshot: Snapshot<SectionID, Item>
    /// Sections given in `body` and not built yet: ``build(against:)`` builds them when they are
    /// shown, against the list on screen, and sets ``snapshot`` and ``duplicates``.
    package var unbuilt: (sections: [Section<SectionID, Item>], policy: DuplicatePolicy)?
    package var cells: CellConfigurators<Item>
    package var updateKind: @Sendable (Item, Item) -> UpdateKind?
    package var selection: ListSelection<Item.ID> = .none
    /// Items dropped because their identifier repeated.
    package var duplicates = DuplicateReport<SectionID, Item.ID>()
    /// Whether the list is in editing mode (SwiftUI's `editMode`).
    package var isEditing = false
    package var actions = Actions()
    /// The scroll position binding: the first item on screen, read and set by identifier.
    package var position: (get: @MainActor () -> Item.ID?, set: @MainActor (Item.ID?) -> Void)?
    /// The edge the list starts at (read once, when the view is made).
    package var initialAnchor = ListScrollEdge.top
    /// The row held still as rows change above it (the driver's anchor).
    package var scrollAnchor = ScrollAnchor<Item.ID>.none
    /// The saved list state's binding (`listState(_:onRestore:)`).
    package var listState: (any ListStateSaving)?

    package struct Actions {
        package var onSelect: ((Item) -> Void)?
        package var onDelete: ((Item) -> Void)?
        package var onMove: ((Reorder<SectionID, Item.ID>, Snapshot<SectionID, Item>) -> Void)?
        package var leadingSwipeActions: ((Item) -> [ListRowAction])?
        package var trailingSwipeActions: ((Item) -> [ListRowAction])?
        package var contextMenu: ((Item) -> [ListRowAction])?
        package var onApply: ((ApplyResult) -> Void)?
        package var onConfigurationError: ((ConfigurationError) -> Void)?
        package var onDuplicates: ((DuplicateReport<SectionID, Item.ID>) -> Void)?
        package init() {}
    }

    package init(snapshot: Snapshot<SectionID, Item>, cells: CellConfigurators<Item>, updateKind: @escaping @Sendable (Item, Item) -> UpdateKind?) {
        self.snapshot = snapshot
        self.cells = cells
        self.updateKind = updateKind
    }

    /// Builds ``unbuilt``, if set, against `shown` (the list on screen): as ``resolving(_:keeping:)``
    /// does, at the cost of `Snapshot(_:updating:)` when nothing repeats (the items that kept their
    /// order cost a comparison, not a hash).
    package mutating func build(against shown: Snapshot<SectionID, Item>) {
        guard let unbuilt else { return }
        self.unbuilt = nil
        // Without a repeat the two builds give one snapshot; a repeat throws here, and is resolved
        // and reported there.
        if let built = try? Snapshot(unbuilt.sections, updating: shown) {
            snapshot = built
            duplicates = DuplicateReport()
        } else {
            (snapshot, duplicates) = Self.resolving(unbuilt.sections, keeping: unbuilt.policy)
        }
    }

    /// The snapshot of `sections`, nothing thrown: a section identifier that repeats adds its
    /// items to the first section of that identifier, and an item identifier that repeats is
    /// dropped as `policy` says (``DuplicatePolicy/keepFirst`` or ``DuplicatePolicy/keepLast``;
    /// ``DuplicatePolicy/reject`` is taken as keep-first) and reported.
    package static func resolving(
        _ sections: [Section<SectionID, Item>], keeping policy: DuplicatePolicy
    ) -> (snapshot: Snapshot<SectionID, Item>, report: DuplicateReport<SectionID, Item.ID>) {
        var merged: [Section<SectionID, Item>] = []
        var position: [SectionID: Int] = [:]
        for section in sections {
            if let index = position[section.id] {
                merged[index].items += section.items
            } else {
                position[section.id] = merged.count
                merged.append(section)
            }
        }
        let keep = policy == .keepLast ? DuplicatePolicy.keepLast : .keepFirst
        // No section identifier repeats now, and item repeats are dropped: nothing is thrown.
        guard let resolved = try? Snapshot.resolvingDuplicates(in: merged, keeping: keep) else { return (Snapshot(), DuplicateReport()) }
        return resolved
    }
}
