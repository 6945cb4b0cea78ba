import Testing
import Tabula

/// The README's tour, compiled and run, so it stays true.
@Suite("README")
struct ReadmeTests {
    struct Country: Identifiable, Equatable, Sendable { var code: String; var name: String; var id: String { code } }

    @Test func tour() throws {
        var snapshot = try Snapshot<String, Country> {
            Section("europe", header: "Europe") {
                Country(code: "FR", name: "France")
                Country(code: "IS", name: "Iceland")
            }
        }
        #expect(snapshot.numberOfItems(inSection: "europe") == 2)
        #expect(snapshot.numberOfItems(inSectionAt: 7) == 0)
        #expect(snapshot.itemPath(for: "IS") == ItemPath(item: 1, section: 0))
        var message = ""
        do { try snapshot.appendItems([Country(code: "FR", name: "France")]) } catch { message = "\(error)" }
        #expect(message == "duplicate item identifier FR at 0 - 0 and at 0 - 2")
        let sectionsFromServer = [Section<String, Country>("europe", items: [Country(code: "FR", name: "France"), Country(code: "FR", name: "France")])]
        let (page, report) = try Snapshot<String, Country>.resolvingDuplicates(in: sectionsFromServer, keeping: .keepFirst)
        #expect(report.dropped.count == 1 && page.numberOfItems == 1)
        let changeset = Changeset(from: snapshot, to: page)
        #expect(changeset.statistics.deletedItems == 1 && changeset.statistics.movedItems == 0)
    }
}
