import Foundation
import GRDB
import Tabula

/// Shows a database table in any Tabula view, live: every committed change animates as a diff
///
/// Instead of fetching the whole table again after each commit (what `ValueObservation` does), the
/// list observes the table's transactions, fetches only the rows the commits touched, merges them
/// into the sorted rows it holds off the main actor, and hands the new snapshot to a `ListDriver`.
/// A one-row commit to a 100,000-row table therefore costs a small fraction of a reload (the
/// benchmarks measure it).
///
/// ```swift
/// let list = DatabaseList<Task>(writer: dbPool)
/// list.onError = { error in banner.show(error) }    // the last good rows stay on screen
/// try await list.start(driving: adapter.driver)
/// try await list.settle()                           // in tests: the screen shows every commit so far
/// ```
///
/// ## Nothing lost
/// - Commits that arrive while a merge runs are coalesced into the next one: a fast writer makes
///   merges larger, not a queue longer.
/// - A row that cannot be fetched or decoded is reported (``DatabaseListError/rowIDs`` names it)
///   and fetched again with the next commit, until it can be shown. The other rows of the same
///   commit are shown at once.
/// - A schema change (a dropped, recreated or altered table) is noticed at the commit that makes
///   it: the table is fetched whole again. While that fails (the table is gone, a decoded column is
///   renamed) the error is reported and the last good rows stay; the next commit after the table
///   is back shows its true contents.
/// - A closed database is reported by the next access (``settle()``, ``refresh()``).
/// - Two rows that hold the same record `id` (an `id` column that is not the rowid and not
///   unique) are handled as ``duplicatePolicy`` says: one is shown, the other is kept aside and
///   shown as soon as the first goes; with `DuplicatePolicy.reject` the repeat is reported
///   (stage ``DatabaseListError/Stage/repeatedID``, naming the id and both rowids).
///
/// ## Limits
/// - Only commits made through `writer` are seen. Another connection or process writing to the same
///   file is not observed: call ``refresh()`` after such writes.
/// - Rows are tracked by SQLite's `rowid`; the record's `id` need not be the rowid (a table with an
///   `id` column of its own works), but `WITHOUT ROWID` tables are not supported.
/// - The list is ordered by ``ListRecord/areInIncreasingOrder(_:_:)``; ``ListRecord/listOrdering``
///   only orders the first fetch. Every whole fetch checks that the two agree and reports the first
///   pair of rows they order differently (stage ``DatabaseListError/Stage/ordering``).
@MainActor
public final class DatabaseList<Record: ListRecord> {
    /// The snapshots the list shows: sections by `Record.SectionKey`, items the records.
    public typealias SnapshotType = Snapshot<Record.SectionKey, Record>

    /// The database.
    public let writer: any DatabaseWriter
    /// Called when the database cannot be shown; the previous snapshot stays.
    public var onError: ((DatabaseListError) -> Void)?
    /// The most recent error, if any; `nil` again once a merge shows everything committed.
    public private(set) var lastError: DatabaseListError?
    /// Called with every snapshot sent to the driver.
    public var onSnapshot: ((SnapshotType) -> Void)?

    private var observer: CommitObserver?
    private var pump: Task<Void, Never>?
    private var wake: AsyncStream<Void>.Continuation?
    private weak var driver: ListDriver<Record.SectionKey, Record>?
    private let model: SortedRows<Record>
    /// Which run of the list is current: `start()` and `stop()` count one up. A round, a `start()`
    /// or a `settle()` of an earlier run, still waiting on the database, the model or the view when
    /// the list restarts, sees that it is stale and leaves the new run's state alone.
    private var run = 0
    /// The generation (of the current run's observer) of the last commit whose changes are on
    /// screen.
    private var shownGeneration = 0
    /// `settle()` callers waiting for a generation to be shown.
    private var settlers: [(generation: Int, continuation: CheckedContinuation<Void, any Error>)] = []
    /// Rounds started so far, and `refresh()` callers waiting for a round to end.
    private var roundsStarted = 0
    private var roundWaiters: [(round: Int, continuation: CheckedContinuation<Void, any Error>)] = []

    /// What the list does when two rows hold the same record `id` (possible when the `id` column
    /// is not the rowid and not unique). Of the rows that hold one id, one is shown: the one with
    /// the smallest rowid, or with `DuplicatePolicy.keepLast` the largest. The others are kept
    /// aside and shown when it goes. With `DuplicatePolicy.reject` (the default) each repeat is
    /// also reported, stage ``DatabaseListError/Stage/repeatedID``, for as long as it lasts.
    public let duplicatePolicy: DuplicatePolicy

