/// The cell classes of a view that makes its cells itself rather than through a registration API
/// of its own (`NSTableView`'s class cells, the terminal), by reuse identifier.
package struct CellClasses<Base: AnyObject> {
    private var classes: [String: Base.Type] = [:]
    private let contentCell: Base.Type

    /// Classes whose standard content cell is `contentCell`.
    package init(contentCell: Base.Type) { self.contentCell = contentCell }

    /// Registers `type` under `identifier`; `false` when it is not one of this view's cell classes.
    package mutating func register(_ type: AnyObject.Type, as identifier: String) -> Bool {
        guard let cellClass = type as? Base.Type else { return false }
        classes[identifier] = cellClass
        return true
    }

    /// Registers the standard content cell under `identifier`.
    package mutating func registerContentCell(as identifier: String) { classes[identifier] = contentCell }

    /// The class to make for `identifier`: the one registered, or the standard content cell.
    package subscript(identifier: String) -> Base.Type { classes[identifier] ?? contentCell }
}
