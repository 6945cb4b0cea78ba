import Tabula
import TabulaDemoKit
import TabulaTerminal
import Testing

@MainActor
@Suite("Terminal text is measured in columns, not characters")
struct DisplayWidthTests {
    @Test("wide, emoji, combining and narrow text", arguments: [
        ("abc", 3), ("Français", 8), ("日本語", 6), ("한국어", 6), ("ｱｲｳ", 3), ("ＡＢ", 4), ("。", 2),
        ("👍", 2), ("👍🏽", 2), ("👩‍💻", 2), ("👨‍👩‍👧‍👦", 2), ("🇯🇵", 2), ("❤", 1), ("❤️", 2), ("1️⃣", 2), ("⌚", 2), ("⌚︎", 1),
        ("e\u{301}", 1), ("Cafe\u{301}", 4), ("a\u{301}\u{302}\u{303}", 1), ("\u{301}", 0), ("\u{200B}", 0), ("\u{1B}", 0),
        ("ᄀ\u{1161}", 2), ("日本語 👍🏽 e\u{301}", 11),
    ])
    func widths(_ text: String, _ columns: Int) {
        #expect(text.displayWidth == columns, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test("a prefix never splits a wide character or a cluster, and never exceeds the columns")
    func prefixes() {
        #expect("日本語".prefix(columns: 4) == "日本")
        #expect("日本語".prefix(columns: 5) == "日本")
        #expect("日本語".prefix(columns: 1) == "")
        #expect("a👍🏽b".prefix(columns: 2) == "a")
        #expect("a👍🏽b".prefix(columns: 3) == "a👍🏽")
        #expect("e\u{301}te\u{301}".prefix(columns: 1) == "e\u{301}")
        #expect("abc".prefix(columns: -1) == "")
        for text in ["日本語のテキスト", "👩‍💻👩‍💻👩‍💻", "Cafe\u{301} crème"] {
            for columns in 0...12 { #expect(text.prefix(columns: columns).displayWidth <= columns) }
        }
    }

    func cell(_ content: CellContent) -> TerminalCell {
        let cell = TerminalCell(reuseIdentifier: "cell")
        cell.apply(content)
        return cell
    }

    @Test("a row is padded and cut by columns: its trailing text ends at the edge", arguments: [
        "日本語", "English", "👍🏽 Thumbs", "👩‍💻 Developer", "Cafe\u{301} crème", "한국어",
    ])
    func padding(_ text: String) {
        let line = cell(CellContent(text: text, accessory: .toggle(isOn: false))).line(width: 30)
        #expect(line.displayWidth == 30, "\(line)")
        #expect(line.hasPrefix(text) && line.hasSuffix("[off]"))
    }

    @Test("a long row is truncated by columns, with an ellipsis, and never wider than the row")
    func truncation() {
        for width in 0...24 {
            for text in ["日本語のテキストがとても長いです", "👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽", "Cafe\u{301} cre\u{300}me bru\u{302}le\u{301}e et the\u{301}"] {
                let plain = cell(CellContent(text: text)).line(width: width)
                let trailing = cell(CellContent(text: text, secondaryText: "右")).line(width: width)
                #expect(plain.displayWidth <= width, "\(width): \(plain)")
                #expect(trailing.displayWidth <= width, "\(width): \(trailing)")
            }
        }
        let cut = cell(CellContent(text: "日本語のテキストがとても長いです", secondaryText: "値")).line(width: 16)
        #expect(cut == "日本語のテ…   値", "the text gives way (\(cut.displayWidth) columns)")
    }

    @Test("headers and footers are cut by columns")
    func headers() async throws {
        struct Line: Identifiable, Equatable, Sendable { var id: Int; var text: String }
        let list = try TerminalListView<String, Line>(cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.text) } })
        await list.apply(try Snapshot([Section("s", header: "日本語の設定", footer: "説明です", items: [Line(id: 1, text: "一")])]))
        let lines = list.render(width: 7, height: 10, styled: false)
        #expect(lines == ["日本語", "▸ 一", "  説明"])
        #expect(lines.allSatisfy { $0.displayWidth <= 7 })
    }

    @Test("Settings › Language at 80 columns: 日本語 neither wraps nor pushes its switch out of line")
    func languageScreen() throws {
        let screens = DemoScreens()
        let settings = screens.page(.settings)
        _ = settings.handle(.down)
        _ = settings.handle(.down)
        guard case .push(let language) = settings.handle(.enter) else {
            Issue.record("Enter on Language opens the language screen")
            return
        }
        #expect(language.title == "Settings › Language")
        let app = DemoApp(screens: screens)
        let frame = app.frame(language, columns: 80, rows: 24).map(PseudoTerminal.strip)
        #expect(frame.allSatisfy { $0.displayWidth <= 80 }, "\(frame.filter { $0.displayWidth > 80 })")
        let rows = frame.filter { $0.contains("[on]") || $0.contains("[off]") }
        #expect(rows.count == 4)
        #expect(rows.contains { $0.contains("日本語") })
        #expect(Set(rows.map(\.displayWidth)).count == 1, "every switch ends in the same column: \(rows)")
    }
}
