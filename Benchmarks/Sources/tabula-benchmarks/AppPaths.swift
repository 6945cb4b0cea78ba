import Foundation
import Tabula
import TabulaTesting

// Issue 14: what an app pays, beyond the diff of two prebuilt snapshots. Each is a ratio to a
// baseline measured in the same run.

/// Times `body` after `setUp` (not timed), `runs` times; medians and minimums.
@MainActor
func measure<State>(runs: Int, setUp: () -> State, _ body: (State) -> Void) -> (min: Double, median: Double) {
    body(setUp())
    let times = (0..<runs).map { _ in
        let state = setUp()
        return withExtendedLifetime(state) { seconds { body(state) } }
    }
    return (times.min()!, median(times))
}

struct Row: Identifiable, Equatable, Sendable {
    var id: Int
    var value: Int
}

/// One row changed in a 100k-row list shown through `HeadlessListAdapter`, against a full reload
/// (build the snapshot and `reloadData`): through `ListDriver.apply(.update(…))` (the edit made in place,
/// no diff), and by building a new snapshot and applying it (a diff of the whole list).
@MainActor
func oneRowApplyLines() -> [String] {
    let count = 100_000
    let rows = (0..<count).map { Row(id: $0, value: 0) }
    let cells = CellConfigurators<Row> { CellConfigurator.content { CellContent(text: "\($0.value)") } }
    func make() -> (HeadlessListView, HeadlessListAdapter<Int, Row>) {
        let list = HeadlessListView(viewportHeight: 20)
        let adapter = try! HeadlessListAdapter<Int, Row>(listView: list, cells: cells)
        adapter.driver.backgroundDiffThreshold = .max
        adapter.apply(try! Snapshot(items: rows))
        try! list.scrollToItem(at: ItemPath(item: count / 2, section: 0))  // the changed row is on screen
        return (list, adapter)
    }
    var round = 0
    // Steady state: the first in-place edit after a new snapshot copies its items once when the
    // app still holds the array it was built from (here, `rows`); the ones after it do not.
    let inPlace = measure(runs: runs, setUp: { () -> (HeadlessListView, HeadlessListAdapter<Int, Row>) in
        let pair = make()
        try! pair.1.driver.apply(.update([Row(id: count / 2, value: -2)]))
        return pair
    }) { pair in
        round += 1
        try! pair.1.driver.apply(.update([Row(id: count / 2, value: round)]))
    }
    let viaSnapshot = measure(runs: runs, setUp: make) { pair in
        round += 1
        var changed = rows
        changed[count / 2].value = round
        pair.1.apply(try! Snapshot(items: changed))
    }
    let reload = measure(runs: runs, setUp: make) { pair in
        var changed = rows
        changed[count / 2].value = -1
        pair.1.driver.applyUsingReloadData(try! Snapshot(items: changed), completion: nil)
    }
    print("one-row change in 100k rows through HeadlessListAdapter: driver.updateItems median \(format(inPlace.median)) s, new snapshot + apply \(format(viaSnapshot.median)) s; build + reloadData \(format(reload.median)) s → \(ratio(inPlace.median / reload.median))× and \(ratio(viaSnapshot.median / reload.median))× (target ≤ 0.02)")
    return [
        "apply scenario=one-row-100k path=update-items median_s=\(format(inPlace.median)) reload_s=\(format(reload.median)) reload_ratio=\(ratio(inPlace.median / reload.median)) config=release-O",
        "apply scenario=one-row-100k path=new-snapshot median_s=\(format(viaSnapshot.median)) reload_s=\(format(reload.median)) reload_ratio=\(ratio(viaSnapshot.median / reload.median)) config=release-O",
    ]
}

/// A page of 50 appended to 50,000 items by `PaginatedList` (end to end: `loadNextPage()`, with
/// its loader task and timeout), against rebuilding the list as a paginated list without in-place
/// pages does: build the snapshot of every row and apply it through the driver (a diff of the
/// whole list).
@MainActor
func pageAppendLine() async -> String {
    let pageSize = 50, pages = 1_000
    let before = (0..<(pageSize * pages)).map { PageRow<Row>.item(Row(id: $0, value: 0)) }
    let after = (0..<(pageSize * (pages + 1))).map { PageRow<Row>.item(Row(id: $0, value: 0)) }
    /// One rebuild: the list of 50,000 on screen, the new snapshot of 50,050 built and applied.
    @MainActor func rebuildSeconds() -> Double {
        let (driver, view) = InstantView<Int, PageRow<Row>>.driving()
        driver.backgroundDiffThreshold = .max
        driver.applyUsingReloadData(try! Snapshot(items: before + [PageRow.loading]), completion: nil)
        return withExtendedLifetime(view) {
            seconds { driver.apply(try! Snapshot(items: after + [PageRow.loading]), completion: nil) }
        }
    }
    _ = rebuildSeconds()  // warm-up
    // Round after round: a list loaded to 50,000 items, five pages timed onto it, then four
    // rebuilds, so that both are measured under the same load of the machine (as
    // `measureInterleaved` does for the diff lines).
    var times: [Double] = [], rebuilds: [Double] = []
    for _ in 0..<max(1, runs / 3) {
        let (driver, view) = InstantView<Int, PageRow<Row>>.driving()
        driver.backgroundDiffThreshold = .max
        let list = PaginatedList<Int, Row>(section: 0, driver: driver) { index in
            Page(items: (0..<pageSize).map { Row(id: index * pageSize + $0, value: 0) }, hasMore: true)
        }
        for _ in 0..<pages { await list.loadNextPage() }
        for _ in 0..<5 {  // five pages each, around 50,000 items
            let start = DispatchTime.now().uptimeNanoseconds
            await list.loadNextPage()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        withExtendedLifetime(view) {}
        for _ in 0..<4 { rebuilds.append(rebuildSeconds()) }
    }
    let page = median(times), rebuild = median(rebuilds)
    print("page of 50 onto 50,000 items: median \(format(page)) s; rebuilding the list (build + apply) \(format(rebuild)) s → \(ratio(page / rebuild))× (target ≤ 0.05)")
    return "page scenario=50-onto-50k median_s=\(format(page)) rebuild_s=\(format(rebuild)) rebuild_ratio=\(ratio(page / rebuild)) config=release-O"
}
