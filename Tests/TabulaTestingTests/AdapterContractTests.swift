import Tabula
import TabulaTerminal
import TabulaTesting
import Testing

/// What a UIKit developer porting a screen needs of an adapter, modelled in the headless view: the
/// delegate stays theirs, one handler signature, display events, commands by identity.
@MainActor
@Suite("Adapters: your delegate, display events, commands by identity")
struct AdapterContractTests {
    final class RecordingDelegate: HeadlessListDelegate {
        var events: [String] = []
        func listView(_ listView: HeadlessListView, didSelectItemAt path: ItemPath) { events.append("select \(path)") }
        func listView(_ listView: HeadlessListView, didDeselectItemAt path: ItemPath) { events.append("deselect \(path)") }
        func listView(_ listView: HeadlessListView, willDisplay cell: HeadlessCell, forItemAt path: ItemPath) { events.append("display \(path)") }
    }

    func notes(_ count: Int) throws -> Snapshot<Int, Note> {
        try Snapshot(items: (0..<count).map { Note(id: $0, title: "n\($0)") })
    }

    func adapter(viewport: Int? = nil) throws -> (HeadlessListView, HeadlessListAdapter<Int, Note>) {
        let list = HeadlessListView(viewportHeight: viewport)
        return (list, try HeadlessListAdapter(listView: list, cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.title) } }))
    }

    @Test("your delegate hears selection, deselection and display after the typed handlers")
    func delegateStaysYours() async throws {
        let (list, adapter) = try adapter(viewport: 2)
        let delegate = RecordingDelegate()
        adapter.delegate = delegate
        var handled: [String] = []
        adapter.onSelect = { note, path in handled.append("\(note.title) at \(path)") }
        adapter.onWillDisplay = { note, _ in handled.append("shows \(note.title)") }
        try await adapter.apply(notes(4))
        #expect(handled == ["shows n0", "shows n1"], "only the visible rows")
        #expect(delegate.events == ["display 0 - 0", "display 0 - 1"])
        try list.tapItem(at: ItemPath(item: 1, section: 0))
        #expect(handled.last == "n1 at 0 - 1")
        #expect(delegate.events.last == "select 0 - 1", "told after the typed handler")
        #expect(list.indexPathsForSelectedItems == [ItemPath(item: 1, section: 0)], "the view keeps its selection, as with Apple's data sources")
        try list.scroll(by: 2)
        #expect(handled.suffix(2) == ["shows n2", "shows n3"])
    }

    @Test("onWillDisplay drives pagination: scrolling to the end loads the next page, once")
    func willDisplayDrivesPagination() async throws {
        let list = HeadlessListView(viewportHeight: 5)
        let adapter = try HeadlessListAdapter<Int, PageRow<Note>>(
            listView: list,
            cells: CellConfigurators {
                CellConfigurator.content { row in
                    switch row {
                    case .item(let note): CellContent(text: note.title)
                    case .loading, .loadingOlder: CellContent(text: "loading…")
                    case .failed(let message), .failedOlder(let message): CellContent(text: "failed: \(message)")
                    }
                }
            })
        let pages = PaginatedList<Int, Note>(section: 0, driver: adapter.driver) { index in
            Page(items: (0..<10).map { Note(id: index * 10 + $0, title: "p\(index)-\($0)") }, hasMore: index < 2)
        }
        pages.prefetchDistance = 2
        adapter.onWillDisplay = { _, path in pages.rowWillAppear(at: path.item) }
        await pages.loadNextPage()
        #expect(pages.itemCount == 10 && pages.requests == [0])
        try list.scroll(by: 7)
        for _ in 0..<50 where pages.requests.count < 2 || pages.isLoading { await Task.yield() }
        await adapter.driver.waitUntilIdle()
        #expect(pages.requests == [0, 1], "the rows near the end, shown by scrolling, asked for page 1")
        #expect(pages.itemCount == 20)
    }

    @Test("onSelect(target) holds the target weakly: a screen that keeps its adapter is not kept by it")
    func selectionHandlerDoesNotKeepTheScreen() async throws {
        @MainActor
        final class Screen {
            let list = HeadlessListView(viewportHeight: nil)
            var adapter: HeadlessListAdapter<Int, Note>?
            var opened: [String] = []
            init() throws {
                let adapter = try HeadlessListAdapter<Int, Note>(
                    listView: list, cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.title) } })
                adapter.onSelect(self) { screen, note, _ in screen.opened.append(note.title) }
                self.adapter = adapter
            }
        }
        weak var weakScreen: Screen?
        do {
            let screen = try Screen()
            weakScreen = screen
            await screen.adapter?.apply(try notes(2))
            try screen.list.tapItem(at: ItemPath(item: 1, section: 0))
            #expect(screen.opened == ["n1"])
        }
        #expect(weakScreen == nil)
    }

    @Test("reading and commands by identity; an unknown identifier is a typed error naming it")
    func byIdentity() async throws {
        let (list, adapter) = try adapter(viewport: 3)
        try await adapter.apply(notes(10))
        #expect(adapter.itemPath(for: 7) == ItemPath(item: 7, section: 0))
        #expect(adapter.itemIdentifier(at: ItemPath(item: 2, section: 0)) == 2)
        #expect(adapter.itemIdentifier(at: ItemPath(item: 99, section: 0)) == nil)
        #expect(adapter.item(withIdentifier: 3)?.title == "n3")
        #expect(adapter.visibleItems.map(\.id) == [0, 1, 2])
        try adapter.scrollToItem(7)
        #expect(adapter.visibleItems.map(\.id) == [7, 8, 9])
        try adapter.selectItem(8)
        #expect(adapter.selectedItems.map(\.id) == [8])
        #expect(list.indexPathsForSelectedItems == [ItemPath(item: 8, section: 0)])
        #expect(throws: SnapshotError<Int, Int>.unknownItem(42)) { try adapter.scrollToItem(42) }
        #expect(throws: SnapshotError<Int, Int>.unknownItem(42)) { try adapter.selectItem(42) }
    }

    @Test("prefetching: the items just below the viewport, once each; cancelled when they leave that band unseen")
    func prefetching() async throws {
        let (list, adapter) = try adapter(viewport: 3)
        list.prefetchDistance = 2
        var prefetched: [[Int]] = [], cancelled: [[Int]] = []
        adapter.onPrefetch = { prefetched.append($0.map(\.id)) }
        adapter.onCancelPrefetch = { cancelled.append($0.map(\.id)) }
        try await adapter.apply(notes(20))
        #expect(prefetched == [[3, 4]])
        try list.scroll(by: 1)
        #expect(prefetched == [[3, 4], [5]], "3 is shown now; 5 came into the band")
        try list.scrollToTop()
        #expect(cancelled == [[5]], "5 left the band without being shown")
        #expect(prefetched == [[3, 4], [5], [3]], "3 was shown, left, and is near again: asked for again, as UIKit does; 4 never left the band")
    }
}

@MainActor
@Test("the terminal list view selects by identity too; an unknown one is a typed error")
func terminalSelectsByIdentity() async throws {
    let terminal = try TerminalListView<Int, Note>(cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.title) } })
    await terminal.apply(try Snapshot(items: (0..<30).map { Note(id: $0, title: "n\($0)") }))
    try terminal.selectItem(25)
    #expect(terminal.selectedItem?.id == 25)
    #expect(terminal.render(width: 20, height: 5, styled: false).contains { $0.hasPrefix("▸ n25") }, "scrolled to keep it on screen")
    #expect(throws: SnapshotError<Int, Int>.unknownItem(99)) { try terminal.selectItem(99) }
    terminal.setCursor(ItemPath(item: 3, section: 0))
    #expect(terminal.selectedItem?.id == 3)
    terminal.setCursor(ItemPath(item: 30, section: 0))
    #expect(terminal.selectedItem?.id == 3, "a path out of range leaves the cursor where it is")
}
