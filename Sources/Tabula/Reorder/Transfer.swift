/// Items that left a list because the user dragged them into another list, by identity: what the
/// source list tells its app, so the app removes them from its model in one call.
///
/// ```swift
/// inbox.onRemoval = { removal, _ in inboxItems.apply(removal) }
/// ```
///
/// Applying a removal removes every item it names that the target holds; an item the target
/// lacks (a sync removed it first) is passed over.
public struct Removal<ItemID: Hashable & Sendable>: Hashable, Sendable {
    /// The items that left, in the order they were dragged.
    public var items: [ItemID]

    /// A removal of `items`.
    public init(_ items: [ItemID]) { self.items = items }
}

/// Items that arrived in a list from outside it, by identity: dragged from another Tabula list
/// (converted to this list's item type when the two differ) or dropped from another app, and
/// where they went — before an item, or at the end of a section.
///
/// What the destination list tells its app, so the app inserts them in its model in one call:
///
/// ```swift
/// archive.onInsertion = { insertion, _ in try? archiveItems.apply(insertion) }
/// ```
public struct Insertion<SectionID: Hashable & Sendable, Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
    /// The items inserted, in the order they have at the destination.
    public var items: [Item]
    /// Where they went: the same destinations a ``Reorder`` has.
    public var destination: Reorder<SectionID, Item.ID>.Destination

    /// An insertion of `items` at `destination`.
    public init(_ items: [Item], at destination: Reorder<SectionID, Item.ID>.Destination) {
        self.items = items
        self.destination = destination
    }
}

extension Insertion: Equatable where Item: Equatable {}

extension Removal: CustomStringConvertible {
    public var description: String { "remove \(items)" }
}

extension Insertion: CustomStringConvertible {
    public var description: String {
        let ids = items.map { $0.id }
        switch destination {
        case .before(let id): return "insert \(ids) before \(id)"
        case .endOfSection(let id): return "insert \(ids) at the end of section \(id)"
        }
    }
}

// MARK: Applying them to a model

extension Insertion {
    /// Inserts the items into `sections`: before the destination item, or at the end of the
    /// section `endSection` (the index of the section a ``Reorder/Destination/endOfSection(_:)``
    /// names, resolved by the caller; `nil` when there is none).
    ///
    /// - Throws: ``SnapshotError/unknownItem(_:)`` or ``SnapshotError/unknownSection(_:)`` naming
    ///   a destination the sections lack; they are unchanged then.
    func apply(to sections: inout [[Item]], endSection: Int?) throws {
        typealias Failure = SnapshotError<SectionID, Item.ID>
        switch destination {
        case .endOfSection(let section):
            guard let endSection else { throw Failure.unknownSection(section) }
            sections[endSection].append(contentsOf: items)
        case .before(let anchor):
            for s in sections.indices {
                if let index = sections[s].firstIndex(where: { $0.id == anchor }) {
                    sections[s].insert(contentsOf: items, at: index)
                    return
                }
            }
            throw Failure.unknownItem(anchor)
        }
    }
}

extension Array {
    /// Removes the items a ``Removal`` names from a model held as one array of identified items;
    /// items the array lacks are passed over.
    ///
    /// ```swift
    /// var tasks: [Task] = []
    /// adapter.onRemoval = { removal, _ in tasks.apply(removal) }
    /// ```
    public mutating func apply(_ removal: Removal<Element.ID>) where Element: Identifiable, Element.ID: Sendable {
        let gone = Set(removal.items)
        removeAll { gone.contains($0.id) }
    }

    /// Removes the items a ``Removal`` names from a model held as sections of identified items;
    /// items no section holds are passed over.
    public mutating func apply<SectionID, Item>(_ removal: Removal<Item.ID>) where Element == Section<SectionID, Item> {
        let gone = Set(removal.items)
        for index in indices where self[index].items.contains(where: { gone.contains($0.id) }) {
            self[index].items.removeAll { gone.contains($0.id) }
        }
    }

    /// Inserts the items of an ``Insertion`` into a model held as one array of identified items:
    /// before the destination item, or (a destination at the end of a section) at the end.
    ///
    /// - Throws: ``SnapshotError/unknownItem(_:)`` naming a destination item the array lacks; the
    ///   array is unchanged then.
    public mutating func apply<SectionID>(_ insertion: Insertion<SectionID, Element>) throws where Element: Identifiable, Element.ID: Sendable {
        var sections = [self]
        try insertion.apply(to: &sections, endSection: 0)
        self = sections[0]
    }

    /// Inserts the items of an ``Insertion`` into a model held as sections of identified items.
    ///
    /// - Throws: ``SnapshotError/unknownItem(_:)`` or ``SnapshotError/unknownSection(_:)`` naming
    ///   the destination the sections lack; they are unchanged then.
    public mutating func apply<SectionID, Item>(_ insertion: Insertion<SectionID, Item>) throws where Element == Section<SectionID, Item> {
        var sections = map { $0.items }
        var endSection: Int?
        if case .endOfSection(let id) = insertion.destination { endSection = firstIndex { $0.id == id } }
        try insertion.apply(to: &sections, endSection: endSection)
        for index in indices { self[index].items = sections[index] }
    }
}

extension Snapshot {
    /// Removes the items a ``Removal`` names; items the snapshot lacks are passed over.
    public mutating func apply(_ removal: Removal<Item.ID>) {
        let present = removal.items.filter(contains)
        guard !present.isEmpty else { return }
        // Every identifier is present and `deleteItems` throws only for an absent one.
        try? deleteItems(present)
    }
}

extension Snapshot where Item: Sendable {
    /// Inserts the items of an ``Insertion`` before the destination item, or at the end of the
    /// destination section.
    ///
    /// - Throws: ``SnapshotError/unknownItem(_:)`` or ``SnapshotError/unknownSection(_:)`` naming
    ///   a destination the snapshot lacks, or ``SnapshotError/duplicateItem(_:first:second:)`` for
    ///   an inserted item it already holds; the snapshot is unchanged then.
    public mutating func apply(_ insertion: Insertion<SectionID, Item>) throws {
        guard !insertion.items.isEmpty else { return }
        var next = self
        switch insertion.destination {
        case .endOfSection(let section): try next.appendItems(insertion.items, toSection: section)
        case .before(let anchor): try next.insertItems(insertion.items, beforeItem: anchor)
        }
        self = next
    }
}
