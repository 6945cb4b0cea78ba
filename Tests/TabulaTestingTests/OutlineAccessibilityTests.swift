import Foundation
import Tabula
import TabulaTesting
import Testing

/// A folder of an outline, by name.
struct Node: Identifiable, Hashable, Sendable {
    var id: String
}

/// Outline rows as VoiceOver meets them, and their expansion saved and restored by identifier.
@MainActor
@Suite("Outline rows: expanded or collapsed, toggled by an action, restored by identifier")
struct OutlineAccessibilityTests {
    static func adapter(_ list: HeadlessListView) throws -> HeadlessListAdapter<String, Node> {
        try HeadlessListAdapter(listView: list, cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.id) } })
    }

    /// Documents (Work (Reports), Personal), Music, Photos (Trips), and a plain section.
    static func tree(expanding expanded: [String] = []) throws -> SectionSnapshot<Node> {
        var tree = SectionSnapshot<Node>()
        try tree.append(["Documents", "Music", "Photos"].map(Node.init))
        try tree.append([Node(id: "Work"), Node(id: "Personal")], to: "Documents")
        try tree.append([Node(id: "Reports")], to: "Work")
        try tree.append([Node(id: "Trips")], to: "Photos")
        try tree.expand(expanded)
        return tree
    }

    static func list(_ adapter: HeadlessListAdapter<String, Node>, expanding expanded: [String] = []) async throws {
        await adapter.apply(try Snapshot([Section("recent", items: [Node(id: "Inbox")]), Section("folders", items: [])]))
        adapter.apply(try tree(expanding: expanded), to: "folders", animatingDifferences: false)
        await adapter.driver.waitUntilIdle()
    }

    @Test("a parent row says expanded or collapsed and offers the action that toggles it; a leaf or a plain row says neither")
    func expandedOrCollapsed() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try Self.adapter(list)
        try await Self.list(adapter)
        let documents = try #require(adapter.itemPath(for: "Documents"))
        let element = try #require(adapter.accessibilityElement(at: documents))
        #expect(element.isExpanded == false && element.value == "collapsed")
        #expect(element.customActions.map(\.title) == ["Expand"])
        let music = try #require(adapter.itemPath(for: "Music"))
        #expect(adapter.accessibilityElement(at: music)?.isExpanded == nil, "no children")
        #expect(adapter.accessibilityElement(at: ItemPath(item: 0, section: 0))?.value == nil, "a plain section's row")

        element.customAction(titled: "Expand")?.perform()
        await adapter.driver.waitUntilIdle()
        #expect(adapter.driver.snapshot.items(inSection: "folders")?.map(\.id) == ["Documents", "Work", "Personal", "Music", "Photos"])
        let reopened = try #require(adapter.itemPath(for: "Documents"))
        let expanded = try #require(adapter.accessibilityElement(at: reopened))
        #expect(expanded.value == "expanded" && expanded.customActions.map(\.title) == ["Collapse"])

        var refused: [String] = []
        adapter.sectionSnapshotHandlers.shouldCollapse = { node in
            refused.append(node.id)
            return false
        }
        expanded.customAction(titled: "Collapse")?.perform()
        await adapter.driver.waitUntilIdle()
        #expect(refused == ["Documents"], "the action asks the handlers, as a tap does")
        #expect(adapter.outlineState(of: "Documents")?.isExpanded == true)
    }

    @Test("an app's own words: what an outline row says, its action's title, the key commands' titles")
    func ownWords() async throws {
        let adapter = try Self.adapter(HeadlessListView(viewportHeight: nil))
        try await Self.list(adapter)
        #expect(adapter.accessibilityStrings == .english)
        #expect(adapter.core.commandTitle(for: .delete) == "Delete" && adapter.core.commandTitle(for: .space) == "Toggle Switch")
        adapter.accessibilityStrings = ListAccessibilityStrings(
            deleteCommand: "Löschen", toggleSwitchCommand: "Schalter umlegen", expandAction: "Aufklappen", collapseAction: "Zuklappen",
            expandedValue: "aufgeklappt", collapsedValue: "zugeklappt")
        let documents = try #require(adapter.itemPath(for: "Documents"))
        let element = try #require(adapter.accessibilityElement(at: documents))
        #expect(element.value == "zugeklappt" && element.customActions.map(\.title) == ["Aufklappen"])
        element.customAction(titled: "Aufklappen")?.perform()
        await adapter.driver.waitUntilIdle()
        let expanded = try #require(adapter.itemPath(for: "Documents").flatMap(adapter.accessibilityElement(at:)))
        #expect(expanded.value == "aufgeklappt" && expanded.customActions.map(\.title) == ["Zuklappen"])
        #expect(adapter.core.commandTitle(for: .delete) == "Löschen" && adapter.core.commandTitle(for: .space) == "Schalter umlegen")
        #expect(adapter.core.commandTitle(for: .up) == nil)
    }

    @Test("expanded items, hidden ones too, are saved and restored by identifier onto a reordered tree; the rest reported")
    func restoredByIdentifier() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try Self.adapter(list)
        try await Self.list(adapter, expanding: ["Documents", "Work", "Photos"])
        try adapter.driver.sectionSnapshots.collapse("Documents", animatingDifferences: false)
        await adapter.driver.waitUntilIdle()
        try adapter.selectItem("Trips")
        var saved = adapter.listState
        #expect(saved.expanded == ["Work", "Photos"], "Work stays expanded under its collapsed parent")
        saved.expanded.append("Archive")
        let decoded = try JSONDecoder().decode(ListState<String, String>.self, from: try JSONEncoder().encode(saved))

        // Relaunch: the folders come back in another order, collapsed, and Archive is gone.
        let relaunched = HeadlessListView(viewportHeight: nil)
        let next = try Self.adapter(relaunched)
        await next.apply(try Snapshot([Section("folders", items: []), Section("recent", items: [Node(id: "Inbox")])]))
        var tree = SectionSnapshot<Node>()
        try tree.append(["Photos", "Documents", "Music"].map(Node.init))
        try tree.append([Node(id: "Trips")], to: "Photos")
        try tree.append([Node(id: "Personal"), Node(id: "Work")], to: "Documents")
        try tree.append([Node(id: "Reports")], to: "Work")
        next.apply(tree, to: "folders", animatingDifferences: false)
        await next.driver.waitUntilIdle()
        var asked: [String] = []
        next.sectionSnapshotHandlers.shouldExpand = { node in
            asked.append(node.id)
            return true
        }
        let report = next.restore(decoded)
        await next.driver.waitUntilIdle()
        #expect(report.applied.expanded == ["Work", "Photos"] && report.skipped.expanded == ["Archive"])
        #expect(asked.isEmpty, "a restoration is not the user's tap")
        #expect(next.driver.snapshot.items(inSection: "folders")?.map(\.id) == ["Photos", "Trips", "Documents", "Music"])
        #expect(next.outlineState(of: "Documents")?.isExpanded == false)
        #expect(next.sectionSnapshot(for: "folders")?.isExpanded("Work") == true, "hidden under Documents, expanded for when it opens")
        #expect(next.selectedItems.map(\.id) == ["Trips"], "selected once its parent is expanded")
    }
}
