import BenchmarkShapes
import Foundation
import Tabula
import TabulaTesting

// Updates that cost what they change: a new snapshot built against the one on screen
// (`Snapshot(_:updating:)`) and applied through `ListDriver`, as an app does, against the cost of
// comparing the two identifier arrays and against the hash floor. Also the single scenarios that
// `instructions.sh` counts under callgrind (`--instructions NAME`).

/// The machine's load averages (1, 5 and 15 minutes), as `/proc/loadavg` gives them.
func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "n/a" }
    return text.split(separator: " ").prefix(3).joined(separator: "/")
}

/// Element by element, as a list that knows nothing of identity compares two lists.
@inline(never)
func identifiersEqual(_ a: [UUID], _ b: [UUID]) -> Bool {
    guard a.count == b.count else { return false }
    for i in a.indices where a[i] != b[i] { return false }
    return true
}

/// An update scenario: the items on screen and the items of the new list.
struct UpdateScenario {
    var name: String
    var old: [UUIDItem]
    var new: [UUIDItem]
}

/// `count` UUID items, and the same list again in a storage of its own.
func noChange(count: Int) -> UpdateScenario {
    let old = (0..<count).map { _ in UUIDItem(id: UUID(), value: 0) }
    return UpdateScenario(name: "nochange-\(count / 1000)k", old: old, new: old.map { $0 })
}

/// `count` UUID items; one changed, one inserted and one deleted, at random rows.
func oneChange(count: Int) -> UpdateScenario {
    var rng = SplitMix(seed: 3)
    let old = (0..<count).map { _ in UUIDItem(id: UUID(), value: 0) }
    var new = old.map { $0 }
    new[Int(rng.next() % UInt64(count))].value = 1
    new.remove(at: Int(rng.next() % UInt64(count)))
    new.insert(UUIDItem(id: UUID(), value: 0), at: Int(rng.next() % UInt64(count)))
    return UpdateScenario(name: "onechange-\(count / 1000)k", old: old, new: new)
}

/// DifferenceKit's shape: 10% deleted, 10% inserted, 2% moved.
func churn10(count: Int) -> UpdateScenario {
    let ids = scenario(count: count, makeID: { _ in UUID() }, seed: 1)
    return UpdateScenario(
        name: "churn10-\(count / 1000)k", old: ids.old.map { UUIDItem(id: $0, value: 0) }, new: ids.new.map { UUIDItem(id: $0, value: 0) })
}

