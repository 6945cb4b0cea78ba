/// A problem with identifiers given to a ``SectionSnapshot``: each case names the identifier.
///
/// A tree's items have no section-and-row positions, so these cases name the identifier alone,
/// where ``SnapshotError`` also gives positions. A throwing edit leaves the section snapshot as it
/// was.
public enum SectionSnapshotError<ItemID: Hashable & Sendable>: Error, Hashable, Sendable, CustomStringConvertible {
    /// The identifier is already in the tree, or is given twice.
    case duplicateItem(ItemID)
    /// No item of the tree has this identifier.
    case unknownItem(ItemID)
    /// This item would move into itself or under one of its own descendants
    /// (``SectionSnapshot/apply(_:)``).
    case moveIntoOwnSubtree(ItemID)

    public var description: String {
        switch self {
        case .duplicateItem(let id): return "duplicate item identifier \(id) in the section snapshot"
        case .unknownItem(let id): return "no item of the section snapshot has the identifier \(id)"
        case .moveIntoOwnSubtree(let id): return "the item \(id) cannot move into itself or under its own descendants"
        }
    }
}
