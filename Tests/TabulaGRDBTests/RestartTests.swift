import Foundation
import GRDB
import Testing
import Tabula
import TabulaGRDB

/// A view whose batches finish only when the test says so: a merge can be kept running (its
/// snapshot waiting on the view) while the test restarts the list.
@MainActor
final class HeldView: ListViewUpdating {
    var flavor: ListFlavor { .table }
    var canAnimateUpdates = true
    var counts: [Int] = []
    /// Whether batches wait for ``release()``; when `false` they finish at once.
    var holds = false
    private var held: [@MainActor () -> Void] = []
    weak var driver: ListDriver<String, Note>?

    init(driver: ListDriver<String, Note>) {
        self.driver = driver
        driver.view = self
    }

    var heldBatches: Int { held.count }
    func displayedItemCounts() -> [Int] { counts }
    func reloadData() { counts = driver?.snapshot.itemCounts ?? [] }
    func performBatchUpdates(_ update: BatchUpdate, animated: Bool, updateData: () -> Void, completion: @escaping @MainActor () -> Void) {
        updateData()
        counts = driver?.snapshot.itemCounts ?? []
        if holds { held.append(completion) } else { completion() }
    }

    /// Stops holding and finishes every batch held so far (and those they start).
    func release() {
        holds = false
        while !held.isEmpty { held.removeFirst()() }
    }

    /// Waits (a few seconds at most) until a batch is held.
    func untilHeld(_ count: Int = 1) async throws {
        for _ in 0..<400 where held.count < count { try await Task.sleep(for: .milliseconds(5)) }
        try #require(held.count >= count, "a batch reached the view")
    }
}

@MainActor
@Suite("TabulaGRDB: stop() and start() while a merge is running", .serialized)
struct RestartTests {
    func insert(_ pool: DatabasePool, _ id: Int64, _ title: String) async throws {
        try await pool.write { try $0.execute(sql: "INSERT INTO note VALUES (?, 'home', ?, ?)", arguments: [id, id, title]) }
    }

    @Test("a merge of the stopped run that finishes after start() does not count for the new run's settle()")
    func staleMergeDoesNotSatisfySettle() async throws {
        let (pool, directory) = try makeDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let driver = ListDriver<String, Note>()
        let view = HeldView(driver: driver)
        let database = DatabaseList<Note>(writer: pool)
        try await database.start(driving: driver)
        // The first run counts several commits.
        for id in Int64(1)...4 { try await insert(pool, id, "before \(id)") }
        try await database.settle()
        #expect(driver.snapshot.numberOfItems == 4)

        // A merge of the first run waits on the view while the list restarts.
        view.holds = true
        try await insert(pool, 5, "in flight")
        try await view.untilHeld()
        database.stop()
        let restart = Task { try await database.start(driving: driver) }
        for _ in 0..<10 { await Task.yield() }
        view.release()
        try await restart.value

        // The new run: one merge waits on the view, a second commit waits behind it.
        view.holds = true
        try await insert(pool, 6, "held")
        try await view.untilHeld()
        try await insert(pool, 7, "after the restart")
        let settling = Task { () -> Bool in
            try await database.settle()
            return driver.snapshot.itemIdentifiers.contains(7)
        }
        try await Task.sleep(for: .milliseconds(150))
        view.release()
        #expect(try await settling.value, "settle() returned before the commit it waited for was on screen")
        #expect(driver.snapshot.itemIdentifiers == [1, 2, 3, 4, 5, 6, 7])
        #expect(database.lastError == nil)
        database.stop()
    }

    @Test("60 restarts while merges run: after each, settle() returns with the commit made after the restart on screen")
    func restartsUnderLoad() async throws {
        let (pool, directory) = try makeDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (list, adapter) = try makeList()
        let database = DatabaseList<Note>(writer: pool)
        try await database.start(driving: adapter.driver)
        var late: [Int64] = []
        for restart in Int64(1)...60 {
            // Commits whose merges are still running when the list restarts.
            for offset in Int64(0)..<3 { try await insert(pool, restart * 10 + offset, "before") }
            database.stop()
            try await database.start(driving: adapter.driver)
            try await insert(pool, restart * 10 + 5, "after")
            try await database.settle()
            if !adapter.driver.latestSnapshot.itemIdentifiers.contains(restart * 10 + 5) { late.append(restart) }
        }
        #expect(late.isEmpty, "settle() returned before the commit after restarts \(late) was shown")
        try await database.settle()
        await adapter.driver.waitUntilIdle()
        #expect(shown(list) == (try expected(pool)))
        database.stop()
    }
}
