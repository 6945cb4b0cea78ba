/// A reorder the user made, by identity: the items that moved, in their new order, and where they
/// went — before an item, or at the end of a section.
///
/// Every way a user reorders a Tabula list produces one: an interactive move in a table or
/// collection, a drag of one or many items, the terminal's move keys, and the headless view's
/// simulated drag. Because it names items, not index paths, it stays correct when a live update
/// changes the list between the drag and the moment the app reads it: the app applies the same
/// value to its model in one call, and the list and the model agree.
///
/// ```swift
/// adapter.onMove = { reorder, _ in
///     try? tasks.apply(reorder)      // the app's model, an array of identified items
/// }
/// ```
///
/// Applying a reorder (to a ``Snapshot``, an array, or an array of ``Section``s) removes the moved
/// items from wherever they are and inserts them, in the order ``items`` lists them, at the
/// destination. An identifier listed twice counts once, at its first place.
public struct Reorder<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Hashable, Sendable {
    /// Where the moved items go.
    public enum Destination: Hashable, Sendable {
        /// Just before this item, in its section. When the item is itself among the moved ones,
        /// the moved items go before the first item after it that stays (or at the end of its
        /// section when none does).
        case before(ItemID)
        /// At the end of this section.
        case endOfSection(SectionID)
    }

    /// The moved items, in the order they have at the destination.
    public var items: [ItemID]
    /// Where they go.
    public var destination: Destination

    /// A reorder of `items` to `destination`.
    public init(_ items: [ItemID], to destination: Destination) {
        self.items = items
        self.destination = destination
    }

    /// ``items`` without repeats, in order of first appearance.
    var uniqueItems: [ItemID] {
        var seen = Set<ItemID>()
        return items.filter { seen.insert($0).inserted }
    }
}

extension Reorder: Codable where SectionID: Codable, ItemID: Codable {}
extension Reorder.Destination: Codable where SectionID: Codable, ItemID: Codable {}

extension Reorder: CustomStringConvertible {
    public var description: String {
        switch destination {
        case .before(let id): return "move \(items) before \(id)"
        case .endOfSection(let id): return "move \(items) to the end of section \(id)"
        }
    }
}

// MARK: Applying a reorder to sections of items

extension Reorder {
    /// Applies the reorder to sections of elements: the one algorithm behind every model type a
    /// reorder applies to. `endSection` is the index of the section a ``Destination/endOfSection(_:)``
    /// names, resolved by the caller; `nil` when no section has that identifier.
    ///
    /// - Throws: ``SnapshotError/unknownItem(_:)`` naming a moved item or the destination item
    ///   that no section holds, or ``SnapshotError/unknownSection(_:)`` naming a destination
    ///   section that does not exist; `sections` is unchanged then.
    func apply<Element>(to sections: inout [[Element]], endSection: Int?, id: (Element) -> ItemID) throws {
        typealias Failure = SnapshotError<SectionID, ItemID>
        let moved = uniqueItems
        guard !moved.isEmpty else { return }
        let movedSet = Set(moved)
        var found = [ItemID: Element]()
        // The destination: its section, and the item that stays that the moved ones go before
        // (nil: the end of the section).
        var target: (section: Int, anchor: ItemID?)?
        switch destination {
        case .endOfSection(let section):
            guard let endSection else { throw Failure.unknownSection(section) }
            target = (endSection, nil)
        case .before:
            break
        }
        for (s, items) in sections.enumerated() {
            for (i, element) in items.enumerated() {
                let key = id(element)
                if movedSet.contains(key), found[key] == nil { found[key] = element }
                if target == nil, case .before(let anchor) = destination, key == anchor {
                    target = (s, items[i...].lazy.map(id).first { !movedSet.contains($0) })
                }
            }
        }
        if let missing = moved.first(where: { found[$0] == nil }) { throw Failure.unknownItem(missing) }
        guard let target else {
            if case .before(let anchor) = destination { throw Failure.unknownItem(anchor) }
            return
        }
        for s in sections.indices where sections[s].contains(where: { movedSet.contains(id($0)) }) {
            sections[s].removeAll { movedSet.contains(id($0)) }
        }
        let items = sections[target.section]
        let insertion = target.anchor.flatMap { anchor in items.firstIndex { id($0) == anchor } } ?? items.endIndex
        sections[target.section].insert(contentsOf: moved.map { found[$0]! }, at: insertion)
    }
}

