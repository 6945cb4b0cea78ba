import Foundation
import CellObserveLists

/// One property of one visible item of 10,000 changes. Cell: the visible cell follows the object
/// its configuration read, and is configured again alone. Follow: the list is a function of a model
/// (`follow`), evaluated again and applied (a snapshot of 10,000 items, a diff, one reconfigure).
/// Both end when the headless view's cell shows the new title; they are timed in turn, round after
/// round.
@MainActor
func cellObserveBenchmark(runs: Int) async -> [String] {
    // A round is a fraction of a millisecond: 201 of them, so that a moment when this shared machine
    // is busier moves the medians little.
    let rows = max(runs, 201)
    let lists = await CellObserveLists()
    var cellTimes: [Double] = [], followTimes: [Double] = []
    for round in 0..<rows {
        let title = "renamed \(round)"
        var start = DispatchTime.now().uptimeNanoseconds
        await lists.cellRound(title)
        cellTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)

        start = DispatchTime.now().uptimeNanoseconds
        await lists.followRound(title)
        followTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    lists.stop()
    let cell = median(cellTimes), follow = median(followTimes)
    let line = "observe scenario=cell-10k reconfigurations=\(lists.cellAdapter.core.observedReconfigurations) median_s=\(format(cell)) follow_s=\(format(follow)) follow_ratio=\(String(format: "%.4f", cell / follow)) config=release-O"
    print("one property of one visible item of 10k: the cell follows its object \(format(cell)) s; the list follows the model \(format(follow)) s → \(String(format: "%.4f", cell / follow))× (target ≤ 0.01)")
    return [line]
}
