import Testing
@testable import Tabula

/// The diff puts its inserts and removals in order by merging the runs it produced, or by sorting
/// them; either way the result must be the sorted order.
@Suite("Diff: paths put in order")
struct SortPathsTests {
    @Test("ItemPath orders by section, then item, as the pair (section, item) does")
    func order() {
        let paths = (0..<4).flatMap { section in (0..<4).map { ItemPath(item: $0, section: section) } }
        for a in paths {
            for b in paths { #expect((a < b) == ((a.section, a.item) < (b.section, b.item)), "\(a) < \(b)") }
        }
    }

    @Test("In order, two ordered runs, or any order: the result is the sorted paths")
    func sortPaths() {
        let seed = propertySeed()
        print("SortPathsTests.sortPaths seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var rng = SeededGenerator(seed: seed)
        for round in 0..<2_000 {
            // Distinct paths, as the diff's are; then split into `runs` ordered runs, concatenated.
            let all = Set((0..<Int.random(in: 0...60, using: &rng)).map { _ in
                ItemPath(item: Int.random(in: 0..<30, using: &rng), section: Int.random(in: 0..<4, using: &rng))
            })
            var shuffled = Array(all).shuffled(using: &rng)
            let runs = round % 4  // 0: any order; 1: sorted; 2 and 3: that many ordered runs
            if runs > 0 {
                let cuts = (0..<(runs - 1)).map { _ in Int.random(in: 0...shuffled.count, using: &rng) }.sorted()
                var pieces: [[ItemPath]] = []
                var start = 0
                for cut in cuts + [shuffled.count] {
                    pieces.append(shuffled[start..<cut].sorted())
                    start = cut
                }
                shuffled = Array(pieces.joined())
            }
            var paths = shuffled
            paths.sortPaths()
            #expect(paths == shuffled.sorted(), "round \(round): \(shuffled)")
        }
    }

    @Test("Moves in target order are kept as they are, others sorted by target")
    func movesByTarget() {
        let seed = propertySeed()
        print("SortPathsTests.movesByTarget seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var rng = SeededGenerator(seed: seed)
        for round in 0..<2_000 {
            // Distinct targets, as a diff's are, from any sources.
            let targets = Set((0..<Int.random(in: 0...40, using: &rng)).map { _ in
                ItemPath(item: Int.random(in: 0..<30, using: &rng), section: Int.random(in: 0..<4, using: &rng))
            })
            var moves = targets.map { BatchUpdate.Move(from: ItemPath(item: Int.random(in: 0..<50, using: &rng), section: Int.random(in: 0..<4, using: &rng)), to: $0) }
            if round % 2 == 0 { moves.sort { $0.to < $1.to } }
            #expect(moves.sortedByTarget() == moves.sorted { $0.to < $1.to }, "round \(round): \(moves)")
        }
    }
}
