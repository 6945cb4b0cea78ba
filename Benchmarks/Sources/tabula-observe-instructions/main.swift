import CellObserveLists
import Foundation

// The rounds `instructions.sh` counts for `observe-cell-10k` and `observe-follow-10k`: one property
// of one visible item of 10,000 changes, followed by its cell or by the list. callgrind counts only
// inside `countedChange` (the change, and what Observation calls on it, down to the update's task
// made and enqueued) and inside the update that task runs (`CellObserver.flush`,
// `ListObservation.schedule`), and only between entering `countingStarts` (costs zeroed: the
// warm-up rounds are not counted) and entering `countingEnds` (costs dumped). The executor's
// machinery between the two, and the round's own waiting, are left out of both: in this
// executable the main actor runs on Foundation's run loop, whose costs are not an app's.
//
// Its own executable, with no top-level `await`: the main actor runs on the main thread's run
// loop. (`tabula-benchmarks` has an asynchronous top level, whose main thread parks itself in a
// way valgrind 3.19 does not survive once a task has to wait.)

let rounds = 100

@inline(never)
func countingStarts() { print("counting \(rounds) rounds") }

@inline(never)
func countingEnds() { print("counted", rounds, "rounds") }

let name = CommandLine.arguments.dropFirst().first ?? ""
guard name == "observe-cell-10k" || name == "observe-follow-10k" else {
    print("error: unknown scenario \(name) (observe-cell-10k, observe-follow-10k)")
    exit(1)
}

Task { @MainActor in
    let lists = await CellObserveLists()
    func round(_ title: String) async {
        if name == "observe-cell-10k" { _ = await lists.cellRound(title) } else { _ = await lists.followRound(title) }
    }
    // Uncounted rounds first: the runtime's first look-ups of the types involved.
    for warmUp in 0..<5 { await round("warm-up \(warmUp)") }
    let titles = (0..<rounds).map { "renamed \($0)" }
    countingStarts()
    for title in titles { await round(title) }
    countingEnds()
    lists.stop()
    print("rounds=\(rounds)")
    exit(0)
}
RunLoop.main.run()
