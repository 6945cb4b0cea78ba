// UIKit's consistency rules for batch updates, in one place.
//
// The headless list view runs every batch through `validate`, and the UIKit and AppKit adapters run
// every stage through it before handing it to the real view, so what the tests enforce is what
// ships. Each check names the exception it prevents; the README lists the public reports of each.

extension BatchUpdate {
    /// Where everything that was on screen before an update is after it.
    public struct Outcome: Hashable, Sendable {
        /// For each section before the update, its index after it, or -1 when it was deleted.
        package var sectionMap: [Int]
        /// For each section before the update, for each of its items, the item's path after the
        /// update, or `nil` when it was deleted (or its section was).
        package var itemMap: [[ItemPath?]]
        /// Paths after the update whose cells must be requested afresh: inserted items, items of
        /// inserted sections, and reloaded items.
        package var freshItems: Set<ItemPath>
        /// Paths after the update whose existing cells must be configured again.
        package var reconfiguredItems: Set<ItemPath>

        /// The path after the update of the item at `path` before it, or `nil`.
        package func destination(of path: ItemPath) -> ItemPath? {
            guard itemMap.indices.contains(path.section), itemMap[path.section].indices.contains(path.item) else { return nil }
            return itemMap[path.section][path.item]
        }
    }

    /// What to do with a reload that the batch's moves shift (see ``validate(before:after:flavor:mapItems:shiftedReloads:)``).
    public enum ShiftedReloads: Hashable, Sendable {
        /// Reject it with ``BatchUpdateError/Violation/reloadShiftedByMoves(_:landsAt:belongsAt:)``
        /// (or UIKit's own message when UIKit raises). What ``ListDriver`` and the adapters use:
        /// a batch that would show the wrong cell is reloaded instead.
        case reject
        /// Place it where UIKit does, so the outcome shows the stale cell a device would show.
        /// What the headless list view uses. Batches that UIKit rejects still throw, and so do
        /// shifted reconfigures and reloads moved into another section, whose placement no public
        /// source describes.
        case placeAsUIKit
    }

    /// Checks the update against UIKit's rules for a view whose sections held `before` items each
    /// before the update and whose data source reports `after` afterwards, and works out where every
    /// item goes.
    ///
    /// Reloads are checked the way UIKit performs them: as a delete at the old path and an insert
    /// at the path that the batch's deletes and inserts alone give it. UIKit does not count the
    /// batch's moves there, so a reload that a move shifts lands on another row, or collides with a
    /// move ("attempt to perform an insert and a move to the same index path"), or falls outside its
    /// section ("attempt to insert row 1 into section 0, but there are only 1 rows in section 0
    /// after the update"). Reconfigures are held to the same rule: no public source says where
    /// UIKit resolves a reconfigure's path in a batch with moves, so Tabula takes the safer shape.
    ///
    /// - Throws: ``BatchUpdateError`` with UIKit's message for the first rule broken.
    /// - Complexity: O(operations + sections + items); pass `mapItems: false` to skip the per-item
    ///   map (O(operations + sections), plus the items of sections holding a reload when the batch
    ///   also moves) when only the verdict is needed.
    @discardableResult
    public func validate(
        before: [Int], after: [Int], flavor: ListFlavor = .table, mapItems: Bool = true,
        shiftedReloads: ShiftedReloads = .reject
    ) throws -> Outcome {
        var validator = try Validator(update: self, before: before, after: after, flavor: flavor)
        try validator.checkSections()
        validator.mapSections()
        try validator.checkItems()
        try validator.checkReloads()
        try validator.checkItemCounts()
        let shifted = try validator.shiftedReloads(placement: shiftedReloads)
        var outcome = Outcome(sectionMap: validator.sectionMap, itemMap: [], freshItems: [], reconfiguredItems: [])
        guard mapItems else { return outcome }
        validator.mapItems(shifted: shifted, into: &outcome)
        return outcome
    }

