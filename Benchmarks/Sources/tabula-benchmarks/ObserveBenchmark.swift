import Foundation
import Observation
import Tabula

@Observable
@MainActor
final class BenchInbox {
    var rows: [SoakRow]
    init(count: Int) { rows = (0..<count).map { SoakRow(id: $0, value: 0) } }
}

/// Issue 16: 1,000 mutations to an `@Observable` model of 10,000 items, made in one turn. Observed:
/// the list follows the model (one evaluation, one apply). By hand: what apps do without it, build
/// and apply a snapshot after each mutation. Both end when the screen shows the last state.
@MainActor
func observeBenchmark(runs: Int) async -> [String] {
    let count = 10_000, mutations = 1_000

    func mutate(_ inbox: BenchInbox, round: Int) {
        for k in 0..<mutations { inbox.rows[(k &* 7919 &+ round) % count].value += 1 }
    }

    var observedTimes: [Double] = [], manualTimes: [Double] = []
    var applies = 0
    for round in 0..<(runs + 1) {
        // Observed.
        do {
            let inbox = BenchInbox(count: count)
            let (driver, view) = InstantView<Int, SoakRow>.driving()
            let observation = ListObservation(driving: driver) { try Snapshot(items: inbox.rows) }
            let batchesBefore = view.batches
            let start = DispatchTime.now().uptimeNanoseconds
            mutate(inbox, round: round)
            while driver.snapshot.allItems != inbox.rows || driver.isUpdating { await Task.yield() }
            if round > 0 { observedTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9) }
            applies = view.batches - batchesBefore
            observation.stop()
        }
        // By hand.
        do {
            let inbox = BenchInbox(count: count)
            let (driver, view) = InstantView<Int, SoakRow>.driving()
            driver.applyUsingReloadData(try! Snapshot(items: inbox.rows), completion: nil)
            let start = DispatchTime.now().uptimeNanoseconds
            for k in 0..<mutations {
                inbox.rows[(k &* 7919 &+ round) % count].value += 1
                driver.apply(try! Snapshot(items: inbox.rows), completion: nil)
            }
            while driver.isUpdating { await Task.yield() }
            if round > 0 { manualTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9) }
            withExtendedLifetime(view) {}
        }
    }
    let observed = median(observedTimes)
    let manual = median(manualTimes)
    let line = "observe scenario=10k-items-1000-mutations applies=\(applies) median_s=\(format(observed)) manual_s=\(format(manual)) manual_ratio=\(String(format: "%.4f", observed / manual)) config=release-O"
    print("observed list, 10k items, 1,000 mutations in one turn: \(applies) apply, median \(format(observed)) s; snapshot by hand after each mutation \(format(manual)) s → \(String(format: "%.4f", observed / manual))× (target ≤ 0.05)")
    return [line]
}
