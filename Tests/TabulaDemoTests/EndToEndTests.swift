import Foundation
import Testing
import TabulaTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let down = "\u{1B}[B", escape = "\u{1B}", enter = "\r"

/// The real binary in a pseudo-terminal: navigation, selection, search, back, quit, resize, and the
/// terminal restored afterwards.
@Suite("tabula-demo in a terminal", .serialized)
struct EndToEndTests {
    @Test func navigateSelectSearchBackQuit() throws {
        let executable = try #require(demoExecutable(), "build tabula-demo first (swift build)")
        let terminal = try PseudoTerminal(executable: executable, columns: 80, rows: 20)
        terminal.collect(for: 1.0)
        #expect(terminal.screen.contains("Tabula — one snapshot, every view"))
        #expect(terminal.screen.contains("▸ Countries — one data provider"))

        // Countries: j moves the cursor.
        terminal.send(enter)
        #expect(terminal.screen.contains("▸ Argentina"))
        terminal.send("j")
        #expect(terminal.screen.contains("▸ Australia"))
        terminal.send(escape)
        #expect(terminal.screen.contains("Screens".uppercased()))

        // Settings: a switch toggles and stays toggled; the narrower screen shares the data source.
        terminal.send(down + enter)
        #expect(terminal.screen.contains("Dark mode") && terminal.screen.contains("[off]"))
        terminal.send(enter)
        #expect(terminal.screen.components(separatedBy: "\n").contains { $0.contains("Dark mode") && $0.contains("[on]") })
        terminal.send(down + down + enter)
        #expect(terminal.screen.contains("Settings › Language"))
        terminal.send(down + down + enter)
        #expect(terminal.screen.components(separatedBy: "\n").contains { $0.contains("Deutsch") && $0.contains("[on]") })
        terminal.send(escape)
        #expect(terminal.screen.components(separatedBy: "\n").contains { $0.contains("Language") && $0.contains("Deutsch") })
        #expect(terminal.screen.components(separatedBy: "\n").contains { $0.contains("Dark mode") && $0.contains("[on]") })
        terminal.send(escape)

        // Events: search narrows the list; a query matching nothing shows the empty state.
        terminal.send(down + enter)
        #expect(terminal.screen.contains("Team lunch"))
        terminal.send("/party")
        #expect(terminal.screen.contains("Release party") && !terminal.screen.contains("Team lunch"))
        terminal.send("\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}zzz")
        #expect(terminal.screen.contains("No events match “zzz”"))
        terminal.send(enter + escape)

        // User search: results arrive asynchronously; Enter opens the repositories.
        terminal.send(down + enter)
        terminal.send("/ken", wait: 1.0)
        #expect(terminal.screen.contains("Ken Thompson"))
        terminal.send(enter + enter, wait: 1.0)
        #expect(terminal.screen.contains("ken-project-1"))
        terminal.send(escape + escape)

        // Resizing re-lays the screen out.
        terminal.resize(columns: 50, rows: 12)
        terminal.collect(for: 0.5)
        let rule = terminal.screen.components(separatedBy: "\n").first { $0.contains("───") } ?? ""
        #expect(rule.trimmingCharacters(in: .whitespaces).count == 48)

        terminal.send("q", wait: 0.2)
        #expect(terminal.waitForExit(seconds: 3))
        #expect(terminal.process.terminationStatus == 0)
        #expect(terminal.output.hasSuffix("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"), "raw mode off, cursor shown, main screen back")
    }

    @Test("the live database screen changes by itself as the background writer commits")
    func liveDatabase() throws {
        let executable = try #require(demoExecutable())
        let terminal = try PseudoTerminal(executable: executable, columns: 70, rows: 24)
        terminal.collect(for: 0.8)
        terminal.send("\u{1B}[F" + enter, wait: 1.0)
        let first = terminal.screen
        #expect(first.contains("Live database") && first.contains("Ship Tabula 0.1"))
        // The writer commits every 0.7 s; under ThreadSanitizer, with the suite running beside it,
        // a change took longer than 2.5 s to show once in CI's run.
        terminal.collect(upTo: 10) { terminal.screen != first }
        #expect(terminal.screen != first, "rows changed while we watched")
        terminal.send("q", wait: 0.2)
        #expect(terminal.waitForExit(seconds: 3))
    }

