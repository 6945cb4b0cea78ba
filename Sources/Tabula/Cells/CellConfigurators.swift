/// The configurators of a list, combined: each item goes to the first configurator that takes it
/// (SPEC S0.4, S2.1, S4.5).
///
/// Combining replaces the seed's hand-written `AggregateConfigurator` and its switch forwarding.
/// Before anything is shown, ``validate(_:)`` checks that every item of a snapshot has a
/// configurator, and ``register(in:)`` registers every cell class (from a nib named after the class
/// when one exists) and reports conflicting registrations. Each problem is reported together.
///
/// ```swift
/// let cells = CellConfigurators<Row> {
///     CellConfigurator.cell(ImageCell.self, for: \.image) { cell, image in cell.show(image) }
///     CellConfigurator.cell(TextCell.self, for: \.text) { cell, text in cell.label.text = text }
/// }
/// ```
public struct CellConfigurators<Item>: Sendable {
    /// The configurators, in the order they are tried.
    public var configurators: [CellConfigurator<Item>]
    /// For items that choose their cell (``ListItem``): the configurator an item brings, tried
    /// after ``configurators``.
    @usableFromInline let resolve: (@Sendable (Item) -> CellConfigurator<Item>?)?

    /// Combines configurators.
    public init(_ configurators: [CellConfigurator<Item>]) {
        self.configurators = configurators
        self.resolve = nil
    }

    /// Configurators that `resolve` supplies item by item (their cells are registered when first
    /// needed), after `configurators`.
    public init(_ configurators: [CellConfigurator<Item>] = [], resolving resolve: @escaping @Sendable (Item) -> CellConfigurator<Item>?) {
        self.configurators = configurators
        self.resolve = resolve
    }

    /// Combines configurators written declaratively.
    public init(@ItemsBuilder<CellConfigurator<Item>> _ content: () -> [CellConfigurator<Item>]) {
        self.init(content())
    }

