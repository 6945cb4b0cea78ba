import BenchmarkShapes
import Foundation
import Tabula
import TabulaTesting

// Benchmarks of issue 2 (building and probing snapshots) and issue 3 (the diff), each against a
// baseline measured in the same run. Ends with machine-readable summary lines.

struct IntItem: Identifiable, Equatable, Sendable {
    var id: Int
    var value: Int
}

struct UUIDItem: Identifiable, Equatable, Sendable {
    var id: UUID
    var value: Int
}

var summary: [String] = []
let arguments = Set(CommandLine.arguments.dropFirst())
let quick = arguments.contains("--quick")  // smaller run counts, for a smoke test
let runs = CommandLine.arguments.firstIndex(of: "--runs").flatMap { index in
    CommandLine.arguments.dropFirst(index + 1).first.flatMap { Int($0) }
} ?? (quick ? 3 : 11)

if arguments.contains("--debug-scenarios") {
    // Run by `--debug` (and the full run) in a Debug build of this package and in this release one,
    // each in a process of its own: one line a scenario.
    for (name, seconds) in await debugScenarioMedians(runs: runs, debug: _isDebugAssertConfiguration()) { print("seconds scenario=\(name) median_s=\(format(seconds))") }
    exit(0)
}

if let index = CommandLine.arguments.firstIndex(of: "--instructions") {
    // One scenario, for `instructions.sh`: run under callgrind, which counts `measuredCall` alone.
    let name = CommandLine.arguments.dropFirst(index + 1).first ?? ""
    guard runInstructionScenario(name) else {
        print("error: unknown scenario \(name)")
        exit(1)
    }
    exit(0)
}

/// The load averages when the run started: every run reports them with its summary.
let loadAtStart = loadAverage()
print("load averages (1/5/15 min) at start: \(loadAtStart)")

/// Prints the summary lines and ends the run.
func finish(_ lines: [String]) -> Never {
    print("\nsummary")
    for line in lines { print(line) }
    print("load scenario=run start=\(loadAtStart) end=\(loadAverage())")
    exit(0)
}

if arguments.contains("--updates") {
    // Only the update lines: build against the snapshot on screen + apply.
    print("Tabula updates (config=release-O: swift run -c release, plain -O; \(runs) runs each; medians)")
    finish(updateLines(runs: runs))
}

if arguments.contains("--debug") {
    // Only the Debug-build comparison.
    print("Tabula in a Debug build against release (config=debug-Onone against release-O)")
    finish(await debugBuildLines(runs: runs))
}

// MARK: - Issue 2: build a snapshot and look up every item

@MainActor func buildBenchmark(label: String, sections: Int, perSection: Int) {
    let ids = (0..<(sections * perSection)).map { _ in UUID() }
    let sectionList = (0..<sections).map { s in
        Section<Int, UUIDItem>(s, items: (0..<perSection).map { UUIDItem(id: ids[s * perSection + $0], value: 0) })
    }
    let ours = measure(runs: runs) {
        let snapshot = try! Snapshot(sectionList)
        var sum = 0
        for id in ids { sum &+= snapshot.itemPath(for: id)!.item }
        blackHole(sum)
    }
    let baseline = measure(runs: runs) {
        var dictionary = [UUID: Int](minimumCapacity: ids.count)
        for (index, id) in ids.enumerated() { dictionary[id] = index }
        var sum = 0
        for id in ids { sum &+= dictionary[id]! }
        blackHole(sum)
    }
    let r = ours.median / baseline.median
    print("build+probe \(label): snapshot median \(format(ours.median)) s, Dictionary<UUID, Int> median \(format(baseline.median)) s, ratio \(ratio(r)) (target ≤ 2)")
    summary.append("build scenario=\(label) ids=uuid median_s=\(format(ours.median)) baseline_s=\(format(baseline.median)) ratio=\(ratio(r))")
}

// MARK: - Issue 3: DifferenceKit's published scenarios (`scenario(count:makeID:seed:)`, in BenchmarkShapes)

