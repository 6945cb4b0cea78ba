import Testing
@testable import Tabula

/// The diff finds the old items no run matched by scanning their flags eight at a time; it must
/// list the same positions as a plain loop.
@Suite("Diff: the scan of the unmatched flags")
struct UnmatchedFlagsTests {
    @Test("The scan lists every unset flag of a range, in order, whatever its start, length and density")
    func scanListsUnsetFlags() {
        let seed = propertySeed()
        print("UnmatchedFlagsTests.scanListsUnsetFlags seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var rng = SeededGenerator(seed: seed)
        for round in 0..<2_000 {
            let total = Int.random(in: 0...200, using: &rng)
            // From almost every flag set to almost none, so that words are full, empty and mixed.
            let density = Double.random(in: 0...1, using: &rng)
            let flags = (0..<total).map { _ in Double.random(in: 0..<1, using: &rng) < density }
            let base = Int.random(in: 0...total, using: &rng)
            let count = Int.random(in: 0...(total - base), using: &rng)
            let expected = (0..<count).filter { !flags[base + $0] }
            var scanned: [Int] = []
            flags.withUnsafeBufferPointer { flags in
                _forEachUnset(flags, from: base, count: count) { scanned.append($0) }
            }
            let context = "seed \(seed) round \(round): base \(base), count \(count), flags \(flags.map { $0 ? 1 : 0 })"
            #expect(scanned == expected, "\(context)")
        }
    }
}
