import Testing
import TabulaTesting
@testable import Tabula

@Suite("Moves: the longest increasing run, against a quadratic reference")
struct LongestIncreasingSubsequenceTests {
    /// The length of a longest strictly increasing subsequence, by the textbook O(n²) recurrence.
    func referenceLength(_ values: [Int32]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
        }
        return best.max() ?? 0
    }

    /// The textbook patience sort, one element at a time: each on the first pile whose tail is not
    /// below it, linked to the tail of the pile before; the run read back from the last pile.
    func referenceMask(_ values: [Int32]) -> [Bool] {
        var tails: [Int] = [], previous = [Int](repeating: -1, count: values.count)
        for (i, value) in values.enumerated() where value >= 0 {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            previous[i] = low > 0 ? tails[low - 1] : -1
            if low == tails.count { tails.append(i) } else { tails[low] = i }
        }
        var mask = [Bool](repeating: false, count: values.count)
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            mask[cursor] = true
            cursor = previous[cursor]
        }
        return mask
    }

    func check(_ values: [Int32], _ context: String) {
        let mask = longestIncreasingSubsequenceMask(values)
        // The fast paths pick the very run the textbook sort picks, so which items move stays the
        // same whatever the placement does to go faster.
        #expect(mask == referenceMask(values), "\(context): \(values)")
        #expect(mask.count == values.count, "\(context)")
        let chosen = values.indices.filter { mask[$0] }.map { values[$0] }
        #expect(zip(chosen, chosen.dropFirst()).allSatisfy { $0 < $1 }, "\(context): not strictly increasing \(chosen)")
        #expect(chosen.count == referenceLength(values.filter { $0 >= 0 }), "\(context): \(values)")
        #expect(offRun(values) == values.indices.filter { !mask[$0] && values[$0] >= 0 }, "\(context): \(values)")
    }

    /// The elements that move, as the diff asks for them.
    func offRun(_ values: [Int32]) -> [Int] {
        values.withUnsafeBufferPointer { elementsOffLongestIncreasingSubsequence($0) }
    }

    @Test("random lists, with repeats, and nearly ordered lists with a few moved elements: a longest run, strictly increasing")
    func matchesReference() {
        let seed = propertySeed()
        print("LongestIncreasingSubsequenceTests.matchesReference seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var rng = SeededGenerator(seed: seed)
        for round in 0..<400 {
            let count = Int.random(in: 0...40, using: &rng)
            let range = Int32.random(in: 1...50, using: &rng)
            check((0..<count).map { _ in Int32.random(in: 0..<range, using: &rng) }, "seed \(seed) round \(round)")
        }
        for round in 0..<20 {
            var values = (0..<Int32(1_500)).map { $0 }
            for _ in 0..<Int.random(in: 0...40, using: &rng) {
                let moved = values.remove(at: Int.random(in: 0..<values.count, using: &rng))
                values.insert(moved, at: Int.random(in: 0...values.count, using: &rng))
            }
            check(values, "seed \(seed) nearly ordered \(round)")
        }
        // Runs of consecutive values (items that kept their order) with some deleted, some
        // moved, and placeholders between them: the shape the diff gives.
        for round in 0..<200 {
            var values: [Int32] = []
            for value in Int32(0)..<Int32(Int.random(in: 0...300, using: &rng)) {
                switch Int.random(in: 0..<20, using: &rng) {
                case 0: continue  // deleted
                case 1: values.append(-1)  // an item put off
                default: values.append(value)
                }
            }
            for _ in 0..<Int.random(in: 0...6, using: &rng) where !values.isEmpty {
                let start = Int.random(in: 0..<values.count, using: &rng)
                let block = Array(values[start..<min(values.count, start + Int.random(in: 1...12, using: &rng))])
                values.removeSubrange(start..<(start + block.count))
                values.insert(contentsOf: block, at: Int.random(in: 0...values.count, using: &rng))
            }
            check(values, "seed \(seed) runs \(round)")
        }
        check([], "empty")
        check([3, 2, 1], "descending")
        check([1, 1, 1], "equal")
    }

    @Test("placeholders (negative elements) are skipped: never chosen, and the rest as without them")
    func skipsPlaceholders() {
        let seed = propertySeed()
        print("LongestIncreasingSubsequenceTests.skipsPlaceholders seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var rng = SeededGenerator(seed: seed)
        for round in 0..<400 {
            let count = Int.random(in: 0...40, using: &rng)
            let values: [Int32] = (0..<count).map { _ in
                Int.random(in: 0..<4, using: &rng) == 0 ? -1 : Int32.random(in: 0..<30, using: &rng)
            }
            let mask = longestIncreasingSubsequenceMask(values)
            let context = "seed \(seed) round \(round): \(values)"
            #expect(mask == referenceMask(values), "\(context)")
            #expect(mask.count == values.count, "\(context)")
            #expect(values.indices.allSatisfy { values[$0] >= 0 || !mask[$0] }, "\(context): a placeholder chosen")
            let chosen = values.indices.filter { mask[$0] }.map { values[$0] }
            #expect(zip(chosen, chosen.dropFirst()).allSatisfy { $0 < $1 }, "\(context): not strictly increasing \(chosen)")
            #expect(chosen.count == referenceLength(values.filter { $0 >= 0 }), "\(context)")
            // The elements that move: every other one but the placeholders, in order.
            #expect(offRun(values) == values.indices.filter { !mask[$0] && values[$0] >= 0 }, "\(context)")
        }
        #expect(offRun([-1, 0, -1, 1]) == [])
        #expect(offRun([2, -1, 0, 1]) == [0])
        #expect(offRun([-1, -1]) == [])
        #expect(longestIncreasingSubsequenceMask([-1, 0, -1, 1]) == [false, true, false, true])
        #expect(longestIncreasingSubsequenceMask([2, -1, 0, 1]) == [false, false, true, true])
    }
}