    /// The working state of ``validate(before:after:flavor:mapItems:shiftedReloads:)``: the
    /// batch's operations gathered by section, checked one rule after another.
    private struct Validator {
        let update: BatchUpdate
        let before: [Int], after: [Int]
        let flavor: ListFlavor
        var sectionsBefore: Int { before.count }
        var sectionsAfter: Int { after.count }

        // Sections as flags, looked up for every item operation; and how many are deleted and
        // inserted.
        var deletedSection: [Bool], insertedSection: [Bool]
        var sectionMoveSource: [Bool], sectionMoveTarget: [Bool]
        var deletedSections = 0, insertedSections = 0
        /// For each old section, its index after the update, or -1; and for each new one, its
        /// index before, or -1.
        var sectionMap: [Int] = [], sectionSource: [Int] = []
        // Rows as bit sets: a batch of a diff of a large list has thousands of operations, and
        // these sets are its validation's main cost.
        let deleted: SectionedRows, inserted: SectionedRows  // rows before the update, rows after it
        let moveSources: SectionedRows, moveTargets: SectionedRows
        var movedOut: [Int] = [], movedIn: [Int] = []  // items moved to another section, by section

        /// Counts come from a data source: a negative one is reported, never trapped on.
        init(update: BatchUpdate, before: [Int], after: [Int], flavor: ListFlavor) throws {
            self.update = update
            self.before = before
            self.after = after
            self.flavor = flavor
            deletedSection = [Bool](repeating: false, count: before.count)
            sectionMoveSource = deletedSection
            insertedSection = [Bool](repeating: false, count: after.count)
            sectionMoveTarget = insertedSection
            deleted = SectionedRows(rowCounts: before)
            moveSources = SectionedRows(rowCounts: before)
            inserted = SectionedRows(rowCounts: after)
            moveTargets = SectionedRows(rowCounts: after)
            if let section = before.firstIndex(where: { $0 < 0 }) {
                throw fail(.negativeCount(section: section, count: before[section], afterUpdate: false))
            }
            if let section = after.firstIndex(where: { $0 < 0 }) {
                throw fail(.negativeCount(section: section, count: after[section], afterUpdate: true))
            }
        }

        func fail(_ violation: BatchUpdateError.Violation) -> BatchUpdateError {
            BatchUpdateError(violation, flavor: flavor)
        }

        // MARK: Sections

        mutating func checkSections() throws {
            // "attempt to delete section 3, but there are only 3 sections before the update"
            for section in update.deletedSections {
                guard (0..<sectionsBefore).contains(section) else {
                    throw fail(.deleteSectionOutOfRange(section, sectionsBefore: sectionsBefore))
                }
                guard !deletedSection[section] else { throw fail(.duplicateSection(operation: "delete", section)) }
                deletedSection[section] = true
                deletedSections += 1
            }
            // "attempt to insert section 3 but there are only 3 sections after the update"
            for section in update.insertedSections {
                guard (0..<sectionsAfter).contains(section) else {
                    throw fail(.insertSectionOutOfRange(section, sectionsAfter: sectionsAfter))
                }
                guard !insertedSection[section] else { throw fail(.duplicateSection(operation: "insert", section)) }
                insertedSection[section] = true
                insertedSections += 1
            }
            for move in update.movedSections {
                guard (0..<sectionsBefore).contains(move.from), (0..<sectionsAfter).contains(move.to) else {
                    throw fail(.moveSectionOutOfRange(move, sectionsBefore: sectionsBefore, sectionsAfter: sectionsAfter))
                }
                guard !deletedSection[move.from] else { throw fail(.deleteAndMoveSection(move.from)) }
                guard !insertedSection[move.to] else { throw fail(.insertAndMoveToSection(move.to)) }
                guard !sectionMoveSource[move.from] else { throw fail(.duplicateSection(operation: "move from", move.from)) }
                sectionMoveSource[move.from] = true
                guard !sectionMoveTarget[move.to] else { throw fail(.duplicateSection(operation: "move to", move.to)) }
                sectionMoveTarget[move.to] = true
            }
            // "Invalid update: invalid number of sections. …"
            guard sectionsAfter == sectionsBefore - deletedSections + insertedSections else {
                throw fail(.sectionCount(
                    before: sectionsBefore, after: sectionsAfter, inserted: insertedSections, deleted: deletedSections))
            }
        }

