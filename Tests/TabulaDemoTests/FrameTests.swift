import Testing
import TabulaDemoKit
import TabulaTerminal

@MainActor
@Suite("The demo's frame fits any window")
struct FrameTests {
    /// `text` without its terminal styles (escape sequences `ESC [ … m`).
    static func unstyled(_ text: String) -> String {
        var result = "", inEscape = false
        for character in text {
            if character == "\u{1B}" { inEscape = true } else if inEscape { inEscape = character != "m" } else { result.append(character) }
        }
        return result
    }

    @Test("from 1×1 to 80×24 the frame never has more lines than rows, and the title stays on top")
    func smallWindows() throws {
        let app = DemoApp(screens: DemoScreens())
        let page = try #require(app.currentPage)
        for columns in [1, 2, 3, 10, 80] {
            for rows in 1...8 {
                let frame = app.frame(page, columns: columns, rows: rows)
                #expect(frame.count == rows, "\(columns)×\(rows)")
                for line in frame {
                    #expect(Self.unstyled(line).displayWidth <= columns, "\(columns)×\(rows): \(Self.unstyled(line).debugDescription) is too wide")
                }
                if columns >= 8 { #expect(frame.first?.contains("Tabula") == true, "\(columns)×\(rows): title first") }
            }
        }
        let full = app.frame(page, columns: 80, rows: 24)
        #expect(full.count == 24)
        #expect(full[1].contains("───"))
        #expect(full.last?.contains("quit") == true, "help line at the bottom")
    }
}
