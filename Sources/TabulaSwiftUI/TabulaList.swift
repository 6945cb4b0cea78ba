#if canImport(SwiftUI)
    import SwiftUI
    import Tabula

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
    /// (``HostedRow``), cell classes and content configurators mix freely. The cell classes, their
    /// identifiers and the style are read once, when SwiftUI makes the view; the configurators'
    /// closures, the snapshot, the selection, the editing mode and the actions are read at every
    /// update, so a row closure that captures your model sees it as it is now.
    ///
    /// What `List` offers is here too: a `Set` selection with editing mode, reordering
    /// (``onMove(_:)``), swipe actions and context menus per item (``swipeActions(edge:_:)``,
    /// ``contextMenu(_:)``), and sectioned content built in `body` without `try`
    /// (``init(sections:keeping:style:cells:selection:)``). In a list layout, each section has a
    /// header or footer only when it has a title.
    @MainActor
    public struct TabulaList<SectionID: Hashable & Sendable, Item: Identifiable & Sendable> where Item.ID: Sendable {
        /// What the list shows and does, shared with the headless tests.
        var content: TabulaListContent<SectionID, Item>
        let style: TabulaListStyle

        /// Shows `snapshot` with `cells`; an item whose content changed is configured again in its
        /// cell (`updateKind` decides otherwise).
        ///
        /// - Parameter selection: the selected item's identifier, kept in step both ways: the
        ///   user's selection sets it, and setting it selects the item.
        public init(
            _ snapshot: Snapshot<SectionID, Item>, style: TabulaListStyle = .table(.insetGrouped), cells: CellConfigurators<Item>,
            selection: Binding<Item.ID?>? = nil, updateKind: @escaping @Sendable (Item, Item) -> UpdateKind?
        ) {
            self.content = TabulaListContent(snapshot: snapshot, cells: cells, updateKind: updateKind)
            self.style = style
            if let selection { content.selection = .single(get: { selection.wrappedValue }, set: { selection.wrappedValue = $0 }) }
        }

        /// Shows `snapshot` with `cells`, with any number of selected items (in editing mode on
        /// iOS, as SwiftUI's `List` with a `Set` selection).
        ///
        /// - Parameter selection: the selected items' identifiers, kept in step both ways.
        public init(
            _ snapshot: Snapshot<SectionID, Item>, style: TabulaListStyle = .table(.insetGrouped), cells: CellConfigurators<Item>,
            selection: Binding<Set<Item.ID>>, updateKind: @escaping @Sendable (Item, Item) -> UpdateKind?
        ) {
            self.content = TabulaListContent(snapshot: snapshot, cells: cells, updateKind: updateKind)
            self.style = style
            content.selection = .multiple(get: { selection.wrappedValue }, set: { selection.wrappedValue = $0 })
        }

        /// Calls `action` with the item the user selects.
        public func onSelect(_ action: @escaping (Item) -> Void) -> Self { with { $0.onSelect = action } }

        /// Lets the user delete items, and calls `action` with each item deleted: remove it from
        /// your state; the list shows the removal at once. Every style offers it: swipe to delete
        /// in a table, a Delete swipe action in a collection list and on macOS (before the
        /// actions of ``swipeActions(edge:_:)``, when there are some), and on macOS the Delete key
        /// for the selected rows.
        public func onDelete(_ action: @escaping (Item) -> Void) -> Self { with { $0.onDelete = action } }

        /// Lets the user reorder items in editing mode, and calls `action` with the `Reorder` the
        /// user made and the snapshot as the user left it: carry the reorder into your model with
        /// `try? model.apply(reorder)` (the list shows it already).
        public func onMove(_ action: @escaping (Reorder<SectionID, Item.ID>, Snapshot<SectionID, Item>) -> Void) -> Self { with { $0.onMove = action } }

        /// The swipe actions of each item, on the trailing edge (or the leading one).
        public func swipeActions(edge: ListRowEdge = .trailing, _ actions: @escaping (Item) -> [ListRowAction]) -> Self {
            with { edge == .leading ? ($0.leadingSwipeActions = actions) : ($0.trailingSwipeActions = actions) }
        }

        /// The context menu of each item (a long press on iOS, a secondary click on macOS).
        public func contextMenu(_ actions: @escaping (Item) -> [ListRowAction]) -> Self { with { $0.contextMenu = actions } }

        /// Binds the list's scroll position: `id` holds the first item on screen (the topmost of
        /// which more than half a point shows), updated as the user scrolls and as the list
        /// moves; set it and the list scrolls that item to the top (as near as the end of the
        /// content allows, so the binding may then read an item above it). The list starts at
        /// `initialAnchor`: at the bottom, it stays there while its rows are measured, until the
        /// user scrolls. A position already set when the list appears is scrolled to instead (a
        /// position restored).
        ///
        /// ```swift
        /// TabulaList(items: messages, cells: Self.cells)
        ///     .scrollPosition(id: $reading, initialAnchor: .bottom)
        ///     .scrollAnchor(.bottom)
        /// ```
        ///
        /// An item set in the update that removes it gives way to its nearest surviving
        /// neighbour, as ``ScrollAnchor`` does: the next item below it still shown, or else the
        /// nearest one above. Any other item the list does not show scrolls nowhere. The binding is written after SwiftUI's update, never during
        /// it; a value the app sets meanwhile wins.
        ///
        /// SwiftUI's own `scrollPosition(id:)` reads the views of a `ScrollView`, which a list's
        /// rows are not; this one reads the rows of Tabula's table or collection view.
        ///
        /// - Parameters:
        ///   - id: the first item on screen, by identifier; `nil` to start at `initialAnchor`
        ///     without a binding.
        ///   - initialAnchor: the edge the list starts at when `id` holds nothing (read once, when
        ///     SwiftUI makes the view).
        public func scrollPosition(id: Binding<Item.ID?>? = nil, initialAnchor: ListScrollEdge = .top) -> Self {
            var copy = self
            if let id { copy.content.position = (get: { id.wrappedValue }, set: { id.wrappedValue = $0 }) } else { copy.content.position = nil }
            copy.content.initialAnchor = initialAnchor
            return copy
        }

        /// The row held still as rows are inserted, deleted, moved or resized above it (the
        /// adapter driver's ``ListDriver/scrollAnchor``): ``ScrollAnchor/bottom`` for a chat,
        /// ``ScrollAnchor/firstVisibleItem`` for a feed. Default: ``ScrollAnchor/none``.
        public func scrollAnchor(_ anchor: ScrollAnchor<Item.ID>) -> Self {
            var copy = self
            copy.content.scrollAnchor = anchor
            return copy
        }

        /// Calls `action` with what became of each snapshot shown (animated batch updates, a reload
        /// and why, no change).
        public func onApply(_ action: @escaping (ApplyResult) -> Void) -> Self { with { $0.onApply = action } }

        /// Calls `action` with the items that the `items:` and `sections:` initialisers dropped
        /// because their identifier repeated, each named with where it was and which occurrence
        /// stayed.
        public func onDuplicates(_ action: @escaping (DuplicateReport<SectionID, Item.ID>) -> Void) -> Self { with { $0.onDuplicates = action } }

        /// Calls `action` when the configurators cannot be registered (two cell classes under one
        /// reuse identifier, a nib of the wrong class); the list then stays empty.
        ///
        /// Without it, such an error stops the app with its message (`preconditionFailure`), as a
        /// registration conflict does everywhere in Tabula: it is a programming error in the
        /// configurators, found on the first run.
        public func onConfigurationError(_ action: @escaping (ConfigurationError) -> Void) -> Self { with { $0.onConfigurationError = action } }

        /// A copy with `change` made to its actions.
        private func with(_ change: (inout TabulaListContent<SectionID, Item>.Actions) -> Void) -> Self {
            var copy = self
            change(&copy.content.actions)
            return copy
        }

        /// An adapter's initialiser failed: it throws only ``ConfigurationError``.
        func report(_ error: any Error) {
            if let handler = content.actions.onConfigurationError, let error = error as? ConfigurationError {
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

        /// Shows `snapshot` with `cells` and a `Set` selection, kept in step both ways.
        public init(
            _ snapshot: Snapshot<SectionID, Item>, style: TabulaListStyle = .table(.insetGrouped), cells: CellConfigurators<Item>,
            selection: Binding<Set<Item.ID>>
        ) {
            self.init(snapshot, style: style, cells: cells, selection: selection, updateKind: cells.cheapestUpdate)
        }

        /// Shows `sections`, nothing thrown, so it can be built in `body`: a repeated section
        /// identifier adds its items to the first section of that identifier, and a repeated item
        /// identifier is dropped as `duplicates` says and reported to ``onDuplicates(_:)``.
        ///
        /// ```swift
        /// TabulaList(sections: [
        ///     Tabula.Section("today", header: "Today", items: model.today),
        ///     Tabula.Section("later", header: "Later", items: model.later),
        /// ], cells: Self.cells)
        /// ```
        public init(
            sections: [Tabula.Section<SectionID, Item>], keeping duplicates: DuplicatePolicy = .keepFirst, style: TabulaListStyle = .table(.insetGrouped),
            cells: CellConfigurators<Item>, selection: Binding<Item.ID?>? = nil
        ) {
            // Built when shown, against the list on screen (`TabulaListContent.build(against:)`).
            self.init(Snapshot(), style: style, cells: cells, selection: selection)
            content.unbuilt = (sections, duplicates)
        }

        /// Shows `sections`, nothing thrown, with a `Set` selection kept in step both ways.
        public init(
            sections: [Tabula.Section<SectionID, Item>], keeping duplicates: DuplicatePolicy = .keepFirst, style: TabulaListStyle = .table(.insetGrouped),
            cells: CellConfigurators<Item>, selection: Binding<Set<Item.ID>>
        ) {
            // Built when shown, against the list on screen (`TabulaListContent.build(against:)`).
            self.init(Snapshot(), style: style, cells: cells, selection: selection)
            content.unbuilt = (sections, duplicates)
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
            self.init(sections: [Tabula.Section(0, items: items)], style: style, cells: cells, selection: selection)
        }
    }
#endif
