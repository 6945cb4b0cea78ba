/// A problem with data given to a ``Snapshot``: each case names the offending identifier or index.
///
/// Snapshot operations never trap on bad data: a server that repeats an identifier, an edit that
/// names an item that is gone, or a stale index path all arrive here, and the snapshot is left as it
/// was before the failing call.
public enum SnapshotError<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Error, Hashable, Sendable,
    CustomStringConvertible
{
    /// An item identifier occurs twice: at `first`, and again at `second` (positions in the order
    /// the items were given).
    case duplicateItem(ItemID, first: ItemPath, second: ItemPath)
    /// A section identifier occurs twice, at section indices `first` and `second`.
    case duplicateSection(SectionID, first: Int, second: Int)
    /// No item has this identifier.
    case unknownItem(ItemID)
    /// No section has this identifier.
    case unknownSection(SectionID)
    /// The path addresses no item; `itemsInSection` is the section's count, or `nil` when the
    /// section itself does not exist.
    case itemPathOutOfRange(ItemPath, itemsInSection: Int?)
    /// An item was to be appended to "the last section" of a snapshot that has none.
    case noSections
    /// An item or section was asked to move relative to itself.
    case moveRelativeToItself(ItemID?)

    public var description: String {
        switch self {
        case let .duplicateItem(id, first, second):
            return "duplicate item identifier \(id) at \(first) and at \(second)"
        case let .duplicateSection(id, first, second):
            return "duplicate section identifier \(id) at section \(first) and at section \(second)"
        case let .unknownItem(id):
            return "no item has the identifier \(id)"
        case let .unknownSection(id):
            return "no section has the identifier \(id)"
        case let .itemPathOutOfRange(path, count?):
            return "item path \(path) is out of range: section \(path.section) has \(count) items"
        case let .itemPathOutOfRange(path, nil):
            return "item path \(path) is out of range: there is no section \(path.section)"
        case .noSections:
            return "the snapshot has no section to append items to"
        case let .moveRelativeToItself(id?):
            return "item \(id) cannot be moved relative to itself"
        case .moveRelativeToItself(nil):
            return "a section cannot be moved relative to itself"
        }
    }
}