/// The hash floor: a `Dictionary` of the old identifiers, probed with every new one.
func floorWork<ID: Hashable>(_ old: [ID], _ new: [ID]) {
    var dictionary = [ID: Int](minimumCapacity: old.count)
    for (index, id) in old.enumerated() { dictionary[id] = index }
    var found = 0
    for id in new where dictionary[id] != nil { found += 1 }
    blackHole(found)
}

@MainActor func diffBenchmark<Item: Identifiable & Equatable & Sendable>(
    label: String, idName: String, old: [Item], new: [Item], stdlib: Bool
) where Item.ID: Sendable {
    let oldIDs = old.map(\.id), newIDs = new.map(\.id)
    let (diff, floor, moves) = diffModeLines(
        label: label, idName: idName, old: [Section(0, items: old)], new: [Section(0, items: new)], floor: { floorWork(oldIDs, newIDs) })
    var line = "diff \(label) \(idName): \(moves) moves; floor median \(format(floor)) s"
    if stdlib {
        let std = measure(runs: max(1, runs / 4)) { blackHole(newIDs.difference(from: oldIDs).inferringMoves()) }
        line += "; stdlib difference(from:).inferringMoves() median \(format(std.median)) s → Tabula is \(ratio(std.median / diff))× faster"
        summary.append("diff scenario=\(label) ids=\(idName) stdlib_median_s=\(format(std.median)) stdlib_speedup=\(String(format: "%.0f", std.median / diff)) config=release-O")
    }
    if label == "1m" && idName == "uuid" {
        let source = try! Snapshot<Int, Item>([Section(0, items: old)])
        let target = try! Snapshot<Int, Item>([Section(0, items: new)])
        // What an app pays at its peak: build the new snapshot and diff it against the one on screen.
        let ours = peakExtraMegabytes { blackHole(Changeset(from: source, to: try! Snapshot<Int, Item>([Section(0, items: new)]))) }
        let floorPeak = peakExtraMegabytes {
            var dictionary = [UUID: Int](minimumCapacity: old.count)
            for (index, item) in old.enumerated() { dictionary[item.id as! UUID] = index }
            blackHole(dictionary)
        }
        if let ours, let floorPeak {
            line += "; extra peak memory of build + diff \(String(format: "%.1f", ours)) MB vs floor \(String(format: "%.1f", floorPeak)) MB (\(ratio(ours / max(floorPeak, 0.1)))×)"
            summary.append("memory scenario=1m ids=uuid mode=build+diff peak_mb=\(String(format: "%.1f", ours)) floor_peak_mb=\(String(format: "%.1f", floorPeak)) floor_ratio=\(ratio(ours / max(floorPeak, 0.1))) config=release-O")
        }
        // The resident index of the 1M-item snapshot, against a Dictionary from identifier to an
        // 8-byte location (what the index was before).
        let dictionaryPeak = peakExtraMegabytes {
            var dictionary = [UUID: UInt64](minimumCapacity: old.count)
            for (index, item) in old.enumerated() { dictionary[item.id as! UUID] = UInt64(index) }
            blackHole(dictionary)
        }
        let indexMB = Double(target._indexByteCount) / 1_048_576
        line += "; resident index \(String(format: "%.1f", indexMB)) MB"
        summary.append("index scenario=1m ids=uuid index_mb=\(String(format: "%.1f", indexMB)) dictionary_mb=\(dictionaryPeak.map { String(format: "%.1f", $0) } ?? "n/a") config=release-O")
    }
    print(line)
}

