/// The configurators of a list, combined: each item goes to the first configurator that takes it
/// (one case of an enum, one type of a protocol's items, or every item).
///
/// Combining replaces a hand-written aggregate configurator that forwards each item with a `switch`.
/// Before anything is shown, ``validate(_:)`` checks that every item of a snapshot has a
/// configurator, and an adapter registers every cell class (from a nib named after the class
/// when one exists), reporting conflicting registrations when it is created. Each problem is reported together.
///
/// ```swift
/// let cells = CellConfigurators<Row> {
///     CellConfigurator.cell(ImageCell.self, for: \.image) { cell, image in cell.show(image) }
///     CellConfigurator.cell(TextCell.self, for: \.text) { cell, text in cell.label.text = text }
/// }
/// ```
public struct CellConfigurators<Item>: Sendable {
    /// The configurators, in the order they are tried.
    @usableFromInline package var configurators: [CellConfigurator<Item>]
    /// For items that choose their cell (``ListItem``): the configurator an item brings, tried
    /// after ``configurators``.
    @usableFromInline let resolve: (@Sendable (Item) -> CellConfigurator<Item>?)?

    /// Combines configurators.
    package init(_ configurators: [CellConfigurator<Item>]) {
        self.configurators = configurators
        self.resolve = nil
    }

    /// Configurators that `resolve` supplies item by item (their cells are registered when first
    /// needed), after `configurators`.
    ///
    /// A cell provider of Apple's diffable data sources, one `switch` over the item's kinds, is
    /// such a function, each case returning its cell's configurator (the adapters' `cellProvider:`
    /// initialisers take it alone):
    ///
    /// ```swift
    /// let cells = CellConfigurators<SettingsRow> { row in
    ///     switch row {
    ///     case .airplaneMode: .content { _ in CellContent(text: "Airplane Mode", accessory: .toggle(isOn: false)) }
    ///     case .wifi: .content { _ in CellContent(text: "Wi-Fi", accessory: .disclosureIndicator) }
    ///     }
    /// }
    /// ```
    ///
    /// `resolve` is `@Sendable`: the diff asks it, off the main actor, which cell an item gets; the
    /// closures of the configurators it returns run on the main actor.
    @usableFromInline package init(_ configurators: [CellConfigurator<Item>] = [], resolving resolve: @escaping @Sendable (Item) -> CellConfigurator<Item>?) {
        self.configurators = configurators
        self.resolve = resolve
    }

    /// Combines configurators written declaratively.
    public init(@ItemsBuilder<CellConfigurator<Item>> _ content: () -> [CellConfigurator<Item>]) {
        self.init(content())
    }

    /// The configurator for `item`, or `nil`.
    @inlinable
    package func configurator(for item: Item) -> CellConfigurator<Item>? {
        for configurator in configurators where configurator.accepts(item) { return configurator }
        return resolve?(item)
    }

    /// Checks that every item of `snapshot` has a configurator.
    ///
    /// - Throws: ``ConfigurationError`` listing every item without one (at most 20 named, with the
    ///   total count).
    public func validate<SectionID>(_ snapshot: Snapshot<SectionID, Item>) throws
    where Item: Identifiable {
        var problems: [ConfigurationError.Problem] = []
        var missing = 0
        for (s, section) in snapshot.sections.enumerated() {
            for (i, item) in section.items.enumerated() where configurator(for: item) == nil {
                missing += 1
                if problems.count < 20 {
                    problems.append(.noConfigurator(item: String(describing: item), at: ItemPath(item: i, section: s)))
                }
            }
        }
        if missing > problems.count { problems.append(.more(missing - problems.count)) }
        if !problems.isEmpty { throw ConfigurationError(problems: problems) }
    }

    /// Registers every configurator's cell in `view` through `registry`: from a nib named after
    /// the cell class when the view has one, otherwise the class itself. Content configurators
    /// register the view's standard content cell; the placeholder cell is registered too.
    ///
    /// - Throws: ``ConfigurationError`` listing every problem: two classes under one reuse
    ///   identifier the app named, a nib holding another class, a class the view cannot hold.
    @MainActor
    package func register(in view: some CellRegistrar, registry: inout CellRegistry) throws {
        var problems: [ConfigurationError.Problem] = []
        for configurator in configurators {
            if case .problem(let problem) = registry.identifier(for: configurator, in: view), !problems.contains(problem) {
                problems.append(problem)
            }
        }
        // The placeholder shown for an item no configurator takes, instead of a trap.
        registry.registerContentCell(as: Self.placeholderReuseIdentifier, in: view)
        if !problems.isEmpty { throw ConfigurationError(problems: problems) }
    }

    /// The reuse identifier of the placeholder cell that adapters show for an item no configurator
    /// takes (registered by every adapter as the view's standard content cell), together with a
    /// ``ListDiagnostic/Kind/noConfigurator(item:at:)`` diagnostic: never a trap.
    package static var placeholderReuseIdentifier: String { "TabulaPlaceholderCell" }

    /// What the placeholder cell shows for `item`.
    static func placeholderContent(for item: Item) -> CellContent {
        CellContent(text: "⚠︎ no configurator for \(item)", style: .placeholder)
    }
}

extension CellConfigurators {
    /// These configurators, each configuring its cells through the configurator at the same place
    /// in `latest()` when that one has the same reuse identifier: registration stays as these
    /// declare it, while configuration uses the closures of the newest declaration (a SwiftUI
    /// view's `body` makes new ones, capturing the model as it is now).
    package func routing(through latest: @escaping @MainActor () -> CellConfigurators<Item>) -> CellConfigurators<Item> {
        var copy = self
        copy.configurators = configurators.enumerated().map { index, configurator in
            @MainActor func current() -> CellConfigurator<Item> {
                let newest = latest().configurators
                return newest.indices.contains(index) && newest[index].reuseIdentifier == configurator.reuseIdentifier ? newest[index] : configurator
            }
            var routed = CellConfigurator(
                reuseIdentifier: configurator.reuseIdentifier, cellType: configurator.cellType, cellTypeName: configurator.cellTypeName,
                itemDescription: configurator.itemDescription, matches: configurator.matches,
                configureCell: { cell, item, context in current().configureCell(cell, item, context) },
                contentOf: configurator.contentOf.map { _ in { @MainActor item in current().content(for: item) } },
                registersCell: configurator.registersCell)
            routed.identifierIsDefault = configurator.identifierIsDefault
            return routed
        }
        return copy
    }
}
