/// An item that knows its cell (its reuse identifier, its cell class and how to configure it), so a
/// data source needs no `switch` over kinds of row. Adding a row kind is a new type and nothing else.
///
/// Mix kinds in one list through ``AnyListItem``; ``CellConfigurators/itemsChooseTheirCells``
/// configures them, registering each kind's cell the first time one of its items is shown.
///
/// ```swift
/// struct EventRow: ListItem {
///     let id: Int
///     let title: String
///     static var cell: CellConfigurator<EventRow> { .cell(EventCell.self) }
/// }
///
/// let feed: [AnyListItem] = [AnyListItem(EventRow(id: 1, title: "Launch")), AnyListItem(AdRow(id: 1))]
/// let adapter = try TableViewAdapter(tableView: tableView, cells: .itemsChooseTheirCells)
/// ```
public protocol ListItem: Identifiable, Hashable, Sendable where ID: Sendable {
    /// How items of this kind become cells.
    static var cell: CellConfigurator<Self> { get }
}
