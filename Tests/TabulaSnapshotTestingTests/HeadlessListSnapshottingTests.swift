import Foundation
import SnapshotTesting
import Tabula
import TabulaSnapshotTesting
import TabulaTesting
import Testing

struct Country: Identifiable, Equatable, Sendable {
    var code: String
    var name: String
    var id: String { code }
}

/// A cell class of the app's own, shown in the structure by its name.
final class CountryCell: HeadlessCell {}

/// The strategies against the reference files in `__Snapshots__`, recorded and compared as
/// swift-snapshot-testing does (set `SNAPSHOT_TESTING_RECORD=all` to record them again), and a
/// record-then-compare round in a folder of its own.
@MainActor
@Suite("Snapshot strategies for the headless view")
struct HeadlessListSnapshottingTests {
    static let cells = CellConfigurators<Country> {
        CellConfigurator.cell(CountryCell.self, for: { $0.code == "IS" ? nil : $0 }) { cell, country in
            cell.text = country.name
            cell.detailText = country.code
        }
        CellConfigurator.content(reuseIdentifier: "island") { CellContent(text: $0.name, accessory: .disclosureIndicator) }
    }

    static func countries() throws -> Snapshot<String, Country> {
        try Snapshot([
            Section("europe", header: "Europe", footer: "3 countries", items: [
                Country(code: "FR", name: "France"), Country(code: "IS", name: "Iceland"), Country(code: "NO", name: "Norway"),
            ]),
            Section("asia", header: "Asia", items: (1...6).map { Country(code: "A\($0)", name: "Asian country \($0)") }),
        ])
    }

    /// A list of two sections, in a viewport too short for the second, with Iceland selected.
    func list() async throws -> (HeadlessListView, HeadlessListAdapter<String, Country>) {
        let list = HeadlessListView(viewportHeight: 8)
        let adapter = try HeadlessListAdapter<String, Country>(listView: list, cells: Self.cells)
        await adapter.apply(try Self.countries())
        try list.tapItem(at: ItemPath(item: 1, section: 0))
        return (list, adapter)
    }

    @Test("the example of the README and the DocC catalogue")
    func example() async throws {
        let list = HeadlessListView(viewportHeight: 8)
        let adapter = try HeadlessListAdapter<String, Country>(listView: list, cells: Self.cells)
        await adapter.apply(try Self.countries())
        assertSnapshot(of: list, as: .renderedText)
        assertSnapshot(of: list, as: .structure)
    }

    @Test("renderedText: the screen as text")
    func renderedText() async throws {
        let (list, _) = try await list()
        assertSnapshot(of: list, as: .renderedText)
    }

    @Test("structure: sections, headers, footers, cell kinds and classes, selection")
    func structure() async throws {
        let (list, _) = try await list()
        assertSnapshot(of: list, as: .structure)
    }

    @Test("structure: a collection without a viewport, every cell on screen")
    func structureOfCollection() async throws {
        let list = HeadlessListView(flavor: .collection, viewportHeight: nil)
        let adapter = try HeadlessListAdapter<Int, Country>(listView: list, cells: Self.cells)
        await adapter.apply(try Snapshot(items: [Country(code: "FR", name: "France"), Country(code: "IS", name: "Iceland \"the island\"")]))
        assertSnapshot(of: list, as: .structure)
    }

    @Test("record, then compare: the reference is written, matches, and a change fails with a diff")
    func recordThenCompare() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tabula-snapshots-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (list, adapter) = try await list()

        let recorded = withSnapshotTesting(record: .all) {
            verifySnapshot(of: list, as: .structure, named: "countries", snapshotDirectory: directory.path)
        }
        #expect(recorded?.contains("Record mode is on") == true)
        let file = directory.appendingPathComponent("recordThenCompare.countries.txt")
        let reference = try String(contentsOf: file, encoding: .utf8)
        #expect(reference.contains("[0, 1] island · TabulaTesting.HeadlessCell · selected · \"Iceland  >\""))

        let compared = withSnapshotTesting(record: .never) {
            verifySnapshot(of: list, as: .structure, named: "countries", snapshotDirectory: directory.path)
        }
        #expect(compared == nil)

        var changed = try Self.countries()
        try changed.deleteItems(["FR"])
        await adapter.apply(changed)
        let failure = try #require(withSnapshotTesting(record: .never) {
            verifySnapshot(of: list, as: .structure, named: "countries", snapshotDirectory: directory.path)
        })
        #expect(failure.contains("−  [0, 0] CountryCell · TabulaSnapshotTestingTests.CountryCell · \"France  —  FR\""))
        #expect(try String(contentsOf: file, encoding: .utf8) == reference, "comparing never records")
    }
}
