import Tabula

/// A stand-in for a nib file: a name and the class of the cell at its top level.
public struct HeadlessNib: Hashable, Sendable {
    /// The nib's file name, without extension.
    public var name: String
    /// The class of the cell the nib contains, by name (what Interface Builder's "Custom Class" says).
    public var cellClassName: String
    let instantiate: @MainActor @Sendable (String) -> HeadlessCell

    /// A nib named `name` whose top-level cell is of class `cellClass`.
    public init<Cell: HeadlessCell>(name: String, cellClass: Cell.Type) {
        self.name = name
        self.cellClassName = String(describing: cellClass)
        self.instantiate = { @MainActor in Cell(reuseIdentifier: $0) }
    }

    public static func == (lhs: HeadlessNib, rhs: HeadlessNib) -> Bool {
        lhs.name == rhs.name && lhs.cellClassName == rhs.cellClassName
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(cellClassName)
    }
}
