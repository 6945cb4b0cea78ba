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
    package init(problems: [Problem]) {
        self.problems = problems
    }

    public var description: String { problems.map { $0.description }.joined(separator: "\n") }
}
