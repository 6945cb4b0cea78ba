import Testing
import Tabula
import TabulaTesting

final class CountryCell: HeadlessCell {
    var awoke = false
    override func awakeFromNib() { awoke = true }
}

@MainActor
final class SelectionRecorder: HeadlessListDelegate {
    var selected: [ItemPath] = []
    var deselected: [ItemPath] = []
    func listView(_ listView: HeadlessListView, didSelectItemAt path: ItemPath) { selected.append(path) }
    func listView(_ listView: HeadlessListView, didDeselectItemAt path: ItemPath) { deselected.append(path) }
}

@Suite("Headless list view")
@MainActor
struct HeadlessListViewTests {
    func make(_ sections: [[String]], height: Int? = nil, headers: [String?] = []) throws -> (HeadlessListView, StringsDataSource) {
        let list = HeadlessListView(viewportHeight: height)
        let source = StringsDataSource(sections, headers: headers)
        list.register(HeadlessCell.self, forCellReuseIdentifier: "cell")
        list.dataSource = source
        try list.reloadData()
        return (list, source)
    }

    @Test func dequeueingAnUnregisteredIdentifierFailsWithUIKitsMessage() throws {
        let list = HeadlessListView()
        let source = StringsDataSource([["a"]])
        source.identifier = "Missing"
        list.dataSource = source
        #expect(throws: ListViewError.unregisteredIdentifier("Missing", flavor: .table)) { try list.reloadData() }
        #expect(ListViewError.unregisteredIdentifier("Missing", flavor: .table).description
            == "unable to dequeue a cell with identifier Missing - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
    }

    @Test func nibRegistrationUsesTheCatalogue() throws {
        let resources = ResourceCatalog(nibs: [HeadlessNib(name: "CountryCell", cellClass: CountryCell.self)])
        #expect(resources.path(forResource: "CountryCell", ofType: "nib") != nil)
        #expect(resources.path(forResource: "OtherCell", ofType: "nib") == nil)
        let list = HeadlessListView(resources: resources)
        try list.register(nibNamed: "CountryCell", forCellReuseIdentifier: "country")
        #expect(throws: ListViewError.nibNotFound("Nope")) { try list.register(nibNamed: "Nope", forCellReuseIdentifier: "x") }
        let cell = try list.dequeueReusableCell(withIdentifier: "country", for: ItemPath(item: 0, section: 0))
        #expect(cell.isFromNib)
        #expect((cell as? CountryCell)?.awoke == true)
        #expect(list.registration(forReuseIdentifier: "country") == "nib CountryCell (CountryCell)")
    }

