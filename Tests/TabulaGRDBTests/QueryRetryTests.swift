import Foundation
import GRDB
import Testing
import Tabula
import TabulaGRDB

@MainActor
@Suite("TabulaGRDB: DatabaseQueryList retries a failing query with bounded back-off", .serialized)
struct QueryRetryTests {
    /// Starts a query on a table that does not exist, with `delay` as the retry delay, lets it fail
    /// for a while and stops it. Returns how many errors were reported.
    static func failFor(seconds: Double, retryDelay delay: Double) async throws -> (errors: Int, retryDelay: Double) {
        let (pool, directory) = try makeDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (_, adapter) = try makeList()
        let query = DatabaseQueryList<String, Note>(reader: pool, sql: "SELECT * FROM missing", section: \.folder)
        query.retryDelay = delay
        var errors = 0
        query.onError = { _ in errors += 1 }
        query.start(driving: adapter.driver)
        try await Task.sleep(for: .seconds(seconds))
        // A loaded machine (or a sanitizer) may not have run the first failing fetch yet: wait
        // for it, up to five seconds more.
        for _ in 0..<500 where errors == 0 { try await Task.sleep(for: .milliseconds(10)) }
        query.stop()
        return (errors, query.retryDelay)
    }

    @Test("a retry delay too large for a timer (1e12 s, infinity) or not a number is taken into the documented range, not a crash",
          arguments: ["1e12", "inf", "-inf", "nan", "-1"])
    func outOfRangeDelays(_ delay: String) async throws {
        // In a child process: before the fix, the first failed re-run trapped. (The delay is
        // passed as text: infinity and NaN have no JSON form.)
        await #expect(processExitsWith: .success) { [delay] in
            let (errors, kept) = try await QueryRetryTests.failFor(seconds: 0.2, retryDelay: Double(delay)!)
            guard errors >= 1, errors <= 10, DatabaseQueryList<String, Note>.retryDelayRange.contains(kept) else { exit(1) }
        }
    }

    @Test("each setting is read back inside the range")
    func clamped() {
        let (pool, _) = try! makeDatabase()
        let query = DatabaseQueryList<String, Note>(reader: pool, sql: "SELECT * FROM note", section: \.folder)
        let range = DatabaseQueryList<String, Note>.retryDelayRange
        #expect(query.retryDelay == 0.05)
        query.retryDelay = 1e12
        #expect(query.retryDelay == range.upperBound)
        query.retryDelay = .infinity
        #expect(query.retryDelay == range.upperBound)
        query.retryDelay = 1e-9
        #expect(query.retryDelay == range.lowerBound)
        query.retryDelay = -3
        #expect(query.retryDelay == range.lowerBound)
        query.retryDelay = .nan
        #expect(query.retryDelay == 0.05, "not a number: the default")
        query.retryDelay = 0.2
        #expect(query.retryDelay == 0.2)
    }

    @Test("a tiny retry delay does not flood onError: retries back off exponentially")
    func tinyDelayBacksOff() async throws {
        let (errors, delay) = try await Self.failFor(seconds: 1, retryDelay: 1e-9)
        #expect(delay == DatabaseQueryList<String, Note>.retryDelayRange.lowerBound)
        // 10 ms, then 20, 40, 80, 160, 320, 320 ms...: about 8 attempts in a second.
        #expect(errors >= 3 && errors <= 12, "\(errors) error callbacks in one second")
    }
}
