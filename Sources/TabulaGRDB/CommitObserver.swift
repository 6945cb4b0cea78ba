import Foundation
import GRDB
import Tabula

/// Collects the rowids each transaction touches and notices schema changes. Its state is read and
/// written on the writer's connection (`databaseDidChange`, `databaseDidCommit`, and the list's
/// writer accesses) and, for `generation` and `onCommit`, from the main actor: all of it is behind
/// one lock.
final class CommitObserver: TransactionObserver, Sendable {
    private struct State {
        var touched = Set<Int64>()  // in the current transaction
        var dirty = Set<Int64>()  // committed, not yet fetched
        var needsFullFetch = false
        var generation = 0
        var schemaVersion = 0
        var onCommit: (@Sendable () -> Void)?
    }

    let table: String
    private let state = Locked(State())

    init(table: String) { self.table = table }

    var generation: Int { state.withLock { $0.generation } }
    var schemaVersion: Int {
        get { state.withLock { $0.schemaVersion } }
        set { state.withLock { $0.schemaVersion = newValue } }
    }
    var onCommit: (@Sendable () -> Void)? {
        get { state.withLock { $0.onCommit } }
        set { state.withLock { $0.onCommit = newValue } }
    }

    func requestFullFetch() { state.withLock { $0.needsFullFetch = true } }
    func markDirty(_ ids: [Int64]) { state.withLock { $0.dirty.formUnion(ids) } }

    /// The generation reached, the rowids to fetch, and whether to fetch everything instead.
    func takePendingWork() -> (generation: Int, dirty: Set<Int64>, full: Bool) {
        state.withLock { state in
            defer {
                state.dirty = []
                state.needsFullFetch = false
            }
            return (state.generation, state.dirty, state.needsFullFetch)
        }
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        eventKind.tableName == table
    }

    func databaseDidChange(with event: DatabaseEvent) {
        let rowID = event.rowID
        state.withLock { _ = $0.touched.insert(rowID) }
    }

    func databaseDidCommit(_ db: Database) {
        // DDL (DROP, ALTER, CREATE) produces no row events; the schema version tells.
        let version = (try? Int.fetchOne(db, sql: "PRAGMA schema_version")) ?? nil
        let notify: (@Sendable () -> Void)? = state.withLock { state in
            var changed = !state.touched.isEmpty
            state.dirty.formUnion(state.touched)
            state.touched = []
            if let version, version != state.schemaVersion {
                state.schemaVersion = version
                state.needsFullFetch = true
                changed = true
            }
            guard changed else { return nil }
            state.generation += 1
            return state.onCommit
        }
        notify?()
    }

    func databaseDidRollback(_ db: Database) {
        state.withLock { $0.touched = [] }
    }
}
