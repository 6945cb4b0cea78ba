import Tabula
import Testing

@testable import TabulaTesting

/// The headless view places rows of batches without moves or section changes by counting; that
/// must agree, row for row, with the full map the batch rules compute.
@Suite("Headless view: plain batches placed by counting agree with the full item map")
struct PlainShiftTests {
    @Test("random plain batches: every row's destination, fresh and reconfigured paths agree")
    func agreesWithFullMap() throws {
        let seed = propertyTestSeed()
        print("PlainShiftTests seed \(seed) (TABULA_SEED=\(seed) replays it)")
        var random = SeededRandomGenerator(seed: seed)
        var checked = 0
        for round in 0..<500 {
            let before = (0..<Int.random(in: 1...3, using: &random)).map { _ in Int.random(in: 0...12, using: &random) }
            var update = BatchUpdate()
            var after = before
            for (section, count) in before.enumerated() {
                let deleted = (0..<count).filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
                let kept = (0..<count).filter { !deleted.contains($0) }
                update.deletedItems += deleted.map { ItemPath(item: $0, section: section) }
                let insertedCount = Int.random(in: 0...3, using: &random)
                after[section] = count - deleted.count + insertedCount
                let inserted = Array((0..<after[section]).shuffled(using: &random).prefix(insertedCount)).sorted()
                update.insertedItems += inserted.map { ItemPath(item: $0, section: section) }
                for row in kept {
                    switch Int.random(in: 0..<6, using: &random) {
                    case 0: update.reloadedItems.append(ItemPath(item: row, section: section))
                    case 1: update.reconfiguredItems.append(ItemPath(item: row, section: section))
                    default: break
                    }
                }
            }
            let full = try update.validate(before: before, after: after, shiftedReloads: .placeAsUIKit)
            let shift = PlainShift(update)
            for (section, count) in before.enumerated() {
                for row in 0..<count {
                    let path = ItemPath(item: row, section: section)
                    #expect(shift.destination(of: path) == full.destination(of: path), "seed \(seed), round \(round), \(path)")
                    checked += 1
                }
            }
            #expect(shift.freshItems == full.freshItems, "seed \(seed), round \(round)")
            #expect(shift.reconfiguredItems == full.reconfiguredItems, "seed \(seed), round \(round)")
        }
        #expect(checked > 1_000)
    }
}
