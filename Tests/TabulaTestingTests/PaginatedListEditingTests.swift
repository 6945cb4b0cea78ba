import Tabula
import TabulaTesting
import Testing

@MainActor
@Suite("Paginated lists take live edits between pages")
struct PaginatedListEditingTests {
    func texts(_ list: HeadlessListView) -> [String] {
        (0..<list.numberOfItems(inSection: 0)).map { list.cellForItem(at: ItemPath(item: $0, section: 0))?.text ?? "?" }
    }

    @Test("items edited, deleted and added at the end show, and older pages still go in above them")
    func editsBetweenPages() async throws {
        let (list, adapter) = try postList()
        let server = TwoWayServer()
        let chat = PaginatedList<String, Post>(section: "chat", driver: adapter.driver, loadOlder: { try await server.older($0) }) {
            try await server.newer($0)
        }
        await chat.loadNextPage()
        chat.editItems { items in
            items[2].title = "Post 2 (edited)"
            items.removeAll { $0.id == 5 }
            items.append(Post(id: 100, title: "Post 100"))
        }
        await adapter.driver.waitUntilIdle()
        #expect(chat.items.map(\.id) == [0, 1, 2, 3, 4, 6, 7, 8, 9, 100])
        #expect(texts(list)[2] == "Post 2 (edited)" && texts(list).last == "Post 100")

        await chat.loadPreviousPage()
        await chat.loadNextPage()
        #expect(chat.items.map(\.id) == Array(-10..<0) + [0, 1, 2, 3, 4, 6, 7, 8, 9, 100] + Array(10..<20))
        #expect(texts(list).count == 30 && adapter.driver.diagnostics.isEmpty)
    }

    @Test("an identifier an edit repeats is dropped as the duplicate policy says, and reported", arguments: [DuplicatePolicy.keepFirst, .keepLast, .reject])
    func repeats(_ policy: DuplicatePolicy) async throws {
        let (_, adapter) = try postList()
        let server = TwoWayServer()
        let chat = PaginatedList<String, Post>(section: "chat", driver: adapter.driver) { try await server.newer($0) }
        chat.duplicates = policy
        await chat.loadNextPage()
        chat.editItems { $0.append(Post(id: 3, title: "again")) }
        await adapter.driver.waitUntilIdle()
        #expect(chat.items.count == 10 && chat.lastDuplicateReport.dropped.count == 1)
        let kept = try #require(chat.items.first { $0.id == 3 })
        #expect(kept.title == (policy == .keepLast ? "again" : "Post 3"))
        #expect(chat.items.last?.id == (policy == .keepLast ? 3 : 9))
    }

    @Test("deleting and editing above the row read, with the driver's anchor, leaves it where it is")
    func anchorHeld() async throws {
        let (list, adapter) = try postList()
        list.pointViewportHeight = 100
        list.estimatedRowHeight = 20
        adapter.driver.scrollAnchor = .firstVisibleItem
        let server = TwoWayServer()
        let chat = PaginatedList<String, Post>(section: "chat", driver: adapter.driver) { try await server.newer($0) }
        await chat.loadNextPage()
        await adapter.driver.waitUntilIdle()
        list.scroll(toPointOffset: 105)
        let top = try #require(list.frameOfItem(at: ItemPath(item: 5, section: 0))).minY - list.pointOffset
        chat.editItems { items in
            items.removeAll { $0.id == 1 || $0.id == 0 }
            items.insert(Post(id: 50, title: "Post 50"), at: 2)
            items.append(Post(id: 51, title: "Post 51"))
        }
        await adapter.driver.waitUntilIdle()
        let path = try #require(adapter.driver.snapshot.itemPath(for: .item(5)))
        #expect(try #require(list.frameOfItem(at: path)).minY - list.pointOffset == top)
    }
}
