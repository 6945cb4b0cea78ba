import CTabulaMemory
import Testing
@testable import Tabula

/// The diff finds the old items no run matched by scanning their flags: a loop over words in an
/// optimised build, a C scan in a Debug one (which also writes the paths of the removals a batch at a
/// time). Each must list the same positions as a plain loop.
@Suite("Diff: the unmatched flags, scanned two ways")
struct UnmatchedFlagsTests {
    @Test("Every scan lists every unset flag of a range, in order, whatever its start, length and density")
    func scansAgree() {
        let seed = propertySeed()
        print("UnmatchedFlagsTests.scansAgree seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var rng = SeededGenerator(seed: seed)
        for round in 0..<2_000 {
            let total = Int.random(in: 0...200, using: &rng)
            // From almost every flag set to almost none, so that words are full, empty and mixed.
            let density = Double.random(in: 0...1, using: &rng)
            let flags = (0..<total).map { _ in Double.random(in: 0..<1, using: &rng) < density }
            let base = Int.random(in: 0...total, using: &rng)
            let count = Int.random(in: 0...(total - base), using: &rng)
            let expected = (0..<count).filter { !flags[base + $0] }
            var byWords: [Int] = [], scanning: [Int] = [], chosen: [Int] = [], batched: [ItemPath] = []
            // The Debug diff's removals: paths written by C, a few at a time.
            let capacity = Int.random(in: 1...9, using: &rng), section = Int.random(in: 0...3, using: &rng)
            flags.withUnsafeBufferPointer { flags in
                _forEachUnsetByWords(flags, from: base, count: count) { byWords.append($0) }
                _forEachUnsetScanning(flags, from: base, count: count) { scanning.append($0) }
                _forEachUnset(flags, from: base, count: count) { chosen.append($0) }
                guard let start = flags.baseAddress.map({ $0 + base }) else { return }
                var words = [Int](repeating: -1, count: 2 * capacity), r = 0
                while r < count {
                    let written = tabula_unset_paths(start, &r, count, section, &words, capacity)
                    for k in 0..<written { batched.append(ItemPath(item: words[2 * k + 1], section: words[2 * k])) }
                }
            }
            let context = "seed \(seed) round \(round): base \(base), count \(count), flags \(flags.map { $0 ? 1 : 0 })"
            #expect(byWords == expected, "\(context)")
            #expect(scanning == expected, "\(context)")
            #expect(chosen == expected, "\(context)")
            #expect(batched == expected.map { ItemPath(item: $0, section: section) }, "\(context), \(capacity) a batch")
        }
    }
}
