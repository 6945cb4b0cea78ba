import Foundation
import CellObserveLists

/// One property of one visible item of 10,000 changes. Cell: the visible cell follows the object
/// its configuration read, and is configured again alone. Follow: the list is a function of a model
/// (`follow`), evaluated again and applied (a snapshot of 10,000 items, a diff, one reconfigure).
/// Both end when the headless view's cell is configured with the new title; they are timed in
/// turn, round after round.
@MainActor
func cellObserveBenchmark(runs: Int) async -> [String] {
    // A round is a fraction of a millisecond: 201 of them, so that a moment when this shared machine
    // is busier moves the medians little.
    let rows = max(runs, 201)
    let lists = await CellObserveLists()
    // Until the cell is configured (the figures compared), and until the round's task runs again
    // (`woken_ratio`: the wake-up of the benchmark's own task added to both).
    var cellTimes: [Double] = [], followTimes: [Double] = [], cellWoken: [Double] = [], followWoken: [Double] = []
    for round in 0..<rows {
        let title = "renamed \(round)"
        var start = DispatchTime.now().uptimeNanoseconds
        var shown = await lists.cellRound(title)
        cellWoken.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        cellTimes.append(Double(shown - start) / 1e9)

        start = DispatchTime.now().uptimeNanoseconds
        shown = await lists.followRound(title)
        followWoken.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        followTimes.append(Double(shown - start) / 1e9)
    }
    lists.stop()
    let cell = median(cellTimes), follow = median(followTimes), woken = median(cellWoken) / median(followWoken)
    let line = "observe scenario=cell-10k reconfigurations=\(lists.cellAdapter.core.observedReconfigurations) median_s=\(format(cell)) follow_s=\(format(follow)) follow_ratio=\(String(format: "%.4f", cell / follow)) woken_ratio=\(String(format: "%.4f", woken)) config=release-O"
    print("one property of one visible item of 10k: the cell follows its object \(format(cell)) s; the list follows the model \(format(follow)) s → \(String(format: "%.4f", cell / follow))× (target ≤ 0.01; \(String(format: "%.4f", woken))× until the benchmark's task is woken)")
    return [line]
}
