import GRDB
import Tabula

/// Shows the result of any SQL query or GRDB request, live, grouped into sections by a key
///
/// It observes the database with GRDB's `ValueObservation`: after each commit that touches the
/// tables the query reads, the query runs again and the new rows are diffed against the screen. That
/// is the right tool for queries with joins, filters or aggregates. For a whole table, prefer
/// ``DatabaseList``: it fetches only the rows a commit changed (a one-row commit to a 100,000-row
/// table costs a small fraction of a re-run).
///
/// ```swift
/// let open = DatabaseQueryList<String, Note>(reader: dbPool,
///     sql: "SELECT * FROM note WHERE folder != 'archive' ORDER BY folder, position", section: \.folder)
/// open.start(driving: adapter.driver)
/// ```
///
/// Sections appear in the order the query returns them. Errors (a failing query, a schema change,
/// repeated identifiers) arrive as ``DatabaseListError``; the last good snapshot stays on screen.
@MainActor
public final class DatabaseQueryList<SectionID: Hashable & Sendable, Item: Identifiable & Sendable> where Item.ID: Sendable {
    /// The snapshots the list shows, as the query's `snapshot` closure builds them.
    public typealias SnapshotType = Snapshot<SectionID, Item>

    /// The database.
    public let reader: any DatabaseReader
    /// Called when the query's rows cannot be shown; the previous snapshot stays.
    public var onError: ((DatabaseListError) -> Void)?
    /// The most recent error, if any.
    public private(set) var lastError: DatabaseListError?
    /// Called with every snapshot handed to the driver.
    public var onSnapshot: ((SnapshotType) -> Void)?

    private let observation: ValueObservation<ValueReducers.Fetch<Result<SnapshotType, DatabaseListError>>>
    /// The observation. Written on the main actor only; `deinit`, which runs once nothing else
    /// can reach the list, cancels it, so a list released without ``stop()`` does not leave its
    /// query observed (and its database held) for the rest of the process.
    private nonisolated(unsafe) var task: Task<Void, Never>?
    private weak var driver: ListDriver<SectionID, Item>?
    /// Notices schema changes, which `ValueObservation` does not see.
    private var watcher: SchemaWatcher?
    /// Counts `start()` and `stop()`: a schema change noticed for an earlier run is ignored.
    private var run = 0

    /// Creates a list of the rows `fetch` returns, grouped by `section`.
    public init(
        reader: any DatabaseReader, fetch: @escaping @Sendable (Database) throws -> [Item],
        section: @escaping @Sendable (Item) -> SectionID, sectionTitle: @escaping @Sendable (SectionID) -> String? = { "\($0)" }
    ) {
        self.reader = reader
        // The snapshot is built where the rows are fetched, off the main actor.
        observation = ValueObservation.tracking { db in
            // A read connection that has not read since another connection changed the schema
            // prepares with the old one: `SELECT *` would name the columns as they were (a renamed
            // column still decodes). Reading the schema table first makes SQLite check the schema
            // cookie, and load the new schema, before the query is prepared.
            _ = try Row.fetchOne(db, sql: "SELECT 1 FROM sqlite_master LIMIT 1")
            let rows = try fetch(db)
            var order: [SectionID] = []
            var groups: [SectionID: [Item]] = [:]
            for row in rows {
                let key = section(row)
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append(row)
            }
            do {
                return .success(try Snapshot(order.map { Section($0, header: sectionTitle($0), items: groups[$0]!) }).validated())
            } catch {
                return .failure(DatabaseListError(stage: .snapshot, table: "query", message: "\(error)"))
            }
        }
    }

    /// Shows the rows of an SQL query, grouped by `section`.
    public convenience init(
        reader: any DatabaseReader, sql: String, arguments: StatementArguments = StatementArguments(),
        section: @escaping @Sendable (Item) -> SectionID, sectionTitle: @escaping @Sendable (SectionID) -> String? = { "\($0)" }
    ) where Item: FetchableRecord {
        self.init(reader: reader, fetch: { db in try Item.fetchAll(db, sql: sql, arguments: arguments) }, section: section, sectionTitle: sectionTitle)
    }

