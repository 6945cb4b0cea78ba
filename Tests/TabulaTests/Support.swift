#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import Tabula
import TabulaTesting

typealias SeededGenerator = SeededRandomGenerator
func propertySeed() -> UInt64 { propertyTestSeed() }

/// `count` rounds of a long test, or a quarter of them (at least one) when this process runs
/// under ThreadSanitizer or AddressSanitizer (`swift test --sanitize=…`), whose checks make every
/// step several times slower. Those runs look for races and memory errors, which the first rounds
/// meet as well as the last; the Debug and release runs keep the full count.
func rounds(_ count: Int) -> Int {
    underSanitizer ? max(1, count / 4) : count
}

/// Whether this process runs under ThreadSanitizer or AddressSanitizer.
let underSanitizer = isAddressSanitized || exportsSymbol("__tsan_init")

/// Whether this process runs under AddressSanitizer.
let isAddressSanitized = exportsSymbol("__asan_init")

/// Whether this process exports `name`, as a sanitizer's runtime exports its entry point.
func exportsSymbol(_ name: String) -> Bool {
    #if canImport(Darwin)
    let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
    let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    return dlsym(everywhere, name) != nil
}

/// An item with identity (`id`) and content (`value`) kept apart.
struct Row: Identifiable, Equatable, Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var value: Int = 0
    var description: String { "\(id):\(value)" }
}

typealias RowSnapshot = Snapshot<String, Row>
typealias RowSection = Section<String, Row>

/// Random snapshots and random edits of them, covering the shapes the diff must handle.
struct SnapshotPairGenerator {
    var rng: SeededGenerator
    var nextID = 10_000
    var nextSection = 0

    init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }

    mutating func freshID() -> Int {
        nextID += 1
        return nextID
    }

    mutating func freshSectionID() -> String {
        nextSection += 1
        return "s\(nextSection)"
    }

    mutating func randomSections(maxSections: Int = 6, maxItems: Int = 10) -> [RowSection] {
        (0..<int(0...maxSections)).map { _ in
            RowSection(
                freshSectionID(), header: chance(0.5) ? "H\(int(0...2))" : nil, footer: chance(0.2) ? "F" : nil,
                items: (0..<int(0...maxItems)).map { _ in Row(id: freshID(), value: int(0...2)) })
        }
    }

    /// A pair (old, new) made by one of several kinds of change, or a mix of all of them.
    mutating func pair() -> (RowSnapshot, RowSnapshot, kind: String) {
        let oldSections = randomSections()
        var sections = oldSections
        let kinds = ["empty-old", "empty-new", "all-new", "shuffle", "cross-move", "sections", "content", "mixed", "mixed", "mixed"]
        let kind = kinds[int(0...(kinds.count - 1))]
        switch kind {
        case "empty-old":
            return (RowSnapshot(), try! RowSnapshot(sections), kind)
        case "empty-new":
            return (try! RowSnapshot(sections), chance(0.5) ? RowSnapshot() : try! RowSnapshot(sections.map { RowSection($0.id) }), kind)
        case "all-new":
            return (try! RowSnapshot(sections), try! RowSnapshot(randomSections()), kind)
        case "shuffle":
            for s in sections.indices { sections[s].items.shuffle(using: &rng) }
        case "cross-move":
            moveAcrossSections(&sections, count: int(1...6))
        case "sections":
            mutateSections(&sections)
        case "content":
            changeContent(&sections)
        default:
            mutateSections(&sections)
            moveAcrossSections(&sections, count: int(0...4))
            mutateItems(&sections)
            changeContent(&sections)
        }
        return (try! RowSnapshot(oldSections), try! RowSnapshot(sections), kind)
    }

    mutating func mutateSections(_ sections: inout [RowSection]) {
        if !sections.isEmpty && chance(0.5) { sections.remove(at: int(0...(sections.count - 1))) }
        if chance(0.5) {
            let new = RowSection(
                freshSectionID(), header: chance(0.5) ? "new" : nil,
                items: (0..<int(0...4)).map { _ in Row(id: freshID(), value: 0) })
            sections.insert(new, at: int(0...sections.count))
        }
        if chance(0.5) { sections.shuffle(using: &rng) }
        if !sections.isEmpty && chance(0.3) {
            let s = int(0...(sections.count - 1))
            sections[s].header = sections[s].header == nil ? "changed" : nil
        }
    }

    mutating func moveAcrossSections(_ sections: inout [RowSection], count: Int) {
        guard sections.count >= 1 else { return }
        for _ in 0..<count {
            let from = int(0...(sections.count - 1)), to = int(0...(sections.count - 1))
            guard !sections[from].items.isEmpty else { continue }
            let item = sections[from].items.remove(at: int(0...(sections[from].items.count - 1)))
            sections[to].items.insert(item, at: int(0...sections[to].items.count))
        }
    }

    mutating func mutateItems(_ sections: inout [RowSection]) {
        for s in sections.indices {
            if !sections[s].items.isEmpty && chance(0.5) {
                sections[s].items.remove(at: int(0...(sections[s].items.count - 1)))
            }
            if chance(0.5) { sections[s].items.insert(Row(id: freshID()), at: int(0...sections[s].items.count)) }
            if sections[s].items.count > 1 && chance(0.4) { sections[s].items.swapAt(0, sections[s].items.count - 1) }
        }
    }

    mutating func changeContent(_ sections: inout [RowSection]) {
        for s in sections.indices {
            for i in sections[s].items.indices where chance(0.3) { sections[s].items[i].value += 1 }
        }
    }
}
