import Foundation
import Tabula
import TabulaDemoKit
import TabulaTerminal
import Testing

/// What a user reads on every screen of the demo, at 80 columns: the whole key help, and menu
/// labels that mean something without the project's documents.
@MainActor
@Suite("The demo's help and labels at 80 columns")
struct HelpLineTests {
    /// Every screen a user can reach: the menu, each screen of the menu, and the screens they open.
    func everyScreen() async throws -> [any DemoPage] {
        let screens = DemoScreens(searchDelayMilliseconds: 0)
        var pages: [any DemoPage] = [screens.home()]
        for screen in DemoScreen.allCases { pages.append(screens.page(screen)) }

        let settings = screens.page(.settings)
        _ = settings.handle(.down)
        _ = settings.handle(.down)
        guard case .push(let language) = settings.handle(.enter) else { throw Failure("Enter on Language opens a screen") }
        pages.append(language)

        let search = screens.page(.search)
        for key: Key in [.character("/"), .character("k"), .character("e"), .character("n"), .enter] { _ = search.handle(key) }
        for _ in 0..<200 where search.isAnimating { try await Task.sleep(for: .milliseconds(5)) }
        guard case .push(let repositories) = search.handle(.enter) else { throw Failure("Enter on a user opens the repositories") }
        for _ in 0..<200 where repositories.isAnimating { try await Task.sleep(for: .milliseconds(5)) }
        pages.append(repositories)
        return pages
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    @Test("every screen's key help is shown whole at 80 columns")
    func helpFits() async throws {
        let app = DemoApp(screens: DemoScreens())
        let pages = try await everyScreen()
        #expect(pages.count == DemoScreen.allCases.count + 3, "the menu, every screen, and the two screens they open")
        for page in pages {
            let frame = app.frame(page, columns: 80, rows: 24).map(PseudoTerminal.strip)
            #expect(frame.last == " " + page.help, "\(page.title): the help line is cut: \(frame.last ?? "")")
            #expect(frame.allSatisfy { $0.displayWidth <= 80 }, "\(page.title)")
        }
        let observed = DemoScreens().page(.observed)
        #expect(observed.help.hasSuffix("r rename · f filter"))
    }

    @Test("the menu's labels name what each screen shows, not documents a user does not have")
    func menuLabels() {
        for screen in DemoScreen.allCases {
            let label = screen.menuTitle
            #expect(label.range(of: #"\([A-Z]+[0-9]"#, options: .regularExpression) == nil, "\(label)")
            #expect(label.range(of: #"[0-9]"#, options: .regularExpression) == nil, "\(label)")
            #expect(label.contains(" — "), "a name, then what the screen shows: \(label)")
        }
    }

    @Test("no screen shows a requirement number, a specification or a seed")
    func noProjectJargon() async throws {
        var text: [String] = DemoScreen.allCases.map(\.menuTitle)
        for page in try await everyScreen() { text += [page.title, page.help, page.plainText(width: 80)] }
        for line in text {
            #expect(line.range(of: #"\b(SPEC|[SB][0-9]+(\.[0-9]+)?)\b"#, options: .regularExpression) == nil, "\(line)")
            #expect(line.range(of: "seed", options: .caseInsensitive) == nil, "\(line)")
        }
    }
}
