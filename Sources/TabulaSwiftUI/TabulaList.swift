#if canImport(SwiftUI)
    import SwiftUI
    import Tabula

    /// How ``TabulaList`` shows its sections.
    public enum TabulaListStyle: Hashable, Sendable {
        /// A table: `UITableView` with this style on iOS, `NSTableView` on macOS.
        case table(Appearance)
        /// A collection view with a list layout of this appearance on iOS; a table on macOS, which
        /// has no list layout.
        case collection(Appearance)

        /// The look of the list.
        public enum Appearance: Hashable, Sendable {
            /// Plain rows, edge to edge.
            case plain
            /// Grouped sections.
            case grouped
            /// Grouped sections inset from the edges, as in Settings.
            case insetGrouped
        }
    }

    /// A Tabula list in a SwiftUI screen: a table or collection view showing a snapshot, updated
    /// through the same pipeline as every adapter (a verified, animated diff; a reload when UIKit
    /// would reject a batch), with selection and actions bound back into SwiftUI.
    ///
    /// Build the snapshot in `body` from your state. Each new snapshot is diffed off the main actor
    /// against the one on screen and animated, unless the update's transaction disables animations.
    /// With an `@Observable` model, reading it in `body` is enough: SwiftUI calls `body` again when
    /// what it read changes.
    ///
    /// ```swift
    /// struct CountriesScreen: View {
    ///     static let cells = CellConfigurators<Country> { CellConfigurator.hosting(CountryRow()) }
    ///     let countries: [Country]
    ///     @State private var query = ""
    ///     @State private var selection: Country.ID?
    ///
    ///     var body: some View {
    ///         TabulaList(items: countries.filter { query.isEmpty || $0.name.contains(query) },
    ///                    style: .collection(.insetGrouped), cells: Self.cells, selection: $selection)
    ///             .searchable(text: $query)
    ///     }
    /// }
    /// ```
    ///
    /// Cells come from the same ``CellConfigurators`` as everywhere else: SwiftUI rows
    /// (``HostedRow``), cell classes and content configurators mix freely. The configurators and
    /// the style are read once, when SwiftUI makes the view; snapshots, the selection and the
    /// actions are read at every update.
    @MainActor
    public struct TabulaList<SectionID: Hashable & Sendable, Item: Identifiable & Sendable> where Item.ID: Sendable {
        let snapshot: Snapshot<SectionID, Item>
        let style: TabulaListStyle
        let cells: CellConfigurators<Item>
        let updateKind: @Sendable (Item, Item) -> UpdateKind?
        let selection: Binding<Item.ID?>?
        /// Items dropped because their identifier repeated (``init(items:style:cells:selection:)``).
        var duplicates = DuplicateReport<SectionID, Item.ID>()
        var actions = Actions()

        struct Actions {
            var onSelect: ((Item) -> Void)?
            var onDelete: ((Item) -> Void)?
            var onApply: ((ApplyResult) -> Void)?
            var onConfigurationError: ((ConfigurationError) -> Void)?
            var onDuplicates: ((DuplicateReport<SectionID, Item.ID>) -> Void)?
        }

        /// Shows `snapshot` with `cells`; an item whose content changed is configured again in its
        /// cell (`updateKind` decides otherwise).
        ///
        /// - Parameter selection: the selected item's identifier, kept in step both ways: the
        ///   user's selection sets it, and setting it selects the item.
        public init(
            _ snapshot: Snapshot<SectionID, Item>, style: TabulaListStyle = .table(.insetGrouped), cells: CellConfigurators<Item>,
            selection: Binding<Item.ID?>? = nil, updateKind: @escaping @Sendable (Item, Item) -> UpdateKind?
        ) {
            self.snapshot = snapshot
            self.style = style
            self.cells = cells
            self.selection = selection
            self.updateKind = updateKind
        }

        /// Calls `action` with the item the user selects.
        public func onSelect(_ action: @escaping (Item) -> Void) -> Self { with { $0.onSelect = action } }

        /// Lets the user delete items (swipe to delete), and calls `action` with each item deleted:
        /// remove it from your state; the list shows the removal at once.
        public func onDelete(_ action: @escaping (Item) -> Void) -> Self { with { $0.onDelete = action } }

        /// Calls `action` with what became of each snapshot shown (animated batch updates, a reload
        /// and why, no change).
        public func onApply(_ action: @escaping (ApplyResult) -> Void) -> Self { with { $0.onApply = action } }

        /// Calls `action` with the items ``init(items:style:cells:selection:)`` dropped because
        /// their identifier repeated, each named with where it was and which occurrence stayed.
        public func onDuplicates(_ action: @escaping (DuplicateReport<SectionID, Item.ID>) -> Void) -> Self { with { $0.onDuplicates = action } }

        /// Calls `action` when the configurators cannot be registered (two cell classes under one
        /// reuse identifier, a nib of the wrong class); the list then stays empty.
        ///
        /// Without it, such an error stops the app with its message (`preconditionFailure`), as a
        /// registration conflict does everywhere in Tabula: it is a programming error in the
        /// configurators, found on the first run.
        public func onConfigurationError(_ action: @escaping (ConfigurationError) -> Void) -> Self { with { $0.onConfigurationError = action } }

        /// A copy with `change` made to its actions.
        private func with(_ change: (inout Actions) -> Void) -> Self {
            var copy = self
            change(&copy.actions)
            return copy
        }

        /// An adapter's initialiser failed: it throws only ``ConfigurationError``.
        func report(_ error: any Error) {
            if let handler = actions.onConfigurationError, let error = error as? ConfigurationError {
                handler(error)
            } else {
                preconditionFailure("TabulaList: \(error)")
            }
        }
    }

    extension TabulaList where Item: Equatable {
        /// Shows `snapshot` with `cells`: an item whose content changed is configured again in its
        /// cell, or reloaded when it needs another kind of cell.
        ///
        /// - Parameter selection: the selected item's identifier, kept in step both ways.
        public init(
            _ snapshot: Snapshot<SectionID, Item>, style: TabulaListStyle = .table(.insetGrouped), cells: CellConfigurators<Item>,
            selection: Binding<Item.ID?>? = nil
        ) {
            self.init(snapshot, style: style, cells: cells, selection: selection, updateKind: cells.cheapestUpdate)
        }
    }

    extension TabulaList where SectionID == Int, Item: Equatable {
        /// Shows `items` in one section, nothing thrown: an item whose identifier repeats an earlier
        /// one is left out (the first stays) and reported to ``onDuplicates(_:)``.
        ///
        /// - Parameter selection: the selected item's identifier, kept in step both ways.
        public init(
            items: [Item], style: TabulaListStyle = .table(.insetGrouped), cells: CellConfigurators<Item>,
            selection: Binding<Item.ID?>? = nil
        ) {
            // One section, so no section identifier repeats: with `.keepFirst` nothing is thrown.
            let resolved = try? Snapshot.resolvingDuplicates(in: [Section(0, items: items)], keeping: .keepFirst)
            self.init(resolved?.snapshot ?? Snapshot(), style: style, cells: cells, selection: selection)
            duplicates = resolved?.report ?? DuplicateReport()
        }
    }

    /// What a ``TabulaList`` keeps between updates: the adapter, and what it last showed.
    @MainActor
    final class TabulaListState<SectionID: Hashable & Sendable, Item: Identifiable & Sendable> where Item.ID: Sendable {
        var list: TabulaList<SectionID, Item>
        var selected: Item.ID?

        init(list: TabulaList<SectionID, Item>) {
            self.list = list
        }

        /// Shows the list's snapshot through `adapter`, then brings the selection in step.
        func show<Adapter: ListAdapter>(
            in adapter: Adapter, animated: Bool, select: @escaping (Item.ID?) -> Void
        ) where Adapter.SectionID == SectionID, Adapter.Item == Item {
            if !list.duplicates.isEmpty { list.actions.onDuplicates?(list.duplicates) }
            adapter.applyNow(list.snapshot, animatingDifferences: animated) { [weak self] result in
                guard let self else { return }
                self.syncSelection(select: select)
                self.list.actions.onApply?(result)
            }
        }

        /// Selects the bound item when SwiftUI changed it (an identifier not shown selects nothing).
        func syncSelection(select: (Item.ID?) -> Void) {
            guard let binding = list.selection else { return }
            let wanted = binding.wrappedValue
            guard wanted != selected else { return }
            selected = wanted
            select(wanted)
        }

        /// The user selected `item`.
        func userSelected(_ item: Item) {
            selected = item.id
            list.selection?.wrappedValue = item.id
            list.actions.onSelect?(item)
        }
    }
#endif
