/// How one kind of item becomes one kind of cell: a reuse identifier, a cell class and a typed
/// configuration.
///
/// ```swift
/// // Every item, in a custom cell class; no cast at the call site.
/// CellConfigurator.cell(CountryCell.self) { cell, country in cell.nameLabel.text = country.name }
///
/// // A cell that configures itself (``ConfigurableCell``): no closure at all.
/// CellConfigurator.cell(CountryCell.self)
///
/// // Where the cell stands: its path, its section's size, the view.
/// CellConfigurator.cell(CountryCell.self) { cell, country, context in
///     cell.separatorHidden = context.isLastInSection
/// }
///
/// // One case of an enum of item kinds, or one type of a protocol's items.
/// CellConfigurator.cell(SwitchCell.self, for: { if case .toggle(let t) = $0 { t } else { nil } }) { cell, toggle in … }
///
/// // View-agnostic content: the same configurator works in a table, a collection, NSTableView,
/// // the terminal and the headless view.
/// CellConfigurator.content { setting in CellContent(text: setting.title, accessory: .disclosureIndicator) }
/// ```
///
/// The reuse identifier defaults to the cell class's name; pass one to use a class under several
/// identifiers. Two classes of the same name (`ToggleRow.Cell` and `ValueRow.Cell`) never share a
/// default identifier: the second is registered under its fully qualified name.
public struct CellConfigurator<Item>: Sendable {
    /// The identifier cells are registered and dequeued under.
    package var reuseIdentifier: String
    /// The cell class, or `nil` for ``content(reuseIdentifier:_:)`` configurators, which use each
    /// view's standard content cell.
    package let cellType: AnyObject.Type?
    /// The cell class's name: the nib looked for when registering, and what errors name.
    let cellTypeName: String
    /// A description of the items this configurator takes, for error messages.
    package var itemDescription: String

    /// Whether Tabula registers the cell (`true`), or the view already knows the identifier (a
    /// storyboard prototype cell, see ``storyboardPrototype()``).
    var registersCell = true

    /// Whether ``reuseIdentifier`` is the class's name because the app named none: then a view
    /// where another class of the same name (`ToggleRow.Cell`, `ValueRow.Cell`) took it first
    /// registers this class under its fully qualified name instead.
    package var identifierIsDefault = false

    @usableFromInline let matches: @Sendable (Item) -> Bool
    @usableFromInline let configureCell: @MainActor (AnyObject, Item, CellContext) -> Void
    @usableFromInline let contentOf: (@MainActor (Item) -> CellContent?)?

    @usableFromInline
    init(
        reuseIdentifier: String, cellType: AnyObject.Type?, cellTypeName: String, itemDescription: String,
        matches: @escaping @Sendable (Item) -> Bool, configureCell: @escaping @MainActor (AnyObject, Item, CellContext) -> Void,
        contentOf: (@MainActor (Item) -> CellContent?)?, registersCell: Bool = true
    ) {
        self.reuseIdentifier = reuseIdentifier
        self.cellType = cellType
        self.cellTypeName = cellTypeName
        self.itemDescription = itemDescription
        self.matches = matches
        self.configureCell = configureCell
        self.contentOf = contentOf
        self.registersCell = registersCell
    }

    /// Whether this configurator takes `item`.
    @inlinable
    func accepts(_ item: Item) -> Bool { matches(item) }

    /// Configures `cell` for `item`, at the place `context` describes.
    ///
    /// A cell-class configurator that can describe its items (`describe:`, or a
    /// ``ConfigurableCell`` with ``ConfigurableCell/content(for:)``) also configures a view's
    /// standard ``ContentCell``: that is how one declaration shows in the headless view and the
    /// terminal, which cannot hold a UIKit or AppKit cell.
    ///
    /// - Precondition: `cell` is of the configurator's cell class (or, for content and describing
    ///   configurators, conforms to ``ContentCell``). A view dequeues by this configurator's reuse
    ///   identifier, so a mismatch means the identifier was registered for another class in that
    ///   view; Tabula checks for that when an adapter registers its cells, so
    ///   this traps only when registration was done by hand.
    @MainActor
    @inlinable
    func configure(_ cell: AnyObject, with item: Item, context: CellContext) { configureCell(cell, item, context) }

    /// What `item` looks like as ``CellContent``: the content of content configurators, the
    /// description of describing cell-class configurators, otherwise `nil`.
    @MainActor
    func content(for item: Item) -> CellContent? { contentOf?(item) }

    /// Whether this configurator can show its items in a view's standard content cell.
    package var describesItems: Bool { contentOf != nil }

    /// A copy for a cell the view already knows under its reuse identifier (a storyboard's
    /// prototype cell): Tabula neither registers a class nor looks for a nib, so the
    /// prototype is not replaced.
    public func storyboardPrototype() -> CellConfigurator {
        var copy = self
        copy.registersCell = false
        copy.identifierIsDefault = false  // the storyboard names the prototype: never another name
        return copy
    }

    /// A configurator for every item, in cells of class `Cell`.
    ///
    /// - Parameters:
    ///   - cellType: the cell class, registered from a nib named after it when one exists.
    ///   - reuseIdentifier: defaults to the class's name.
    ///   - describe: what an item looks like where `Cell` cannot be shown (the headless view, the
    ///     terminal). Without it, those views report ``ConfigurationError/Problem/notACellClass(_:identifier:)``.
    ///   - configure: configures the cell; the ``CellContext`` says where it stands and in which view.
    public static func cell<Cell: AnyObject>(
        _ cellType: Cell.Type, reuseIdentifier: String? = nil, describe: (@MainActor (Item) -> CellContent)? = nil,
        configure: @escaping @MainActor (Cell, Item, CellContext) -> Void
    ) -> CellConfigurator {
        cell(cellType, reuseIdentifier: reuseIdentifier, for: { Optional($0) }, description: String(describing: Item.self), describe: describe, configure: configure)
    }

