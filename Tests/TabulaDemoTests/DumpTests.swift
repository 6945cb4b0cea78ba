import Foundation
import Testing
import TabulaDemoKit
import TabulaExamples

/// `tabula-demo --dump SCREEN` for every screen, as a user runs it.
@MainActor
@Suite("tabula-demo --dump")
struct DumpTests {
    func dump(_ arguments: [String]) throws -> (status: Int32, text: String) {
        let executable = try #require(demoExecutable(), "build tabula-demo first (swift build)")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func settings() throws {
        let (status, text) = try dump(["--dump", "settings"])
        #expect(status == 0)
        #expect(text == """
            Settings
            ════════════
            GENERAL
            ▸ Dark mode                                            [off]
              Auto save                                            [on] \("")
              Language                                        English  ›

            STATS
              Usage                                               2 days
              Counted since installation

            """)
    }

    @Test func chat() throws {
        let (status, text) = try dump(["--dump", "chat"])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(status == 0)
        #expect(lines.prefix(2) == ["Chat", "════════════"])
        #expect(lines.count == 2 + 20, "the newest page, loaded before the dump")
        #expect(lines.last?.hasPrefix("▸ Ada: ") == true && lines.last?.hasSuffix("#20") == true)
    }

    @Test func countries() throws {
        let (status, text) = try dump(["--dump", "countries"])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(status == 0)
        #expect(lines.prefix(3) == ["Countries", "════════════", "COUNTRIES"])
        #expect(lines.count == 3 + Countries.all.count)
        #expect(lines.contains { $0.hasPrefix("  Iceland ") && $0.hasSuffix(" Reykjavík") && $0.count == 60 })
    }

    @Test func events() throws {
        let (_, text) = try dump(["--dump", "events"])
        #expect(text.contains("🔍 Search events"))
        #expect(text.contains("★ SWIFT MEETUP"))
        #expect(text.contains("+ Add event"))
        #expect(text.components(separatedBy: "\n").filter { $0.contains("›") }.count == 3)
    }

    @Test func search() throws {
        let (_, text) = try dump(["--dump", "search"])
        #expect(text.hasPrefix("User search\n"))
        #expect(text.contains("/ to search"))
        #expect(text.contains("Press / and type a name: 10 people to find"))
    }

    @Test func mixed() throws {
        let (_, text) = try dump(["--dump", "mixed"])
        #expect(text.contains("PICTURES") && text.contains("NOTES"))
        #expect(text.contains("★ 🖼  SUNRISE") && text.contains("picture cell"))
        #expect(text.contains("  and from the class otherwise"))
    }

    @Test func observed() throws {
        let (status, text) = try dump(["--dump", "observed"])
        #expect(status == 0)
        #expect(text.contains("ALL CHORES") && text.contains("Call the plumber"))
    }

    @Test func live() throws {
        let (status, text) = try dump(["--dump", "live"])
        #expect(status == 0)
        #expect(text.hasPrefix("Live database\n"))
        #expect(text.contains("DONE") && text.contains("LATER") && text.contains("TODAY"))
        #expect(text.contains("Ship Tabula 0.1") && text.contains("Water the plants"))
    }

    @Test func badArguments() throws {
        let unknown = try dump(["--dump", "nope"])
        #expect(unknown.status == 64)
        #expect(unknown.text.contains("unknown screen 'nope'"), "names the bad screen: \(unknown.text)")
        #expect(unknown.text.contains("settings"), "and lists the good ones")
        #expect(try dump(["--frobnicate"]).status == 64)
        let (status, text) = try dump([])
        #expect(status == 0, "not a terminal: prints every screen")
        for screen in DemoScreen.allCases { #expect(text.contains(screen == .search ? "User search" : screen.rawValue.capitalized.prefix(5))) }
    }
}