/// The four ways an app meets the diff, each a line: `diff` (two prebuilt snapshots), `build+diff`
/// (build the new snapshot from its sections, diff it against the one on screen), `adapter` (apply
/// a prebuilt snapshot through `ListDriver` to a view, its checks included) and `build+adapter`.
/// Each is measured in turn with the hash floor (`floor`), run after run, and reported as a ratio to
/// it. Returns the diff's median, the floor's and the number of moves.
@MainActor func diffModeLines<Item: Identifiable & Equatable & Sendable>(
    label: String, idName: String, old: [Section<Int, Item>], new: [Section<Int, Item>], floor: @escaping () -> Void
) -> (diff: Double, floor: Double, moves: Int) where Item.ID: Sendable {
    let source = try! Snapshot<Int, Item>(old)
    let target = try! Snapshot<Int, Item>(new)
    let moves: Int = {
        let changeset = Changeset(from: source, to: target)
        return changeset.statistics.movedItems + changeset.statistics.movedSections
    }()
    func driver() -> (ListDriver<Int, Item>, InstantView<Int, Item>) {
        let (driver, view) = InstantView<Int, Item>.driving()
        driver.backgroundDiffThreshold = .max  // measure the work, not a hop to another thread
        driver.applyUsingReloadData(source, completion: nil)
        return (driver, view)
    }
    // The floor and the four modes in turn, run after run (see `measureInterleaved`).
    let medians = measureInterleaved(runs: runs, [
        { seconds(floor) },
        { seconds { blackHole(Changeset(from: source, to: target)) } },
        { seconds { blackHole(Changeset(from: source, to: try! Snapshot<Int, Item>(new))) } },
        {
            let pair = driver()
            return withExtendedLifetime(pair) { seconds { pair.0.apply(target, completion: nil) } }
        },
        {
            let pair = driver()
            return withExtendedLifetime(pair) { seconds { pair.0.apply(try! Snapshot<Int, Item>(new), completion: nil) } }
        },
    ])
    let floorMedian = medians[0], diff = medians[1]
    for (mode, time) in zip(["diff", "build+diff", "adapter", "build+adapter"], medians.dropFirst()) {
        var line = "diff scenario=\(label) ids=\(idName) mode=\(mode) median_s=\(format(time)) floor_ratio=\(ratio(time / floorMedian))"
        if mode.hasSuffix("adapter") { line += " specialised_diff_ratio=\(ratio(time / diff))" }
        print(line)
        summary.append(line + " config=release-O")
    }
    return (diff, floorMedian, moves)
}

/// 1,000 sections × 100 items; 5% of sections moved, 5,000 items moved between sections.
func sectioned1000x100() -> (old: [Section<Int, UUIDItem>], new: [Section<Int, UUIDItem>]) {
    var rng = SplitMix(seed: 42)
    let old = (0..<1000).map { s in Section<Int, UUIDItem>(s, items: (0..<100).map { _ in UUIDItem(id: UUID(), value: 0) }) }
    var new = old
    for _ in 0..<50 {
        let moved = new.remove(at: Int(rng.next() % UInt64(new.count)))
        new.insert(moved, at: Int(rng.next() % UInt64(new.count + 1)))
    }
    moveItemsAcross(&new, count: 5_000, rng: &rng)
    return (old, new)
}

/// 100 sections × 1,000 items; 10 sections deleted, 10 inserted, 5 moved; 900 items moved between
/// sections.
func sectioned100x1000() -> (old: [Section<Int, UUIDItem>], new: [Section<Int, UUIDItem>]) {
    var rng = SplitMix(seed: 7)
    func section(_ id: Int) -> Section<Int, UUIDItem> { Section(id, items: (0..<1000).map { _ in UUIDItem(id: UUID(), value: 0) }) }
    let old = (0..<100).map(section)
    var new = old
    for _ in 0..<10 { new.remove(at: Int(rng.next() % UInt64(new.count))) }
    for k in 0..<10 { new.insert(section(100 + k), at: Int(rng.next() % UInt64(new.count + 1))) }
    for _ in 0..<5 {
        let moved = new.remove(at: Int(rng.next() % UInt64(new.count)))
        new.insert(moved, at: Int(rng.next() % UInt64(new.count + 1)))
    }
    moveItemsAcross(&new, count: 900, rng: &rng)
    return (old, new)
}

func moveItemsAcross(_ sections: inout [Section<Int, UUIDItem>], count: Int, rng: inout SplitMix) {
    for _ in 0..<count {
        let from = Int(rng.next() % UInt64(sections.count)), to = Int(rng.next() % UInt64(sections.count))
        guard !sections[from].items.isEmpty else { continue }
        let item = sections[from].items.remove(at: Int(rng.next() % UInt64(sections[from].items.count)))
        sections[to].items.insert(item, at: Int(rng.next() % UInt64(sections[to].items.count + 1)))
    }
}