    /// Creates a list of `Record`'s table in `writer`, handling rows that repeat a record id as
    /// `duplicatePolicy` says.
    public init(writer: any DatabaseWriter, duplicatePolicy: DuplicatePolicy = .reject) {
        self.writer = writer
        self.duplicatePolicy = duplicatePolicy
        model = SortedRows(policy: duplicatePolicy)
    }

    // `stop()` cannot run from a nonisolated deinit; the observer is removed with the writer's
    // observer extent instead (`.observerLifetime`), and the pump holds `self` weakly.

    /// Fetches the table, shows it, then keeps the driver's view in step with every commit.
    ///
    /// - Throws: ``DatabaseListError`` when the first fetch fails, or with stage
    ///   ``DatabaseListError/Stage/stopped`` when ``stop()`` or another `start` comes first.
    public func start(driving driver: ListDriver<Record.SectionKey, Record>) async throws {
        stop()
        let run = self.run
        self.driver = driver
        shownGeneration = 0
        let observer = CommitObserver(table: Record.databaseTableName)
        // Register the observer in a writer access: every commit after it is seen.
        do {
            try await writer.writeWithoutTransaction { db in
                observer.schemaVersion = try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
                db.add(transactionObserver: observer, extent: .observerLifetime)
            }
        } catch {
            guard run == self.run else { throw stopped() }
            throw report(DatabaseListError(stage: .initialFetch, table: Record.databaseTableName, message: "\(error)"))
        }
        guard run == self.run else {
            writer.remove(transactionObserver: observer)
            throw stopped()
        }
        self.observer = observer
        observer.requestFullFetch()
        // Rows that repeat an id do not stop the list: the error stays in `lastError`.
        if let error = await round(stage: .initialFetch, run: run), error.stage != .repeatedID { throw error }
        guard run == self.run else { throw stopped() }

        let (signals, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.wake = wake
        observer.onCommit = { wake.yield() }
        pump = Task { @MainActor [weak self] in
            // A signal buffered before `stop()` is still delivered after it: only the current run
            // takes work from the observer.
            for await _ in signals {
                guard let self, !Task.isCancelled, run == self.run else { return }
                _ = await self.round(stage: .changedRows, run: run)
            }
        }
        // A commit may have landed between the first round and `onCommit` being set.
        wake.yield()
    }

    /// Stops observing; the view keeps what it shows. Pending ``settle()`` calls throw.
    public func stop() {
        run += 1
        pump?.cancel()
        pump = nil
        wake?.finish()
        wake = nil
        if let observer {
            observer.onCommit = nil
            writer.remove(transactionObserver: observer)
        }
        observer = nil
        let waiting = settlers.map(\.continuation) + roundWaiters.map(\.continuation)
        settlers = []
        roundWaiters = []
        let error = stopped()
        for continuation in waiting { continuation.resume(throwing: error) }
    }

    /// Fetches the whole table again and shows it: after writes this list cannot observe (another
    /// connection or process), or to check that the database is still open.
    ///
    /// - Throws: ``DatabaseListError`` when the fetch fails; the last good rows stay.
    public func refresh() async throws {
        guard let observer, let wake else { throw notStarted() }
        observer.requestFullFetch()
        // The next round to start takes the request (one already running may have taken its work).
        let round = roundsStarted + 1
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            roundWaiters.append((round, continuation))
            wake.yield()
        }
    }