    /// How long to wait, in seconds, before running a failed query again: the first retry comes
    /// after ``retryDelay``, each further one after twice as long, up to 32 times it (and never
    /// more than the upper bound of ``retryDelayRange``), until the query works again.
    ///
    /// A value outside ``retryDelayRange`` is taken as its nearest bound (so a retry delay of
    /// `1e-9` waits 10 ms, and one of `.infinity` ten minutes); `nan` is taken as the default,
    /// 0.05 s. Read it back to see the delay used.
    public var retryDelay: Double = 0.05 {
        didSet { retryDelay = retryDelay.isNaN ? 0.05 : min(max(retryDelay, Self.retryDelayRange.lowerBound), Self.retryDelayRange.upperBound) }
    }

    /// The retry delays, in seconds, ``retryDelay`` accepts: from 10 ms (a shorter one would run a
    /// failing query, and report its error, hundreds of times a second) to ten minutes.
    public nonisolated static var retryDelayRange: ClosedRange<Double> { 0.01...600 }

    /// The wait before the retry that follows `failures` failed runs in a row.
    private func backOff(afterFailures failures: Int) -> Double {
        min(retryDelay * Double(1 << min(max(failures - 1, 0), 5)), Self.retryDelayRange.upperBound)
    }

    deinit { task?.cancel() }

    /// Starts observing and applying the query's rows to `driver`.
    ///
    /// A query that fails (a schema change, a dropped table, a closed database) is reported through
    /// ``onError``, and the observation starts again after ``retryDelay``, backing off while it
    /// keeps failing, so the list follows the database again as soon as the query works.
    ///
    /// `ValueObservation` re-runs the query after commits that change rows it read. A schema
    /// change changes no row (`DROP TABLE`, `ALTER TABLE`, a table created again empty), so when
    /// ``reader`` is a `DatabaseWriter` (a `DatabasePool` or a `DatabaseQueue`) the list also
    /// watches the schema version at every commit and runs the query again when it changes.
    public func start(driving driver: ListDriver<SectionID, Item>) {
        stop()
        self.driver = driver
        let run = self.run
        var register: (@Sendable () async -> Void)?
        if let writer = reader as? any DatabaseWriter {
            let watcher = SchemaWatcher { [weak self] in
                Task { @MainActor in self?.schemaChanged(run: run) }
            }
            self.watcher = watcher
            // Registered before the first fetch: every schema change after it is seen.
            register = { try? await writer.writeWithoutTransaction { db in try watcher.register(in: db) } }
        }
        task = observe(driving: driver, after: register)
    }

    /// Stops observing; the view keeps what it shows.
    public func stop() {
        run += 1
        task?.cancel()
        task = nil
        if let watcher, let writer = reader as? any DatabaseWriter { writer.remove(transactionObserver: watcher) }
        watcher = nil
    }

    /// The schema changed: the query runs again in a new observation (whose first fetch reports
    /// a table that is gone, or shows one that came back).
    private func schemaChanged(run: Int) {
        guard run == self.run, let driver else { return }
        task?.cancel()
        task = observe(driving: driver, after: nil)
    }

    /// Follows the query with `ValueObservation`, running `setup` first, and starts again after a
    /// failure (with back-off) until cancelled.
    private func observe(driving driver: ListDriver<SectionID, Item>, after setup: (@Sendable () async -> Void)?) -> Task<Void, Never> {
        let observation = self.observation, reader = self.reader
        return Task { @MainActor [weak self] in
            await setup?()
            var failures = 0
            while !Task.isCancelled {
                do {
                    for try await value in observation.values(in: reader) {
                        // A cancelled observation (stopped, or replaced after a schema change)
                        // may still deliver a value: it is not shown.
                        guard let self, !Task.isCancelled else { return }
                        switch value {
                        case .success(let snapshot):
                            failures = 0
                            self.lastError = nil
                            driver.apply(snapshot, completion: nil)
                            self.onSnapshot?(snapshot)
                        case .failure(let error):
                            self.report(error)
                        }
                    }
                    return  // the observation ended without an error: the reader is gone
                } catch {
                    guard let self, !Task.isCancelled else { return }
                    self.report(DatabaseListError(stage: .changedRows, table: "query", message: "\(error)"))
                    failures += 1
                    try? await Task.sleep(for: .seconds(self.backOff(afterFailures: failures)))
                }
            }
        }
    }

    private func report(_ error: DatabaseListError) {
        lastError = error
        onError?(error)
    }
}

extension DatabaseQueryList: ListSource {}
