import Tabula

/// The changes a fetched results controller reports between `controllerWillChangeContent` and
/// `controllerDidChangeContent`, with the objects as opaque keys, so that applying them is plain
/// Swift, testable on any platform.
///
/// Paths follow the controller's conventions (and UIKit's): deletes, updates and the sources of
/// moves address the results *before* the change; inserts and the destinations of moves address
/// them *after* it.
public struct ResultsChanges<Key> {
    /// One reported change.
    public enum Change {
        /// An object inserted at a path of the results after the change.
        case insert(Key, at: ItemPath)
        /// The object at a path of the results before the change was deleted.
        case delete(at: ItemPath)
        /// An object moved from a path before the change to a path after it.
        case move(Key, from: ItemPath, to: ItemPath)
        /// The object at a path before the change changed its content.
        case update(Key, at: ItemPath)
        /// A section inserted at an index after the change.
        case insertSection(name: String, at: Int)
        /// The section at an index before the change was deleted.
        case deleteSection(at: Int)
    }

    /// The changes, in the order they were reported.
    public var changes: [Change] = []

    /// No changes.
    public init() {}

    /// Applies the changes to `snapshot`, the results before them, and returns the results after
    /// them. Only inserted, moved and updated objects are turned into items (`makeItem`): the other
    /// objects are neither read nor faulted in, so `fetchBatchSize` keeps its effect.
    ///
    /// - Throws: `SnapshotError` when a path does not match `snapshot` or two objects map to one
    ///   identifier; `snapshot` is the caller's to keep showing then.
    /// - Complexity: O(changes × log changes + the rows after each change in its section).
    public func applied<SectionID: Hashable & Sendable, Item: Identifiable>(
        to snapshot: Snapshot<SectionID, Item>, sectionID: (String) -> SectionID, sectionTitle: (String) -> String?,
        makeItem: (Key) throws -> Item
    ) throws -> Snapshot<SectionID, Item> {
        var next = snapshot
        // Before-state: what goes (deletes and move sources), what changes in place (updates).
        var removed: [Item.ID] = []
        var updates: [Item] = []
        var deletedSections: [SectionID] = []
        var insertions: [(path: ItemPath, key: Key)] = []
        var insertedSections: [(index: Int, name: String)] = []
        for change in changes {
            switch change {
            case .delete(let path):
                removed.append(try snapshot.existingItem(at: path).id)
            case .move(let key, let from, let to):
                removed.append(try snapshot.existingItem(at: from).id)
                insertions.append((to, key))
            case .update(let key, let path):
                _ = try snapshot.existingItem(at: path)
                updates.append(try makeItem(key))
            case .insert(let key, let path):
                insertions.append((path, key))
            case .deleteSection(let index):
                guard let section = snapshot.section(at: index) else {
                    throw SnapshotError<SectionID, Item.ID>.itemPathOutOfRange(ItemPath(item: 0, section: index), itemsInSection: nil)
                }
                deletedSections.append(section.id)
            case .insertSection(let name, let index):
                insertedSections.append((index, name))
            }
        }
        // Updated objects keep their place; their new content replaces the old.
        if !updates.isEmpty { try next.updateItems(updates) }
        try next.deleteItems(removed.filter { next.contains($0) })
        if !deletedSections.isEmpty { try next.deleteSections(deletedSections) }
        // After-state: sections, then items, each in ascending order so every index is valid when used.
        for (index, name) in insertedSections.sorted(by: { $0.index < $1.index }) {
            try next.insertSections([Section(sectionID(name), header: sectionTitle(name))], at: index)
        }
        for (path, key) in insertions.sorted(by: { $0.path < $1.path }) {
            try next.insertItems([try makeItem(key)], at: path)
        }
        return next
    }
}