/// The `update` lines: each scenario's build + apply through the driver, interleaved with the
/// comparison of the identifier arrays and the hash floor.
@MainActor
func updateLines(runs: Int) -> [String] {
    var lines: [String] = []
    for scenario in [noChange(count: 10_000), noChange(count: 100_000), oneChange(count: 100_000), churn10(count: 100_000)] {
        let source = try! Snapshot<Int, UUIDItem>([Section(0, items: scenario.old)])
        let oldIDs = scenario.old.map(\.id), newIDs = scenario.new.map(\.id)
        let new = scenario.new
        func driver() -> (ListDriver<Int, UUIDItem>, InstantView<Int, UUIDItem>) {
            let (driver, view) = InstantView<Int, UUIDItem>.driving()
            driver.backgroundDiffThreshold = .max  // the work, not a hop to another thread
            driver.applyUsingReloadData(source, completion: nil)
            return (driver, view)
        }
        let loadBefore = loadAverage()
        // Each timed call follows an untimed call of the same work, so that it finds its own data
        // in the caches whatever ran before it: timed straight after the floor (which fills them
        // with a hash table of its own), the app's path took 83 µs at 100k against 49 µs after the
        // comparison, with the same instruction count. Even so, what runs right after the floor is
        // slower (the app's path 65 µs there, 46 µs one contender later, at nochange-100k): the
        // floor runs first in each round and the full build after it, so that neither side of
        // `compare_ratio` nor the app's path follows it.
        let medians = measureInterleaved(runs: runs, [
            { warmedSeconds { floorWork(oldIDs, newIDs) } },
            { warmedSeconds { blackHole(Changeset(from: source, to: try! Snapshot<Int, UUIDItem>([Section(0, items: new)]))) } },
            { warmedSeconds { blackHole(identifiersEqual(oldIDs, newIDs)) } },
            {
                // Two drivers showing the source: the untimed call updates one, the timed call the
                // other (one driver would be up to date by then, and have nothing to do).
                let pairs = [driver(), driver()]
                var next = 0
                return withExtendedLifetime(pairs) {
                    warmedSeconds {
                        let driver = pairs[next].0
                        next += 1
                        driver.apply(try! Snapshot([Section(0, items: new)], updating: driver.latestSnapshot), completion: nil)
                    }
                }
            },
            { warmedSeconds { blackHole(Changeset(from: source, to: try! Snapshot([Section(0, items: new)], updating: source))) } },
        ])
        let (floor, full, compare, app, buildDiff) = (medians[0], medians[1], medians[2], medians[3], medians[4])
        // Comparing the arrays stops at the first difference: a baseline only when nothing changed.
        let comparison = scenario.name.hasPrefix("nochange") ? " compare_s=\(format(compare)) compare_ratio=\(ratio(app / compare))" : ""
        let line =
            "update scenario=\(scenario.name) ids=uuid mode=build+adapter median_s=\(format(app)) build_diff_s=\(format(buildDiff)) full_build_diff_s=\(format(full))\(comparison) floor_s=\(format(floor)) floor_ratio=\(ratio(app / floor)) load=\(loadBefore)..\(loadAverage()) config=release-O"
        print(line)
        lines.append(line)
    }
    return lines
}

/// The call `instructions.sh` counts: callgrind counts from entering `countingStarts` to entering
/// `countingEnds` (`--zero-before`, `--dump-before`), around `body` inside `countedCall`. `body`
/// runs once before, uncounted, so that what is counted is the steady state of an app that
/// updates again and again, without the runtime's first look-ups of the types involved.
func measuredCall(_ body: () -> Void) {
    body()
    countedCall(body)
}

/// Markers, not `--toggle-collect` on `countedCall`: the optimiser specialises `countedCall` for
/// each closure and can merge two such copies of the same code, one entering the other by a jump
/// that callgrind takes for a second `countedCall`, toggling collection off again (a diff scenario
/// counted 8 instructions). Calls to these two functions stay calls.
@inline(never)
func countedCall(_ body: () -> Void) {
    countingStarts()
    body()
    countingEnds()
}

/// How many counted calls began and ended: the markers' bodies differ, so they are not merged.
nonisolated(unsafe) var countedCallsStarted = 0, countedCallsEnded = 0

@inline(never)
func countingStarts() { countedCallsStarted &+= 1 }

@inline(never)
func countingEnds() { countedCallsEnded &+= 1 }

/// A view that shows nothing: it keeps the counts a batch of item deletes and inserts leaves, as a
/// table view does, and finishes every batch at once.
final class CountingView: ListViewUpdating {
    var counts: [Int] = []
    var batches = 0
    var flavor: ListFlavor { .table }
    var canAnimateUpdates: Bool { true }
    func displayedItemCounts() -> [Int] { counts }
    func reloadData() {}
    func performBatchUpdates(_ update: BatchUpdate, animated: Bool, updateData: () -> Void, completion: @escaping @MainActor () -> Void) {
        updateData()
        for path in update.deletedItems { counts[path.section] -= 1 }
        for path in update.insertedItems { counts[path.section] += 1 }
        batches += 1
        completion()
    }
}

