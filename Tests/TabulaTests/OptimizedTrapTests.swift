import Foundation
import Testing

/// What an app built with `-O` prints when it breaks a documented precondition. The tests run in
/// a Debug build, where every trap prints its message; in `-O`, `precondition` and
/// `preconditionFailure` drop theirs. So this test compiles Tabula's sources with `-O`, with a
/// small program that breaks the precondition, and reads what it prints (about 15 s).
@Suite("Traps in an optimised build")
struct OptimizedTrapTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    // Under a sanitizer it would check the same `swiftc -O` program again, which the sanitizer
    // does not instrument.
    @Test(
        "Snapshot(uncheckedUniqueSections:) names the repeated identifier in an -O build too",
        .disabled(if: underSanitizer, "the program checked is compiled apart, without the sanitizer"))
    func uncheckedInitMessageSurvivesOptimisation() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabula-O-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let main = folder.appendingPathComponent("main.swift")
        try """
            struct Row: Identifiable, Hashable, Sendable { var id: Int }
            let snapshot = Snapshot<String, Row>(uncheckedUniqueSections: [Section("a", items: [Row(id: 7), Row(id: 8), Row(id: 7)])])
            print("built a snapshot of \\(snapshot.numberOfItems) items")
            """.write(to: main, atomically: true, encoding: .utf8)
        let sources = try FileManager.default.subpathsOfDirectory(atPath: Self.root.appendingPathComponent("Sources/Tabula").path)
            .filter { $0.hasSuffix(".swift") }.map { Self.root.appendingPathComponent("Sources/Tabula").appendingPathComponent($0).path }
        let program = folder.appendingPathComponent("program").path
        // The C module the core imports, as SwiftPM describes it.
        let header = Self.root.appendingPathComponent("Sources/CTabulaMemory/include/CTabulaMemory.h").path
        try "module CTabulaMemory {\n    header \"\(header)\"\n    export *\n}\n"
            .write(to: folder.appendingPathComponent("module.modulemap"), atomically: true, encoding: .utf8)
        // One module, Tabula and the program together, as an app's release build optimises it.
        let build = try run(
            "swiftc", ["-O", "-wmo", "-swift-version", "6", "-module-name", "Tabula", "-package-name", "tabula", "-I", folder.path, "-o", program]
                + sources + [main.path])
        try #require(build.status == 0, "swiftc -O failed: \(build.output.suffix(2_000))")
        let (status, output) = try run(program, [])
        #expect(status != 0, "the program trapped")
        #expect(!output.contains("built a snapshot"))
        #expect(output.contains("Snapshot(uncheckedUniqueSections:) was given non-unique data: duplicate item identifier 7 at 0 - 0 and at 0 - 2"),
                "the message names the identifier and both positions: \(output.prefix(1_000))")
    }
}
