import Testing
import TabulaTesting
@testable import Tabula
@testable import TabulaExamples

/// The library screen's data source, outline and headers, driven headless: what
/// SampleApp/ModernListScreen.swift shows in a compositional collection view.
@MainActor
@Suite("Modern collection lists: an outline, a list and a grid in one list, headers per section")
struct ModernListTests {
    final class FoldersHeader: HeadlessSupplementaryView {}
    final class RecentHeader: HeadlessSupplementaryView {}
    final class CoversHeader: HeadlessSupplementaryView {}

    func screen() async throws -> (ShelfModel, HeadlessListView, HeadlessListAdapter<ShelfSection, ShelfItem>) {
        let model = ShelfModel()
        let list = HeadlessListView(flavor: .collection, viewportHeight: nil)
        let adapter = try HeadlessListAdapter<ShelfSection, ShelfItem>(listView: list, cells: ShelfModel.cells)
        try adapter.registerSupplementaryViews(ShelfModel.headers(folders: FoldersHeader.self, recent: RecentHeader.self, covers: CoversHeader.self) { view, text in
            (view as? HeadlessSupplementaryView)?.text = text
        })
        adapter.canDelete = { $0.book != nil }
        adapter.onDelete = { item, _ in model.remove(item) }
        try await model.show(in: adapter)
        return (model, list, adapter)
    }

    /// The rendered text, with each folder's place in the tree.
    func outline(_ adapter: HeadlessListAdapter<ShelfSection, ShelfItem>) -> [String] {
        adapter.displayedSnapshot.items(inSection: .folders)?.map { item in
            adapter.outlineState(of: item.id)?.decorate(item.folder ?? "") ?? "?"
        } ?? []
    }

    @Test("each section has its own header class; the outline starts collapsed")
    func headersAndSections() async throws {
        let (_, list, adapter) = try await screen()
        #expect(list.headerView(forSection: 0) is FoldersHeader && list.headerView(forSection: 1) is RecentHeader)
        #expect(list.headerView(forSection: 2) is CoversHeader)
        // The view draws each folder's place in the tree, as the list cell does on a device: the
        // model's cells describe the folder's name alone.
        #expect(list.renderedText().hasPrefix("## Folders ▾\n   ▸ Fiction\n   Essays\n## Recent (3)\n   Middlemarch  —  George Eliot"))
        #expect(outline(adapter) == ["▸ Fiction", "Essays"])
        #expect(adapter.sectionIdentifier(at: 2) == .covers)
    }

    @Test("a disclosure's tap expands and collapses, animated, touching only the outline section")
    func expandAndCollapse() async throws {
        let (_, list, adapter) = try await screen()
        adapter.driver.changesetHistoryLimit = 10
        try adapter.toggleExpansion(ShelfItem.folder(name: "Fiction").id)
        await adapter.driver.waitUntilIdle()
        #expect(outline(adapter) == ["▾ Fiction", "  ▸ Novels", "  Stories", "Essays"])
        try adapter.toggleExpansion(ShelfItem.folder(name: "Novels").id)
        await adapter.driver.waitUntilIdle()
        #expect(outline(adapter) == ["▾ Fiction", "  ▾ Novels", "    Russian", "    English", "  Stories", "Essays"])
        try adapter.toggleExpansion(ShelfItem.folder(name: "Fiction").id)
        await adapter.driver.waitUntilIdle()
        #expect(outline(adapter) == ["▸ Fiction", "Essays"])
        #expect(adapter.driver.appliedChangesets.allSatisfy { $0.statistics.insertedSections == 0 && $0.statistics.deletedSections == 0 })
        #expect(adapter.displayedSnapshot.items(inSection: .recent)?.count == 3 && adapter.displayedSnapshot.items(inSection: .covers)?.count == 4)
        #expect(adapter.driver.diagnostics.isEmpty && list.counters.reloads == 1)
        // Collapsed again, Novels keeps its expansion for the next time Fiction opens.
        #expect(adapter.sectionSnapshot(for: .folders)?.isExpanded(ShelfItem.folder(name: "Novels").id) == true)
    }

