import BenchmarkShapes
import Foundation
import Tabula

// Issue 14: what a developer pays in a Debug build, where they run the app all day. The invariant
// checks are opt-in (the package trait `Invariants`), so a Debug build costs what unoptimised code
// costs, not O(n) per edit. The release run builds this package in Debug, runs these scenarios
// there (`--debug-scenarios`), runs them itself, and prints the ratio.

/// 8,000 single `appendItems` onto one section.
@MainActor
func appendScenarioMedian(runs: Int) -> Double {
    measure(runs: runs) {
        var snapshot = try! Snapshot<Int, IntItem>([Section(0)])
        for id in 0..<8_000 { try! snapshot.appendItems([IntItem(id: id, value: 0)]) }
        blackHole(snapshot)
    }.median
}

/// The diff and apply path an app takes, at 100k UUID items in DifferenceKit's shape (the `diff
/// scenario=100k ids=uuid` lines): the new snapshot built against the driver's and applied
/// through it.
@MainActor
func buildAdapterScenarioMedian(runs: Int) -> Double {
    let ids = scenario(count: 100_000, makeID: { _ in UUID() }, seed: 1)
    let old = ids.old.map { UUIDItem(id: $0, value: 0) }, new = ids.new.map { UUIDItem(id: $0, value: 0) }
    let source = try! Snapshot<Int, UUIDItem>([Section(0, items: old)])
    return measure(runs: runs, setUp: { () -> (ListDriver<Int, UUIDItem>, InstantView<Int, UUIDItem>) in
        let (driver, view) = InstantView<Int, UUIDItem>.driving()
        driver.backgroundDiffThreshold = .max
        driver.applyUsingReloadData(source, completion: nil)
        return (driver, view)
    }) { pair in
        pair.0.apply(try! Snapshot([Section(0, items: new)], updating: pair.0.latestSnapshot), completion: nil)
    }.median
}

/// What a diff that calls `==` does at least once for each item, in a plain generic loop: compare
/// its identifier with the old one's, and the items with `==`. Generic, as a library's diff is: in
/// the Debug build nothing is specialised for the items, here or in the library. (The same loop
/// over unsafe buffers, with `while`, took longer in a Debug build: 74 ns an item against 67.)
/// Tabula's Debug build compares the bytes of items that kept their place instead (one `memcmp`
/// call an item), and calls `==` only for the others.
@inline(never)
func identifiersAndItemsCompared<Item: Identifiable & Equatable>(_ old: [Item], _ new: [Item]) -> Int {
    var equal = 0
    for i in 0..<min(old.count, new.count) where old[i].id == new[i].id && old[i] == new[i] { equal += 1 }
    return equal
}

/// `identifiersAndItemsCompared` over 100k UUID items and a copy of them.
func genericFloorMedian(runs: Int) -> Double {
    let old = (0..<100_000).map { _ in UUIDItem(id: UUID(), value: 0) }
    let new = old.map { $0 }
    return measure(runs: runs) { blackHole(identifiersAndItemsCompared(old, new)) }.median
}

/// The scenarios' medians in this build: 8,000 appends, a 1,000-row commit on a 100k-row live
/// table (from the live benchmark), and the build + apply of a 100k-item update; in the Debug
/// build (`debug`), also the generic loop over 100k items. A name is the scenario, then the line's
/// other fields.
@MainActor
func debugScenarioMedians(runs: Int, debug: Bool) async -> [(name: String, seconds: Double)] {
    let append = appendScenarioMedian(runs: runs)
    let update = buildAdapterScenarioMedian(runs: runs)
    if liveThousandRowCommitMedian == nil { _ = await liveBenchmark(runs: runs) }
    var medians = [
        ("append-8000", append), ("commit-1000-of-100k", liveThousandRowCommitMedian ?? .nan),
        ("100k ids=uuid mode=build+adapter", update),
    ]
    if debug { medians.append(("generic-loop-100k ids=uuid", genericFloorMedian(runs: runs))) }
    return medians
}

/// The medians a `--debug-scenarios` run printed, by scenario name.
func scenarioMedians(_ output: String) -> [String: Double] {
    var medians: [String: Double] = [:]
    for line in output.split(separator: "\n") where line.hasPrefix("seconds ") {
        let fields = Dictionary(uniqueKeysWithValues: line.split(separator: " ").dropFirst().compactMap { field -> (String, String)? in
            let parts = field.split(separator: "=", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        })
        if let name = fields["scenario"], let seconds = fields["median_s"].flatMap(Double.init) { medians[name] = seconds }
    }
    return medians
}

/// Builds this package in Debug, runs the scenarios there and in this (release) binary, and returns
/// the summary lines.
///
/// Both builds are measured the same way: each in a process of its own (`--debug-scenarios`), in
/// turn, three times; each line takes the median of the three medians. Measured in this process,
/// after the scenarios before it, release's update took up to twice its time in a fresh one (3.8 to
/// 6.0 ms against 2.3 to 2.9 ms), which flattered the ratio.
@MainActor
func debugBuildLines(runs: Int) async -> [String] {
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    func run(_ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try! process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
    print("building the benchmarks in Debug (swift build -c debug) …")
    let build = run(["swift", "build", "-c", "debug", "--package-path", package.path])
    let binPath = run(["swift", "build", "-c", "debug", "--package-path", package.path, "--show-bin-path"]).output
        .trimmingCharacters(in: .whitespacesAndNewlines)
    guard build.status == 0 else { return ["debug error=build-failed status=\(build.status)"] }
    guard let releaseBinary = Bundle.main.executablePath else { return ["debug error=no-executable-path"] }
    var debugRuns: [[String: Double]] = [], releaseRuns: [[String: Double]] = []
    for _ in 0..<3 {
        releaseRuns.append(scenarioMedians(run([releaseBinary, "--debug-scenarios", "--runs", "\(runs)"]).output))
        debugRuns.append(scenarioMedians(run([binPath + "/tabula-benchmarks", "--debug-scenarios", "--runs", "\(runs)"]).output))
    }
    func median(_ runs: [[String: Double]], _ name: String) -> Double? {
        let values = runs.compactMap { $0[name] }.sorted()
        return values.isEmpty ? nil : values[values.count / 2]
    }
    var lines: [String] = []
    let names = ["append-8000", "commit-1000-of-100k", "100k ids=uuid mode=build+adapter"]
    for name in names {
        let key = String(name.split(separator: " ")[0])
        guard let seconds = median(debugRuns, key), let release = median(releaseRuns, key) else {
            lines.append("debug scenario=\(name) error=not-measured")
            continue
        }
        print("Debug build, \(name): median \(format(seconds)) s; release \(format(release)) s → \(ratio(seconds / release))× release (target ≤ 5)")
        lines.append("debug scenario=\(name) median_s=\(format(seconds)) release_s=\(format(release)) release_ratio=\(ratio(seconds / release)) config=debug-Onone")
    }
    // The generic loop in Debug, set against Tabula's update in release: what comparing each item
    // once costs in a Debug build, as a multiple of the whole update in release.
    if let seconds = median(debugRuns, "generic-loop-100k"), let update = median(releaseRuns, "100k") {
        print("Debug build, generic loop comparing each identifier and item of 100k once: median \(format(seconds)) s; Tabula's update in release \(format(update)) s → \(ratio(seconds / update))×")
        lines.append(
            "debug scenario=generic-loop-100k ids=uuid median_s=\(format(seconds)) update_release_s=\(format(update)) update_ratio=\(ratio(seconds / update)) config=debug-Onone")
    }
    return lines
}
