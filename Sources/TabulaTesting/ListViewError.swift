import Tabula

/// Why a ``HeadlessListView`` refused an operation; where UIKit would raise an exception, the
/// description is UIKit's message.
public enum ListViewError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A cell was dequeued under an identifier nothing was registered for.
    case unregisteredIdentifier(String, flavor: ListFlavor)
    /// A supplementary view was dequeued under an unregistered kind and identifier.
    case unregisteredSupplementaryView(kind: String, identifier: String)
    /// A nib was registered by a name the resource catalogue does not have.
    case nibNotFound(String)
    /// A batch update broke one of UIKit's consistency rules.
    case inconsistentUpdate(BatchUpdateError)
    /// An operation named a path with no item.
    case itemPathOutOfRange(ItemPath, operation: String)
    /// The data source's counts disagree with what the view shows (UIKit corrupts silently here).
    case countsOutOfSync(viewCounts: [Int], dataSourceCounts: [Int])
    /// The list view has no data source.
    case noDataSource
    /// A cell came back under an identifier other than the one dequeued for its item.
    case cellNotDequeued(ItemPath)

    public var description: String {
        switch self {
        case let .unregisteredIdentifier(id, flavor):
            return flavor == .table
                ? "unable to dequeue a cell with identifier \(id) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
                : "could not dequeue a view of kind: UICollectionElementKindCell with identifier \(id) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
        case let .unregisteredSupplementaryView(kind, id):
            return "could not dequeue a view of kind: \(kind) with identifier \(id) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
        case let .nibNotFound(name):
            return "Could not load NIB in bundle: 'HeadlessBundle' with name '\(name)'"
        case let .inconsistentUpdate(error):
            return error.description
        case let .itemPathOutOfRange(path, operation):
            return "attempt to \(operation) invalid index path (\(path))"
        case let .countsOutOfSync(view, dataSource):
            return "the view shows section counts \(view) but its data source reports \(dataSource)"
        case .noDataSource:
            return "the list view has no data source"
        case let .cellNotDequeued(path):
            return "the cell returned for \(path) was not dequeued for it - cells must be retrieved by calling -dequeueReusableCellWithIdentifier:forIndexPath:"
        }
    }
}
