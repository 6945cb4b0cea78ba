import Tabula

/// Where rows go in a batch without moves or section changes: a row keeps its section and shifts by
/// the deletes before it (old positions) and then the inserts at or before it (new positions), in
/// O(*k*) for *k* operations in its section, without mapping every item.
struct PlainShift {
    /// Per section, the rows deleted (old positions) and inserted (new positions), ascending.
    let deleted: [Int: [Int]]
    let inserted: [Int: [Int]]
    /// Where the inserted and reloaded items' new cells go, and the reconfigured items' cells.
    private(set) var freshItems: Set<ItemPath> = []
    private(set) var reconfiguredItems: Set<ItemPath> = []

    init(_ update: BatchUpdate) {
        deleted = Dictionary(grouping: update.deletedItems, by: \.section).mapValues { $0.map(\.item).sorted() }
        inserted = Dictionary(grouping: update.insertedItems, by: \.section).mapValues { $0.map(\.item).sorted() }
        freshItems = Set(update.insertedItems).union(update.reloadedItems.compactMap(destination))
        reconfiguredItems = Set(update.reconfiguredItems.compactMap(destination))
    }

    func destination(of path: ItemPath) -> ItemPath? {
        var row = path.item
        if let deletes = deleted[path.section] {
            if deletes.contains(path.item) { return nil }
            row -= deletes.prefix { $0 < path.item }.count
        }
        for insert in inserted[path.section] ?? [] where insert <= row { row += 1 }
        return ItemPath(item: row, section: path.section)
    }
}
