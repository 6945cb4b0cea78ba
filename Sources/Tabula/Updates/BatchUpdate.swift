/// One `performBatchUpdates` worth of index operations, in UIKit's coordinates.
///
/// Deletes, reloads, reconfigures and the sources of moves address the list *before* the update;
/// inserts and the destinations of moves address it *after*. The same value drives a
/// `UITableView`, a `UICollectionView`, an `NSTableView`, the terminal list view and the headless
/// list view, and ``validate(before:after:flavor:mapItems:shiftedReloads:)`` checks it against UIKit's rules first.
public struct BatchUpdate: Hashable, Sendable {
    /// A move from a position before the update to a position after it.
    public struct Move<Index: Hashable & Sendable>: Hashable, Sendable {
        /// Where the element is before the update.
        public var from: Index
        /// Where the element is after the update.
        public var to: Index
        /// Creates a move.
        @usableFromInline package init(from: Index, to: Index) {
            self.from = from
            self.to = to
        }
    }

    /// Sections to delete, by index before the update.
    public var deletedSections: [Int] = []
    /// Sections to insert, by index after the update.
    public var insertedSections: [Int] = []
    /// Sections to move; their items travel with them.
    public var movedSections: [Move<Int>] = []
    /// Items to delete, by path before the update.
    public var deletedItems: [ItemPath] = []
    /// Items to insert, by path after the update.
    public var insertedItems: [ItemPath] = []
    /// Items to move, keeping their cells.
    public var movedItems: [Move<ItemPath>] = []
    /// Items whose cells are replaced, by path before the update.
    public var reloadedItems: [ItemPath] = []
    /// Items whose cells are kept and configured again, by path before the update.
    public var reconfiguredItems: [ItemPath] = []
    /// Sections whose header or footer title changed, by index after the update. Not a UIKit batch
    /// operation: views refresh the visible header and footer in place, which never conflicts with
    /// the row operations of the same batch (a `reloadSections` would).
    public var updatedSectionTitles: [Int] = []

    /// Creates an update; every list defaults to empty.
    @usableFromInline package init(
        deletedSections: [Int] = [], insertedSections: [Int] = [], movedSections: [Move<Int>] = [],
        deletedItems: [ItemPath] = [], insertedItems: [ItemPath] = [], movedItems: [Move<ItemPath>] = [],
        reloadedItems: [ItemPath] = [], reconfiguredItems: [ItemPath] = [], updatedSectionTitles: [Int] = []
    ) {
        self.deletedSections = deletedSections
        self.insertedSections = insertedSections
        self.movedSections = movedSections
        self.deletedItems = deletedItems
        self.insertedItems = insertedItems
        self.movedItems = movedItems
        self.reloadedItems = reloadedItems
        self.reconfiguredItems = reconfiguredItems
        self.updatedSectionTitles = updatedSectionTitles
    }

    /// Whether the update changes nothing.
    public var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty && deletedItems.isEmpty
            && insertedItems.isEmpty && movedItems.isEmpty && reloadedItems.isEmpty && reconfiguredItems.isEmpty
            && updatedSectionTitles.isEmpty
    }

    /// The total number of operations.
    @usableFromInline var operationCount: Int {
        deletedSections.count + insertedSections.count + movedSections.count + deletedItems.count + insertedItems.count
            + movedItems.count + reloadedItems.count + reconfiguredItems.count + updatedSectionTitles.count
    }
}

extension BatchUpdate: CustomStringConvertible {
    public var description: String {
        var parts: [String] = []
        func add<T>(_ name: String, _ values: [T]) {
            if !values.isEmpty { parts.append("\(name) \(values.map { "\($0)" }.joined(separator: ", "))") }
        }
        add("delete sections", deletedSections)
        add("insert sections", insertedSections)
        add("move sections", movedSections.map { "\($0.from)→\($0.to)" })
        add("delete", deletedItems.map { "(\($0))" })
        add("insert", insertedItems.map { "(\($0))" })
        add("move", movedItems.map { "(\($0.from))→(\($0.to))" })
        add("reload", reloadedItems.map { "(\($0))" })
        add("reconfigure", reconfiguredItems.map { "(\($0))" })
        add("titles of sections", updatedSectionTitles)
        return parts.isEmpty ? "no change" : parts.joined(separator: "; ")
    }
}