extension Array {
    /// Applies a reorder the user made to a model held as one array of identified items: the
    /// moved items leave their places and go, in the reorder's order, before the destination item
    /// (a destination at the end of a section puts them at the end of the array).
    ///
    /// ```swift
    /// var tasks: [Task] = []
    /// adapter.onMove = { reorder, _ in try? tasks.apply(reorder) }
    /// ```
    ///
    /// - Throws: ``SnapshotError/unknownItem(_:)`` naming an item the array lacks; the array is
    ///   unchanged then.
    public mutating func apply<SectionID>(_ reorder: Reorder<SectionID, Element.ID>) throws
    where Element: Identifiable, Element.ID: Sendable {
        var sections = [self]
        try reorder.apply(to: &sections, endSection: 0, id: \.id)
        self = sections[0]
    }

    /// Applies a reorder the user made to a model held as sections of identified items.
    ///
    /// ```swift
    /// var board: [Section<String, Card>] = []
    /// adapter.onMove = { reorder, _ in try? board.apply(reorder) }
    /// ```
    ///
    /// - Throws: ``SnapshotError/unknownItem(_:)`` or ``SnapshotError/unknownSection(_:)`` naming
    ///   what the sections lack; they are unchanged then.
    public mutating func apply<SectionID, Item>(_ reorder: Reorder<SectionID, Item.ID>) throws
    where Element == Section<SectionID, Item> {
        var sections = map { $0.items }
        var endSection: Int?
        if case .endOfSection(let id) = reorder.destination { endSection = firstIndex { $0.id == id } }
        try reorder.apply(to: &sections, endSection: endSection, id: \.id)
        for index in indices { self[index].items = sections[index] }
    }
}

extension Snapshot {
    /// Applies a reorder: the moved items leave their places and go, in the reorder's order,
    /// before the destination item or at the end of the destination section.
    ///
    /// ```swift
    /// var snapshot = try Snapshot([Section("todo", items: todo), Section("done", items: done)])
    /// try snapshot.apply(Reorder([card.id], to: .endOfSection("done")))
    /// ```
    ///
    /// - Throws: ``SnapshotError/unknownItem(_:)`` naming a moved or destination item the
    ///   snapshot lacks, or ``SnapshotError/unknownSection(_:)``; the snapshot is unchanged then.
    /// - Complexity: O(*k* + *r*) for *k* moved items and the *r* items after the first position
    ///   the move touches in each section it touches.
    public mutating func apply(_ reorder: Reorder<SectionID, Item.ID>) throws {
        let moved = reorder.uniqueItems
        guard !moved.isEmpty else { return }
        var items = [Item]()
        items.reserveCapacity(moved.count)
        for id in moved {
            guard let item = self[id] else { throw Failure.unknownItem(id) }
            items.append(item)
        }
        var next = self
        switch reorder.destination {
        case .endOfSection(let section):
            guard sectionIndex(of: section) != nil else { throw Failure.unknownSection(section) }
            try next.deleteItems(moved)
            try next.appendItems(items, toSection: section)
        case .before(let anchor):
            guard let path = itemPath(for: anchor), let section = self.section(at: path.section) else {
                throw Failure.unknownItem(anchor)
            }
            let movedSet = Set(moved)
            let stays = section.items[path.item...].lazy.map { $0.id }.first { !movedSet.contains($0) }
            try next.deleteItems(moved)
            if let stays {
                try next.insertItems(items, beforeItem: stays)
            } else {
                try next.appendItems(items, toSection: section.id)
            }
        }
        self = next
    }
}

// MARK: Undoing a reorder

extension Snapshot {
    /// The reorders that put back what `reorder` moves, computed on this snapshot before it is
    /// applied: for each run of moved items that stood together, a reorder back before the item
    /// that followed the run and stays (or to the end of its section). Applied in any order after
    /// `reorder`, they restore this snapshot's order.
    package func inverse(of reorder: Reorder<SectionID, Item.ID>) -> [Reorder<SectionID, Item.ID>] {
        let moved = Set(reorder.uniqueItems)
        var inverse: [Reorder<SectionID, Item.ID>] = []
        for section in sections {
            var run: [Item.ID] = []
            for item in section.items {
                if moved.contains(item.id) {
                    run.append(item.id)
                } else if !run.isEmpty {
                    inverse.append(Reorder(run, to: .before(item.id)))
                    run = []
                }
            }
            if !run.isEmpty { inverse.append(Reorder(run, to: .endOfSection(section.id))) }
        }
        return inverse
    }
}
