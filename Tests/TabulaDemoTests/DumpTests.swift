import Foundation
import Testing
import TabulaDemoKit

@MainActor
@Suite("tabula-demo screens")
struct DumpTests {
    @Test func settingsScreen() {
        #expect(DemoScreen.settings.plainText(width: 40) == """
            GENERAL
            ────────────
              Dark mode                        [off]
              Auto save                         [on]
              Language                             ›

            STATS
            ────────────
              Usage                           2 days
              (Counted since installation)
            """)
    }

    @Test func countriesScreen() {
        let lines = DemoScreen.countries.plainText(width: 40).split(separator: "\n").map(String.init)
        #expect(lines.first == "COUNTRIES")
        #expect(lines.count == 2 + CountryLoader.all.count)
        #expect(lines[2] == "  Argentina                 Buenos Aires")
        #expect(lines.contains("  Iceland                      Reykjavík"))
    }

    /// Runs the real binary, as a user would, when it has been built next to the tests.
    @Test func dumpCommand() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var candidates = [binary.appendingPathComponent("tabula-demo")]
        candidates.append(binary.deletingLastPathComponent().appendingPathComponent("tabula-demo"))
        candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug/tabula-demo"))
        guard let executable = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            Issue.record("tabula-demo was not built next to the tests; looked in \(candidates.map(\.path))")
            return
        }
        for screen in DemoScreen.allCases {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["--dump", screen.rawValue]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(String(decoding: data, as: UTF8.self) == screen.plainText() + "\n")
        }
        let bad = Process()
        bad.executableURL = executable
        bad.arguments = ["--dump", "nope"]
        bad.standardError = Pipe()
        try bad.run()
        bad.waitUntilExit()
        #expect(bad.terminationStatus == 64)
    }
}