    @Test func ctrlCRestoresTheTerminal() throws {
        let executable = try #require(demoExecutable())
        let keyed = try PseudoTerminal(executable: executable)
        keyed.collect(for: 0.8)
        keyed.send("\u{03}", wait: 0.2)
        #expect(keyed.waitForExit(seconds: 3))
        #expect(keyed.output.contains("\u{1B}[?25h\u{1B}[?1049l"))
    }

    @Test("SIGTERM, SIGUSR1 and SIGQUIT restore the terminal before the signal takes its course")
    func signalsRestoreTheTerminal() throws {
        let executable = try #require(demoExecutable())
        for signalNumber in [SIGTERM, SIGUSR1, SIGQUIT] {
            let terminal = try PseudoTerminal(executable: executable)
            terminal.collect(for: 0.8)
            kill(terminal.process.processIdentifier, signalNumber)
            #expect(terminal.waitForExit(seconds: 5))
            #expect(terminal.process.terminationReason == .uncaughtSignal)
            #expect(terminal.output.contains("\u{1B}[?25h\u{1B}[?1049l"), "signal \(signalNumber): restored")
        }
    }

    @Test("SIGTSTP leaves the alternate screen; SIGCONT comes back to it and redraws")
    func suspendAndContinue() throws {
        let executable = try #require(demoExecutable())
        let terminal = try PseudoTerminal(executable: executable)
        terminal.collect(for: 0.8)
        let before = terminal.output.count
        kill(terminal.process.processIdentifier, SIGTSTP)
        terminal.collect(for: 0.5)
        let suspended = String(terminal.output.dropFirst(before))
        #expect(suspended.contains("\u{1B}[?25h\u{1B}[?1049l"), "main screen back while stopped")
        kill(terminal.process.processIdentifier, SIGCONT)
        terminal.collect(for: 0.8)
        let resumed = String(terminal.output.dropFirst(before))
        #expect(resumed.contains("\u{1B}[?1049h"), "alternate screen again")
        #expect(terminal.screen.contains("Tabula — one snapshot, every view"), "redrawn")
        terminal.send("q", wait: 0.2)
        try #require(terminal.waitForExit(seconds: 3))
        #expect(terminal.process.terminationStatus == 0)
    }

    @Test("an escape sequence split across reads is one key, not Esc; a lone Esc is still Esc")
    func splitEscapeSequences() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [] && decoder.hasPending)
        #expect(decoder.feed(Array("[B".utf8)) == [.down])
        #expect(decoder.feed(Array("j\u{1B}[".utf8)) == [.character("j")])
        #expect(decoder.feed(Array("5".utf8)) == [])
        #expect(decoder.feed(Array("~k".utf8)) == [.pageUp, .character("k")])
        #expect(decoder.feed(Array("\u{1B}O".utf8)) == [])
        #expect(decoder.feed(Array("A".utf8)) == [.up])
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.flush() == [.escape], "nothing followed: a lone Esc")
        #expect(decoder.feed(Array("\u{1B}[1;5A".utf8)) == [], "an unknown complete sequence is ignored, not Esc")
        let e = Array("é".utf8)
        #expect(decoder.feed([e[0]]) == [] && decoder.feed([e[1]]) == [.character("é")])
        // Every way of cutting a burst of arrow keys decodes to the same keys.
        let burst = Array(String(repeating: "\u{1B}[B", count: 5).utf8) + Array("\u{1B}[A".utf8)
        for cut in 0...burst.count {
            var split = KeyDecoder()
            let keys = split.feed(Array(burst[..<cut])) + split.feed(Array(burst[cut...]))
            #expect(keys == [.down, .down, .down, .down, .down, .up], "cut at \(cut)")
        }
    }

    @Test func keysDecode() {
        #expect(Terminal.decode(Array("\u{1B}[A\u{1B}[B\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F".utf8)) == [.up, .down, .pageUp, .pageDown, .home, .end])
        #expect(Terminal.decode(Array("jk/\r\u{7F}\u{1B}".utf8)) == [.character("j"), .character("k"), .character("/"), .enter, .backspace, .escape])
        #expect(Terminal.decode(Array("é".utf8)) == [.character("é")])
        #expect(Terminal.decode([0x03]) == [.interrupt])
    }
}
