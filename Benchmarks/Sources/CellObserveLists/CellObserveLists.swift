// The lists the `observe scenario=cell-10k` line times, shared by the benchmark and by the
// executable whose rounds `instructions.sh` counts (`tabula-observe-instructions`).
import Dispatch
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
    private let cellShown = ShownTitle(), followShown = ShownTitle()

    public init() async {
        let cellShown = cellShown, followShown = followShown
        cellAdapter = try! HeadlessListAdapter<Int, BenchChore>(
            listView: cellList,
            cells: CellConfigurators {
                CellConfigurator.content { chore in
                    let title = chore.title  // read once: each read of an @Observable property is tracked
                    cellShown.configured(title)
                    return CellContent(text: title)
                }
            }, updateKind: { _, _ in nil })
        followAdapter = try! HeadlessListAdapter<Int, BenchChoreValue>(
            listView: followList,
            cells: CellConfigurators {
                CellConfigurator.content { chore in
                    let title = chore.title
                    followShown.configured(title)
                    return CellContent(text: title)
                }
            })
        await cellAdapter.apply(try! Snapshot(items: objects))
        observation = followAdapter.follow(model, animatingDifferences: false) { try Snapshot(items: $0.chores) }
        await followAdapter.driver.waitUntilIdle()
    }

    public func stop() { observation?.stop() }

    /// Both paths are timed alike: from the property's change to the view's cell configured with
    /// it, the main actor's hop to the update included (each path makes one: the cell's update and
    /// the list's evaluation both run after the turn of the change). The time is read when the
    /// cell's configuration shows the title, and returned (`DispatchTime`'s uptime, in
    /// nanoseconds): waking the round's task afterwards (a continuation resumed, which on Linux
    /// goes through the global executor's threads; polling with `Task.yield()` does too) is the
    /// same for both paths and none of either path's work.
    public func cellRound(_ title: String) async -> UInt64 {
        countedChange { objects[Self.changed].title = title }
        let shownAt = await cellShown.wait(for: title)
        while cellList.cellForItem(at: path)?.text != title { await Task.yield() }  // shown already
        return shownAt
    }

    /// The list's path: the model's change, the list evaluated again (a snapshot of 10,000 items),
    /// diffed and applied (one reconfigure).
    public func followRound(_ title: String) async -> UInt64 {
        countedChange { model.chores[Self.changed].title = title }
        let shownAt = await followShown.wait(for: title)
        while followList.cellForItem(at: path)?.text != title || followAdapter.driver.isUpdating { await Task.yield() }
        return shownAt
    }
}

/// Makes a round's change: `instructions.sh` counts what runs in this function (the change, and
/// what Observation calls on it: noting it and scheduling the update on the main actor), and in
/// the update the change scheduled (`CellObserver.flush` for the cell, `ListObservation.schedule`
/// for the list).
@inline(never)
@MainActor
func countedChange(_ change: () -> Void) {
    change()
}

/// Resumes the round waiting for a title when a cell's configuration shows it, with the time it
/// did.
@MainActor
final class ShownTitle {
    private var waiting: (title: String, continuation: UnsafeContinuation<UInt64, Never>)?

    /// A cell was configured to show `title`. Not inlined: `instructions.sh` leaves it out of the
    /// counts (it is the benchmark's, not either path's).
    @inline(never)
    func configured(_ title: String) {
        guard let waiting, waiting.title == title else { return }
        self.waiting = nil
        waiting.continuation.resume(returning: DispatchTime.now().uptimeNanoseconds)
    }

    /// Waits until a cell is configured to show `title` (changed after this call); returns when.
    func wait(for title: String) async -> UInt64 {
        await withUnsafeContinuation { waiting = (title, $0) }
    }
}
