import Tabula
import TabulaTesting
import Testing

/// A custom header view: the section's title and how many items it has.
final class CountHeader: HeadlessSupplementaryView {
    var count = 0
    override var text: String? {
        get { super.text.map { "\($0) (\(count))" } }
        set { super.text = newValue }
    }
}

/// A stand-in for a UIKit header view class, which the headless view cannot hold.
final class PlatformHeader {}

@MainActor
@Suite("Supplementary views: custom headers and footers, configured with their section")
struct SupplementaryViewTests {
    struct Row: Identifiable, Hashable, Sendable {
        var id: Int
    }

    func snapshot(_ sections: [(String, String?, [Int], String?)]) throws -> Snapshot<String, Row> {
        try Snapshot(sections.map { Section($0.0, header: $0.1, footer: $0.3, items: $0.2.map { Row(id: $0) }) })
    }

    func adapter(_ flavor: ListFlavor) throws -> (HeadlessListView, HeadlessListAdapter<String, Row>) {
        let list = HeadlessListView(flavor: flavor, viewportHeight: nil)
        return (list, try HeadlessListAdapter(listView: list, cells: CellConfigurators { CellConfigurator.content { CellContent(text: "row \($0.id)") } }))
    }

    @Test("a custom header view shows each section, and follows its title and its items", arguments: [ListFlavor.table, .collection])
    func customHeaders(flavor: ListFlavor) async throws {
        let (list, adapter) = try adapter(flavor)
        try adapter.registerSupplementaryViews([
            .view(CountHeader.self, kind: .header) { view, section in
                view.text = section.header ?? "untitled"
                view.count = section.numberOfItems
            }
        ])
        try await adapter.apply(snapshot([("a", "Fruit", [1, 2], nil), ("b", nil, [3], nil)]))
        #expect(list.renderedText() == "## Fruit (2)\n   row 1\n   row 2\n## untitled (1)\n   row 3")
        #expect(list.headerView(forSection: 0) is CountHeader)
        try await adapter.apply(snapshot([("a", "Fruits", [1, 2, 4], nil), ("b", nil, [3], nil)]))
        #expect(list.renderedText() == "## Fruits (3)\n   row 1\n   row 2\n   row 4\n## untitled (1)\n   row 3")
    }

    @Test("a footer view, and a title that appears and disappears", arguments: [ListFlavor.table, .collection])
    func footersAndTitlesThatComeAndGo(flavor: ListFlavor) async throws {
        let (list, adapter) = try adapter(flavor)
        try adapter.registerSupplementaryViews([
            .view(HeadlessSupplementaryView.self, kind: .footer) { view, section in
                view.text = section.footer.map { "note: \($0)" }
            }
        ])
        try await adapter.apply(snapshot([("a", nil, [1], nil)]))
        #expect(list.renderedText() == "   row 1")
        try await adapter.apply(snapshot([("a", "Now titled", [1], "kept for a week")]))
        #expect(list.renderedText() == "## Now titled\n   row 1\n   (note: kept for a week)")
        try await adapter.apply(snapshot([("a", nil, [1], nil)]))
        #expect(list.renderedText() == "   row 1")
    }

    @Test("a platform view class shows through describe:; without it, a typed error names it")
    func platformViews() async throws {
        let (list, adapter) = try adapter(.table)
        #expect(throws: ConfigurationError(problems: [.notACellClass("PlatformHeader", identifier: "PlatformHeader")])) {
            try adapter.registerSupplementaryViews([.view(PlatformHeader.self) { _, _ in }])
        }
        try adapter.registerSupplementaryViews([
            .view(PlatformHeader.self, describe: { "\($0.header ?? "") — \($0.numberOfItems) rows" }) { _, _ in }
        ])
        try await adapter.apply(snapshot([("a", "Fruit", [1, 2], nil)]))
        #expect(list.renderedText() == "## Fruit — 2 rows\n   row 1\n   row 2")
    }
}