    /// Returns once the screen reflects every commit made through ``writer`` before the call.
    ///
    /// - Throws: ``DatabaseListError`` when those commits cannot be shown (a failed fetch, a closed
    ///   database, a dropped table) or the list is stopped before they are.
    public func settle() async throws {
        guard let observer else { throw notStarted() }
        let run = self.run
        // A writer access runs after every earlier commit's observer callback: the generation read
        // here counts exactly the commits made before this call.
        let target: Int
        do {
            target = try await writer.writeWithoutTransaction { db in
                _ = try Int.fetchOne(db, sql: "PRAGMA schema_version")  // fails on a closed database
                return observer.generation
            }
        } catch {
            guard run == self.run else { throw stopped() }
            // A closed connection answers with SQLite's misuse error (code 21), whose text is
            // misleading ("out of memory"): say what it means.
            throw report(DatabaseListError(
                stage: .changedRows, table: Record.databaseTableName, message: "cannot reach the database (is it closed?): \(error)"))
        }
        // The list restarted meanwhile: the target counts another observer's commits.
        guard run == self.run else { throw stopped() }
        if target <= shownGeneration { return }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            settlers.append((target, continuation))
            wake?.yield()
        }
    }

    // MARK: Merging

    /// Fetches what the commits since the last round touched (or everything, after a schema change)
    /// and shows it. Returns the error it reported, if any.
    /// A round of an earlier run (`run` is not current) returns `nil` and changes nothing.
    private func round(stage: DatabaseListError.Stage, run: Int) async -> DatabaseListError? {
        guard run == self.run, let observer, let driver else { return nil }
        roundsStarted += 1
        let number = roundsStarted
        let outcome = await runRound(stage: stage, run: run, observer: observer, driver: driver)
        // `stop()` has answered the waiters of a stale run.
        guard run == self.run else { return nil }
        var still: [(round: Int, continuation: CheckedContinuation<Void, any Error>)] = []
        for waiter in roundWaiters {
            if waiter.round > number {
                still.append(waiter)
            } else if let outcome {
                waiter.continuation.resume(throwing: outcome)
            } else {
                waiter.continuation.resume()
            }
        }
        roundWaiters = still
        return outcome
    }

    private func runRound(
        stage: DatabaseListError.Stage, run: Int, observer: CommitObserver, driver: ListDriver<Record.SectionKey, Record>
    ) async -> DatabaseListError? {
        let table = Record.databaseTableName
        var work: RoundResult
        do {
            work = try await writer.writeWithoutTransaction { db in try Self.fetch(db, observer: observer) }
        } catch {
            guard run == self.run else { return nil }
            return fail(DatabaseListError(stage: stage == .initialFetch ? .initialFetch : .changedRows, table: table, message: "\(error)"), upTo: nil)
        }
        guard run == self.run else { return nil }
        if stage == .initialFetch { work.failure?.stage = .initialFetch }
        let snapshot: SnapshotType
        do {
            // The model takes a merge only from the run that last replaced its rows: a stale
            // round's rows, fetched before the restart, never overwrite newer ones.
            let merged: SortedRows<Record>.Rows?
            if let all = work.all {
                merged = try await model.replace(with: all, rowIDs: work.upserted.map(\.rowID), run: run)
            } else if !work.upserted.isEmpty || !work.deletedRowIDs.isEmpty {
                merged = try await model.merge(upserted: work.upserted, deleted: work.deletedRowIDs, run: run)
            } else {
                merged = await model.current
            }
            guard let merged, run == self.run else { return nil }
            snapshot = merged.snapshot
            if work.failure == nil, duplicatePolicy == .reject, !merged.repeats.isEmpty {
                work.failure = Self.repeatedIDs(merged.repeats)
            }
        } catch {
            guard run == self.run else { return nil }
            // The rows are kept as they were; fetch them again next time.
            observer.requestFullFetch()
            return fail(DatabaseListError(stage: .snapshot, table: table, message: "\(error)"), upTo: work.generation)
        }
        // What could be read is shown even when some rows could not: they are fetched again later.
        // A user's edit applied meanwhile (on top of this snapshot, `ListDriver.applyEdit`) may
        // supersede it: then the screen shows these rows once the driver is idle.
        if await driver.apply(snapshot) == .superseded { await driver.waitUntilIdle() }
        guard run == self.run else { return nil }
        onSnapshot?(snapshot)
        if let failure = work.failure { return fail(failure, upTo: work.generation) }
        if let mismatch = work.orderingMismatch { report(mismatch) } else { lastError = nil }
        let generation = work.generation
        shownGeneration = max(shownGeneration, generation)
        resumeSettlers { $0 <= generation ? .success(()) : nil }
        return nil
    }

    /// Reports `error`; `settle()` callers waiting for commits up to `generation` throw it.
    private func fail(_ error: DatabaseListError, upTo generation: Int?) -> DatabaseListError {
        report(error)
        resumeSettlers { generation == nil || $0 <= generation! ? .failure(error) : nil }
        return error
    }

    private func resumeSettlers(_ outcome: (Int) -> Result<Void, DatabaseListError>?) {
        var still: [(generation: Int, continuation: CheckedContinuation<Void, any Error>)] = []
        for settler in settlers {
            switch outcome(settler.generation) {
            case .success?: settler.continuation.resume()
            case .failure(let error)?: settler.continuation.resume(throwing: error)
            case nil: still.append(settler)
            }
        }
        settlers = still
    }

    private func stopped() -> DatabaseListError {
        DatabaseListError(stage: .stopped, table: Record.databaseTableName, message: "the list was stopped")
    }

    private func notStarted() -> DatabaseListError {
        DatabaseListError(stage: .stopped, table: Record.databaseTableName, message: "the list is not started")
    }

    /// Records `error` and tells ``onError``, once: a failure that repeats round after round (a
    /// table that stays dropped) is reported when it first happens.
    @discardableResult
    private func report(_ error: DatabaseListError) -> DatabaseListError {
        guard error != lastError else { return error }
        lastError = error
        onError?(error)
        return error
    }

    // MARK: Fetching (on the writer's connection, between commits)

    struct RoundResult: Sendable {
        var generation = 0
        var all: [Record]?
        var upserted: [(rowID: Int64, record: Record)] = []
        var deletedRowIDs = Set<Int64>()
        var failure: DatabaseListError?
        var orderingMismatch: DatabaseListError?
    }

    /// Takes the observer's pending work and fetches it. Runs inside a writer access, so no commit
    /// is in progress and every earlier commit's callback has run: the rows read are exactly those
    /// the pending work describes.
    nonisolated static func fetch(_ db: Database, observer: CommitObserver) throws -> RoundResult {
        let table = Record.databaseTableName
        let quoted = table.quotedDatabaseIdentifier
        let (generation, dirty, full) = observer.takePendingWork()
        var result = RoundResult(generation: generation)
        if full {
            do {
                let rows = try Row.fetchAll(db, sql: "SELECT rowid AS tabula_rowid, * FROM \(quoted) ORDER BY \(Record.listOrdering)")
                var records: [Record] = []
                records.reserveCapacity(rows.count)
                var rowIDs: [Int64] = []
                rowIDs.reserveCapacity(rows.count)
                for row in rows {
                    records.append(try Record(row: row))
                    rowIDs.append(row["tabula_rowid"])
                }
                result.all = records
                result.upserted = zip(rowIDs, records).map { ($0, $1) }
                result.orderingMismatch = orderingMismatch(in: records)
            } catch {
                observer.requestFullFetch()  // again at the next commit, or the next refresh()
                result.failure = DatabaseListError(stage: .refetch, table: table, message: "\(error)")
            }
            return result
        }
        guard !dirty.isEmpty else { return result }
        // SQLite limits the number of bound parameters: read in chunks. A chunk that fails is read
        // row by row, so one bad row does not hold back the others.
        var failed: [Int64] = []
        var messages: [String] = []
        let all = Array(dirty)
        var present = Set<Int64>()
        func read(_ ids: ArraySlice<Int64>) throws -> [(Int64, Record)] {
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
            let rows = try Row.fetchAll(
                db, sql: "SELECT rowid AS tabula_rowid, * FROM \(quoted) WHERE rowid IN (\(marks))", arguments: StatementArguments(Array(ids)))
            return try rows.map { (($0["tabula_rowid"] as Int64), try Record(row: $0)) }
        }
        for start in stride(from: 0, to: all.count, by: 500) {
            let chunk = all[start..<min(all.count, start + 500)]
            do {
                for (rowID, record) in try read(chunk) {
                    result.upserted.append((rowID, record))
                    present.insert(rowID)
                }
            } catch {
                for id in chunk {
                    do {
                        for (rowID, record) in try read([id]) {
                            result.upserted.append((rowID, record))
                            present.insert(rowID)
                        }
                    } catch {
                        failed.append(id)
                        if messages.count < 3 { messages.append("\(error)") }
                        present.insert(id)  // not known to be deleted either
                    }
                }
            }
        }
        result.deletedRowIDs = dirty.subtracting(present)
        if !failed.isEmpty {
            failed.sort()
            observer.markDirty(failed)  // fetched again with the next commit
            result.failure = DatabaseListError(
                stage: .changedRows, table: table,
                message: "rows \(failed.map(String.init).joined(separator: ", ")) could not be read: \(messages.joined(separator: "; "))",
                rowIDs: failed)
        }
        return result
    }

    /// The error that names the record ids held by more than one row, and those rows.
    nonisolated static func repeatedIDs(_ repeats: [SortedRows<Record>.Repeat]) -> DatabaseListError {
        let named = repeats.prefix(5).map { item in
            let rows = ([item.shown] + item.hidden).map(String.init).joined(separator: ", ")
            return "id \(item.id) is held by rows \(rows); row \(item.shown) is shown"
        }
        let more = repeats.count > 5 ? "; and \(repeats.count - 5) more ids" : ""
        return DatabaseListError(
            stage: .repeatedID, table: Record.databaseTableName, message: named.joined(separator: "; ") + more,
            rowIDs: repeats.flatMap { [$0.shown] + $0.hidden }.sorted())
    }

    /// The first pair of rows, in SQL order, that ``ListRecord/areInIncreasingOrder(_:_:)`` does
    /// not order the same way (or cannot tell apart).
    nonisolated static func orderingMismatch(in records: [Record]) -> DatabaseListError? {
        for (a, b) in zip(records, records.dropFirst()) where !Record.areInIncreasingOrder(a, b) {
            return DatabaseListError(
                stage: .ordering, table: Record.databaseTableName,
                message: "listOrdering (\(Record.listOrdering)) puts row \(a.id) before row \(b.id), but areInIncreasingOrder does not; the list follows areInIncreasingOrder",
                rowIDs: [a.id, b.id])
        }
        return nil
    }
}

extension DatabaseList: ListSource {
    public typealias SectionID = Record.SectionKey
    public typealias Item = Record
}
