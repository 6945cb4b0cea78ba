/// A cell that configures itself from one kind of model, so the code that shows a list never names
/// what the cell does with it.
///
/// A conforming cell needs no configurator closure: `CellConfigurator.cell(CountryCell.self)` is the
/// whole declaration, and it mixes freely with closure configurators in one ``CellConfigurators``.
///
/// ```swift
/// final class CountryCell: UITableViewCell, ConfigurableCell {
///     func configure(with country: Country) { textLabel?.text = country.name }
///     static func content(for country: Country) -> CellContent { CellContent(text: country.name) }
/// }
///
/// let cells = CellConfigurators<Country> { CellConfigurator.cell(CountryCell.self) }
/// ```
///
/// ``content(for:)`` is optional: it says what the model looks like where this cell class cannot be
/// shown (the headless view in tests, the terminal), so the same declaration drives every view. By
/// default that is the model's description.
@MainActor
public protocol ConfigurableCell: AnyObject {
    /// What the cell shows.
    associatedtype Model

    /// The identifier the cell is registered and dequeued under; defaults to the class's name.
    nonisolated static var reuseIdentifier: String { get }

    /// Shows `model`.
    func configure(with model: Model)

    /// What `model` looks like in a view's standard content cell (the headless view, the
    /// terminal). Defaults to the model's description as the text.
    static func content(for model: Model) -> CellContent
}

extension ConfigurableCell {
    nonisolated public static var reuseIdentifier: String { String(describing: self) }
    public static func content(for model: Model) -> CellContent { CellContent(text: String(describing: model)) }
}

extension CellConfigurator {
    /// A configurator for every item, in a ``ConfigurableCell`` whose model is the item.
    public static func cell<Cell: ConfigurableCell>(_ cellType: Cell.Type) -> CellConfigurator where Cell.Model == Item {
        cell(cellType, for: { Optional($0) })
    }

    /// A configurator for the items `extract` returns a model for (an enum case, a protocol's
    /// concrete type), in a ``ConfigurableCell`` of that model.
    public static func cell<Cell: ConfigurableCell>(
        _ cellType: Cell.Type, for extract: @escaping @Sendable (Item) -> Cell.Model?
    ) -> CellConfigurator {
        cell(
            cellType, reuseIdentifier: Cell.reuseIdentifier, for: extract, description: String(describing: Cell.Model.self),
            describe: { @MainActor model in Cell.content(for: model) }, configure: { cell, model, _ in cell.configure(with: model) })
    }
}

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

/// Any ``ListItem``, so that items of several kinds share one list. Two items are the same item
/// when they are of the same kind and have the same identifier; equal when their values are equal.
public struct AnyListItem: Identifiable, Hashable, Sendable, CustomStringConvertible {
    /// The identity of an ``AnyListItem``: its kind and its own identifier.
    public struct ID: Hashable, Sendable, CustomStringConvertible {
        let kind: ObjectIdentifier
        let value: any Hashable & Sendable

        public static func == (lhs: ID, rhs: ID) -> Bool {
            lhs.kind == rhs.kind && AnyListItem.equal(lhs.value, rhs.value)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            hasher.combine(value)
        }

        public var description: String { "\(value)" }
    }

    /// The wrapped item.
    public let base: any ListItem
    /// The item's kind and identifier.
    public let id: ID

    /// Wraps `item`.
    public init<Item: ListItem>(_ item: Item) {
        base = item
        id = ID(kind: ObjectIdentifier(Item.self), value: item.id)
    }

    /// The configurator the wrapped item's kind brings, for ``AnyListItem``s.
    func configurator() -> CellConfigurator<AnyListItem> {
        func erasedCell<Item: ListItem>(of item: Item) -> CellConfigurator<AnyListItem> { Item.cell.erased() }
        return erasedCell(of: base)
    }

    /// The wrapped item as `Item`, or `nil` when it is of another kind.
    public func `as`<Item: ListItem>(_ type: Item.Type) -> Item? { base as? Item }

    public static func == (lhs: AnyListItem, rhs: AnyListItem) -> Bool { lhs.id == rhs.id && equal(lhs.base, rhs.base) }

    public func hash(into hasher: inout Hasher) { hasher.combine(base) }

    public var description: String { "\(base)" }

    static func equal(_ lhs: any Hashable, _ rhs: any Hashable) -> Bool {
        func open<Value: Hashable>(_ value: Value) -> Bool { value == (rhs as? Value) }
        return open(lhs)
    }
}

extension CellConfigurator where Item: ListItem {
    /// This configurator for ``AnyListItem``s that wrap an `Item`.
    func erased() -> CellConfigurator<AnyListItem> {
        let matches = self.matches
        let configureCell = self.configureCell
        let contentOf = self.contentOf
        return CellConfigurator<AnyListItem>(
            reuseIdentifier: reuseIdentifier, cellType: cellType, cellTypeName: cellTypeName, itemDescription: itemDescription,
            matches: { ($0.base as? Item).map(matches) ?? false },
            configureCell: { cell, item, context in
                if let item = item.base as? Item { configureCell(cell, item, context) }
            },
            contentOf: contentOf.map { contentOf in { @MainActor item in (item.base as? Item).flatMap(contentOf) } },
            registersCell: registersCell)
    }
}

extension CellConfigurators where Item == AnyListItem {
    /// Configurators for items that choose their cells (``ListItem``): each item's kind supplies its
    /// configurator, and its cell is registered the first time an item of that kind is shown.
    public static var itemsChooseTheirCells: CellConfigurators<AnyListItem> {
        CellConfigurators(resolving: { $0.configurator() })
    }

    /// Items choose their cells, except those `configurators` take first: mix ``ListItem`` kinds
    /// with configurators in one list, or show one kind differently in one screen.
    ///
    /// ```swift
    /// let cells = CellConfigurators.itemsChooseTheirCells {
    ///     CellConfigurator.content(reuseIdentifier: "compact-ad", for: { $0.as(AdRow.self) }) { CellContent(text: $0.sponsor) }
    /// }
    /// ```
    public static func itemsChooseTheirCells(
        @ItemsBuilder<CellConfigurator<AnyListItem>> except configurators: () -> [CellConfigurator<AnyListItem>]
    ) -> CellConfigurators<AnyListItem> {
        CellConfigurators(configurators(), resolving: { $0.configurator() })
    }
}
