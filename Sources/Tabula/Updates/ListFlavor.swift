/// Which view's rules and wording apply: a table view's rows or a collection view's items.
public struct ListFlavor: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline enum Kind: Hashable, Sendable { case table, collection }
    @usableFromInline let kind: Kind
    @inlinable init(_ kind: Kind) { self.kind = kind }

    /// `UITableView`, `NSTableView`: "rows", "table view".
    public static let table = ListFlavor(.table)
    /// `UICollectionView`: "items", "collection view".
    public static let collection = ListFlavor(.collection)

    /// "row" or "item".
    var element: String { kind == .table ? "row" : "item" }
    /// "rows" or "items".
    var elements: String { kind == .table ? "rows" : "items" }
    /// "table view" or "collection view".
    var view: String { kind == .table ? "table view" : "collection view" }

    public var description: String { kind == .table ? "table" : "collection" }
}
