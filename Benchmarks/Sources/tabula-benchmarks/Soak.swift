import Foundation
import GRDB
import Tabula
import TabulaGRDB

#if canImport(Glibc)
    import Glibc
#endif

/// Resident memory in MB, after handing freed pages back to the system (Linux; `nil` elsewhere).
func residentMegabytes() -> Double? {
    #if os(Linux)
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            typealias Trim = @convention(c) (Int) -> Int32
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        }
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return line.split(separator: " ").compactMap { Double($0) }.first.map { $0 / 1024 }
        }
        return nil
    #else
        return nil
    #endif
}

struct SoakRow: Identifiable, Equatable, Sendable {
    var id: Int
    var value: Int
}

/// A view that completes every batch at once, as a view outside a window animates nothing.
/// `onBatch` runs when a batch reaches it: the moment a changeset is ready on screen.
@MainActor
final class InstantView<SectionID: Hashable & Sendable, Item: Identifiable & Sendable>: ListViewUpdating where Item.ID: Sendable {
    weak var driver: ListDriver<SectionID, Item>?
    var counts: [Int] = []
    var batches = 0
    var onBatch: (() -> Void)?
    var flavor: ListFlavor { .table }
    var canAnimateUpdates: Bool { true }
    func displayedItemCounts() -> [Int] { counts }
    func reloadData() { counts = driver?.snapshot.sections.map(\.items.count) ?? [] }
    /// A driver with a new instant view attached (the driver holds its view weakly: keep both).
    static func driving() -> (ListDriver<SectionID, Item>, InstantView) where Item: Equatable {
        let driver = ListDriver<SectionID, Item>()
        let view = InstantView()
        view.driver = driver
        driver.view = view
        return (driver, view)
    }

    func performBatchUpdates(_ update: BatchUpdate, animated: Bool, updateData: () -> Void, completion: @escaping @MainActor () -> Void) {
        updateData()
        counts = driver?.snapshot.sections.map(\.items.count) ?? []
        batches += 1
        onBatch?()
        completion()
    }
}

func soakLine(_ name: String, updates: Int, start: Double?, end: Double?, seconds: Double) -> String {
    let startText = start.map { String(format: "%.1f", $0) } ?? "n/a"
    let endText = end.map { String(format: "%.1f", $0) } ?? "n/a"
    let ratioText = (start.flatMap { s in end.map { String(format: "%.2f", $0 / s) } }) ?? "n/a"
    return "soak scenario=\(name) updates=\(updates) rss_start_mb=\(startText) rss_end_mb=\(endText) rss_ratio=\(ratioText) seconds=\(String(format: "%.1f", seconds)) config=release-O"
}

/// Runs `update(n)` for n from 1 to `updates`, the first 1,000 as a warm-up (the allocator reaches
/// its working set), and prints and returns the line of the memory before and after the rest.
@MainActor
func soakRun(_ name: String, updates: Int, update: (Int) -> Void) -> String {
    for n in 1...1_000 { update(n) }
    let start = residentMegabytes()
    let clock = DispatchTime.now().uptimeNanoseconds
    for n in 1_001...updates { update(n) }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - clock) / 1e9
    let line = soakLine(name, updates: updates, start: start, end: residentMegabytes(), seconds: seconds)
    print(line)
    return line
}

/// Issue 11: memory stays flat over long runs. 100,000 one-row updates to a 10,000-row list through
/// the apply pipeline, 100,000 new lists built against the one shown, and 20,000 commits to a live
/// 1,000-row SQLite table through `DatabaseList`.
@MainActor
func soakBenchmarks(quick: Bool) async -> [String] {
    var lines: [String] = []

    // 1. The pipeline: every update is diffed and applied; nothing may accumulate.
    do {
        let rows = 10_000, updates = quick ? 10_000 : 100_000
        let (driver, view) = InstantView<Int, SoakRow>.driving()
        defer { withExtendedLifetime(view) {} }
        var current = try! Snapshot([Section(0, items: (0..<rows).map { SoakRow(id: $0, value: 0) })])
        driver.applyUsingReloadData(current, completion: nil)
        func update(_ n: Int) {
            let id = (n &* 7919) % rows
            try! current.updateItems([SoakRow(id: id, value: n)])
            driver.apply(current, completion: nil)
        }
        lines.append(soakRun("one-row-updates-10k-rows", updates: updates, update: update))
        precondition(view.batches == updates, "every update reached the view")
    }

    // 2. The app's path for a new list: built against the driver's snapshot (the index carried
    // over with its rows pending, and the diff taking what the build found), one item changed,
    // one inserted and one deleted an update.
    do {
        let rows = 10_000, updates = quick ? 10_000 : 100_000
        let (driver, view) = InstantView<Int, SoakRow>.driving()
        defer { withExtendedLifetime(view) {} }
        var items = (0..<rows).map { SoakRow(id: $0, value: 0) }
        driver.applyUsingReloadData(try! Snapshot([Section(0, items: items)]), completion: nil)
        var nextID = rows
        func update(_ n: Int) {
            items[(n &* 7919) % items.count].value = n
            items.remove(at: (n &* 104_729) % items.count)
            items.insert(SoakRow(id: nextID, value: 0), at: (n &* 1_299_709) % (items.count + 1))
            nextID += 1
            driver.apply(try! Snapshot([Section(0, items: items)], updating: driver.latestSnapshot), completion: nil)
        }
        lines.append(soakRun("updating-builds-10k-rows", updates: updates, update: update))
        precondition(view.batches == updates, "every update reached the view")
        precondition(driver.latestSnapshot.itemIdentifiers == items.map(\.id), "the driver shows the last list")
    }

    // 3. Live data: commits merged into the screen, with the list settling now and then.
    do {
        let rows = 1_000, commits = quick ? 4_000 : 20_000
        let database = await NoteDatabase(name: "soak", rows: rows)
        defer { database.remove() }
        let pool = database.pool
        let (driver, view) = InstantView<Int, BenchNote>.driving()
        defer { withExtendedLifetime(view) {} }
        let list = DatabaseList<BenchNote>(writer: pool)
        try! await list.start(driving: driver)
        func commit(_ n: Int) async {
            let id = (n &* 7919) % rows
            try! await pool.write { try $0.execute(sql: "UPDATE note SET title = ?, position = ? WHERE id = ?", arguments: ["Edit \(n)", n % 500, id]) }
            if n % 50 == 0 { try! await list.settle() }
        }
        for n in 1...1_000 { await commit(n) }
        try! await list.settle()
        let start = residentMegabytes()
        let clock = DispatchTime.now().uptimeNanoseconds
        for n in 1_001...commits { await commit(n) }
        try! await list.settle()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - clock) / 1e9
        let end = residentMegabytes()
        list.stop()
        let line = soakLine("commits-live-1k-rows", updates: commits, start: start, end: end, seconds: seconds)
        print(line)
        lines.append(line)
    }
    return lines
}