    /// A configurator for every item, in cells of class `Cell`, configured without a context.
    public static func cell<Cell: AnyObject>(
        _ cellType: Cell.Type, reuseIdentifier: String? = nil, describe: (@MainActor (Item) -> CellContent)? = nil,
        configure: @escaping @MainActor (Cell, Item) -> Void
    ) -> CellConfigurator {
        cell(cellType, reuseIdentifier: reuseIdentifier, describe: describe) { cell, item, _ in configure(cell, item) }
    }

    /// A configurator for the items `extract` returns a payload for (an enum case, a protocol's
    /// concrete type), in cells of class `Cell`, configured with that payload and its context.
    public static func cell<Cell: AnyObject, Payload>(
        _ cellType: Cell.Type, reuseIdentifier: String? = nil, for extract: @escaping @Sendable (Item) -> Payload?,
        describe: (@MainActor (Payload) -> CellContent)? = nil, configure: @escaping @MainActor (Cell, Payload, CellContext) -> Void
    ) -> CellConfigurator {
        cell(cellType, reuseIdentifier: reuseIdentifier, for: extract, description: String(describing: Payload.self), describe: describe, configure: configure)
    }

    /// A configurator for the items `extract` returns a payload for (an enum case, a protocol's
    /// concrete type), in cells of class `Cell`, configured with that payload.
    public static func cell<Cell: AnyObject, Payload>(
        _ cellType: Cell.Type, reuseIdentifier: String? = nil, for extract: @escaping @Sendable (Item) -> Payload?,
        describe: (@MainActor (Payload) -> CellContent)? = nil, configure: @escaping @MainActor (Cell, Payload) -> Void
    ) -> CellConfigurator {
        cell(cellType, reuseIdentifier: reuseIdentifier, for: extract, describe: describe) { cell, payload, _ in configure(cell, payload) }
    }

    static func cell<Cell: AnyObject, Payload>(
        _ cellType: Cell.Type, reuseIdentifier: String?, for extract: @escaping @Sendable (Item) -> Payload?, description: String,
        describe: (@MainActor (Payload) -> CellContent?)?, configure: @escaping @MainActor (Cell, Payload, CellContext) -> Void
    ) -> CellConfigurator {
        let name = String(describing: cellType)
        let identifier = reuseIdentifier ?? name
        var configurator = CellConfigurator(
            reuseIdentifier: identifier, cellType: cellType, cellTypeName: name, itemDescription: description,
            matches: { extract($0) != nil },
            configureCell: { cell, item, context in
                guard let payload = extract(item) else { return }
                if let typed = cell as? Cell {
                    configure(typed, payload, context)
                } else if let describe, let contentCell = cell as? any ContentCell {
                    contentCell.apply(describe(payload) ?? CellContent(text: "\(payload)"))
                } else {
                    configure(Self.cast(cell, to: Cell.self, identifier: identifier), payload, context)
                }
            },
            contentOf: describe.map { describe in { @MainActor item in extract(item).flatMap(describe) } })
        configurator.identifierIsDefault = identifier == name
        return configurator
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
        // Hosted by no view: every view's content cell shows the content.
        hosted(
            reuseIdentifier: reuseIdentifier, itemDescription: description, matches: matches, describe: content,
            host: { _, _, _ in false })
    }

    /// A configurator for items shown in each view's standard content cell by `host`, which
    /// returns `false` for a cell it cannot host in (the headless view's, the terminal's, or any
    /// cell on a system too old for it); those cells show `describe`'s content. What
    /// `TabulaSwiftUI`'s hosted rows and the content configurators (which host nowhere) are built on.
    package static func hosted(
        reuseIdentifier: String, itemDescription: String, matches: @escaping @Sendable (Item) -> Bool,
        describe: @escaping @MainActor (Item) -> CellContent?, host: @escaping @MainActor (AnyObject, Item, CellContext) -> Bool
    ) -> CellConfigurator {
        CellConfigurator(
            reuseIdentifier: reuseIdentifier, cellType: nil, cellTypeName: "ContentCell", itemDescription: itemDescription,
            matches: matches,
            configureCell: { @MainActor cell, item, context in
                if host(cell, item, context) { return }
                guard let contentCell = cell as? any ContentCell else {
                    preconditionFailure("cell \(type(of: cell)) dequeued for '\(reuseIdentifier)' does not conform to ContentCell")
                }
                contentCell.apply(describe(item) ?? CellContent(text: "\(item)"))
            },
            contentOf: describe)
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
    package func when(_ predicate: @escaping @Sendable (Item) -> Bool) -> CellConfigurator {
        let original = matches
        var copy = CellConfigurator(
            reuseIdentifier: reuseIdentifier, cellType: cellType, cellTypeName: cellTypeName, itemDescription: itemDescription,
            matches: { original($0) && predicate($0) }, configureCell: configureCell, contentOf: contentOf,
            registersCell: registersCell)
        copy.identifierIsDefault = identifierIsDefault
        return copy
    }
}