        /// Moved sections go where they are sent; the others keep their relative order and fill
        /// the slots that are neither inserted nor the target of a move.
        mutating func mapSections() {
            sectionMap = [Int](repeating: -1, count: sectionsBefore)
            sectionSource = [Int](repeating: -1, count: sectionsAfter)
            for move in update.movedSections {
                sectionMap[move.from] = move.to
                sectionSource[move.to] = move.from
            }
            var slot = 0
            for old in 0..<sectionsBefore where !deletedSection[old] && !sectionMoveSource[old] {
                while slot < sectionsAfter && (insertedSection[slot] || sectionMoveTarget[slot]) { slot += 1 }
                sectionMap[old] = slot
                sectionSource[slot] = old
                slot += 1
            }
        }

        // MARK: Items

        /// Deletes, inserts and moves of items.
        mutating func checkItems() throws {
            // Read once: in a Debug build, each read of a computed property copies the whole
            // validator.
            let sectionsBefore = self.sectionsBefore, sectionsAfter = self.sectionsAfter
            let deletedItems = update.deletedItems, insertedItems = update.insertedItems
            // The counts, flags and row sets read through locals: a Debug build retained and
            // released a field of the validator for each read, twice a path.
            let before = self.before, after = self.after, insertedSection = self.insertedSection
            let deleted = self.deleted, inserted = self.inserted
            // The paths that pass every check go in in one loop; the loops below check the path
            // it stopped at, if any, one condition at a time, and throw its error.
            let deletedChecked = deletedItems.withUnsafeBufferPointer { deleted.insert($0, excluding: nil) }
            for i in deletedChecked..<deletedItems.count {
                let path = deletedItems[i]
                guard (0..<sectionsBefore).contains(path.section) else {
                    throw fail(.deleteItemFromMissingSection(path, sectionsBefore: sectionsBefore))
                }
                guard (0..<before[path.section]).contains(path.item) else {
                    throw fail(.deleteItemOutOfRange(path, itemsBefore: before[path.section]))
                }
                guard deleted.insert(path.item, in: path.section) else {
                    throw fail(.duplicate(operation: "delete", path))
                }
            }
            let insertedChecked = insertedItems.withUnsafeBufferPointer { paths in
                insertedSection.withUnsafeBufferPointer { inserted.insert(paths, excluding: $0.baseAddress) }
            }
            for i in insertedChecked..<insertedItems.count {
                let path = insertedItems[i]
                guard (0..<sectionsAfter).contains(path.section) else {
                    throw fail(.insertItemIntoMissingSection(path, sectionsAfter: sectionsAfter))
                }
                guard (0..<after[path.section]).contains(path.item) else {
                    throw fail(.insertItemOutOfRange(path, itemsAfter: after[path.section]))
                }
                guard !insertedSection[path.section] else { throw fail(.insertItemIntoInsertedSection(path)) }
                guard inserted.insert(path.item, in: path.section) else {
                    throw fail(.duplicate(operation: "insert", path))
                }
            }
            try checkMoves()
        }

