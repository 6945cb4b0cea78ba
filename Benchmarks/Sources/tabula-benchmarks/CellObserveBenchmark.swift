import Foundation
import Observation
import Tabula
import TabulaTesting

/// A chore whose title its cell shows: an `@Observable` object the list holds.
@Observable
@MainActor
final class BenchChore: Identifiable {
    let id: Int
    var title: String
    init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

/// The same chore as a value, in a model a list follows.
struct BenchChoreValue: Identifiable, Hashable, Sendable {
    var id: Int
    var title: String
}

@Observable
@MainActor
final class BenchChores {
    var chores: [BenchChoreValue]
    init(count: Int) { chores = (0..<count).map { BenchChoreValue(id: $0, title: "chore \($0)") } }
}

/// One property of one visible item of 10,000 changes. Cell: the visible cell follows the object
/// its configuration read, and is configured again alone. Follow: the list is a function of a model
/// (`follow`), evaluated again and applied (a snapshot of 10,000 items, a diff, one reconfigure).
/// Both end when the headless view's cell shows the new title.
@MainActor
func cellObserveBenchmark(runs: Int) async -> [String] {
    let count = 10_000, visible = 20, changed = 5
    let rows = max(runs, 21)

    let objects = (0..<count).map { BenchChore(id: $0, title: "chore \($0)") }
    let cellList = HeadlessListView(viewportHeight: visible)
    let cellAdapter = try! HeadlessListAdapter<Int, BenchChore>(
        listView: cellList, cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.title) } }, updateKind: { _, _ in nil })
    await cellAdapter.apply(try! Snapshot(items: objects))

    let model = BenchChores(count: count)
    let followList = HeadlessListView(viewportHeight: visible)
    let followAdapter = try! HeadlessListAdapter<Int, BenchChoreValue>(
        listView: followList, cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.title) } })
    let observation = followAdapter.follow(model, animatingDifferences: false) { try Snapshot(items: $0.chores) }
    await followAdapter.driver.waitUntilIdle()

    let path = ItemPath(item: changed, section: 0)
    var cellTimes: [Double] = [], followTimes: [Double] = []
    for round in 0..<rows {
        let title = "renamed \(round)"
        var start = DispatchTime.now().uptimeNanoseconds
        objects[changed].title = title
        while cellList.cellForItem(at: path)?.text != title { await Task.yield() }
        cellTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)

        start = DispatchTime.now().uptimeNanoseconds
        model.chores[changed].title = title
        while followList.cellForItem(at: path)?.text != title || followAdapter.driver.isUpdating { await Task.yield() }
        followTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    observation.stop()
    let cell = median(cellTimes), follow = median(followTimes)
    let line = "observe scenario=cell-10k reconfigurations=\(cellAdapter.core.observedReconfigurations) median_s=\(format(cell)) follow_s=\(format(follow)) follow_ratio=\(String(format: "%.4f", cell / follow)) config=release-O"
    print("one property of one visible item of 10k: the cell follows its object \(format(cell)) s; the list follows the model \(format(follow)) s → \(String(format: "%.4f", cell / follow))× (target ≤ 0.01)")
    return [line]
}
