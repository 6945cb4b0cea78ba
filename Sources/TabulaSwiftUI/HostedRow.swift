import Tabula

#if canImport(SwiftUI)
    import SwiftUI
#endif

/// A row whose cell is a SwiftUI view, declared once for every view a list can be shown in.
///
/// On iOS 16 and later a table or collection cell hosts `body(for:)` with
/// `UIHostingConfiguration`; on macOS the table's cell view hosts it in an `NSHostingView`. Where
/// SwiftUI cannot run (the headless view, the terminal, Linux) and on iOS 15, the cell shows
/// ``describe(_:)`` instead, so one declaration is what the app shows and what its tests drive:
///
/// ```swift
/// struct NoteRow: HostedRow {
///     func describe(_ note: Note) -> CellContent { CellContent(text: note.title) }
///
///     #if canImport(SwiftUI)
///         func body(for note: Note) -> some View { Label(note.title, systemImage: "note.text") }
///     #endif
/// }
///
/// let cells = CellConfigurators<Note> { CellConfigurator.hosting(NoteRow()) }
/// ```
///
/// A row is a value: give it the closures its controls call (a toggle's action, a button's) as
/// stored properties. They are `@MainActor` closures, which are `Sendable`.
public protocol HostedRow<Item>: Sendable {
    /// What the row shows.
    associatedtype Item

    /// What the row looks like where SwiftUI cannot host it: the headless view, the terminal, a
    /// system without `UIHostingConfiguration`. Tests read it.
    @MainActor func describe(_ item: Item) -> CellContent

    #if canImport(SwiftUI)
        /// The row's SwiftUI view.
        associatedtype Body: View

        /// The row's view for `item`.
        ///
        /// Keep state that must outlive the cell in your model: a cell is reused for other items.
        /// Tabula gives each item's view its own identity, so `@State` inside the row belongs to
        /// one item. It survives while that item's content changes in place (a reconfigure) and
        /// starts afresh when the cell shows another item.
        @MainActor @ViewBuilder func body(for item: Item) -> Body
    #endif
}

extension CellConfigurator where Item: Identifiable & Sendable {
    /// A configurator that shows every item in `row`'s SwiftUI view (see ``HostedRow``).
    ///
    /// - Parameters:
    ///   - row: the row declaration.
    ///   - reuseIdentifier: defaults to one identifier per row type, so cells of different rows are
    ///     never swapped for each other.
    public static func hosting<Row: HostedRow>(_ row: Row, reuseIdentifier: String? = nil) -> CellConfigurator
    where Row.Item == Item {
        hosting(row, reuseIdentifier: reuseIdentifier, for: { Optional($0) })
    }

    /// A configurator for the items `extract` returns a payload for (an enum case, a protocol's
    /// concrete type), shown in `row`'s SwiftUI view; mixes with cell-class and content
    /// configurators in one `CellConfigurators`.
    ///
    /// ```swift
    /// CellConfigurators<FeedItem> {
    ///     CellConfigurator.cell(BannerCell.self, for: \.banner) { cell, banner in cell.show(banner) }
    ///     CellConfigurator.hosting(PostRow(), for: \.post)
    /// }
    /// ```
    public static func hosting<Row: HostedRow>(
        _ row: Row, reuseIdentifier: String? = nil, for extract: @escaping @Sendable (Item) -> Row.Item?
    ) -> CellConfigurator {
        .hosted(
            reuseIdentifier: reuseIdentifier ?? "TabulaHostedRow.\(Row.self)", itemDescription: String(describing: Row.Item.self),
            matches: { extract($0) != nil },
            describe: { item in extract(item).map(row.describe) },
            host: { cell, item, _ in
                guard let payload = extract(item) else { return false }
                return RowHosting.host(row, payload, identity: item.id, in: cell)
            })
    }
}
