import Testing
import Tabula

/// One test per UIKit rule: a batch that breaks it gets UIKit's exact message, and the valid
/// counterpart passes.
@Suite("UIKit's batch-update rules")
struct BatchUpdateRuleTests {
    func message(_ update: BatchUpdate, before: [Int], after: [Int], flavor: ListFlavor = .table) -> String? {
        do {
            try update.validate(before: before, after: after, flavor: flavor)
            return nil
        } catch {
            return "\(error)"
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var update: BatchUpdate
        var before: [Int]
        var after: [Int]
        var expected: String
        var testDescription: String { name }
    }

    static func p(_ section: Int, _ item: Int) -> ItemPath { ItemPath(item: item, section: section) }

    static let violations: [Case] = [
        Case(name: "row count", update: BatchUpdate(insertedItems: [p(0, 5)]), before: [5], after: [5],
             expected: "attempt to insert row 5 into section 0, but there are only 5 rows in section 0 after the update"),
        Case(name: "row count invariant", update: BatchUpdate(insertedItems: [p(0, 0)]), before: [1], after: [1],
             expected: "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (1) must be equal to the number of rows contained in that section before the update (1), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."),
        Case(name: "row count invariant with moves", update: BatchUpdate(movedItems: [.init(from: p(0, 0), to: p(1, 0))]), before: [2, 1], after: [2, 1],
             expected: "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (2) must be equal to the number of rows contained in that section before the update (2), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 1 moved out)."),
        Case(name: "section count invariant", update: BatchUpdate(), before: [1], after: [1, 0],
             expected: "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (2) must be equal to the number of sections contained in the table view before the update (1), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."),
        Case(name: "delete row out of range", update: BatchUpdate(deletedItems: [p(0, 2)]), before: [2], after: [1],
             expected: "attempt to delete row 2 from section 0 which only contains 2 rows before the update"),
        Case(name: "delete row from missing section", update: BatchUpdate(deletedItems: [p(3, 0)]), before: [2], after: [2],
             expected: "attempt to delete row 0 from section 3, but there are only 1 sections before the update"),
        Case(name: "insert row into missing section", update: BatchUpdate(insertedItems: [p(2, 0)]), before: [1, 1], after: [1, 1],
             expected: "attempt to insert row 0 into section 2, but there are only 2 sections after the update"),
        Case(name: "delete section out of range", update: BatchUpdate(deletedSections: [3]), before: [0, 0, 0], after: [0, 0],
             expected: "attempt to delete section 3, but there are only 3 sections before the update"),
        Case(name: "insert section out of range", update: BatchUpdate(insertedSections: [3]), before: [0, 0], after: [0, 0, 0],
             expected: "attempt to insert section 3 but there are only 3 sections after the update"),
        Case(name: "delete and move from one path", update: BatchUpdate(deletedItems: [p(0, 1)], movedItems: [.init(from: p(0, 1), to: p(0, 0))]), before: [2], after: [1],
             expected: "attempt to perform a delete and a move from the same index path (<NSIndexPath> {length = 2, path = 0 - 1})"),
        Case(name: "insert and move to one path", update: BatchUpdate(insertedItems: [p(0, 0)], movedItems: [.init(from: p(0, 1), to: p(0, 0))]), before: [2], after: [3],
             expected: "attempt to perform an insert and a move to the same index path (<NSIndexPath> {length = 2, path = 0 - 0})"),
        Case(name: "delete and reload one path", update: BatchUpdate(deletedItems: [p(0, 0)], reloadedItems: [p(0, 0)]), before: [2], after: [1],
             expected: "attempt to delete and reload the same index path (<NSIndexPath> {length = 2, path = 0 - 0})"),
        Case(name: "delete and move from one path in a later section", update: BatchUpdate(deletedItems: [p(1, 64)], movedItems: [.init(from: p(1, 64), to: p(1, 0))]), before: [70, 65], after: [70, 64],
             expected: "attempt to perform a delete and a move from the same index path (<NSIndexPath> {length = 2, path = 1 - 64})"),
        Case(name: "reload and move one path", update: BatchUpdate(movedItems: [.init(from: p(0, 0), to: p(0, 1))], reloadedItems: [p(0, 0)]), before: [2], after: [2],
             expected: "attempt to perform a delete and a move from the same index path (<NSIndexPath> {length = 2, path = 0 - 0})"),
        Case(name: "move out of a deleted section", update: BatchUpdate(deletedSections: [0], movedItems: [.init(from: p(0, 0), to: p(0, 1))]), before: [1, 1], after: [2],
             expected: "cannot move a row from a deleted section (0): index path (<NSIndexPath> {length = 2, path = 0 - 0})"),
        Case(name: "move into an inserted section", update: BatchUpdate(insertedSections: [1], movedItems: [.init(from: p(0, 0), to: p(1, 0))]), before: [1], after: [0, 1],
             expected: "cannot move a row into a newly inserted section (1)"),
        Case(name: "duplicate delete", update: BatchUpdate(deletedItems: [p(0, 0), p(0, 0)]), before: [2], after: [1],
             expected: "attempt to delete index path (<NSIndexPath> {length = 2, path = 0 - 0}) more than once in one update"),
        Case(name: "duplicate section insert", update: BatchUpdate(insertedSections: [0, 0]), before: [], after: [0, 0],
             expected: "attempt to insert section 0 more than once in one update"),
        Case(name: "delete and move one section", update: BatchUpdate(deletedSections: [0], movedSections: [.init(from: 0, to: 0)]), before: [0, 0], after: [0],
             expected: "attempt to delete and move the same section (0)"),
        Case(name: "reload out of range", update: BatchUpdate(reloadedItems: [p(0, 4)]), before: [2], after: [2],
             expected: "attempt to reload row 4 from section 0 which only contains 2 rows before the update"),
        Case(name: "move out of range", update: BatchUpdate(movedItems: [.init(from: p(0, 2), to: p(0, 0))]), before: [2], after: [2],
             expected: "attempt to move index path (<NSIndexPath> {length = 2, path = 0 - 2}) to index path (<NSIndexPath> {length = 2, path = 0 - 0}), which is out of range before or after the update"),
        Case(name: "insert into an inserted section", update: BatchUpdate(insertedSections: [0], insertedItems: [p(0, 0)]), before: [], after: [1],
             expected: "attempt to insert row 0 into section 0, which is itself being inserted"),
    ]

    @Test("a batch that breaks a rule gets UIKit's message", arguments: violations)
    func violation(_ rule: Case) {
        #expect(message(rule.update, before: rule.before, after: rule.after) == rule.expected)
    }

    @Test("an insert into an inserted section whose count no memory could hold: thrown, not trapped")
    func insertIntoHugeInsertedSection() {
        let update = BatchUpdate(insertedSections: [0], insertedItems: [Self.p(0, 0)])
        #expect(message(update, before: [], after: [Int.max]) != nil)
    }

    @Test("collection views word the same rules with items")
    func collectionWording() {
        let text = message(BatchUpdate(deletedItems: [ItemPath(item: 0, section: 0)]), before: [1], after: [1], flavor: .collection)
        #expect(text == "Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (1) must be equal to the number of items contained in that section before the update (1), plus or minus the number of items inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).")
    }

    static let valid: [Case] = [
        Case(name: "insert at the end", update: BatchUpdate(insertedItems: [p(0, 5)]), before: [5], after: [6], expected: ""),
        Case(name: "delete, insert and move together", update: BatchUpdate(deletedItems: [p(0, 0)], insertedItems: [p(0, 2)], movedItems: [.init(from: p(0, 2), to: p(0, 0))]), before: [3], after: [3], expected: ""),
        Case(name: "move between sections", update: BatchUpdate(movedItems: [.init(from: p(0, 0), to: p(1, 1))]), before: [2, 1], after: [1, 2], expected: ""),
        Case(name: "reload beside a delete", update: BatchUpdate(deletedItems: [p(0, 0)], reloadedItems: [p(0, 1)]), before: [2], after: [1], expected: ""),
        Case(name: "sections inserted, deleted and moved", update: BatchUpdate(deletedSections: [0], insertedSections: [0], movedSections: [.init(from: 2, to: 1)]), before: [1, 2, 3], after: [4, 3, 2], expected: ""),
        Case(name: "delete row inside a deleted section", update: BatchUpdate(deletedSections: [0], deletedItems: [p(0, 0)]), before: [1, 1], after: [1], expected: ""),
        Case(name: "empty update", update: BatchUpdate(), before: [3, 0], after: [3, 0], expected: ""),
        // Each section's rows are apart from the others', on both sides of a word of 64 rows.
        Case(name: "one row number in several sections",
             update: BatchUpdate(deletedItems: [p(0, 64), p(1, 0), p(1, 64)], insertedItems: [p(0, 64)],
                                 movedItems: [.init(from: p(0, 0), to: p(0, 1)), .init(from: p(1, 1), to: p(1, 0))]),
             before: [65, 66], after: [65, 64], expected: ""),
    ]

    @Test("a valid batch passes", arguments: valid)
    func passes(_ rule: Case) {
        #expect(message(rule.update, before: rule.before, after: rule.after) == nil)
    }

    @Test("the outcome maps every old row to its new place")
    func outcome() throws {
        let p = Self.p(_:_:)
        let update = BatchUpdate(deletedItems: [p(0, 1)], insertedItems: [p(0, 0)], movedItems: [.init(from: p(0, 3), to: p(1, 0))], reloadedItems: [p(0, 2)])
        let outcome = try update.validate(before: [4, 1], after: [3, 2])
        #expect(outcome.itemMap == [[p(0, 1), nil, p(0, 2), p(1, 0)], [p(1, 1)]])
        #expect(outcome.freshItems == [p(0, 0), p(0, 2)])
        #expect(outcome.sectionMap == [0, 1])
    }
}
