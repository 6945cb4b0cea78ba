// UIKit's consistency rules for batch updates, in one place.
//
// The headless list view runs every batch through `validate`, and the UIKit and AppKit adapters run
// every stage through it before handing it to the real view, so what the tests enforce is what
// ships. Each check names the exception it prevents; the README lists the public reports of each.

extension BatchUpdate {
    /// Where everything that was on screen before an update is after it.
    public struct Outcome: Hashable, Sendable {
        /// For each section before the update, its index after it, or -1 when it was deleted.
        public var sectionMap: [Int]
        /// For each section before the update, for each of its items, the item's path after the
        /// update, or `nil` when it was deleted (or its section was).
        public var itemMap: [[ItemPath?]]
        /// Paths after the update whose cells must be requested afresh: inserted items, items of
        /// inserted sections, and reloaded items.
        public var freshItems: Set<ItemPath>
        /// Paths after the update whose existing cells must be configured again.
        public var reconfiguredItems: Set<ItemPath>

        /// The path after the update of the item at `path` before it, or `nil`.
        public func destination(of path: ItemPath) -> ItemPath? {
            guard itemMap.indices.contains(path.section), itemMap[path.section].indices.contains(path.item) else { return nil }
            return itemMap[path.section][path.item]
        }
    }

    /// Checks the update against UIKit's rules for a view whose sections held `before` items each
    /// before the update and whose data source reports `after` afterwards, and works out where every
    /// item goes.
    ///
    /// - Throws: ``BatchUpdateError`` with UIKit's message for the first rule broken.
    /// - Complexity: O(operations + sections + items); pass `mapItems: false` to skip the per-item
    ///   map (O(operations + sections)) when only the verdict is needed.
    @discardableResult
    public func validate(
        before: [Int], after: [Int], flavor: ListFlavor = .table, mapItems: Bool = true
    ) throws -> Outcome {
        func fail(_ violation: BatchUpdateError.Violation) -> BatchUpdateError {
            BatchUpdateError(violation, flavor: flavor)
        }
        let sectionsBefore = before.count, sectionsAfter = after.count

        // MARK: Sections
        // "attempt to delete section 3, but there are only 3 sections before the update"
        var deletedSectionSet = Set<Int>()
        for section in deletedSections {
            guard (0..<sectionsBefore).contains(section) else {
                throw fail(.deleteSectionOutOfRange(section, sectionsBefore: sectionsBefore))
            }
            guard deletedSectionSet.insert(section).inserted else { throw fail(.duplicateSection(operation: "delete", section)) }
        }
        // "attempt to insert section 3 but there are only 3 sections after the update"
        var insertedSectionSet = Set<Int>()
        for section in insertedSections {
            guard (0..<sectionsAfter).contains(section) else {
                throw fail(.insertSectionOutOfRange(section, sectionsAfter: sectionsAfter))
            }
            guard insertedSectionSet.insert(section).inserted else { throw fail(.duplicateSection(operation: "insert", section)) }
        }
        var sectionMoveSources = Set<Int>(), sectionMoveTargets = Set<Int>()
        for move in movedSections {
            guard (0..<sectionsBefore).contains(move.from), (0..<sectionsAfter).contains(move.to) else {
                throw fail(.moveSectionOutOfRange(move, sectionsBefore: sectionsBefore, sectionsAfter: sectionsAfter))
            }
            guard !deletedSectionSet.contains(move.from) else { throw fail(.deleteAndMoveSection(move.from)) }
            guard !insertedSectionSet.contains(move.to) else { throw fail(.insertAndMoveToSection(move.to)) }
            guard sectionMoveSources.insert(move.from).inserted else { throw fail(.duplicateSection(operation: "move from", move.from)) }
            guard sectionMoveTargets.insert(move.to).inserted else { throw fail(.duplicateSection(operation: "move to", move.to)) }
        }
        // "Invalid update: invalid number of sections. …"
        guard sectionsAfter == sectionsBefore - deletedSectionSet.count + insertedSectionSet.count else {
            throw fail(.sectionCount(
                before: sectionsBefore, after: sectionsAfter, inserted: insertedSectionSet.count, deleted: deletedSectionSet.count))
        }
        // Section map: moved sections go where they are sent; the others keep their relative order
        // and fill the slots that are neither inserted nor the target of a move.
        var sectionMap = [Int](repeating: -1, count: sectionsBefore)
        var sectionSource = [Int](repeating: -1, count: sectionsAfter)
        for move in movedSections {
            sectionMap[move.from] = move.to
            sectionSource[move.to] = move.from
        }
        var slot = 0
        for old in 0..<sectionsBefore where !deletedSectionSet.contains(old) && !sectionMoveSources.contains(old) {
            while insertedSectionSet.contains(slot) || sectionMoveTargets.contains(slot) { slot += 1 }
            sectionMap[old] = slot
            sectionSource[slot] = old
            slot += 1
        }

        // MARK: Items
        var deletedByOld = [Int: Set<Int>]()  // old section → rows
        for path in deletedItems {
            guard (0..<sectionsBefore).contains(path.section) else {
                throw fail(.deleteItemFromMissingSection(path, sectionsBefore: sectionsBefore))
            }
            guard (0..<before[path.section]).contains(path.item) else {
                throw fail(.deleteItemOutOfRange(path, itemsBefore: before[path.section]))
            }
            guard deletedByOld[path.section, default: []].insert(path.item).inserted else {
                throw fail(.duplicate(operation: "delete", path))
            }
        }
        var insertedByNew = [Int: Set<Int>]()  // new section → rows
        for path in insertedItems {
            guard (0..<sectionsAfter).contains(path.section) else {
                throw fail(.insertItemIntoMissingSection(path, sectionsAfter: sectionsAfter))
            }
            guard (0..<after[path.section]).contains(path.item) else {
                throw fail(.insertItemOutOfRange(path, itemsAfter: after[path.section]))
            }
            guard !insertedSectionSet.contains(path.section) else { throw fail(.insertItemIntoInsertedSection(path)) }
            guard insertedByNew[path.section, default: []].insert(path.item).inserted else {
                throw fail(.duplicate(operation: "insert", path))
            }
        }
        var moveSources = [Int: Set<Int>](), moveTargets = [Int: Set<Int>]()
        var movedOut = [Int: Int](), movedIn = [Int: Int]()  // old section / new section → count
        for move in movedItems {
            guard (0..<sectionsBefore).contains(move.from.section), (0..<before[move.from.section]).contains(move.from.item),
                (0..<sectionsAfter).contains(move.to.section), (0..<after[move.to.section]).contains(move.to.item)
            else { throw fail(.moveItemOutOfRange(move)) }
            // "cannot move a row from a deleted section"
            guard !deletedSectionSet.contains(move.from.section) else { throw fail(.moveItemOutOfDeletedSection(move)) }
            // "cannot move a row into a newly inserted section"
            guard !insertedSectionSet.contains(move.to.section) else { throw fail(.moveItemIntoInsertedSection(move)) }
            // "attempt to perform a delete and a move from the same index path"
            guard deletedByOld[move.from.section]?.contains(move.from.item) != true else { throw fail(.deleteAndMoveItem(move.from)) }
            // "attempt to perform an insert and a move to the same index path"
            guard insertedByNew[move.to.section]?.contains(move.to.item) != true else { throw fail(.insertAndMoveToItem(move.to)) }
            guard moveSources[move.from.section, default: []].insert(move.from.item).inserted else {
                throw fail(.duplicate(operation: "move from", move.from))
            }
            guard moveTargets[move.to.section, default: []].insert(move.to.item).inserted else {
                throw fail(.duplicate(operation: "move to", move.to))
            }
            if sectionMap[move.from.section] != move.to.section {
                movedOut[move.from.section, default: 0] += 1
                movedIn[move.to.section, default: 0] += 1
            }
        }
        var reloadedSet = Set<ItemPath>()
        for (operation, paths) in [("reload", reloadedItems), ("reconfigure", reconfiguredItems)] {
            for path in paths {
                guard (0..<sectionsBefore).contains(path.section) else { throw fail(.reloadItemOutOfRange(path, itemsBefore: nil)) }
                guard (0..<before[path.section]).contains(path.item) else {
                    throw fail(.reloadItemOutOfRange(path, itemsBefore: before[path.section]))
                }
                // "attempt to delete and reload the same index path"
                guard deletedByOld[path.section]?.contains(path.item) != true else { throw fail(.deleteAndReloadItem(path)) }
                // A reload is a delete and an insert inside UIKit, hence its message for this case.
                guard moveSources[path.section]?.contains(path.item) != true else { throw fail(.reloadAndMoveItem(path)) }
                guard !deletedSectionSet.contains(path.section) else { throw fail(.deleteAndReloadItem(path)) }
                guard reloadedSet.insert(path).inserted else { throw fail(.duplicate(operation: operation, path)) }
            }
        }

        // "Invalid update: invalid number of rows in section N. …", for every section that exists
        // both before and after the update.
        for new in 0..<sectionsAfter where !insertedSectionSet.contains(new) {
            let old = sectionSource[new]
            let deleted = deletedByOld[old]?.count ?? 0
            let inserted = insertedByNew[new]?.count ?? 0
            let outCount = movedOut[old] ?? 0, inCount = movedIn[new] ?? 0
            guard after[new] == before[old] - deleted + inserted - outCount + inCount else {
                throw fail(.itemCount(
                    section: new, before: before[old], after: after[new], inserted: inserted, deleted: deleted,
                    movedIn: inCount, movedOut: outCount))
            }
        }

        var outcome = Outcome(sectionMap: sectionMap, itemMap: [], freshItems: [], reconfiguredItems: [])
        guard mapItems else { return outcome }

        // MARK: Where every item goes
        var itemMap = before.map { [ItemPath?](repeating: nil, count: $0) }
        for move in movedItems { itemMap[move.from.section][move.from.item] = move.to }
        for new in 0..<sectionsAfter where !insertedSectionSet.contains(new) {
            let old = sectionSource[new]
            let deleted = deletedByOld[old] ?? [], sources = moveSources[old] ?? []
            let inserted = insertedByNew[new] ?? [], targets = moveTargets[new] ?? []
            var slot = 0
            for row in 0..<before[old] where !deleted.contains(row) && !sources.contains(row) {
                while inserted.contains(slot) || targets.contains(slot) { slot += 1 }
                itemMap[old][row] = ItemPath(item: slot, section: new)
                slot += 1
            }
        }
        var fresh = Set(insertedItems)
        for section in insertedSectionSet {
            for row in 0..<after[section] { fresh.insert(ItemPath(item: row, section: section)) }
        }
        for path in reloadedItems { if let to = itemMap[path.section][path.item] { fresh.insert(to) } }
        var reconfigured = Set<ItemPath>()
        for path in reconfiguredItems { if let to = itemMap[path.section][path.item] { reconfigured.insert(to) } }
        outcome.itemMap = itemMap
        outcome.freshItems = fresh
        outcome.reconfiguredItems = reconfigured
        return outcome
    }
}
