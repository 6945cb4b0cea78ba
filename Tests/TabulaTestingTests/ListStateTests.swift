import Foundation
import Tabula
import TabulaTesting
import Testing

/// A saved list state restores by identifier onto data that changed meanwhile.
@MainActor
@Suite("List state: saved by identifier, restored onto changed data")
struct ListStateTests {
    static func snapshot(_ model: [(String, [Int])]) throws -> Snapshot<String, Mixed> {
        try Snapshot(model.map { Section($0.0, items: $0.1.map { .title(id: $0, "t\($0)") }) })
    }

    @Test("save, reorder and delete the data, encode and decode, restore: by identifier, the rest reported")
    func restoresByIdentifier() throws {
        let list = HeadlessListView(viewportHeight: 3)
        list.allowsMultipleSelection = true
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: AdapterTests.cells())
        adapter.apply(try Self.snapshot([("a", [1, 2, 3, 4]), ("b", [5, 6, 7, 8])]))
        try adapter.scrollToItem(6)
        try adapter.selectItem(2)
        try adapter.selectItem(7)
        var saved = adapter.listState
        saved.expanded = [3, 9]
        #expect(saved.selected == [2, 7])
        let anchor = try #require(saved.anchorItem)
        #expect(adapter.displayedSnapshot.sectionIdentifier(containingItem: anchor) == "b")

        let data = try JSONEncoder().encode(saved)
        let decoded = try JSONDecoder().decode(ListState<String, Int>.self, from: data)
        #expect(decoded == saved)

        // Relaunch: the sections swapped, items reordered, 2 and 9 gone.
        let relaunched = HeadlessListView(viewportHeight: 3)
        relaunched.allowsMultipleSelection = true
        let next = try HeadlessListAdapter<String, Mixed>(listView: relaunched, cells: AdapterTests.cells())
        next.apply(try Self.snapshot([("b", [8, 7, 6, 5]), ("a", [4, 3, 1])]))
        let report = next.restore(decoded)
        #expect(next.selectedItems.map(\.id) == [7])
        #expect(report.applied.selected == [7])
        #expect(report.skipped.selected == [2])
        #expect(report.applied.expanded == [], "a plain section has no outline to expand")
        #expect(report.skipped.expanded == [3, 9])
        #expect(report.applied.anchorItem == anchor)
        #expect(!report.isComplete)
        let anchorPath = try #require(next.displayedSnapshot.itemPath(for: anchor))
        #expect(relaunched.indexPathsForVisibleItems.contains(anchorPath))
    }

    @Test("the core hands a view's anchor offset through: kept with its item, dropped when the anchor falls back")
    func anchorOffsetThroughTheCore() throws {
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: HeadlessListView(viewportHeight: nil), cells: AdapterTests.cells())
        adapter.apply(try Self.snapshot([("a", [1, 2]), ("b", [3, 4])]))
        let saved = adapter.core.listState(anchor: (ItemPath(item: 1, section: 1), 12.5))
        #expect(saved == ListState(anchorItem: 4, anchorSection: "b", anchorOffset: 12.5))

        adapter.apply(try Self.snapshot([("b", [4, 3]), ("a", [1])]))
        var scrolled: [(ItemPath, Double?)] = []
        let kept = adapter.core.restore(saved) { scrolled.append(($0, $1)) }
        #expect(kept.isComplete && scrolled.count == 1)
        #expect(scrolled.first?.0 == ItemPath(item: 0, section: 0) && scrolled.first?.1 == 12.5)

        adapter.apply(try Self.snapshot([("a", [1]), ("b", [3])]))
        scrolled = []
        let fellBack = adapter.core.restore(saved) { scrolled.append(($0, $1)) }
        #expect(fellBack.skipped.anchorItem == 4)
        #expect(scrolled.first?.0 == ItemPath(item: 0, section: 1) && scrolled.first?.1 == nil, "the top of its section, no offset")
    }

    @Test("an anchor that no longer exists falls back to the top of its section, or is skipped")
    func anchorFallback() throws {
        let state = ListState<String, Int>(selected: [1], anchorItem: 5, anchorSection: "b", anchorOffset: 12)
        let moved = state.restored(onto: try Self.snapshot([("b", [6, 7]), ("a", [1])]))
        #expect(moved.applied == ListState(selected: [1], anchorItem: 6, anchorSection: "b"))
        #expect(moved.skipped == ListState(anchorItem: 5))
        let gone = state.restored(onto: try Self.snapshot([("a", [1])]))
        #expect(gone.applied == ListState(selected: [1]))
        #expect(gone.skipped == ListState(anchorItem: 5, anchorSection: "b"))
        let whole = state.restored(onto: try Self.snapshot([("a", [1]), ("b", [5])]))
        #expect(whole.isComplete)
        #expect(whole.applied == state)
    }
}
