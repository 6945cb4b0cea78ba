/// Which cell class each reuse identifier of one view stands for, by the class's identity rather
/// than its name, and how it was registered: what every adapter registers its cells through.
///
/// Two distinct classes never share a reuse identifier unless the app names one for both, which is
/// a ``ConfigurationError`` naming both classes fully qualified. A configurator whose identifier is
/// its class's name by default (no `reuseIdentifier:`) and finds that name taken by another class
/// of the same name
/// (`ToggleRow.Cell`, `ValueRow.Cell`) is registered under its fully qualified name instead. Nibs
/// are still looked up by the class's name.
@MainActor
package struct CellRegistry {
    /// How an identifier was registered.
    package enum Registration: Hashable, Sendable, CustomStringConvertible {
        /// The class, named fully qualified.
        case cellClass(String)
        /// The nib of that name, holding a cell of the class (fully qualified).
        case nib(String, cellClass: String)
        /// The view's standard content cell, for content configurators (`nil`), or standing in for
        /// a class the view cannot hold (the headless view, the terminal) whose configurator
        /// describes its items.
        case contentCell(standingFor: String?)
        /// A cell the app registered itself before the adapter.
        case byApp

        package var description: String {
            switch self {
            case .cellClass(let name): return "class \(name)"
            case let .nib(name, cellClass): return "nib '\(name)' (\(cellClass))"
            case .contentCell(nil): return "Tabula content cell"
            case .contentCell(let name?): return "Tabula content cell, for \(name)"
            case .byApp: return "registered by the app"
            }
        }
    }

    /// The identifier a configurator's cells are dequeued under, or why it has none.
    package enum Lookup {
        case identifier(String)
        case problem(ConfigurationError.Problem)
    }

    /// The class a configurator asks for under the identifier it asks for.
    private struct Request: Hashable {
        let identifier: String
        let cellClass: ObjectIdentifier?
    }

    /// The class (`nil`: the standard content cell) each identifier was registered for, and its
    /// fully qualified name.
    private var owners: [String: (cellClass: ObjectIdentifier?, name: String)] = [:]
    /// The identifier each request was given.
    private var given: [Request: String] = [:]
    /// How each identifier was registered.
    package private(set) var registrations: [String: Registration] = [:]

    package init() {}

    /// The identifier the cells of `configurator` are dequeued under in `view`, registering its
    /// cell the first time.
    ///
    /// - Complexity: O(1) once registered (one dictionary lookup).
    package mutating func identifier<Item>(
        for configurator: CellConfigurator<Item>, in view: some CellRegistrar
    ) -> Lookup {
        let request = Request(identifier: configurator.reuseIdentifier, cellClass: configurator.cellType.map(ObjectIdentifier.init))
        if let identifier = given[request] { return .identifier(identifier) }
        // A storyboard's prototype cell: the view knows the identifier already.
        guard configurator.registersCell else {
            given[request] = request.identifier
            return .identifier(request.identifier)
        }
        let name = Self.qualifiedName(of: configurator)
        var candidates = [request.identifier]
        if configurator.identifierIsDefault, name != request.identifier { candidates.append(name) }
        for identifier in candidates {
            if let owner = owners[identifier] {
                guard owner.cellClass == request.cellClass else { continue }
            } else {
                if let problem = register(configurator, as: identifier, in: view) { return .problem(problem) }
                owners[identifier] = (request.cellClass, name)
            }
            given[request] = identifier
            return .identifier(identifier)
        }
        let first = owners[request.identifier]?.name ?? "another class"
        return .problem(.identifierConflict(identifier: request.identifier, first: first, second: name))
    }

    /// Registers the view's standard content cell under `identifier` once, for the placeholder cell.
    package mutating func registerContentCell(as identifier: String, in view: some CellRegistrar) {
        guard owners[identifier] == nil else { return }
        view.registerContentCell(forReuseIdentifier: identifier)
        owners[identifier] = (nil, "Tabula content cell")
        registrations[identifier] = .contentCell(standingFor: nil)
    }

    /// The nib named after the class when there is one (it must hold that class), otherwise the
    /// class, otherwise (a view that cannot hold the class) the standard content cell when the
    /// configurator describes its items.
    private mutating func register<Item>(
        _ configurator: CellConfigurator<Item>, as identifier: String, in view: some CellRegistrar
    ) -> ConfigurationError.Problem? {
        let name = Self.qualifiedName(of: configurator)
        if view.hasRegistration(forReuseIdentifier: identifier) {
            registrations[identifier] = .byApp
            return nil
        }
        guard let cellType = configurator.cellType else {
            view.registerContentCell(forReuseIdentifier: identifier)
            registrations[identifier] = .contentCell(standingFor: nil)
            return nil
        }
        if let nibClass = view.nibCellTypeName(named: configurator.cellTypeName) {
            // A nib names its class fully qualified (UIKit, AppKit) or by name (the headless view's
            // catalogue).
            guard nibClass == name || nibClass == configurator.cellTypeName else {
                return .nibClassMismatch(nib: configurator.cellTypeName, nibClass: nibClass, expected: name)
            }
            view.registerNib(named: configurator.cellTypeName, forReuseIdentifier: identifier)
            registrations[identifier] = .nib(configurator.cellTypeName, cellClass: name)
        } else if view.registerClass(cellType, forReuseIdentifier: identifier) {
            registrations[identifier] = .cellClass(name)
        } else if configurator.describesItems {
            view.registerContentCell(forReuseIdentifier: identifier)
            registrations[identifier] = .contentCell(standingFor: name)
        } else {
            return .notACellClass(name, identifier: identifier)
        }
        return nil
    }

    /// The configurator's class, fully qualified (`MyApp.ToggleRow.Cell`), or the content cell.
    static func qualifiedName<Item>(of configurator: CellConfigurator<Item>) -> String {
        configurator.cellType.map { String(reflecting: $0) } ?? "Tabula content cell"
    }
}
