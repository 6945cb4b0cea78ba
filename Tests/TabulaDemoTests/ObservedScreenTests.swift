import Tabula
import TabulaDemoKit
import TabulaTerminal
import Testing

/// The observed-model screen: keys change an `@Observable` model and nothing else; the list follows.
@MainActor
@Suite("The observed-model demo screen")
struct ObservedScreenTests {
    func settle(_ page: any DemoPage, until condition: (String) -> Bool) async -> String {
        for _ in 0..<50 {
            if condition(page.plainText()) { break }
            await Task.yield()
        }
        return page.plainText()
    }

    func rows(_ text: String) -> [String] {
        text.split(separator: "\n").dropFirst(3).map { $0.dropFirst(2).trimmingCharacters(in: .whitespaces) }
    }

    @Test("add, delete, move, rename and filter, each by a key, each shown")
    func keys() async throws {
        let page = DemoScreens().page(.observed)
        #expect(rows(page.plainText()) == ["Water the plants", "Pay the rent                                        urgent", "Call the plumber                                    urgent", "Sort the photos"])

        _ = page.handle(.character("a"))
        var text = await settle(page) { $0.contains("New chore 5") }
        #expect(rows(text).last == "New chore 5")

        _ = page.handle(.character("d"))
        text = await settle(page) { !$0.contains("Water the plants") }
        #expect(rows(text).first?.hasPrefix("Pay the rent") == true)

        _ = page.handle(.character("m"))
        text = await settle(page) { self.rows($0).first == "New chore 5" }
        #expect(rows(text).first == "New chore 5")

        _ = page.handle(.character("r"))
        text = await settle(page) { $0.contains("(renamed 1×)") }
        #expect(rows(text).first == "New chore 5 (renamed 1×)")

        _ = page.handle(.character("f"))
        text = await settle(page) { $0.contains("URGENT CHORES") }
        #expect(text.contains("URGENT CHORES"))
        #expect(rows(text).allSatisfy { $0.hasSuffix("urgent") }, "\(text)")
        #expect(rows(text).count == 2)
    }
}
