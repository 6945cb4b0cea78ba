import Foundation
import GRDB
import Testing
import Tabula
import TabulaGRDB
import TabulaTesting

struct Note: ListRecord, Codable, Hashable {
    static let databaseTableName = "note"
    static let listOrdering = "folder, position, id"
    var id: Int64
    var folder: String
    var position: Int
    var title: String
    var sectionKey: String { folder }
    static func areInIncreasingOrder(_ a: Note, _ b: Note) -> Bool { (a.folder, a.position, a.id) < (b.folder, b.position, b.id) }
}

func makeDatabase() throws -> (DatabasePool, URL) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tabula-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let pool = try DatabasePool(path: directory.appendingPathComponent("notes.sqlite").path)
    try pool.write { db in
        try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, folder TEXT NOT NULL, position INTEGER NOT NULL, title TEXT NOT NULL)")
    }
    return (pool, directory)
}

@MainActor
func makeList() throws -> (HeadlessListView, HeadlessListAdapter<String, Note>) {
    let list = HeadlessListView(viewportHeight: nil)
    let cells = CellConfigurators<Note> { CellConfigurator.content { CellContent(text: $0.title, secondaryText: "\($0.position)") } }
    return (list, try HeadlessListAdapter(listView: list, cells: cells))
}

/// A `DatabaseQueryList` of the notes of `pool` (`sql`, sections by folder), set up by
/// `configure` and started, driving a new headless list; what it reports through `onError` is
/// kept in order.
@MainActor
final class NoteQuery {
    let list: HeadlessListView
    let adapter: HeadlessListAdapter<String, Note>
    let query: DatabaseQueryList<String, Note>
    var errors: [DatabaseListError] = []

    init(on pool: DatabasePool, sql: String = "SELECT * FROM note ORDER BY id", configure: (DatabaseQueryList<String, Note>) -> Void = { _ in }) throws {
        (list, adapter) = try makeList()
        query = DatabaseQueryList<String, Note>(reader: pool, sql: sql, section: \.folder)
        configure(query)
        query.onError = { [weak self] in self?.errors.append($0) }
        query.start(driving: adapter.driver)
    }
}

/// What the view shows, section by section, against what the query returns.
@MainActor
func shown(_ list: HeadlessListView) -> [[String]] {
    (0..<list.numberOfSections).map { s in
        (0..<list.numberOfItems(inSection: s)).map { list.cellForItem(at: ItemPath(item: $0, section: s))?.renderedText ?? "?" }
    }
}

func expected(_ pool: DatabasePool) throws -> [[String]] {
    let notes = try pool.read { try Note.fetchAll($0, sql: "SELECT * FROM note ORDER BY folder, position, id") }
    var sections: [[String]] = []
    var current: String?
    for note in notes {
        if note.folder != current {
            sections.append([])
            current = note.folder
        }
        sections[sections.count - 1].append("\(note.title)  —  \(note.position)")
    }
    return sections
}

@MainActor
@Suite("TabulaGRDB: a real SQLite file, live", .serialized)
struct DatabaseListTests {
    @Test func showsTheTableAndFollowsCommits() async throws {
        let (pool, directory) = try makeDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await pool.write { db in
            try db.execute(sql: "INSERT INTO note (id, folder, position, title) VALUES (1, 'home', 1, 'Milk'), (2, 'work', 1, 'Report')")
        }
        let (list, adapter) = try makeList()
        adapter.driver.changesetHistoryLimit = 1
        let database = DatabaseList<Note>(writer: pool)
        try await database.start(driving: adapter.driver)
        #expect(list.renderedText() == "## home\n   Milk  —  1\n## work\n   Report  —  1")
        try await pool.write { db in
            try db.execute(sql: "INSERT INTO note (id, folder, position, title) VALUES (3, 'home', 0, 'Eggs')")
            try db.execute(sql: "UPDATE note SET folder = 'home', position = 2 WHERE id = 2")
        }
        try await database.settle()
        #expect(list.renderedText() == "## home\n   Eggs  —  0\n   Milk  —  1\n   Report  —  2")
        let last = try #require(adapter.driver.appliedChangesets.last)
        #expect(last.statistics.insertedItems == 1 && last.statistics.deletedSections == 1 && last.statistics.reinsertedItems == 1)
        #expect(adapter.driver.diagnostics.isEmpty)
        database.stop()
    }

