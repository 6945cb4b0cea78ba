@testable import Tabula
import TabulaTesting
import Testing

/// A list refuses a snapshot whose items repeat an identifier, whichever way it is applied, and
/// keeps what it shows; a snapshot equal to the one shown takes over its index instead of hashing.
@MainActor
@Suite("Apply: a repeated item identifier is refused, named, and loses nothing")
struct RepeatedItemApplyTests {
    func notes(_ ids: [Int]) throws -> Snapshot<Int, Note> {
        try Snapshot(items: ids.map { Note(id: $0, title: "n\($0)") })
    }

    func adapter() throws -> (HeadlessListView, HeadlessListAdapter<Int, Note>) {
        let list = HeadlessListView(viewportHeight: nil)
        return (list, try HeadlessListAdapter(listView: list, cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.title) } }))
    }

    @Test("refused on every path (diffed, diffed off the main actor, reloaded, first shown); the list is unchanged")
    func refused() async throws {
        let (list, adapter) = try adapter()
        var diagnostics: [ListDiagnostic] = []
        adapter.driver.onDiagnostic = { diagnostics.append($0) }
        let expected = ListDiagnostic(.repeatedItem(item: "2", first: ItemPath(item: 1, section: 0), second: ItemPath(item: 3, section: 0)))
        // Not showing yet: the first apply would reload.
        #expect(try await adapter.apply(notes([1, 2, 3, 2])) == .rejected(expected))
        #expect(list.renderedText() == "" && adapter.driver.snapshot.numberOfItems == 0)
        #expect(try await adapter.apply(notes([1, 2, 3])) == .reloaded(.notShowing))
        let shown = list.renderedText()
        #expect(try await adapter.apply(notes([1, 2, 3, 2])) == .rejected(expected))
        #expect(try await adapter.applyUsingReloadData(notes([1, 2, 3, 2])) == .rejected(expected))
        adapter.driver.backgroundDiffThreshold = 0
        #expect(try await adapter.apply(notes([1, 2, 3, 2])) == .rejected(expected))
        let three = try notes([1, 2, 3])
        #expect(list.renderedText() == shown && adapter.driver.snapshot == three)
        #expect(diagnostics == [expected, expected, expected, expected])
        #expect(ApplyResult.rejected(expected).description.contains("the item 2 twice"))
        // The next good snapshot goes through as usual.
        #expect(try await adapter.apply(notes([3, 1, 4])) == .batchUpdates(animated: true))
        #expect(list.renderedText() == "   n3\n   n1\n   n4")
    }

    @Test("a snapshot made anew with the identifiers shown is not hashed: it takes over the shown index")
    func sameIdentifiersTakeOverTheIndex() async throws {
        let (list, adapter) = try adapter()
        try await adapter.apply(notes(Array(0..<500)))
        try await adapter.apply(notes(Array(0..<500)))
        let next = try Snapshot(items: (0..<500).map { Note(id: $0, title: $0 == 7 ? "seven" : "n\($0)") })
        #expect(await adapter.apply(next) == .batchUpdates(animated: true))
        #expect(!next._isIndexed, "the applied value's own index was never built")
        #expect(adapter.driver.snapshot.itemPath(for: 499) == ItemPath(item: 499, section: 0))
        adapter.driver.snapshot._checkInvariantsNow()
        #expect(list.renderedText().contains("seven"))
        // With another identifier, the snapshot is indexed (and checked) before it is shown.
        let other = try notes(Array(1..<501))
        #expect(await adapter.apply(other) == .batchUpdates(animated: true))
        #expect(other._isIndexed)
        adapter.driver.snapshot._checkInvariantsNow()
    }
}
