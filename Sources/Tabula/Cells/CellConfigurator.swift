/// How one kind of item becomes one kind of cell: a reuse identifier, a cell class and a typed
/// configuration (SPEC S0.2, S1.2, S4.2).
///
/// ```swift
/// // Every item, in a custom cell class; no cast at the call site.
/// CellConfigurator.cell(CountryCell.self) { cell, country in cell.nameLabel.text = country.name }
///
/// // One case of an enum of item kinds (S0.4, S3.1), or one type of a protocol's items (S2.1).
/// CellConfigurator.cell(SwitchCell.self, for: { if case .toggle(let t) = $0 { t } else { nil } }) { cell, toggle in … }
///
/// // View-agnostic content: the same configurator works in a table, a collection, NSTableView,
/// // the terminal and the headless view (B8).
/// CellConfigurator.content { setting in CellContent(text: setting.title, accessory: .disclosureIndicator) }
/// ```
///
/// The reuse identifier defaults to the cell class's name; pass one to use a class under several
/// identifiers (the S4 seed's "one reuse identifier per cell class" limit is gone).
public struct CellConfigurator<Item> {
    /// The identifier cells are registered and dequeued under.
    public var reuseIdentifier: String
    /// The cell class, or `nil` for ``content(reuseIdentifier:_:)`` configurators, which use each
    /// view's standard content cell.
    public let cellType: AnyObject.Type?
    /// The cell class's name: the nib looked for when registering, and what errors name.
    public let cellTypeName: String
    /// A description of the items this configurator takes, for error messages.
    public var itemDescription: String

    @usableFromInline let matches: @Sendable (Item) -> Bool
    @usableFromInline let configureCell: @MainActor (AnyObject, Item) -> Void
    @usableFromInline let contentOf: (@MainActor (Item) -> CellContent?)?

    /// Whether this configurator takes `item`.
    @inlinable
    public func accepts(_ item: Item) -> Bool { matches(item) }

    /// Configures `cell` for `item`.
    ///
    /// - Precondition: `cell` is of the configurator's cell class (or, for content configurators,
    ///   conforms to ``ContentCell``). A view dequeues by this configurator's reuse identifier, so a
    ///   mismatch means the identifier was registered for another class in that view; Tabula checks
    ///   for that when it registers (``CellConfigurators/register(in:)``), so this traps only when
    ///   registration was done by hand.
    @MainActor
    @inlinable
    public func configure(_ cell: AnyObject, with item: Item) { configureCell(cell, item) }

    /// The content for `item`, for content configurators; `nil` for cell-class configurators.
    @MainActor
    public func content(for item: Item) -> CellContent? { contentOf?(item) }

    /// A configurator for every item, in cells of class `Cell`.
    public static func cell<Cell: AnyObject>(
        _ cellType: Cell.Type, reuseIdentifier: String? = nil, configure: @escaping @MainActor (Cell, Item) -> Void
    ) -> CellConfigurator {
        let name = String(describing: cellType)
        return CellConfigurator(
            reuseIdentifier: reuseIdentifier ?? name, cellType: cellType, cellTypeName: name,
            itemDescription: String(describing: Item.self), matches: { _ in true },
            configureCell: { cell, item in configure(Self.cast(cell, to: Cell.self, identifier: reuseIdentifier ?? name), item) },
            contentOf: nil)
    }

    /// A configurator for the items `extract` returns a payload for (an enum case, a protocol's
    /// concrete type), in cells of class `Cell`, configured with that payload.
    public static func cell<Cell: AnyObject, Payload>(
        _ cellType: Cell.Type, reuseIdentifier: String? = nil, for extract: @escaping @Sendable (Item) -> Payload?,
        configure: @escaping @MainActor (Cell, Payload) -> Void
    ) -> CellConfigurator {
        let name = String(describing: cellType)
        return CellConfigurator(
            reuseIdentifier: reuseIdentifier ?? name, cellType: cellType, cellTypeName: name,
            itemDescription: String(describing: Payload.self), matches: { extract($0) != nil },
            configureCell: { cell, item in
                guard let payload = extract(item) else { return }
                configure(Self.cast(cell, to: Cell.self, identifier: reuseIdentifier ?? name), payload)
            },
            contentOf: nil)
    }

    /// A view-agnostic configurator: `content` describes the cell and each view's standard content
    /// cell shows it.
    public static func content(
        reuseIdentifier: String = "TabulaContentCell", _ content: @escaping @MainActor (Item) -> CellContent
    ) -> CellConfigurator {
        contentConfigurator(reuseIdentifier: reuseIdentifier, description: String(describing: Item.self), matches: { _ in true }, content: content)
    }

    /// A view-agnostic configurator for the items `extract` returns a payload for.
    public static func content<Payload>(
        reuseIdentifier: String = "TabulaContentCell", for extract: @escaping @Sendable (Item) -> Payload?,
        _ content: @escaping @MainActor (Payload) -> CellContent
    ) -> CellConfigurator {
        contentConfigurator(
            reuseIdentifier: reuseIdentifier, description: String(describing: Payload.self), matches: { extract($0) != nil },
            content: { @MainActor in extract($0).map(content) ?? CellContent() })
    }

    static func contentConfigurator(
        reuseIdentifier: String, description: String, matches: @escaping @Sendable (Item) -> Bool,
        content: @escaping @MainActor (Item) -> CellContent
    ) -> CellConfigurator {
        CellConfigurator(
            reuseIdentifier: reuseIdentifier, cellType: nil, cellTypeName: "ContentCell", itemDescription: description,
            matches: matches,
            configureCell: { @MainActor cell, item in
                guard let contentCell = cell as? any ContentCell else {
                    preconditionFailure("cell \(type(of: cell)) dequeued for '\(reuseIdentifier)' does not conform to ContentCell")
                }
                contentCell.apply(content(item))
            },
            contentOf: content)
    }

    @MainActor
    @usableFromInline
    static func cast<Cell: AnyObject>(_ cell: AnyObject, to type: Cell.Type, identifier: String) -> Cell {
        guard let typed = cell as? Cell else {
            preconditionFailure("cell dequeued for '\(identifier)' is a \(Swift.type(of: cell)), not a \(Cell.self): the identifier was registered for another class")
        }
        return typed
    }

    /// Returns a copy that takes only the items `predicate` accepts (among those it already takes).
    ///
    /// The predicate is `@Sendable`: the diff asks it, off the main actor, which configurator (and
    /// so which cell type) an item gets.
    public func when(_ predicate: @escaping @Sendable (Item) -> Bool) -> CellConfigurator {
        var copy = self
        let original = matches
        copy = CellConfigurator(
            reuseIdentifier: reuseIdentifier, cellType: cellType, cellTypeName: cellTypeName, itemDescription: itemDescription,
            matches: { original($0) && predicate($0) }, configureCell: configureCell, contentOf: contentOf)
        return copy
    }
}
