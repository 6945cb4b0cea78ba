import Foundation
import GRDB
import Tabula
import TabulaDemoKit
import TabulaGRDB
import TabulaTerminal

/// A row of the live screen's SQLite table: a to-do item.
struct Todo: ListRecord, Codable, Hashable {
    static let databaseTableName = "todo"
    static let listOrdering = "list, position, id"
    var id: Int64
    var list: String
    var position: Int
    var title: String
    var sectionKey: String { list }
    static func areInIncreasingOrder(_ a: Todo, _ b: Todo) -> Bool { (a.list, a.position, a.id) < (b.list, b.position, b.id) }
    static func sectionTitle(for key: String) -> String? { key.capitalized }
}

/// The live database screen: a SQLite file in a temporary folder, shown through `DatabaseList`,
/// while a background writer inserts, deletes, edits and moves rows.
@MainActor
final class GRDBLiveSource: LiveSource {
    func makePage() -> any DemoPage {
        let cells = CellConfigurators<Todo> {
            CellConfigurator.content { CellContent(text: $0.title, secondaryText: "#\($0.id)") }
        }
        let page = try! ListPage<String, Todo>(title: "Live database", cells: cells)
        page.isLoading = true
        page.extraHelp = "rows change by themselves"
        do {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabula-demo-\(getpid())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let pool = try DatabasePool(path: folder.appendingPathComponent("live.sqlite").path)
            try pool.write { db in
                try db.execute(sql: "DROP TABLE IF EXISTS todo")
                try db.execute(sql: "CREATE TABLE todo (id INTEGER PRIMARY KEY, list TEXT NOT NULL, position INTEGER NOT NULL, title TEXT NOT NULL)")
                let starting = [("today", "Water the plants"), ("today", "Call Ada"), ("today", "Review pull request"),
                            ("later", "Book flights"), ("later", "Read SE-0413"), ("done", "Ship Tabula 0.1")]
                for (index, row) in starting.enumerated() {
                    try db.execute(sql: "INSERT INTO todo VALUES (?, ?, ?, ?)", arguments: [index + 1, row.0, index, row.1])
                }
            }
            let database = DatabaseList<Todo>(writer: pool)
            LiveSession.current = LiveSession(pool: pool, database: database, folder: folder)
            let driver = page.list.driver
            Task { @MainActor in
                do {
                    try await database.start(driving: driver)
                } catch {
                    page.show(try! Snapshot([Section("error", header: "Error", items: [])]))
                }
                page.isLoading = false
                LiveSession.current?.startWriter()
            }
        } catch {
            page.isLoading = false
        }
        return page
    }
}

/// Keeps the live screen's database and writer alive while the demo runs.
@MainActor
final class LiveSession {
    static var current: LiveSession?
    let pool: DatabasePool
    let database: DatabaseList<Todo>
    let folder: URL
    private var writer: Task<Void, Never>?

    init(pool: DatabasePool, database: DatabaseList<Todo>, folder: URL) {
        self.pool = pool
        self.database = database
        self.folder = folder
    }

    /// Every 0.7 s: insert, delete, edit or move a row, in a background task.
    func startWriter() {
        let pool = self.pool
        writer = Task.detached {
            let lists = ["today", "later", "done"]
            let titles = ["Plan sprint", "Fix flaky test", "Write docs", "Pair with Grace", "Refill coffee", "Tidy inbox"]
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(700))
                try? await pool.write { db in
                    let ids = try Int64.fetchAll(db, sql: "SELECT id FROM todo")
                    switch Int.random(in: 0..<4) {
                    case 0 where ids.count < 14, 1 where ids.count < 4:
                        let next = (try Int64.fetchOne(db, sql: "SELECT max(id) FROM todo") ?? 0) + 1
                        try db.execute(sql: "INSERT INTO todo VALUES (?, ?, ?, ?)",
                                       arguments: [next, lists.randomElement()!, Int.random(in: 0..<20), titles.randomElement()!])
                    case 1:
                        try db.execute(sql: "DELETE FROM todo WHERE id = ?", arguments: [ids.randomElement()!])
                    case 2:
                        try db.execute(sql: "UPDATE todo SET title = title || ' ✎' WHERE id = ?", arguments: [ids.randomElement()!])
                    default:
                        try db.execute(sql: "UPDATE todo SET list = ?, position = ? WHERE id = ?",
                                       arguments: [lists.randomElement()!, Int.random(in: 0..<20), ids.randomElement()!])
                    }
                }
            }
        }
    }

    deinit { writer?.cancel() }
}

@MainActor
func makeLiveSource() -> (any LiveSource)? { GRDBLiveSource() }
