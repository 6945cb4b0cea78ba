import Tabula
import TabulaTesting
import Testing

@Suite("Programmer errors trap with a message that says how to fix them, in every build")
struct ProgrammerErrorTests {
    @Test("ComposedList.update with a part it was not given names the part")
    func composedListUnknownPart() async throws {
        let result = try #require(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let driver = ListDriver<String, Entry>()
                let list = try? ComposedList(driver: driver, parts: ["main"])
                list?.update("footer", with: Snapshot())
            }
        })
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("ComposedList.update: unknown part footer; declare it in init(parts:)"))
    }
}