        mutating func checkMoves() throws {
            movedOut = [Int](repeating: 0, count: sectionsBefore)
            movedIn = [Int](repeating: 0, count: sectionsAfter)
            let sectionsBefore = self.sectionsBefore, sectionsAfter = self.sectionsAfter  // as in `checkItems`
            let movedItems = update.movedItems
            let before = self.before, after = self.after, deletedSection = self.deletedSection, insertedSection = self.insertedSection
            let deleted = self.deleted, inserted = self.inserted, moveSources = self.moveSources, moveTargets = self.moveTargets
            let sectionMap = self.sectionMap
            for i in movedItems.indices {
                let move = movedItems[i]
                guard (0..<sectionsBefore).contains(move.from.section), (0..<before[move.from.section]).contains(move.from.item),
                    (0..<sectionsAfter).contains(move.to.section), (0..<after[move.to.section]).contains(move.to.item)
                else { throw fail(.moveItemOutOfRange(move)) }
                // "cannot move a row from a deleted section"
                guard !deletedSection[move.from.section] else { throw fail(.moveItemOutOfDeletedSection(move)) }
                // "cannot move a row into a newly inserted section"
                guard !insertedSection[move.to.section] else { throw fail(.moveItemIntoInsertedSection(move)) }
                // "attempt to perform a delete and a move from the same index path"
                guard !deleted.contains(move.from.item, in: move.from.section) else { throw fail(.deleteAndMoveItem(move.from)) }
                // "attempt to perform an insert and a move to the same index path"
                guard !inserted.contains(move.to.item, in: move.to.section) else { throw fail(.insertAndMoveToItem(move.to)) }
                guard moveSources.insert(move.from.item, in: move.from.section) else {
                    throw fail(.duplicate(operation: "move from", move.from))
                }
                guard moveTargets.insert(move.to.item, in: move.to.section) else {
                    throw fail(.duplicate(operation: "move to", move.to))
                }
                if sectionMap[move.from.section] != move.to.section {
                    movedOut[move.from.section] += 1
                    movedIn[move.to.section] += 1
                }
            }
        }

        func checkReloads() throws {
            var reloadedSet = Set<ItemPath>()
            for (operation, paths) in [("reload", update.reloadedItems), ("reconfigure", update.reconfiguredItems)] {
                for path in paths {
                    guard (0..<sectionsBefore).contains(path.section) else { throw fail(.reloadItemOutOfRange(path, itemsBefore: nil)) }
                    guard (0..<before[path.section]).contains(path.item) else {
                        throw fail(.reloadItemOutOfRange(path, itemsBefore: before[path.section]))
                    }
                    // "attempt to delete and reload the same index path"
                    guard !deleted.contains(path.item, in: path.section) else { throw fail(.deleteAndReloadItem(path)) }
                    // A reload is a delete and an insert inside UIKit, hence its message for this case.
                    guard !moveSources.contains(path.item, in: path.section) else { throw fail(.reloadAndMoveItem(path)) }
                    guard !deletedSection[path.section] else { throw fail(.deleteAndReloadItem(path)) }
                    guard reloadedSet.insert(path).inserted else { throw fail(.duplicate(operation: operation, path)) }
                }
            }
        }

        /// "Invalid update: invalid number of rows in section N. …", for every section that exists
        /// both before and after the update.
        func checkItemCounts() throws {
            for new in 0..<sectionsAfter where !insertedSection[new] {
                let old = sectionSource[new]
                let deleted = self.deleted.count(in: old)
                let inserted = self.inserted.count(in: new)
                let outCount = movedOut[old], inCount = movedIn[new]
                guard after[new] == before[old] - deleted + inserted - outCount + inCount else {
                    throw fail(.itemCount(
                        section: new, before: before[old], after: after[new], inserted: inserted, deleted: deleted,
                        movedIn: inCount, movedOut: outCount))
                }
            }
        }

        /// Where the rows of the old section `old` go in the new section `new`: kept rows fill the
        /// slots that are neither inserted nor (when `countingMoves`) the target of a move.
        func rowMap(old: Int, new: Int, countingMoves: Bool) -> [Int] {
            var map = [Int](repeating: -1, count: before[old])
            var slot = 0
            for row in 0..<before[old] where !deleted.contains(row, in: old) && !(countingMoves && moveSources.contains(row, in: old)) {
                while inserted.contains(slot, in: new) || (countingMoves && moveTargets.contains(slot, in: new)) { slot += 1 }
                map[row] = slot
                slot += 1
            }
            return map
        }

        // MARK: Reloads shifted by moves