    /// The configurator for `item`, or `nil`.
    @inlinable
    public func configurator(for item: Item) -> CellConfigurator<Item>? {
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

    /// Registers every configurator's cell in `registrar`: from a nib named after the cell class
    /// when the registrar has one, otherwise the class itself (S0.2, S2.3). Content configurators
    /// register the view's standard content cell.
    ///
    /// - Throws: ``ConfigurationError`` when two configurators use one reuse identifier for
    ///   different cell classes, or when a nib's cell class differs from the configurator's, naming
    ///   both classes.
    @MainActor
    public func register(in registrar: some CellRegistrar) throws {
        var problems: [ConfigurationError.Problem] = []
        var seen: [String: String] = [:]
        for configurator in configurators {
            let identifier = configurator.reuseIdentifier
            if let other = seen[identifier] {
                if other != configurator.cellTypeName {
                    problems.append(.identifierConflict(identifier: identifier, first: other, second: configurator.cellTypeName))
                }
                continue
            }
            seen[identifier] = configurator.cellTypeName
            if let problem = Self.registerOne(configurator, in: registrar) { problems.append(problem) }
        }
        // The placeholder shown for an item no configurator takes, instead of a trap.
        if registrar.registeredCellTypeName(forReuseIdentifier: Self.placeholderReuseIdentifier) == nil {
            registrar.registerContentCell(forReuseIdentifier: Self.placeholderReuseIdentifier)
        }
        if !problems.isEmpty { throw ConfigurationError(problems: problems) }
    }

    /// Registers one configurator's cell: nothing for a storyboard prototype, the nib named after
    /// the class when there is one, the class, or, where the view cannot hold that class (the
    /// headless view, the terminal) and the configurator describes its items, the view's content
    /// cell.
    @MainActor
    static func registerOne(_ configurator: CellConfigurator<Item>, in registrar: some CellRegistrar) -> ConfigurationError.Problem? {
        let identifier = configurator.reuseIdentifier
        guard configurator.registersCell else { return nil }
        if let existing = registrar.registeredCellTypeName(forReuseIdentifier: identifier) {
            if existing != configurator.cellTypeName, configurator.cellType != nil, !(configurator.describesItems && existing == "ContentCell") {
                return .identifierConflict(identifier: identifier, first: existing, second: configurator.cellTypeName)
            }
            return nil
        }
        guard let cellType = configurator.cellType else {
            registrar.registerContentCell(forReuseIdentifier: identifier)
            return nil
        }
        if let nibClass = registrar.nibCellTypeName(named: configurator.cellTypeName) {
            guard nibClass == configurator.cellTypeName else {
                return .nibClassMismatch(nib: configurator.cellTypeName, nibClass: nibClass, expected: configurator.cellTypeName)
            }
            registrar.registerNib(named: configurator.cellTypeName, forReuseIdentifier: identifier)
        } else if !registrar.registerClass(cellType, forReuseIdentifier: identifier) {
            guard configurator.describesItems else { return .notACellClass(configurator.cellTypeName, identifier: identifier) }
            registrar.registerContentCell(forReuseIdentifier: identifier)
        }
        return nil
    }

    /// A configured cell for `item` at `path`: what every adapter's cell-for-item does.
    ///
    /// Finds the item's configurator (registering the cell of a kind shown for the first time),
    /// dequeues with `dequeue`, and configures the cell with a ``CellContext``. An item no
    /// configurator takes, or whose cell cannot be registered, gets the placeholder cell and a
    /// diagnostic through `report`: never a trap.
    @MainActor
    public func cell<Cell: AnyObject>(
        for item: Item, at path: ItemPath, itemsInSection: Int, registrar: some CellRegistrar, view: AnyObject?,
        report: (ListDiagnostic) -> Void, dequeue: (String) throws -> Cell
    ) rethrows -> Cell {
        if let configurator = configurator(for: item) {
            let problem = resolve == nil ? nil : Self.registerOne(configurator, in: registrar)
            if let problem {
                report(ListDiagnostic(.configuration(problem.description)))
            } else {
                let cell = try dequeue(configurator.reuseIdentifier)
                configurator.configure(cell, with: item, context: CellContext(path: path, itemsInSection: itemsInSection, view: view))
                return cell
            }
        } else {
            report(ListDiagnostic(.noConfigurator(item: "\(item)", at: path)))
        }
        let cell = try dequeue(Self.placeholderReuseIdentifier)
        (cell as? any ContentCell)?.apply(Self.placeholderContent(for: item))
        return cell
    }

    /// The reuse identifier of the placeholder cell that adapters show for an item no configurator
    /// takes (registered by ``register(in:)`` as the view's standard content cell), together with a
    /// ``ListDiagnostic/Kind/noConfigurator(item:at:)`` diagnostic: never a trap.
    public static var placeholderReuseIdentifier: String { "TabulaPlaceholderCell" }

    /// What the placeholder cell shows for `item`.
    public static func placeholderContent(for item: Item) -> CellContent {
        CellContent(text: "⚠︎ no configurator for \(item)", style: "placeholder")
    }
}

/// What a view offers Tabula for registering cells. Each view (UIKit, AppKit, terminal, headless)
/// implements it.
@MainActor
public protocol CellRegistrar {
    /// The class name registered under `identifier`, or `nil` when nothing is.
    func registeredCellTypeName(forReuseIdentifier identifier: String) -> String?
    /// When a nib named `name` exists, the class name of the cell it holds; otherwise `nil`
    /// (UIKit: `Bundle.path(forResource:ofType: "nib")`).
    func nibCellTypeName(named name: String) -> String?
    /// Registers the nib `name` under `identifier`.
    func registerNib(named name: String, forReuseIdentifier identifier: String)
    /// Registers `cellType` under `identifier`; `false` when it is not a cell class of this view.
    func registerClass(_ cellType: AnyObject.Type, forReuseIdentifier identifier: String) -> Bool
    /// Registers the view's standard ``ContentCell`` under `identifier`.
    func registerContentCell(forReuseIdentifier identifier: String)
}

/// Problems with a list's declarative setup, all reported together, each with what to do.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One problem.
    public enum Problem: Hashable, Sendable, CustomStringConvertible {
        /// No configurator takes this item.
        case noConfigurator(item: String, at: ItemPath)
        /// More items without a configurator than are listed.
        case more(Int)
        /// Two cell classes under one reuse identifier.
        case identifierConflict(identifier: String, first: String, second: String)
        /// The nib named after a cell class holds a cell of another class.
        case nibClassMismatch(nib: String, nibClass: String, expected: String)
        /// The class is not a cell class of this view.
        case notACellClass(String, identifier: String)
        /// The view has no supplementary views of this kind (a table has headers and footers only).
        case unsupportedSupplementaryKind(String, viewClass: String)

        public var description: String {
            switch self {
            case let .noConfigurator(item, path):
                return "no configurator takes the item at \(path) (\(item)): add a CellConfigurator for its kind"
            case let .more(count):
                return "… and \(count) more items without a configurator"
            case let .identifierConflict(identifier, first, second):
                return "reuse identifier '\(identifier)' is used for both \(first) and \(second): give one of them its own reuseIdentifier"
            case let .nibClassMismatch(nib, nibClass, expected):
                return "nib '\(nib)' holds a \(nibClass), not a \(expected): set the cell's class in the nib, or rename the nib"
            case let .notACellClass(name, identifier):
                return "\(name) (for '\(identifier)') is not a cell class of this view: subclass the view's cell class"
            case let .unsupportedSupplementaryKind(kind, viewClass):
                return "this view has no supplementary views of kind '\(kind)' (for \(viewClass)): a table has headers and footers only"
            }
        }
    }

    /// Every problem found.
    public var problems: [Problem]

    /// Creates an error from problems.
    public init(problems: [Problem]) {
        self.problems = problems
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
