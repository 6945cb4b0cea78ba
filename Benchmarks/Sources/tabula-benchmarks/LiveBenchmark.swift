import Foundation
import GRDB
import Tabula
import TabulaGRDB

struct BenchNote: ListRecord, Codable, Equatable {
    static let databaseTableName = "note"
    static let listOrdering = "folder, position, id"
    var id: Int64
    var folder: Int
    var position: Int
    var title: String
    var sectionKey: Int { folder }
    static func areInIncreasingOrder(_ a: BenchNote, _ b: BenchNote) -> Bool { (a.folder, a.position, a.id) < (b.folder, b.position, b.id) }
}

/// A temporary SQLite file with `rows` notes in 10 folders.
struct NoteDatabase {
    let folder: URL
    let pool: DatabasePool

    init(name: String, rows: Int) async {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabula-\(name)-\(getpid())")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        pool = try! DatabasePool(path: folder.appendingPathComponent("\(name).sqlite").path)
        try! await pool.write { db in
            try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, folder INTEGER NOT NULL, position INTEGER NOT NULL, title TEXT NOT NULL)")
            let statement = try db.makeStatement(sql: "INSERT INTO note VALUES (?, ?, ?, ?)")
            for id in 0..<rows { try statement.execute(arguments: [id, id % 10, id / 10, "Note \(id)"]) }
        }
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// The 1,000-row commit's median from the last ``liveBenchmark(runs:)``, for the Debug comparison.
@MainActor var liveThousandRowCommitMedian: Double?

/// Issue 6: with 100,000 rows, the time from a commit to the changeset being ready, against a full
/// reload of the 100,000 rows measured in the same run.
@MainActor
func liveBenchmark(runs: Int) async -> [String] {
    let rowCount = 100_000
    let database = await NoteDatabase(name: "bench", rows: rowCount)
    defer { database.remove() }
    let pool = database.pool

    // Full reload: fetch every row and build the snapshot, as a reloadData path would.
    let reload = measure(runs: runs) {
        let rows = try! pool.read { try BenchNote.fetchAll($0, sql: "SELECT * FROM note ORDER BY folder, position, id") }
        let grouped = Dictionary(grouping: rows, by: \.folder)
        blackHole(try! Snapshot(grouped.keys.sorted().map { Section($0, items: grouped[$0]!) }))
    }

    let (driver, view) = InstantView<Int, BenchNote>.driving()
    let list = DatabaseList<BenchNote>(writer: pool)
    try! await list.start(driving: driver)

    func commitToChangeset(rows: Int, iteration: Int) async -> Double {
        await withCheckedContinuation { (continuation: CheckedContinuation<Double, Never>) in
            let start = DispatchTime.now().uptimeNanoseconds
            view.onBatch = {
                view.onBatch = nil
                continuation.resume(returning: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            try! pool.write { db in
                for k in 0..<rows {
                    let id = (iteration * 7919 + k * 97) % rowCount
                    try db.execute(sql: "UPDATE note SET title = ? WHERE id = ?", arguments: ["Edited \(iteration)", id])
                }
            }
        }
    }

    var lines: [String] = []
    for rows in [1, 1_000] {
        var times: [Double] = []
        _ = await commitToChangeset(rows: rows, iteration: 0)  // warm-up
        for iteration in 1...runs { times.append(await commitToChangeset(rows: rows, iteration: iteration)) }
        times.sort()
        let median = times[times.count / 2]
        if rows == 1_000 { liveThousandRowCommitMedian = median }
        let ratio = median / reload.median
        print("live 100k rows, \(rows)-row commit → changeset ready: median \(format(median)) s; full reload of 100k rows median \(format(reload.median)) s → \(String(format: "%.3f", ratio))× a reload\(rows == 1 ? " (target < 0.1)" : "")")
        lines.append("live scenario=100k-rows commit_rows=\(rows) median_s=\(format(median)) reload_s=\(format(reload.median)) reload_ratio=\(String(format: "%.3f", ratio))")
    }
    list.stop()
    return lines
}