        /// UIKit turns a reload into a delete at its old path and an insert at the path the batch's
        /// deletes and inserts give it, without its moves (IGListKit #690 and PR #948, YapDatabase
        /// #489). Where a move shifts the row, that insert lands elsewhere. Returns, for each reload
        /// so shifted that `placement` places, its old path and where UIKit inserts its new cell.
        func shiftedReloads(placement: ShiftedReloads) throws -> [ItemPath: ItemPath] {
            let update = self.update
            var shifted = [ItemPath: ItemPath]()
            guard !(update.movedItems.isEmpty && update.movedSections.isEmpty),
                !(update.reloadedItems.isEmpty && update.reconfiguredItems.isEmpty)
            else { return shifted }
            var plainSection = [Int](repeating: -1, count: sectionsBefore)
            var slot = 0
            for old in 0..<sectionsBefore where !deletedSection[old] {
                while slot < sectionsAfter && insertedSection[slot] { slot += 1 }
                plainSection[old] = slot
                slot += 1
            }
            var plainRows = [Int: [Int]](), trueRows = [Int: [Int]]()
            let reconfigures = Set(update.reconfiguredItems)
            for path in update.reloadedItems + update.reconfiguredItems {
                let s = path.section
                if plainRows[s] == nil {
                    plainRows[s] = plainSection[s] < sectionsAfter ? rowMap(old: s, new: plainSection[s], countingMoves: false) : []
                    trueRows[s] = rowMap(old: s, new: sectionMap[s], countingMoves: true)
                }
                let plainRow = plainRows[s]!.indices.contains(path.item) ? plainRows[s]![path.item] : path.item
                let lands = ItemPath(item: plainRow, section: plainSection[s])
                let belongs = ItemPath(item: trueRows[s]![path.item], section: sectionMap[s])
                guard lands != belongs else { continue }
                // "attempt to perform an insert and a move to the same index path"
                if (0..<sectionsAfter).contains(lands.section) && moveTargets.contains(lands.item, in: lands.section) { throw fail(.insertAndMoveToItem(lands)) }
                // "attempt to insert row 1 into section 0, but there are only 1 rows in section 0 after the update"
                guard lands.section < sectionsAfter else {
                    throw fail(.insertItemIntoMissingSection(lands, sectionsAfter: sectionsAfter))
                }
                guard lands.item < after[lands.section] else {
                    throw fail(.insertItemOutOfRange(lands, itemsAfter: after[lands.section]))
                }
                // No exception, but the new cell lands on another row and the item's old cell
                // stays where the item goes: stale content.
                guard placement == .placeAsUIKit, !reconfigures.contains(path), lands.section == belongs.section else {
                    throw fail(.reloadShiftedByMoves(path, landsAt: lands, belongsAt: belongs))
                }
                shifted[path] = lands
            }
            return shifted
        }

        // MARK: Where every item goes

        /// Fills in `outcome`'s item map, and the items whose cells are fresh or reconfigured.
        /// A shifted reload is, as in UIKit, a delete of its old cell and an insert where it lands.
        mutating func mapItems(shifted: [ItemPath: ItemPath], into outcome: inout Outcome) {
            for (path, lands) in shifted {
                _ = deleted.insert(path.item, in: path.section)
                _ = inserted.insert(lands.item, in: lands.section)
            }
            var itemMap = before.map { [ItemPath?](repeating: nil, count: $0) }
            for move in update.movedItems { itemMap[move.from.section][move.from.item] = move.to }
            for new in 0..<sectionsAfter where !insertedSection[new] {
                let old = sectionSource[new]
                for (row, slot) in rowMap(old: old, new: new, countingMoves: true).enumerated() where slot >= 0 {
                    itemMap[old][row] = ItemPath(item: slot, section: new)
                }
            }
            var fresh = Set(update.insertedItems)
            for section in 0..<sectionsAfter where insertedSection[section] {
                for row in 0..<after[section] { fresh.insert(ItemPath(item: row, section: section)) }
            }
            for lands in shifted.values { fresh.insert(lands) }
            for path in update.reloadedItems where shifted[path] == nil {
                if let to = itemMap[path.section][path.item] { fresh.insert(to) }
            }
            var reconfigured = Set<ItemPath>()
            for path in update.reconfiguredItems { if let to = itemMap[path.section][path.item] { reconfigured.insert(to) } }
            outcome.itemMap = itemMap
            outcome.freshItems = fresh
            outcome.reconfiguredItems = reconfigured
        }
    }
}
