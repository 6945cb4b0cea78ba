import GRDB
import Tabula

/// Calls `onChange` after every commit that changes the database schema (`PRAGMA schema_version`),
/// which changes no row and so reaches no `ValueObservation`. Its state is read and written on the
/// writer's connection only, behind a lock all the same.
final class SchemaWatcher: TransactionObserver, Sendable {
    private let version = Locked<Int?>(nil)
    private let onChange: @Sendable () -> Void

    init(onChange: @escaping @Sendable () -> Void) { self.onChange = onChange }

    /// Reads the schema version and starts watching, in one writer access.
    func register(in db: Database) throws {
        let current = try Int.fetchOne(db, sql: "PRAGMA schema_version")
        version.withLock { $0 = current }
        db.add(transactionObserver: self, extent: .observerLifetime)
    }

    // No row event is needed: every observer is told of every commit.
    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidRollback(_ db: Database) {}

    func databaseDidCommit(_ db: Database) {
        guard let now = (try? Int.fetchOne(db, sql: "PRAGMA schema_version")) ?? nil else { return }
        let changed = version.withLock { version in
            defer { version = now }
            return version != nil && version != now
        }
        if changed { onChange() }
    }
}