@MainActor func sectionedBenchmark(label: String, _ scenario: (old: [Section<Int, UUIDItem>], new: [Section<Int, UUIDItem>])) {
    let oldIDs = scenario.old.flatMap { $0.items.map(\.id) }, newIDs = scenario.new.flatMap { $0.items.map(\.id) }
    let (_, floor, moves) = diffModeLines(label: label, idName: "uuid", old: scenario.old, new: scenario.new, floor: { floorWork(oldIDs, newIDs) })
    print("diff \(label) uuid: \(moves) moves (items and sections); floor median \(format(floor)) s")
}

/// Every diff scenario: one section of 5k, 100k and 1M UUID and Int items, and two sectioned ones.
@MainActor func diffScenarios(stdlib: Bool) {
    for (label, n) in [("5k", 5_000), ("100k", 100_000), ("1m", 1_000_000)] {
        // The standard library's diff is quadratic: compared at 5k, and at 100k in a full run.
        let compare = stdlib && (n == 5_000 || (n == 100_000 && !quick))
        let uuids = scenario(count: n, makeID: { _ in UUID() }, seed: 1)
        diffBenchmark(label: label, idName: "uuid", old: uuids.old.map { UUIDItem(id: $0, value: 0) }, new: uuids.new.map { UUIDItem(id: $0, value: 0) }, stdlib: compare)
        let ints = scenario(count: n, makeID: { $0 }, seed: 1)
        diffBenchmark(label: label, idName: "int", old: ints.old.map { IntItem(id: $0, value: 0) }, new: ints.new.map { IntItem(id: $0, value: 0) }, stdlib: compare)
    }
    sectionedBenchmark(label: "sectioned-100x1000", sectioned100x1000())
    sectionedBenchmark(label: "sectioned-1000x100", sectioned1000x100())
}

if arguments.contains("--diff") {
    // Only the diff scenarios.
    print("Tabula diff scenarios (config=release-O: swift run -c release, plain -O; \(runs) runs each; medians)")
    diffScenarios(stdlib: false)
    finish(summary)
}

if arguments.contains("--app-paths") {
    // Only what an app pays beyond the diff: the adapter path, one-row applies, pages.
    print("Tabula app paths (config=release-O: swift run -c release, plain -O)")
    let ids = scenario(count: 100_000, makeID: { _ in UUID() }, seed: 1)
    let old = ids.old.map { UUIDItem(id: $0, value: 0) }, new = ids.new.map { UUIDItem(id: $0, value: 0) }
    _ = diffModeLines(label: "100k", idName: "uuid", old: [Section(0, items: old)], new: [Section(0, items: new)], floor: { floorWork(ids.old, ids.new) })
    summary += oneRowApplyLines()
    summary.append(await pageAppendLine())
    finish(summary)
}

if arguments.contains("--shapes") {
    // Only the shapes other libraries publish figures for (ListKit's, DifferenceKit's).
    print("Tabula on ListKit's and DifferenceKit's shapes (config=release-O: swift run -c release, plain -O; \(runs) runs each; medians)")
    finish(shapeLines(runs: runs))
}

if arguments.contains("--observe") {
    // Only the observed-list benchmark.
    print("Tabula observed lists (config=release-O: swift run -c release, plain -O)")
    finish(summary + (await observeBenchmark(runs: runs)) + (await cellObserveBenchmark(runs: runs)))
}

if arguments.contains("--soak") {
    // Only the soaks: memory over long runs.
    print("Tabula soaks (config=release-O: swift run -c release, plain -O)")
    finish(summary + (await soakBenchmarks(quick: quick)))
}

print("Tabula benchmarks (config=release-O: swift run -c release, plain -O; \(runs) runs each; medians)")
buildBenchmark(label: "1m-one-section", sections: 1, perSection: 1_000_000)
buildBenchmark(label: "1m-1000x1000", sections: 1000, perSection: 1000)

summary += updateLines(runs: runs)
diffScenarios(stdlib: true)
summary += shapeLines(runs: runs)
summary += oneRowApplyLines()
summary.append(await pageAppendLine())
summary += await liveBenchmark(runs: runs)
summary += await observeBenchmark(runs: runs)
summary += await cellObserveBenchmark(runs: runs)
summary += await soakBenchmarks(quick: quick)
summary += await debugBuildLines(runs: runs)
finish(summary)
