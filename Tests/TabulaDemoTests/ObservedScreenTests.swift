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
        text.split(separator: "\n").dropFirst(3).filter { !$0.contains("list built") }.map { $0.dropFirst(2).trimmingCharacters(in: .whitespaces) }
    }

    /// How many times the list was built, from the section's footer.
    func builds(_ text: String) -> Int? {
        guard let line = text.split(separator: "\n").first(where: { $0.contains("list built") }) else { return nil }
        return Int(line.split(separator: " ").last?.dropLast() ?? "")
    }

    @Test("a rename changes one chore object: its row follows, and the list is not built again")
    func renameFollowsWithoutASnapshot() async throws {
        let page = DemoScreens().page(.observed)
        let before = page.plainText()
        let built = try #require(builds(before))
        _ = page.handle(.character("r"))
        let text = await settle(page) { $0.contains("(renamed 1×)") }
        #expect(rows(text).first == "Water the plants (renamed 1×)")
        #expect(builds(text) == built, "no snapshot was built for the rename")
        _ = page.handle(.character("a"))
        let added = await settle(page) { $0.contains("New chore 5") }
        #expect(builds(added) == built + 1, "adding an item goes through the list")
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
