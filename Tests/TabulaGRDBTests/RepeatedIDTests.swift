import Foundation
import GRDB
import Testing
import Tabula
import TabulaGRDB

/// A table whose `id` is not the rowid, and is not unique: two rows can claim the same record.
let repeatableIDs = "CREATE TABLE note (id INTEGER NOT NULL, folder TEXT NOT NULL, position INTEGER NOT NULL, title TEXT NOT NULL)"

@MainActor
@Suite("TabulaGRDB: a commit that repeats a record id", .serialized)
struct RepeatedIDTests {
    @Test("by default the repeat is a typed error naming the id and both rowids; the earlier row stays, and is still there once the repeat goes")
    func rejectedRepeat() async throws {
        let (pool, directory) = try makeDatabase(schema: repeatableIDs)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await pool.write { try $0.execute(sql: "INSERT INTO note (rowid, id, folder, position, title) VALUES (1, 500, 'home', 1, 'Earlier')") }
        let (list, adapter) = try makeList()
        let database = DatabaseList<Note>(writer: pool)
        #expect(database.duplicatePolicy == .reject)
        var errors: [DatabaseListError] = []
        database.onError = { errors.append($0) }
        try await database.start(driving: adapter.driver)

        try await pool.write { try $0.execute(sql: "INSERT INTO note (rowid, id, folder, position, title) VALUES (2, 500, 'home', 2, 'Repeat')") }
        let error = await #expect(throws: DatabaseListError.self) { try await database.settle() }
        #expect(error?.stage == .repeatedID)
        #expect(error?.rowIDs == [1, 2])
        #expect(error?.message.contains("id 500") == true, "\(String(describing: error?.message))")
        #expect(errors == (error.map { [$0] } ?? []), "reported once, through onError too")
        #expect(list.renderedText() == "## home\n   Earlier  —  1")

        // Another commit does not hide the problem while the repeat is still in the table.
        try await pool.write { try $0.execute(sql: "INSERT INTO note (rowid, id, folder, position, title) VALUES (3, 600, 'home', 3, 'Other')") }
        await #expect(throws: DatabaseListError.self) { try await database.settle() }
        #expect(database.lastError?.stage == .repeatedID)

        try await pool.write { try $0.execute(sql: "DELETE FROM note WHERE rowid = 2") }
        try await database.settle()
        #expect(list.renderedText() == "## home\n   Earlier  —  1\n   Other  —  3")
        #expect(database.lastError == nil)
        database.stop()
    }

    @Test("when the earlier row goes, the repeat is shown in its place; an edit of the hidden row is kept")
    func earlierRowGoes() async throws {
        let (pool, directory) = try makeDatabase(schema: repeatableIDs)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await pool.write { try $0.execute(sql: "INSERT INTO note (rowid, id, folder, position, title) VALUES (1, 500, 'home', 1, 'Earlier')") }
        let (list, adapter) = try makeList()
        let database = DatabaseList<Note>(writer: pool)
        try await database.start(driving: adapter.driver)
        try await pool.write { try $0.execute(sql: "INSERT INTO note (rowid, id, folder, position, title) VALUES (2, 500, 'work', 2, 'Repeat')") }
        await #expect(throws: DatabaseListError.self) { try await database.settle() }
        try await pool.write { try $0.execute(sql: "UPDATE note SET title = 'Repeat, edited' WHERE rowid = 2") }
        await #expect(throws: DatabaseListError.self) { try await database.settle() }
        try await pool.write { try $0.execute(sql: "DELETE FROM note WHERE rowid = 1") }
        try await database.settle()
        #expect(list.renderedText() == "## work\n   Repeat, edited  —  2")
        #expect(shown(list) == (try expected(pool)))
        #expect(database.lastError == nil)
        database.stop()
    }

    @Test("a row whose id changes to one already shown is a repeat; changing it back shows both again")
    func idChangedOntoAnother() async throws {
        let (pool, directory) = try makeDatabase(schema: repeatableIDs)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await pool.write { try $0.execute(sql: "INSERT INTO note (rowid, id, folder, position, title) VALUES (1, 500, 'home', 1, 'A'), (2, 600, 'home', 2, 'B')") }
        let (list, adapter) = try makeList()
        let database = DatabaseList<Note>(writer: pool)
        try await database.start(driving: adapter.driver)
        try await pool.write { try $0.execute(sql: "UPDATE note SET id = 500 WHERE rowid = 2") }
        let error = await #expect(throws: DatabaseListError.self) { try await database.settle() }
        #expect(error?.rowIDs == [1, 2])
        #expect(list.renderedText() == "## home\n   A  —  1")
        try await pool.write { try $0.execute(sql: "UPDATE note SET id = 600 WHERE rowid = 2") }
        try await database.settle()
        #expect(list.renderedText() == "## home\n   A  —  1\n   B  —  2")
        database.stop()
    }

    @Test("repeats already in the table at start: the list starts, shows the earlier rows and reports the rest")
    func repeatsAtStart() async throws {
        let (pool, directory) = try makeDatabase(schema: repeatableIDs)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await pool.write { db in
            try db.execute(sql: "INSERT INTO note (rowid, id, folder, position, title) VALUES (1, 500, 'home', 1, 'A'), (2, 500, 'home', 2, 'A twin'), (3, 700, 'home', 3, 'C')")
        }
        let (list, adapter) = try makeList()
        let database = DatabaseList<Note>(writer: pool)
        try await database.start(driving: adapter.driver)
        #expect(database.lastError?.stage == .repeatedID && database.lastError?.rowIDs == [1, 2])
        #expect(list.renderedText() == "## home\n   A  —  1\n   C  —  3")
        try await pool.write { try $0.execute(sql: "DELETE FROM note WHERE rowid = 1") }
        try await database.settle()
        #expect(list.renderedText() == "## home\n   A twin  —  2\n   C  —  3")
        database.stop()
    }

    @Test("duplicatePolicy .keepLast shows the row with the larger rowid and reports nothing; .keepFirst the smaller", arguments: [DuplicatePolicy.keepFirst, .keepLast])
    func keepPolicies(_ policy: DuplicatePolicy) async throws {
        let (pool, directory) = try makeDatabase(schema: repeatableIDs)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await pool.write { try $0.execute(sql: "INSERT INTO note (rowid, id, folder, position, title) VALUES (1, 500, 'home', 1, 'Earlier')") }
        let (list, adapter) = try makeList()
        let database = DatabaseList<Note>(writer: pool, duplicatePolicy: policy)
        try await database.start(driving: adapter.driver)
        try await pool.write { try $0.execute(sql: "INSERT INTO note (rowid, id, folder, position, title) VALUES (2, 500, 'home', 2, 'Repeat')") }
        try await database.settle()
        #expect(list.renderedText() == (policy == .keepLast ? "## home\n   Repeat  —  2" : "## home\n   Earlier  —  1"))
        #expect(database.lastError == nil)
        try await pool.write { try $0.execute(sql: "DELETE FROM note WHERE rowid = 2") }
        try await database.settle()
        #expect(list.renderedText() == "## home\n   Earlier  —  1", "the earlier row is back")
        database.stop()
    }
}
