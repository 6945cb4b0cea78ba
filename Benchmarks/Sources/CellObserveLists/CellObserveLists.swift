// The lists the `observe scenario=cell-10k` line times, shared by the benchmark and by the
// executable whose rounds `instructions.sh` counts (`tabula-observe-instructions`).
import Observation
import Tabula
import TabulaTesting

/// A chore whose title its cell shows: an `@Observable` object the list holds.
@Observable
@MainActor
public final class BenchChore: Identifiable {
    public let id: Int
    public var title: String
    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

/// The same chore as a value, in a model a list follows.
public struct BenchChoreValue: Identifiable, Hashable, Sendable {
    public var id: Int
    public var title: String
}

@Observable
@MainActor
public final class BenchChores {
    public var chores: [BenchChoreValue]
    public init(count: Int) { chores = (0..<count).map { BenchChoreValue(id: $0, title: "chore \($0)") } }
}

/// The two lists of the benchmark: 10,000 chores, 20 of them visible. In the first, the visible
/// cells follow the objects their configuration read; the second follows a model (`follow`).
@MainActor
public final class CellObserveLists {
    public static let count = 10_000, visible = 20, changed = 5
    public let objects = (0..<CellObserveLists.count).map { BenchChore(id: $0, title: "chore \($0)") }
    public let cellList = HeadlessListView(viewportHeight: CellObserveLists.visible)
    public let cellAdapter: HeadlessListAdapter<Int, BenchChore>
    public let model = BenchChores(count: CellObserveLists.count)
    public let followList = HeadlessListView(viewportHeight: CellObserveLists.visible)
    public let followAdapter: HeadlessListAdapter<Int, BenchChoreValue>
    private var observation: ListObservation?
    private let path = ItemPath(item: CellObserveLists.changed, section: 0)

    public init() async {
        cellAdapter = try! HeadlessListAdapter<Int, BenchChore>(
            listView: cellList, cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.title) } }, updateKind: { _, _ in nil })
        followAdapter = try! HeadlessListAdapter<Int, BenchChoreValue>(
            listView: followList, cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.title) } })
        await cellAdapter.apply(try! Snapshot(items: objects))
        observation = followAdapter.follow(model, animatingDifferences: false) { try Snapshot(items: $0.chores) }
        await followAdapter.driver.waitUntilIdle()
    }

    public func stop() { observation?.stop() }

    /// Both paths are timed alike: from the property's change to the view's cell showing it, the
    /// main actor's hop to the update included (each path makes one: the cell's update and the
    /// list's evaluation both run after the turn of the change). The caller's task waits by
    /// yielding, so it runs again right after the update.
    public func cellRound(_ title: String) async {
        countedChange { objects[Self.changed].title = title }
        while cellList.cellForItem(at: path)?.text != title { await Task.yield() }
    }

    /// The list's path: the model's change, the list evaluated again (a snapshot of 10,000 items),
    /// diffed and applied (one reconfigure).
    public func followRound(_ title: String) async {
        countedChange { model.chores[Self.changed].title = title }
        while followList.cellForItem(at: path)?.text != title || followAdapter.driver.isUpdating { await Task.yield() }
    }
}

/// Makes a round's change: `instructions.sh` counts what runs in this function (the change, and
/// what Observation calls on it, down to the update scheduled on the main actor), and in the update
/// (`CellObserver.flush` for the cell, `ListObservation.schedule` for the list).
@inline(never)
@MainActor
func countedChange(_ change: () -> Void) {
    change()
}