    @Test("a missing table is a typed error at start")
    func initialFailure() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tabula-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pool = try DatabasePool(path: directory.appendingPathComponent("empty.sqlite").path)
        let (_, adapter) = try makeList()
        let database = DatabaseList<Note>(writer: pool)
        let error = await #expect(throws: DatabaseListError.self) { try await database.start(driving: adapter.driver) }
        #expect(error?.stage == .initialFetch)
        #expect(error?.message.contains("no such table: note") == true)
    }

    @Test("a schema change surfaces as an error and leaves the last good rows on screen")
    func schemaChange() async throws {
        let (pool, directory) = try makeDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await pool.write { try $0.execute(sql: "INSERT INTO note VALUES (1, 'home', 1, 'Milk')") }
        let (list, adapter) = try makeList()
        let database = DatabaseList<Note>(writer: pool)
        var errors: [DatabaseListError] = []
        database.onError = { errors.append($0) }
        try await database.start(driving: adapter.driver)
        try await pool.write { db in
            try db.execute(sql: "ALTER TABLE note RENAME COLUMN title TO name")
            try db.execute(sql: "INSERT INTO note VALUES (2, 'home', 2, 'Bread')")
        }
        let error = await #expect(throws: DatabaseListError.self) { try await database.settle() }
        #expect(error?.stage == .refetch)
        #expect(errors.first?.stage == .refetch)
        #expect(list.renderedText() == "## home\n   Milk  —  1")
        // Nothing lost: rename the column back, and the row inserted meanwhile appears, with the next.
        try await pool.write { try $0.execute(sql: "ALTER TABLE note RENAME COLUMN name TO title") }
        try await pool.write { try $0.execute(sql: "INSERT INTO note VALUES (3, 'home', 3, 'Jam')") }
        try await database.settle()
        #expect(list.renderedText() == "## home\n   Milk  —  1\n   Bread  —  2\n   Jam  —  3")
        #expect(database.lastError == nil)
        database.stop()
    }

    @Test("4 writers × 1,000 transactions: the view ends exactly at the query's result, no batch rejected")
    func concurrentWriters() async throws {
        let (pool, directory) = try makeDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (list, adapter) = try makeList()
        let database = DatabaseList<Note>(writer: pool)
        try await database.start(driving: adapter.driver)
        var snapshots = 0
        database.onSnapshot = { _ in snapshots += 1 }
        let seed = UInt64.random(in: 1...UInt64.max)
        print("concurrentWriters seed \(seed)")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    var rng = SeededRandomGenerator(seed: seed &+ UInt64(writer))
                    let folders = ["inbox", "home", "work", "later"]
                    for transaction in 0..<1_000 {
                        let id = Int64(writer * 100 + Int(rng.next() % 100))  // each writer owns 100 ids
                        let folder = folders[Int(rng.next() % 4)]
                        let position = Int(rng.next() % 50)
                        let operation = rng.next() % 4
                        try await pool.write { db in
                            switch operation {
                            case 0:  // insert or replace
                                try db.execute(sql: "INSERT OR REPLACE INTO note VALUES (?, ?, ?, ?)", arguments: [id, folder, position, "n\(id)"])
                            case 1:  // delete
                                try db.execute(sql: "DELETE FROM note WHERE id = ?", arguments: [id])
                            case 2:  // edit
                                try db.execute(sql: "UPDATE note SET title = ? WHERE id = ?", arguments: ["n\(id) v\(transaction)", id])
                            default:  // move between sections
                                try db.execute(sql: "UPDATE note SET folder = ?, position = ? WHERE id = ?", arguments: [folder, position, id])
                            }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        try await database.settle()
        for _ in 0..<200 where adapter.driver.isUpdating { try await Task.sleep(for: .milliseconds(10)) }
        let truth = try expected(pool)
        #expect(shown(list) == truth)
        #expect(adapter.displayedSnapshot.numberOfItems == truth.reduce(0) { $0 + $1.count })
        #expect(adapter.driver.diagnostics.isEmpty, "no batch update was rejected: \(adapter.driver.diagnostics)")
        #expect(database.lastError == nil)
        try list.checkConsistency()
        print("concurrentWriters: 4,000 transactions, \(snapshots) snapshots applied, \(list.counters.batchUpdates) batch updates, \(truth.joined().count) rows at the end")
        database.stop()
    }
}


@MainActor
@Suite("TabulaGRDB: any SQL query, through ValueObservation", .serialized)
struct DatabaseQueryListTests {
    @Test func filteredQueryFollowsCommits() async throws {
        let (pool, directory) = try makeDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await pool.write { db in
            try db.execute(sql: "INSERT INTO note VALUES (1, 'home', 1, 'Milk'), (2, 'archive', 1, 'Old'), (3, 'work', 1, 'Report')")
        }
        let (list, adapter) = try makeList()
        let query = DatabaseQueryList<String, Note>(
            reader: pool, sql: "SELECT * FROM note WHERE folder != ? ORDER BY folder, position, id", arguments: ["archive"], section: \.folder)
        var snapshots = 0
        query.onSnapshot = { _ in snapshots += 1 }
        query.start(driving: adapter.driver)
        for _ in 0..<200 where snapshots == 0 { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(list.renderedText() == "## home\n   Milk  —  1\n## work\n   Report  —  1")
        try await pool.write { db in
            try db.execute(sql: "UPDATE note SET folder = 'archive' WHERE id = 1")
            try db.execute(sql: "INSERT INTO note VALUES (4, 'work', 0, 'Plan')")
        }
        for _ in 0..<200 where list.renderedText() != "## work\n   Plan  —  0\n   Report  —  1" { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(list.renderedText() == "## work\n   Plan  —  0\n   Report  —  1")
        #expect(adapter.driver.diagnostics.isEmpty)
        query.stop()
    }

    @Test("a query that starts failing (schema change) is a typed error; the last good rows stay; it recovers")
    func failingQuery() async throws {
        let (pool, directory) = try makeDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await pool.write { try $0.execute(sql: "INSERT INTO note VALUES (1, 'home', 1, 'Milk')") }
        let notes = try NoteQuery(on: pool)
        let (list, query) = (notes.list, notes.query)
        for _ in 0..<200 where list.numberOfSections == 0 { try await Task.sleep(nanoseconds: 5_000_000) }
        try await pool.write { db in
            try db.execute(sql: "ALTER TABLE note RENAME COLUMN title TO name")
            try db.execute(sql: "INSERT INTO note VALUES (2, 'home', 2, 'Bread')")
        }
        for _ in 0..<200 where notes.errors.isEmpty { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(notes.errors.first?.message.contains("title") == true, "names the column the rows lack: \(notes.errors)")
        #expect(list.renderedText() == "## home\n   Milk  —  1")
        // One failure does not end the observation: once the query works, the list follows again,
        // including the row inserted while it failed.
        try await pool.write { try $0.execute(sql: "ALTER TABLE note RENAME COLUMN name TO title") }
        let want = "## home\n   Milk  —  1\n   Bread  —  2"
        for _ in 0..<400 where list.renderedText() != want { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(list.renderedText() == want)
        try await pool.write { try $0.execute(sql: "INSERT INTO note VALUES (3, 'work', 1, 'Report')") }
        for _ in 0..<400 where list.numberOfSections < 2 { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(list.renderedText() == want + "\n## work\n   Report  —  1")
        #expect(query.lastError == nil)
        query.stop()
    }

    @Test("rows that repeat an identifier are a typed error naming it")
    func duplicateRows() async throws {
        let (pool, directory) = try makeDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await pool.write { try $0.execute(sql: "INSERT INTO note VALUES (1, 'home', 1, 'Milk')") }
        let notes = try NoteQuery(on: pool, sql: "SELECT * FROM note UNION ALL SELECT * FROM note")
        for _ in 0..<200 where notes.errors.isEmpty { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(notes.errors.first?.stage == .snapshot)
        #expect(notes.errors.first?.message == "duplicate item identifier 1 at 0 - 0 and at 0 - 1")
    }
}
