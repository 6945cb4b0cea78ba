/// Items to put back into a list, by identity: what an undo of a delete hands the app, as a
/// ``Reorder`` is what a move hands it.
///
/// It carries the deleted items themselves, with their content as they were deleted, in their
/// order, and where they go: before the item that followed them and stays, or at the end of their
/// section. Because it names a neighbour, not an index path, it stays correct when a live update
/// changed the list between the delete and the undo.
///
/// ```swift
/// adapter.onDelete = { task, _ in tasks.removeAll { $0.id == task.id } }
/// adapter.onReinsert = { reinsertion, _ in try? tasks.apply(reinsertion) }   // an undone delete
/// ```
///
/// Applying a reinsertion (to a ``Snapshot``, an array, or an array of ``Section``s) inserts
/// ``items``, in order, just before the destination item, or at the end of the destination
/// section.
public struct Reinsertion<SectionID: Hashable & Sendable, Item: Identifiable> where Item.ID: Sendable {
    /// The items to put back, in their order in the list.
    public var items: [Item]
    /// Where they go: before an item, or at the end of a section.
    public var destination: Reorder<SectionID, Item.ID>.Destination

    /// A reinsertion of `items` at `destination`.
    public init(_ items: [Item], at destination: Reorder<SectionID, Item.ID>.Destination) {
        self.items = items
        self.destination = destination
    }

    /// The identifiers of ``items``.
    public var identifiers: [Item.ID] { items.map { $0.id } }
}

extension Reinsertion: Sendable where Item: Sendable {}
extension Reinsertion: Equatable where Item: Equatable {}
extension Reinsertion: Hashable where Item: Hashable {}

extension Reinsertion: CustomStringConvertible {
    public var description: String {
        switch destination {
        case .before(let id): return "reinsert \(identifiers) before \(id)"
        case .endOfSection(let id): return "reinsert \(identifiers) at the end of section \(id)"
        }
    }
}

// MARK: Applying a reinsertion

extension Reinsertion {
    /// Applies the reinsertion to sections of elements, the one algorithm behind every model type
    /// it applies to. `endSection` is the index of the section a
    /// ``Reorder/Destination/endOfSection(_:)`` names, resolved by the caller.
    ///
    /// - Throws: ``SnapshotError/duplicateItem(_:first:second:)`` naming an item the sections
    ///   already hold, ``SnapshotError/unknownItem(_:)`` naming a destination item they lack, or
    ///   ``SnapshotError/unknownSection(_:)``; `sections` is unchanged then.
    func apply<Element>(to sections: inout [[Element]], endSection: Int?, element: (Item) -> Element, id: (Element) -> Item.ID) throws {
        typealias Failure = SnapshotError<SectionID, Item.ID>
        let inserted = Set(identifiers)
        var target: (section: Int, index: Int)?
        if case .endOfSection(let section) = destination {
            guard let endSection else { throw Failure.unknownSection(section) }
            target = (endSection, sections[endSection].count)
        }
        for (s, elements) in sections.enumerated() {
            for (i, existing) in elements.enumerated() {
                let key = id(existing)
                if inserted.contains(key) {
                    throw Failure.duplicateItem(key, first: ItemPath(item: i, section: s), second: ItemPath(item: i, section: s))
                }
                if case .before(let anchor) = destination, key == anchor { target = (s, i) }
            }
        }
        guard let target else {
            if case .before(let anchor) = destination { throw Failure.unknownItem(anchor) }
            return
        }
        sections[target.section].insert(contentsOf: items.map(element), at: target.index)
    }
}

extension Array {
    /// Puts back items an undo restores into a model held as one array of identified items:
    /// before the destination item, or at the end of the array.
    ///
    /// ```swift
    /// var tasks: [Task] = []
    /// adapter.onReinsert = { reinsertion, _ in try? tasks.apply(reinsertion) }
    /// ```
    ///
    /// - Throws: ``SnapshotError`` naming an item the array already holds or a destination item
    ///   it lacks; the array is unchanged then.
    public mutating func apply<SectionID>(_ reinsertion: Reinsertion<SectionID, Element>) throws
    where Element: Identifiable, Element.ID: Sendable {
        var sections = [self]
        try reinsertion.apply(to: &sections, endSection: 0, element: { $0 }, id: \.id)
        self = sections[0]
    }

    /// Puts back items an undo restores into a model held as sections of identified items.
    ///
    /// ```swift
    /// var board: [Section<String, Card>] = []
    /// adapter.onReinsert = { reinsertion, _ in try? board.apply(reinsertion) }
    /// ```
    ///
    /// - Throws: ``SnapshotError`` naming an item the sections already hold, or a destination
    ///   item or section they lack; they are unchanged then.
    public mutating func apply<SectionID, Item>(_ reinsertion: Reinsertion<SectionID, Item>) throws
    where Element == Section<SectionID, Item> {
        var sections = map { $0.items }
        var endSection: Int?
        if case .endOfSection(let id) = reinsertion.destination { endSection = firstIndex { $0.id == id } }
        try reinsertion.apply(to: &sections, endSection: endSection, element: { $0 }, id: \.id)
        for index in indices { self[index].items = sections[index] }
    }
}

extension Snapshot {
    /// Puts back the items of `reinsertion`: before the destination item, or at the end of the
    /// destination section.
    ///
    /// - Throws: ``SnapshotError`` naming an item the snapshot already holds, or a destination
    ///   item or section it lacks; the snapshot is unchanged then.
    public mutating func apply(_ reinsertion: Reinsertion<SectionID, Item>) throws {
        guard !reinsertion.items.isEmpty else { return }
        if let present = reinsertion.items.first(where: { contains($0.id) }), let path = itemPath(for: present.id) {
            throw Failure.duplicateItem(present.id, first: path, second: path)
        }
        switch reinsertion.destination {
        case .endOfSection(let section): try appendItems(reinsertion.items, toSection: section)
        case .before(let anchor): try insertItems(reinsertion.items, beforeItem: anchor)
        }
    }
}

// MARK: Undoing a delete

extension Snapshot {
    /// The reinsertions that put back the items `deleted`, computed on this snapshot before they
    /// are deleted: for each run of deleted items that stood together, the items, with their
    /// content, before the item that followed the run and stays (or at the end of its section).
    /// Applied in any order after the delete, they restore this snapshot.
    package func reinsertions(restoring deleted: Set<Item.ID>) -> [Reinsertion<SectionID, Item>] {
        var reinsertions: [Reinsertion<SectionID, Item>] = []
        for section in sections {
            var run: [Item] = []
            for item in section.items {
                if deleted.contains(item.id) {
                    run.append(item)
                } else if !run.isEmpty {
                    reinsertions.append(Reinsertion(run, at: .before(item.id)))
                    run = []
                }
            }
            if !run.isEmpty { reinsertions.append(Reinsertion(run, at: .endOfSection(section.id))) }
        }
        return reinsertions
    }
}
