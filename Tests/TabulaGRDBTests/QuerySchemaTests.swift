import Foundation
import GRDB
import Testing
import Tabula
import TabulaGRDB

@MainActor
@Suite("TabulaGRDB: DatabaseQueryList after schema changes", .serialized)
struct QuerySchemaTests {
    func waitFor(_ condition: () -> Bool) async throws {
        for _ in 0..<400 where !condition() { try await Task.sleep(for: .milliseconds(5)) }
    }

    @Test("rows are never decoded with the column names of the schema before a change (read connections prepare with the old one)")
    func noStaleColumnNames() async throws {
        let (pool, directory) = try makeDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await pool.write { try $0.execute(sql: "INSERT INTO note VALUES (1, 'home', 1, 'Milk')") }
        let notes = try NoteQuery(on: pool) { $0.retryDelay = 0.01 }
        let (list, query) = (notes.list, notes.query)
        try await waitFor { list.numberOfSections == 1 }
        var snapshots: [Snapshot<String, Note>] = []
        query.onSnapshot = { snapshots.append($0) }
        try await pool.write { db in
            try db.execute(sql: "ALTER TABLE note RENAME COLUMN title TO name")
            try db.execute(sql: "INSERT INTO note VALUES (2, 'home', 2, 'Bread')")
        }
        // Several retries, on several read connections of the pool (waited for, not timed: the
        // retries back off, and a loaded machine runs them late).
        try await waitFor { notes.errors.count >= 3 }
        #expect(notes.errors.count >= 3)
        // (A value fetched before the change may still arrive: it has no row 2.)
        #expect(!snapshots.contains { $0.itemIdentifiers.contains(2) }, "the table has no title column: no row decodes")
        #expect(list.renderedText() == "## home\n   Milk  —  1")
        query.stop()
    }

    @Test("DROP TABLE is reported and the last good rows stay; a recreated table shows its own rows, empty or not")
    func droppedTable() async throws {
        let (pool, directory) = try makeDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await pool.write { try $0.execute(sql: "INSERT INTO note VALUES (1, 'home', 1, 'Milk'), (2, 'home', 2, 'Bread')") }
        let notes = try NoteQuery(on: pool)
        let (list, query) = (notes.list, notes.query)
        try await waitFor { list.numberOfSections == 1 }
        #expect(list.renderedText() == "## home\n   Milk  —  1\n   Bread  —  2")

        try await pool.write { try $0.execute(sql: "DROP TABLE note") }
        try await waitFor { !notes.errors.isEmpty }
        #expect(notes.errors.first?.message.contains("no such table: note") == true, "\(notes.errors)")
        #expect(query.lastError != nil)
        #expect(list.renderedText() == "## home\n   Milk  —  1\n   Bread  —  2", "the last good rows stay")

        // The table comes back empty: no row event, yet the list follows it.
        try await pool.write {
            try $0.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, folder TEXT NOT NULL, position INTEGER NOT NULL, title TEXT NOT NULL)")
        }
        try await waitFor { list.numberOfSections == 0 }
        #expect(list.renderedText() == "")
        #expect(query.lastError == nil)
        try await pool.write { try $0.execute(sql: "INSERT INTO note VALUES (7, 'work', 1, 'New')") }
        try await waitFor { list.numberOfSections == 1 }
        #expect(list.renderedText() == "## work\n   New  —  1")
        query.stop()
    }

    @Test("a column renamed in a commit that changes no row is reported")
    func renamedColumnAlone() async throws {
        let (pool, directory) = try makeDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await pool.write { try $0.execute(sql: "INSERT INTO note VALUES (1, 'home', 1, 'Milk')") }
        let notes = try NoteQuery(on: pool)
        let (list, query) = (notes.list, notes.query)
        try await waitFor { list.numberOfSections == 1 }
        try await pool.write { try $0.execute(sql: "ALTER TABLE note RENAME COLUMN title TO name") }
        try await waitFor { !notes.errors.isEmpty }
        #expect(notes.errors.first?.message.contains("title") == true, "\(notes.errors)")
        #expect(list.renderedText() == "## home\n   Milk  —  1")
        query.stop()
    }
}
