import Foundation

// The lists the benchmarks diff and build, as identifiers: DifferenceKit's published shape and the
// shapes ListKit publishes its figures for. No dependency on Tabula, so that a comparison with other
// libraries builds the very same lists (see `Benchmarks/README.md`, "Side by side").

/// A small deterministic generator (SplitMix64), so that a shape is the same run after run.
public struct SplitMix {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// n items; new = 10% deleted, 10% inserted, 2% moved (DifferenceKit's benchmark shape).
/// Built in O(n log n): positions are drawn first and the arrays merged once.
public func scenario<ID: Hashable>(count n: Int, makeID: (Int) -> ID, seed: UInt64) -> (old: [ID], new: [ID]) {
    var rng = SplitMix(seed: seed)
    let old = (0..<n).map(makeID)
    var deleted = Set<Int>(), moved = Set<Int>()
    while deleted.count < n / 10 { deleted.insert(Int(rng.next() % UInt64(n))) }
    while moved.count < n / 50 {
        let index = Int(rng.next() % UInt64(n))
        if !deleted.contains(index) { moved.insert(index) }
    }
    let kept = old.indices.filter { !deleted.contains($0) && !moved.contains($0) }.map { old[$0] }
    // Inserted items and moved items go to random positions among the kept ones.
    var placed: [(position: UInt64, id: ID)] = (0..<(n / 10)).map { (rng.next() % UInt64(kept.count + 1), makeID(n + $0)) }
    placed += moved.sorted().map { (rng.next() % UInt64(kept.count + 1), old[$0]) }
    placed.sort { $0.position < $1.position }
    var new = [ID]()
    new.reserveCapacity(kept.count + placed.count)
    var cursor = 0
    for (index, id) in kept.enumerated() {
        while cursor < placed.count && placed[cursor].position <= UInt64(index) {
            new.append(placed[cursor].id)
            cursor += 1
        }
        new.append(id)
    }
    while cursor < placed.count {
        new.append(placed[cursor].id)
        cursor += 1
    }
    return (old, new)
}

/// ListKit's 50% overlap: the old list is 0..<n, the new one n/2..<n + n/2 (its "Diff 10k/50k").
public func overlapHalf(count n: Int) -> (old: [Int], new: [Int]) {
    (Array(0..<n), Array((n / 2)..<(n + n / 2)))
}

/// ListKit's no-change diff: 0..<n, and the same again in storage of its own.
public func unchanged(count n: Int) -> (old: [Int], new: [Int]) {
    (Array(0..<n), Array(0..<n))
}

/// ListKit's shuffle: 0..<n, then from the end every element swapped with the one at i * 7 % (i + 1).
public func listKitShuffle(count n: Int) -> (old: [Int], new: [Int]) {
    let old = Array(0..<n)
    var new = old
    for i in stride(from: n - 1, through: 1, by: -1) { new.swapAt(i, i * 7 % (i + 1)) }
    return (old, new)
}

/// ListKit's mixed operations ("moderate churn" at 20%, "heavy churn" at 50%): `ratio` of the n
/// items deleted (from the front), as many new ones inserted, and `ratio` of the survivors moved to
/// the end. New = the stable survivors in order, the inserted ones, the moved ones.
public func listKitChurn<ID: Hashable>(count n: Int, ratio: Double, makeID: (Int) -> ID) -> (old: [ID], new: [ID]) {
    let deleteCount = Int(Double(n) * ratio), insertCount = Int(Double(n) * ratio)
    let moveCount = Int(Double(n - deleteCount) * ratio)
    let ids = (0..<(n + insertCount)).map(makeID)
    let old = Array(ids[0..<n])
    let stable = ids[(deleteCount + moveCount)..<n], inserted = ids[n..<(n + insertCount)]
    let moved = ids[deleteCount..<(deleteCount + moveCount)]
    return (old, Array(stable) + Array(inserted) + Array(moved))
}

/// A diff shape: a name, the old and the new list of identifiers.
public struct DiffShape<ID: Hashable> {
    public var name: String
    public var old: [ID]
    public var new: [ID]
}

extension DiffShape: Sendable where ID: Sendable {}

/// ListKit's diff shapes with `Int` identifiers, as it measures them: 50% overlap at 10k and 50k,
/// no change and its shuffle at 10k. `nil` for another name.
public func intDiffShape(named name: String) -> DiffShape<Int>? {
    switch name {
    case "overlap50-10k": DiffShape(name: name, old: overlapHalf(count: 10_000).old, new: overlapHalf(count: 10_000).new)
    case "overlap50-50k": DiffShape(name: name, old: overlapHalf(count: 50_000).old, new: overlapHalf(count: 50_000).new)
    case "nochange-10k": DiffShape(name: name, old: unchanged(count: 10_000).old, new: unchanged(count: 10_000).new)
    case "shuffle-10k": DiffShape(name: name, old: listKitShuffle(count: 10_000).old, new: listKitShuffle(count: 10_000).new)
    default: nil
    }
}

/// The churn shapes with UUID identifiers (ListKit's "Item.ID" pattern): its 20% and 50% churn at
/// 10k, 20% at 50k, and DifferenceKit's shape (10% deleted, 10% inserted, 2% moved) at 10k and
/// 100k. `nil` for another name.
public func uuidDiffShape(named name: String) -> DiffShape<UUID>? {
    func churn(_ n: Int, _ ratio: Double) -> DiffShape<UUID> {
        let lists = listKitChurn(count: n, ratio: ratio) { _ in UUID() }
        return DiffShape(name: name, old: lists.old, new: lists.new)
    }
    func differenceKit(_ n: Int) -> DiffShape<UUID> {
        let lists = scenario(count: n, makeID: { _ in UUID() }, seed: 1)
        return DiffShape(name: name, old: lists.old, new: lists.new)
    }
    switch name {
    case "churn20-10k": return churn(10_000, 0.2)
    case "churn50-10k": return churn(10_000, 0.5)
    case "churn20-50k": return churn(50_000, 0.2)
    case "churn10-10k": return differenceKit(10_000)
    case "churn10-100k": return differenceKit(100_000)
    default: return nil
    }
}

/// The names of every diff shape, `Int` ones first.
public let diffShapeNames = ["overlap50-10k", "overlap50-50k", "nochange-10k", "shuffle-10k"]
    + ["churn20-10k", "churn50-10k", "churn20-50k", "churn10-10k", "churn10-100k"]

/// ListKit's snapshot-editing shapes, with `Int` identifiers as its README's first table: build
/// 10k and 50k items in one section, build 100 sections × 100 items, and build 10k items then delete
/// (or reload) the first 5,000. Each is the items of each section.
public func editShapeSections(named name: String) -> [[Int]]? {
    switch name {
    case "build-10k", "delete-5k-of-10k", "reload-5k-of-10k": [Array(0..<10_000)]
    case "build-50k": [Array(0..<50_000)]
    case "build-100x100": (0..<100).map { Array(($0 * 100)..<($0 * 100 + 100)) }
    default: nil
    }
}

/// The identifiers a delete or reload shape edits: the first 5,000 of 10,000.
public let editedIdentifiers = Array(0..<5_000)

/// The names of the editing shapes.
public let editShapeNames = ["build-10k", "build-50k", "build-100x100", "delete-5k-of-10k", "reload-5k-of-10k"]
