/// A batch update that UIKit would reject with an `NSInternalInconsistencyException`.
///
/// Its ``description`` is UIKit's own message with the numbers filled in, so a failing test reads
/// like the crash it prevents. Each ``Violation`` names the rule and the offending index; the
/// README's "UIKit's batch-update rules" table lists every rule with the public report of the
/// exception it mirrors.
public struct BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The broken rule, with the offending indices.
    public enum Violation: Hashable, Sendable {
        /// The section count after the update differs from the count before, plus inserted minus deleted.
        case sectionCount(before: Int, after: Int, inserted: Int, deleted: Int)
        /// The item count of a surviving section (`section` is its index after the update) does not
        /// add up.
        case itemCount(section: Int, before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
        /// A deleted section index is not below the number of sections before the update.
        case deleteSectionOutOfRange(Int, sectionsBefore: Int)
        /// An inserted section index is not below the number of sections after the update.
        case insertSectionOutOfRange(Int, sectionsAfter: Int)
        /// A section move's source or destination is out of range.
        case moveSectionOutOfRange(BatchUpdate.Move<Int>, sectionsBefore: Int, sectionsAfter: Int)
        /// A section is both deleted and moved.
        case deleteAndMoveSection(Int)
        /// A section is both inserted and the destination of a move.
        case insertAndMoveToSection(Int)
        /// An item is deleted from a section that does not exist before the update.
        case deleteItemFromMissingSection(ItemPath, sectionsBefore: Int)
        /// A deleted item's index is not below its section's count before the update.
        case deleteItemOutOfRange(ItemPath, itemsBefore: Int)
        /// An item is inserted into a section that does not exist after the update.
        case insertItemIntoMissingSection(ItemPath, sectionsAfter: Int)
        /// An inserted item's index is not below its section's count after the update.
        case insertItemOutOfRange(ItemPath, itemsAfter: Int)
        /// An item is inserted into a section that the same update inserts.
        case insertItemIntoInsertedSection(ItemPath)
        /// A reloaded or reconfigured item does not exist before the update.
        case reloadItemOutOfRange(ItemPath, itemsBefore: Int?)
        /// A move's source does not exist before the update, or its destination after it.
        case moveItemOutOfRange(BatchUpdate.Move<ItemPath>)
        /// An item is both deleted and the source of a move.
        case deleteAndMoveItem(ItemPath)
        /// An item is both inserted and the destination of a move.
        case insertAndMoveToItem(ItemPath)
        /// An item is both deleted and reloaded.
        case deleteAndReloadItem(ItemPath)
        /// An item is both reloaded and moved (UIKit reports it as a delete and a move).
        case reloadAndMoveItem(ItemPath)
        /// An item moves out of a section that the same update deletes.
        case moveItemOutOfDeletedSection(BatchUpdate.Move<ItemPath>)
        /// An item moves into a section that the same update inserts.
        case moveItemIntoInsertedSection(BatchUpdate.Move<ItemPath>)
        /// The same operation names one index twice (`operation` is "delete", "insert", "move from",
        /// "move to", "reload", "delete section", …).
        case duplicate(operation: String, ItemPath)
        /// The same section operation names one section twice.
        case duplicateSection(operation: String, Int)
        /// A reloaded (or reconfigured) item at the old path `path` is shifted by the batch's moves:
        /// UIKit inserts its new cell at `landsAt`, the path the batch's deletes and inserts alone
        /// give it, while the item belongs at `belongsAt`. UIKit raises nothing, and the screen
        /// shows a stale cell.
        case reloadShiftedByMoves(ItemPath, landsAt: ItemPath, belongsAt: ItemPath)
        /// A section count given for the state before (or after) the update is negative.
        case negativeCount(section: Int, count: Int, afterUpdate: Bool)
    }

    /// The broken rule.
    public var violation: Violation
    /// The wording to use.
    var flavor: ListFlavor

    /// Creates an error.
    init(_ violation: Violation, flavor: ListFlavor) {
        self.violation = violation
        self.flavor = flavor
    }

    /// UIKit's message for the violation, in the flavor's wording.
    public var description: String {
        let row = flavor.element, rows = flavor.elements, view = flavor.view
        func path(_ p: ItemPath) -> String { "<NSIndexPath> {length = 2, path = \(p.section) - \(p.item)}" }
        switch violation {
        case let .sectionCount(before, after, inserted, deleted):
            return "Invalid update: invalid number of sections. The number of sections contained in the \(view) after the update (\(after)) must be equal to the number of sections contained in the \(view) before the update (\(before)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
        case let .itemCount(section, before, after, inserted, deleted, movedIn, movedOut):
            return "Invalid update: invalid number of \(rows) in section \(section). The number of \(rows) contained in an existing section after the update (\(after)) must be equal to the number of \(rows) contained in that section before the update (\(before)), plus or minus the number of \(rows) inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(rows) moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
        case let .deleteSectionOutOfRange(section, count):
            return "attempt to delete section \(section), but there are only \(count) sections before the update"
        case let .insertSectionOutOfRange(section, count):
            return "attempt to insert section \(section) but there are only \(count) sections after the update"
        case let .moveSectionOutOfRange(move, before, after):
            return "attempt to move section \(move.from) to section \(move.to), but there are only \(before) sections before the update and \(after) after it"
        case let .deleteAndMoveSection(section):
            return "attempt to delete and move the same section (\(section))"
        case let .insertAndMoveToSection(section):
            return "attempt to insert and move to the same section (\(section))"
        case let .deleteItemFromMissingSection(p, count):
            return "attempt to delete \(row) \(p.item) from section \(p.section), but there are only \(count) sections before the update"
        case let .deleteItemOutOfRange(p, count):
            return "attempt to delete \(row) \(p.item) from section \(p.section) which only contains \(count) \(rows) before the update"
        case let .insertItemIntoMissingSection(p, count):
            return "attempt to insert \(row) \(p.item) into section \(p.section), but there are only \(count) sections after the update"
        case let .insertItemOutOfRange(p, count):
            return "attempt to insert \(row) \(p.item) into section \(p.section), but there are only \(count) \(rows) in section \(p.section) after the update"
        case let .insertItemIntoInsertedSection(p):
            return "attempt to insert \(row) \(p.item) into section \(p.section), which is itself being inserted"
        case let .reloadItemOutOfRange(p, count?):
            return "attempt to reload \(row) \(p.item) from section \(p.section) which only contains \(count) \(rows) before the update"
        case let .reloadItemOutOfRange(p, nil):
            return "attempt to reload \(row) \(p.item) from section \(p.section), which does not exist before the update"
        case let .moveItemOutOfRange(move):
            return "attempt to move index path (\(path(move.from))) to index path (\(path(move.to))), which is out of range before or after the update"
        case let .deleteAndMoveItem(p), let .reloadAndMoveItem(p):
            return "attempt to perform a delete and a move from the same index path (\(path(p)))"
        case let .insertAndMoveToItem(p):
            return "attempt to perform an insert and a move to the same index path (\(path(p)))"
        case let .deleteAndReloadItem(p):
            return "attempt to delete and reload the same index path (\(path(p)))"
        case let .moveItemOutOfDeletedSection(move):
            return "cannot move a \(row) from a deleted section (\(move.from.section)): index path (\(path(move.from)))"
        case let .moveItemIntoInsertedSection(move):
            return "cannot move a \(row) into a newly inserted section (\(move.to.section))"
        case let .duplicate(operation, p):
            return "attempt to \(operation) index path (\(path(p))) more than once in one update"
        case let .duplicateSection(operation, section):
            return "attempt to \(operation) section \(section) more than once in one update"
        case let .reloadShiftedByMoves(p, lands, belongs):
            return "attempt to reload index path (\(path(p))) in an update whose moves shift it: the reloaded \(row) would be inserted at (\(path(lands))) but belongs at (\(path(belongs))), so the \(view) would show a stale cell; reload it in an update without moves"
        case let .negativeCount(section, count, afterUpdate):
            return "section \(section) has \(count) \(rows) \(afterUpdate ? "after" : "before") the update: a count cannot be negative"
        }
    }
}