/// Runs the scenario `name` once, its measured part inside `measuredCall`. Returns `false` for an
/// unknown name.
@MainActor
func runInstructionScenario(_ name: String) -> Bool {
    func items(_ count: Int) -> [UUIDItem] { (0..<count).map { _ in UUIDItem(id: UUID(), value: 0) } }
    func buildDiff(_ scenario: UpdateScenario, full: Bool = false) {
        // Indexed, as the snapshot a list shows is (`Snapshot(_:)` indexes on first need).
        let source = try! Snapshot<Int, UUIDItem>([Section(0, items: scenario.old)]).validated()
        let sections = [Section(0, items: scenario.new)]
        measuredCall {
            let target = full ? try! Snapshot<Int, UUIDItem>(sections) : try! Snapshot(sections, updating: source)
            blackHole(Changeset(from: source, to: target))
        }
    }
    switch name {
    case "build-100k-uuid":
        let sections = [Section(0, items: items(100_000))]
        measuredCall { blackHole(try! Snapshot<Int, UUIDItem>(sections)) }
    case "delete-5k-of-10k", "reload-5k-of-10k":
        let list = items(10_000)
        // Indexed, as a snapshot already looked up or shown is (`Snapshot(_:)` indexes on first
        // need; the peers' `delete` and `reload` shapes count the build with the edit).
        let snapshot = try! Snapshot<Int, UUIDItem>([Section(0, items: list)]).validated()
        let ids = stride(from: 0, to: list.count, by: 2).map { list[$0].id }
        // A copy edited, as an app edits the snapshot it holds.
        measuredCall {
            var copy = snapshot
            if name.hasPrefix("delete") { try! copy.deleteItems(ids) } else { try! copy.reloadItems(ids) }
            blackHole(copy)
        }
    case "apply-nochange-10k", "apply-nochange-100k", "apply-onechange-100k-uuid", "apply-churn10-100k-uuid":
        // The app's path: built against the driver's snapshot and applied through it.
        let scenario =
            switch name {
            case "apply-churn10-100k-uuid": churn10(count: 100_000)
            case "apply-onechange-100k-uuid": oneChange(count: 100_000)
            case "apply-nochange-100k": noChange(count: 100_000)
            default: noChange(count: 10_000)
            }
        let source = try! Snapshot<Int, UUIDItem>([Section(0, items: scenario.old)])
        // Two drivers showing the source: the uncounted first call updates one, the counted one
        // the other (one driver would be up to date by then, and have nothing to do).
        let pairs = (0..<2).map { _ in
            let (driver, view) = InstantView<Int, UUIDItem>.driving()
            driver.backgroundDiffThreshold = .max
            driver.applyUsingReloadData(source, completion: nil)
            return (driver, view)
        }
        let new = scenario.new
        var call = 0
        measuredCall {
            let driver = pairs[call].0
            call += 1
            driver.apply(try! Snapshot([Section(0, items: new)], updating: driver.latestSnapshot), completion: nil)
        }
        withExtendedLifetime(pairs) {}
    case "append-one-100k", "update-one-100k", "delete-one-100k":
        // One row edited in place (`driver.appendItems`, `updateItems`, `deleteItems`) in a list
        // of 100k through a view that does nothing but keep its counts: the first, uncounted call
        // settles the driver's copy of the snapshot; the counted one is an app's next edit.
        let list = items(100_000)
        let driver = ListDriver<Int, UUIDItem>()
        let view = CountingView()
        driver.view = view
        driver.backgroundDiffThreshold = .max
        driver.applyUsingReloadData(try! Snapshot([Section(0, items: list)]), completion: nil)
        view.counts = driver.snapshot.sections.map(\.items.count)
        let appended = items(2)
        var call = 0
        measuredCall {
            call += 1
            switch name {
            case "append-one-100k": try! driver.apply(.append([appended[call - 1]]))
            case "update-one-100k": try! driver.apply(.update([UUIDItem(id: list[50_000].id, value: call)]))
            default: try! driver.apply(.delete([list[50_000 + call].id]))
            }
        }
        precondition(view.batches == 2, "\(name): not shown as batch updates")
    case "identifiers-10x100":
        // The identifiers an app reads off a small snapshot, as a data source's bookkeeping does:
        // the sections', the items', and one section's items.
        let snapshot = try! Snapshot((0..<10).map { s in Section(s, items: (0..<100).map { IntItem(id: s * 100 + $0, value: $0) }) })
        measuredCall {
            blackHole(snapshot.sectionIdentifiers)
            blackHole(snapshot.itemIdentifiers)
            blackHole(snapshot.allItems)
        }
    case "append-1000-one-by-one":
        // ListKit's `append` shape in `peers-bench`: an empty snapshot given one section, then
        // 1,000 items appended one at a time, each call checked for a repeated identifier.
        let list = (0..<1000).map { IntItem(id: $0, value: $0) }
        measuredCall {
            var snapshot = Snapshot<Int, IntItem>()
            try! snapshot.appendSections([0])
            for item in list { try! snapshot.appendItems([item], toSection: 0) }
            blackHole(snapshot)
        }
    case "update-one-100k-headless", "update-one-100k-headless-selected", "update-one-100k-headless-focused",
        "update-one-100k-headless-announced":
        // The `apply scenario=one-row-100k path=update-items` line, counted: one row updated in
        // place through `HeadlessListAdapter`, the row on screen (and, for `-selected`, selected,
        // as a row the user tapped is; for `-focused`, under keyboard focus, as the selected row
        // of a Mac table is; for `-announced`, with live changes announced, inside the window
        // the previous update opened, as the headless clock does not move).
        let count = 100_000
        let rows = (0..<count).map { UUIDItem(id: UUID(), value: $0) }
        let cells = CellConfigurators<UUIDItem> { CellConfigurator.content { CellContent(text: "\($0.value)") } }
        let list = HeadlessListView(viewportHeight: 20)
        let adapter = try! HeadlessListAdapter<Int, UUIDItem>(listView: list, cells: cells)
        adapter.driver.backgroundDiffThreshold = .max
        adapter.apply(try! Snapshot([Section(0, items: rows)]))
        try! list.scrollToItem(at: ItemPath(item: count / 2, section: 0))
        if name.hasSuffix("-selected") { try! list.selectItem(at: ItemPath(item: count / 2, section: 0)) }
        if name.hasSuffix("-focused") { try! adapter.focusKeyboard(on: rows[count / 2].id) }
        if name.hasSuffix("-announced") { adapter.announceChanges = { "\($0.updated.count) updated" } }
        try! adapter.driver.apply(.update([UUIDItem(id: rows[count / 2].id, value: -2)]))
        var call = 0
        measuredCall {
            call += 1
            try! adapter.driver.apply(.update([UUIDItem(id: rows[count / 2].id, value: call)]))
        }
    case "nochange-10k": buildDiff(noChange(count: 10_000))
    case "nochange-100k": buildDiff(noChange(count: 100_000))
    case "onechange-100k-uuid": buildDiff(oneChange(count: 100_000))
    case "churn10-100k-uuid": buildDiff(churn10(count: 100_000))
    case "churn10-100k-uuid-full": buildDiff(churn10(count: 100_000), full: true)
    // An app that builds each snapshot with plain `Snapshot(_:)`, not against the one on screen.
    case "nochange-plain-100k-uuid": buildDiff(noChange(count: 100_000), full: true)
    case "compare-10k", "compare-100k":
        let list = items(name == "compare-10k" ? 10_000 : 100_000).map(\.id)
        let copy = list.map { $0 }
        measuredCall { blackHole(identifiersEqual(list, copy)) }
    case "floor-100k-uuid":
        let scenario = churn10(count: 100_000)
        let old = scenario.old.map(\.id), new = scenario.new.map(\.id)
        measuredCall { floorWork(old, new) }
    default:
        return runShapeInstructionScenario(name)
    }
    return true
}