    @Test("the adapter's sectionSnapshotHandlers watch a tap on a disclosure, and can refuse it")
    func handlersVeto() async throws {
        let (_, _, adapter) = try await screen()
        var watched: [String] = []
        final class Gate { var isOpen = false }
        let gate = Gate()
        adapter.sectionSnapshotHandlers.shouldExpand = { _ in gate.isOpen }
        adapter.sectionSnapshotHandlers.willExpand = { watched.append("expand \($0.folder ?? "")") }
        adapter.sectionSnapshotHandlers.willCollapse = { watched.append("collapse \($0.folder ?? "")") }
        #expect(try adapter.toggleExpansion(ShelfItem.folder(name: "Fiction").id) == false)
        await adapter.driver.waitUntilIdle()
        #expect(outline(adapter) == ["▸ Fiction", "Essays"] && watched.isEmpty, "refused: nothing changed")
        gate.isOpen = true
        #expect(try adapter.toggleExpansion(ShelfItem.folder(name: "Fiction").id))
        await adapter.driver.waitUntilIdle()
        #expect(outline(adapter) == ["▾ Fiction", "  ▸ Novels", "  Stories", "Essays"])
        #expect(try adapter.toggleExpansion(ShelfItem.folder(name: "Fiction").id))
        await adapter.driver.waitUntilIdle()
        #expect(watched == ["expand Fiction", "collapse Fiction"])
        #expect(outline(adapter) == ["▸ Fiction", "Essays"])
        #expect(adapter.driver.sectionSnapshots.handlers.shouldExpand != nil, "the adapter's handlers are the driver's")
    }

    @Test("deleting a folder of the outline keeps the section an outline; a parent left with no child loses its disclosure")
    func deleteInOutline() async throws {
        let (model, list, adapter) = try await screen()
        try adapter.toggleExpansion(ShelfItem.folder(name: "Fiction").id)
        await adapter.driver.waitUntilIdle()
        adapter.driver.changesetHistoryLimit = 10
        var deleted: [ShelfItem] = []
        adapter.onDelete = { item, _ in deleted.append(item) }
        try adapter.deleteItem(ShelfItem.folder(name: "Stories").id)
        await adapter.driver.waitUntilIdle()
        #expect(outline(adapter) == ["▾ Fiction", "  ▸ Novels", "Essays"])
        // Novels goes with its hidden children; Fiction, empty now, is configured again.
        try adapter.deleteItem(ShelfItem.folder(name: "Novels").id)
        await adapter.driver.waitUntilIdle()
        #expect(outline(adapter) == ["Fiction", "Essays"])
        #expect(list.renderedText().hasPrefix("## Folders ▾\n   Fiction\n   Essays\n"))
        #expect(adapter.sectionSnapshot(for: .folders)?.contains(ShelfItem.folder(name: "Russian").id) == false)
        #expect(deleted == [.folder(name: "Stories"), .folder(name: "Novels")])
        #expect(adapter.driver.diagnostics.isEmpty && list.counters.reloads == 1)
        _ = model
    }

    @Test("a recent book's swipe shows Delete, which removes it from the model and the list; its header counts again")
    func swipeToDelete() async throws {
        let (model, list, adapter) = try await screen()
        // A collection list has no editing-style delete: canDelete alone gives a Delete action.
        let folder = try #require(adapter.itemPath(for: ShelfItem.folder(name: "Fiction").id))
        #expect(try list.swipeActions(at: folder).isEmpty, "folders cannot be deleted")
        let path = try #require(adapter.itemPath(for: ShelfItem.book(title: "Kindred", author: "Octavia E. Butler").id))
        let actions = try list.swipeActions(at: path)
        #expect(actions.map(\.title) == ["Delete"] && actions[0].isDestructive)
        #expect(try list.swipeActions(at: path, edge: .leading).isEmpty)
        actions[0].perform()
        await adapter.driver.waitUntilIdle()
        #expect(model.recent.count == 2)
        #expect(adapter.displayedSnapshot.items(inSection: .recent)?.count == 2)
        #expect(list.headerTitle(forSection: 1) == "Recent (2)", "the header's count follows its section")
        #expect(list.headerView(forSection: 1) is RecentHeader)
        #expect(adapter.driver.diagnostics.isEmpty)
    }

    @Test("a Delete swipe tapped after a live update removed its item is a stale edit, reported, and deletes nothing")
    func staleSwipe() async throws {
        let (_, list, adapter) = try await screen()
        let kindred = ShelfItem.book(title: "Kindred", author: "Octavia E. Butler")
        let actions = try list.swipeActions(at: try #require(adapter.itemPath(for: kindred.id)))
        var next = adapter.snapshot()
        try next.deleteItems([kindred.id])
        await adapter.apply(next)
        actions[0].perform()
        await adapter.driver.waitUntilIdle()
        #expect(adapter.driver.diagnostics.contains { if case .staleEdit = $0.kind { true } else { false } })
        #expect(adapter.displayedSnapshot.items(inSection: .recent)?.count == 2)
    }

    @Test("a header that shows its section's count is configured again when an apply changes the count")
    func headerCountFollowsApply() async throws {
        let (_, list, adapter) = try await screen()
        var next = adapter.snapshot()
        try next.deleteItems([ShelfItem.book(title: "Middlemarch", author: "George Eliot").id])
        await adapter.apply(next)
        #expect(list.headerTitle(forSection: 1) == "Recent (2)")
        #expect(list.headerTitle(forSection: 0) == "Folders ▾" && list.headerTitle(forSection: 2) == "COVERS", "other headers as they were")
    }
}