    @Test func onlyVisibleRowsAreRequestedAndCellsAreReused() throws {
        let rows = (0..<100).map { "row \($0)" }
        let (list, source) = try make([rows], height: 10)
        #expect(list.indexPathsForVisibleItems == (0..<10).map { ItemPath(item: $0, section: 0) })
        #expect(source.requests.count == 10)
        #expect(list.counters.cellsCreated == 10)
        try list.scroll(by: 5)
        #expect(list.indexPathsForVisibleItems.first == ItemPath(item: 5, section: 0))
        #expect(source.requests.count == 15, "only the five rows that came into view were requested")
        #expect(list.counters.cellsCreated == 10, "the five that left were reused")
        #expect(list.counters.cellsReused == 5)
        #expect(list.pooledCellCount(forReuseIdentifier: "cell") == 0, "every cell created is on screen again")
        list.viewportHeight = 4
        #expect(list.pooledCellCount(forReuseIdentifier: "cell") == 6, "a smaller window sends six cells to their pool")
        list.viewportHeight = 10
        try list.scrollToItem(at: ItemPath(item: 95, section: 0))
        #expect(list.indexPathsForVisibleItems.last == ItemPath(item: 99, section: 0), "scrolling stops at the end")
        try list.scrollToTop()
        #expect(list.cellForItem(at: ItemPath(item: 0, section: 0))?.text == "row 0")
        #expect(list.cellForItem(at: ItemPath(item: 50, section: 0)) == nil)
        #expect(throws: ListViewError.itemPathOutOfRange(ItemPath(item: 100, section: 0), operation: "scroll to")) {
            try list.scrollToItem(at: ItemPath(item: 100, section: 0))
        }
    }

    @Test func aReusedCellIsTheSameObjectAndWasPrepared() throws {
        let (list, source) = try make([(0..<20).map { "r\($0)" }], height: 1)
        defer { withExtendedLifetime(source) {} }
        let first = try #require(list.cellForItem(at: ItemPath(item: 0, section: 0)))
        try list.scroll(by: 1)
        let second = try #require(list.cellForItem(at: ItemPath(item: 1, section: 0)))
        #expect(first === second)
        #expect(second.reuseCount == 1)
        #expect(second.text == "r1")
    }

    @Test func batchUpdatesKeepTheCellsOfRowsThatDidNotChange() throws {
        let (list, source) = try make([["a", "b", "c"]])
        let cellB = list.cellForItem(at: ItemPath(item: 1, section: 0))
        source.sections = [["z", "a", "b", "c"]]
        try list.performBatchUpdates(BatchUpdate(insertedItems: [ItemPath(item: 0, section: 0)]))
        #expect(list.cellForItem(at: ItemPath(item: 2, section: 0)) === cellB)
        #expect(list.renderedText() == "   z\n   a\n   b\n   c")
        #expect(list.counters.batchUpdates == 1)
    }

    @Test("a forgotten reload shows stale text, as on a device")
    func staleWithoutReload() throws {
        let (list, source) = try make([["a", "b"]])
        source.sections = [["a", "B"]]
        try list.performBatchUpdates(BatchUpdate())
        #expect(list.cellForItem(at: ItemPath(item: 1, section: 0))?.text == "b")
        try list.performBatchUpdates(BatchUpdate(reloadedItems: [ItemPath(item: 1, section: 0)]))
        #expect(list.cellForItem(at: ItemPath(item: 1, section: 0))?.text == "B")
    }

    @Test("a forgotten title update shows a stale header, as on a device; sections keep theirs when they move")
    func staleWithoutTitleUpdate() throws {
        let (list, source) = try make([["a"], ["b"]], headers: ["A", "B"])
        source.headers = ["A2", "B"]
        source.sections = [["a", "z"], ["b"]]
        try list.performBatchUpdates(BatchUpdate(insertedItems: [ItemPath(item: 1, section: 0)]))
        #expect(list.renderedText() == "## A\n   a\n   z\n## B\n   b", "a batch does not ask for the titles of a section it keeps")
        try list.performBatchUpdates(BatchUpdate(updatedSectionTitles: [0]))
        #expect(list.renderedText() == "## A2\n   a\n   z\n## B\n   b")

        // A moved section carries its header; an inserted one asks for its own.
        source.headers = ["New", "B", "A3"]
        source.sections = [["n"], ["b"], ["a", "z"]]
        try list.performBatchUpdates(BatchUpdate(insertedSections: [0], movedSections: [.init(from: 0, to: 2)]))
        #expect(list.renderedText() == "## New\n   n\n## B\n   b\n## A2\n   a\n   z")
        try list.performBatchUpdates(BatchUpdate(updatedSectionTitles: [2]))
        #expect(list.headerTitle(forSection: 2) == "A3")
        // A title that appears is shown once named, and takes its line.
        source.footers = [nil, "note", nil]
        try list.performBatchUpdates(BatchUpdate())
        #expect(list.footerTitle(forSection: 1) == nil)
        try list.performBatchUpdates(BatchUpdate(updatedSectionTitles: [1]))
        #expect(list.renderedText() == "## New\n   n\n## B\n   b\n   (note)\n## A3\n   a\n   z")
    }

    @Test func reconfigureKeepsTheCell() throws {
        let (list, source) = try make([["a", "b"]])
        let cell = list.cellForItem(at: ItemPath(item: 1, section: 0))
        source.sections = [["a", "B"]]
        try list.performBatchUpdates(BatchUpdate(reconfiguredItems: [ItemPath(item: 1, section: 0)]))
        #expect(list.cellForItem(at: ItemPath(item: 1, section: 0)) === cell)
        #expect(cell?.text == "B")
        #expect(list.counters.reconfigurations == 1)
    }

    @Test func aRejectedBatchLeavesTheViewUnchanged() throws {
        let (list, source) = try make([["a", "b"]])
        source.sections = [["a", "b", "c"]]
        let error = #expect(throws: ListViewError.self) { try list.performBatchUpdates(BatchUpdate()) }
        #expect(error?.description.hasPrefix("Invalid update: invalid number of rows in section 0.") == true)
        #expect(list.itemCounts == [2])
        #expect(throws: ListViewError.countsOutOfSync(viewCounts: [2], dataSourceCounts: [3])) { try list.checkConsistency() }
    }

    @Test("an update to a view that never loaded fails, as UIKit's does")
    func updateBeforeFirstLoad() throws {
        let list = HeadlessListView()
        let source = StringsDataSource([["a"]])
        list.register(HeadlessCell.self, forCellReuseIdentifier: "cell")
        list.dataSource = source
        #expect(throws: ListViewError.self) { try list.performBatchUpdates(BatchUpdate(insertedItems: [ItemPath(item: 0, section: 0)])) }
    }

    @Test func selection() throws {
        let (list, _) = try make([["a", "b", "c"]])
        let recorder = SelectionRecorder()
        list.delegate = recorder
        try list.tapItem(at: ItemPath(item: 1, section: 0))
        #expect(recorder.selected == [ItemPath(item: 1, section: 0)])
        #expect(list.indexPathsForSelectedItems == [ItemPath(item: 1, section: 0)])
        #expect(list.renderedText() == "   a\n ▸ b\n   c")
        try list.tapItem(at: ItemPath(item: 2, section: 0))
        #expect(recorder.deselected == [ItemPath(item: 1, section: 0)])
        list.deselectItem(at: ItemPath(item: 2, section: 0))
        #expect(list.indexPathsForSelectedItems.isEmpty)
        #expect(throws: ListViewError.itemPathOutOfRange(ItemPath(item: 3, section: 0), operation: "select")) {
            try list.tapItem(at: ItemPath(item: 3, section: 0))
        }
    }

    @Test func swipeToDeleteGoesThroughTheDataSource() throws {
        let (list, source) = try make([["a", "b", "c"]])
        try list.commitDelete(at: ItemPath(item: 1, section: 0))
        #expect(source.sections == [["a", "b", "c"]], "not editable: nothing happens")
        source.deletable = true
        try list.commitDelete(at: ItemPath(item: 1, section: 0))
        #expect(source.sections == [["a", "c"]])
        #expect(list.renderedText() == "   a\n   c")
    }

    @Test func interactiveMoveUpdatesTheModelAndKeepsCells() throws {
        let (list, source) = try make([["a", "b"], ["c"]])
        source.movable = true
        let cellA = list.cellForItem(at: ItemPath(item: 0, section: 0))
        try list.interactiveMove(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 1, section: 1))
        #expect(source.sections == [["b"], ["c", "a"]])
        #expect(list.cellForItem(at: ItemPath(item: 1, section: 1)) === cellA)
        try list.checkConsistency()
    }

    @Test func renderingShowsHeadersRowsAndFooters() throws {
        let (list, source) = try make([["Dark mode", "Auto save"], ["Usage"]], headers: ["General", "Stats"])
        source.footers = [nil, "since install"]
        try list.reloadData()
        #expect(list.renderedText() == """
            ## General
               Dark mode
               Auto save
            ## Stats
               Usage
               (since install)
            """)
        #expect(list.headerTitle(forSection: 1) == "Stats")
    }

    @Test func collectionFlavourUsesSupplementaryViews() throws {
        final class HeaderSource: HeadlessListDataSource {
            func numberOfSections(in listView: HeadlessListView) -> Int { 1 }
            func listView(_ listView: HeadlessListView, numberOfItemsInSection section: Int) -> Int { 1 }
            func listView(_ listView: HeadlessListView, cellForItemAt path: ItemPath) throws -> HeadlessCell {
                let cell = try listView.dequeueReusableCell(withIdentifier: "item", for: path)
                cell.text = "tile"
                return cell
            }
            func listView(_ listView: HeadlessListView, viewForSupplementaryElementOfKind kind: String, at section: Int) throws -> HeadlessSupplementaryView? {
                guard kind == HeadlessListView.headerKind else { return nil }
                let view = try listView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: section)
                view.text = "Countries"
                return view
            }
        }
        let list = HeadlessListView(flavor: .collection, viewportHeight: nil)
        let source = HeaderSource()
        list.register(HeadlessCell.self, forCellReuseIdentifier: "item")
        list.register(HeadlessSupplementaryView.self, forSupplementaryViewOfKind: HeadlessListView.headerKind, withReuseIdentifier: "header")
        list.dataSource = source
        try list.reloadData()
        #expect(list.renderedText() == "## Countries\n   tile")
        #expect(ListViewError.unregisteredIdentifier("x", flavor: .collection).description.hasPrefix("could not dequeue a view of kind: UICollectionElementKindCell"))
    }

    @Test("a rejected update to a view that never loaded leaves it unchanged, as documented")
    func neverLoadedUnchangedOnThrow() throws {
        let list = HeadlessListView(viewportHeight: nil)
        list.register(HeadlessCell.self, forCellReuseIdentifier: "cell")
        let data = StringsDataSource([["a", "b"]])
        list.dataSource = data
        #expect(throws: ListViewError.self) { try list.performBatchUpdates(BatchUpdate(insertedItems: [ItemPath(item: 0, section: 0)])) }
        #expect(!list.hasLoadedData && list.numberOfSections == 0 && list.counters.batchUpdates == 0)
    }

    @Test("errors from a supplementary view or from a layout are thrown, not swallowed")
    func supplementaryAndLayoutErrors() throws {
        @MainActor final class Failing: HeadlessListDataSource {
            var failCells = false
            func numberOfSections(in listView: HeadlessListView) -> Int { 1 }
            func listView(_ listView: HeadlessListView, numberOfItemsInSection section: Int) -> Int { 30 }
            func listView(_ listView: HeadlessListView, cellForItemAt path: ItemPath) throws -> HeadlessCell {
                if failCells { throw ListViewError.noDataSource }
                return try listView.dequeueReusableCell(withIdentifier: "cell", for: path)
            }
            var failHeaders = true
            func listView(_ listView: HeadlessListView, viewForSupplementaryElementOfKind kind: String, at section: Int) throws
                -> HeadlessSupplementaryView?
            {
                if failHeaders { throw ListViewError.unregisteredSupplementaryView(kind: kind, identifier: "header") }
                return nil
            }
        }
        let data = Failing()
        let collection = HeadlessListView(flavor: .collection, viewportHeight: 5)
        collection.register(HeadlessCell.self, forCellReuseIdentifier: "cell")
        collection.dataSource = data
        #expect(throws: ListViewError.unregisteredSupplementaryView(kind: HeadlessListView.headerKind, identifier: "header")) {
            try collection.reloadData()
        }
        let table = HeadlessListView(flavor: .table, viewportHeight: 5)
        table.register(HeadlessCell.self, forCellReuseIdentifier: "cell")
        // Tables ask for header views too (`viewForHeaderInSection`): the same error is thrown.
        table.dataSource = data
        #expect(throws: ListViewError.unregisteredSupplementaryView(kind: HeadlessListView.headerKind, identifier: "header")) {
            try table.reloadData()
        }
        data.failHeaders = false
        try table.reloadData()
        data.failCells = true
        #expect(throws: ListViewError.noDataSource) { try table.setViewportHeight(10) }
        table.viewportHeight = 20
        #expect(table.lastLayoutError != nil)
    }
}
