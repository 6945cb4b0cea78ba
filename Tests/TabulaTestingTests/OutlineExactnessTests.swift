import Tabula
import TabulaTesting
import Testing

/// A headless list of a plain section ("recent") and an outline section ("folders"), driven by a
/// `ListDriver`, whose batch completions are held back while ``holding`` is set
/// (``HoldingListView``). Its cells draw each item's level and disclosure as the driver reports
/// them when they are configured, as a table's cells do: a cell that is not configured again keeps
/// what it drew. It acknowledges the rows the user moves, and asks the driver where a dragged row
/// lands.
@MainActor
final class HeldOutlineView: HoldingListView, HeadlessListDataSource, HeadlessListDelegate {
    let driver: ListDriver<String, Folder>
    /// Whether the view asks the driver where a dragged row lands (UIKit asks the delegate; an
    /// app's delegate may answer instead).
    var retargetsMoves = true

    init(flavor: ListFlavor = .table) {
        driver = ListDriver(updates: .reconfigure)
        super.init(flavor: flavor, holding: false)
        list.dataSource = self
        list.delegate = self
        driver.view = self
    }

    /// Stops holding batches back and completes every one until the driver is idle.
    func settle() {
        holding = false
        completeAll()
    }

    /// What the view must show for these recent items and this tree: every row with its title,
    /// the tree's rows with their levels and disclosures.
    static func rendering(recent: [Folder], tree: SectionSnapshot<Folder>) -> String {
        let folders = tree.visibleItems.map { "   " + tree.outlineState(of: $0.id)!.decorate($0.title) }
        return (["## Recent"] + recent.map { "   \($0.title)" } + ["## Folders"] + folders).joined(separator: "\n")
    }

    // MARK: HeadlessListDataSource

    func numberOfSections(in listView: HeadlessListView) -> Int { driver.snapshot.numberOfSections }
    func listView(_ listView: HeadlessListView, numberOfItemsInSection section: Int) -> Int { driver.snapshot.numberOfItems(inSectionAt: section) }
    func listView(_ listView: HeadlessListView, cellForItemAt path: ItemPath) throws -> HeadlessCell {
        let cell = try listView.dequeueReusableCell(withIdentifier: "cell", for: path)
        let item = try driver.snapshot.existingItem(at: path)
        cell.text = driver.outlineState(of: item.id)?.decorate(item.title) ?? item.title
        return cell
    }
    func listView(_ listView: HeadlessListView, titleForHeaderInSection section: Int) -> String? { driver.snapshot.section(at: section)?.header }
    func listView(_ listView: HeadlessListView, titleForFooterInSection section: Int) -> String? { driver.snapshot.section(at: section)?.footer }
    func listView(_ listView: HeadlessListView, canMoveItemAt path: ItemPath) -> Bool { true }
    func listView(_ listView: HeadlessListView, moveItemAt source: ItemPath, to destination: ItemPath) throws {
        try driver.acknowledgeMove(from: source, to: destination)
    }

    // MARK: HeadlessListDelegate

    func listView(_ listView: HeadlessListView, didSelectItemAt path: ItemPath) {}
    func listView(_ listView: HeadlessListView, targetPathForMoveFrom source: ItemPath, proposed: ItemPath) -> ItemPath {
        retargetsMoves ? driver.targetPathForMove(from: source, proposed: proposed) : proposed
    }
}

@MainActor
@Suite("Outline sections stay exact: queued expansions, cells configured meanwhile, reorders")
struct OutlineExactnessTests {
    typealias Tree = SectionSnapshot<Folder>

    /// a (a1), b (b1), c: all collapsed.
    static func letters() throws -> Tree {
        var tree = Tree()
        try tree.append([Folder("a"), Folder("b"), Folder("c")])
        try tree.append([Folder("a1")], to: "a")
        try tree.append([Folder("b1")], to: "b")
        return tree
    }

    /// A shown list of "recent" (notes, photo) and "folders" showing `tree`.
    static func makeView(_ tree: Tree, flavor: ListFlavor = .table) throws -> HeldOutlineView {
        let view = HeldOutlineView(flavor: flavor)
        try view.list.reloadData()
        view.driver.apply(try Snapshot {
            Section("recent", header: "Recent") {
                Folder("notes")
                Folder("photo")
            }
            Section("folders", header: "Folders", items: [])
        })
        try view.driver.sectionSnapshots.apply(tree, to: "folders")
        #expect(!view.driver.isUpdating)
        return view
    }

    @Test("expand(a) then expand(b) while an update is in flight: both cells end showing expanded")
    func twoExpansionsBehindAnUpdate() throws {
        let view = try Self.makeView(try Self.letters())
        view.holding = true
        try view.driver.applyEdit { try $0.appendItems([Folder("music")], toSection: "recent") }
        #expect(view.driver.isUpdating)
        #expect(try view.driver.sectionSnapshots.expand("a"))
        #expect(try view.driver.sectionSnapshots.expand("b"), "replaces the waiting expansion of a")
        view.settle()
        var tree = try Self.letters()
        try tree.expand(["a", "b"])
        #expect(view.list.renderedText() == HeldOutlineView.rendering(recent: [Folder("notes"), Folder("photo"), Folder("music")], tree: tree))
        #expect(view.rejections.isEmpty && view.driver.diagnostics.isEmpty)
    }

    @Test("a cell configured while an expansion waits shows what is on screen, and is configured again")
    func cellConfiguredWhileWaiting() throws {
        let view = try Self.makeView(try Self.letters())
        view.holding = true
        try view.driver.applyEdit { try $0.appendItems([Folder("music")], toSection: "recent") }
        #expect(try view.driver.sectionSnapshots.expand("a"))
        #expect(view.driver.sectionSnapshots.snapshot(for: "folders")?.isExpanded("a") == true, "the list heads to a expanded")
        #expect(view.driver.outlineState(of: "a") == OutlineState(level: 0, isExpanded: false), "the screen shows it collapsed")
        // Every cell is configured now (a scroll, a reload), from the snapshot on screen.
        try view.list.reloadData()
        #expect(view.list.renderedText().hasSuffix("## Folders\n   ▸ a\n   ▸ b\n   c"))
        view.settle()
        #expect(view.list.renderedText().hasSuffix("## Folders\n   ▾ a\n     a1\n   ▸ b\n   c"))
        #expect(view.driver.outlineState(of: "a") == OutlineState(level: 0, isExpanded: true))
    }

    @Test("a waiting update keeps its reconfigure requests when an expansion replaces it")
    func expansionKeepsRequests() throws {
        let view = try Self.makeView(try Self.letters())
        view.holding = true
        try view.driver.applyEdit { try $0.appendItems([Folder("music")], toSection: "recent") }
        let configured = try #require(view.list.cellForItem(at: ItemPath(item: 2, section: 1))).configurationCount
        try view.driver.applyEdit { try $0.reconfigureItems(["c"]) }
        #expect(try view.driver.sectionSnapshots.expand("a"))
        view.settle()
        let cell = try #require(view.list.cellForItem(at: ItemPath(item: 3, section: 1)))
        #expect(cell.text == "c" && cell.configurationCount > configured, "c's reconfigure request was carried out")
    }

    /// Documents (Taxes (2023, 2024), Letters), Pictures (Holidays), with Documents and Taxes
    /// expanded: rows Documents, Taxes, 2023, 2024, Letters, Pictures.
    static func expandedFolders() throws -> Tree {
        var tree = try SectionSnapshotDriverTests.folders()
        try tree.expand(["Documents", "Taxes"])
        return tree
    }

    func folderRows(_ view: HeldOutlineView) -> [String] {
        view.list.renderedText().components(separatedBy: "## Folders\n").last!.components(separatedBy: "\n")
    }

    @Test("a row moved in an outline moves among its siblings, and its children follow it")
    func reorderWithinTree() throws {
        let view = try Self.makeView(try Self.expandedFolders())
        // Letters above Taxes: it stays Documents' child.
        #expect(try view.list.interactiveMove(from: ItemPath(item: 4, section: 1), to: ItemPath(item: 1, section: 1)) == ItemPath(item: 1, section: 1))
        #expect(view.driver.sectionSnapshots.snapshot(for: "folders")?.children(of: "Documents")?.map(\.id) == ["Letters", "Taxes"])
        // Taxes (expanded, two visible children) below Letters, dropped past Documents' rows: it
        // lands at their end, and its children follow it.
        #expect(try view.list.interactiveMove(from: ItemPath(item: 2, section: 1), to: ItemPath(item: 5, section: 1)) == ItemPath(item: 4, section: 1))
        #expect(folderRows(view) == ["   ▾ Documents", "     Letters", "     ▾ Taxes", "       2023", "       2024", "   ▸ Pictures"])
        let tree = try #require(view.driver.sectionSnapshots.snapshot(for: "folders"))
        #expect(tree.children(of: "Documents")?.map(\.id) == ["Letters", "Taxes"])
        #expect(tree.children(of: "Taxes")?.map(\.id) == ["2023", "2024"] && tree.isExpanded("Taxes"))
        // A top-level folder to the top.
        try view.list.interactiveMove(from: ItemPath(item: 5, section: 1), to: ItemPath(item: 0, section: 1))
        #expect(view.driver.sectionSnapshots.snapshot(for: "folders")?.rootItems.map(\.id) == ["Pictures", "Documents"])
        #expect(folderRows(view).first == "   ▸ Pictures")
        #expect(view.rejections.isEmpty && view.driver.diagnostics.isEmpty)
    }

    @Test("a dragged outline row lands only among its siblings; a plain row does not enter the outline")
    func dropsAreRetargeted() throws {
        let view = try Self.makeView(try Self.expandedFolders())
        let driver = view.driver
        // 2023 is Taxes' child: the top of the section is above its parent.
        #expect(driver.targetPathForMove(from: ItemPath(item: 2, section: 1), proposed: ItemPath(item: 0, section: 1)) == ItemPath(item: 2, section: 1))
        // Nor can it leave for another section.
        #expect(driver.targetPathForMove(from: ItemPath(item: 2, section: 1), proposed: ItemPath(item: 0, section: 0)) == ItemPath(item: 2, section: 1))
        // Letters, dropped on Taxes' children, lands after them (the end of Documents' rows).
        #expect(driver.targetPathForMove(from: ItemPath(item: 4, section: 1), proposed: ItemPath(item: 3, section: 1)) == ItemPath(item: 4, section: 1))
        // A recent item stays out of the outline.
        #expect(driver.targetPathForMove(from: ItemPath(item: 0, section: 0), proposed: ItemPath(item: 1, section: 1)) == ItemPath(item: 0, section: 0))
        #expect(driver.targetPathForMove(from: ItemPath(item: 0, section: 0), proposed: ItemPath(item: 1, section: 0)) == ItemPath(item: 1, section: 0))
        let before = view.list.renderedText()
        try view.list.interactiveMove(from: ItemPath(item: 2, section: 1), to: ItemPath(item: 0, section: 0))
        #expect(view.list.renderedText() == before)
        #expect(driver.diagnostics.isEmpty)
    }

    @Test("a view that moves a row into or out of an outline without asking: the row goes back, reported")
    func moveAcrossOutlineIsUndone() throws {
        let view = try Self.makeView(try Self.expandedFolders())
        view.retargetsMoves = false
        let before = view.list.renderedText()
        try view.list.interactiveMove(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 1, section: 1))
        #expect(view.list.renderedText() == before, "notes is back in Recent")
        #expect(view.driver.diagnostics.map(\.kind) == [.refusedMove(item: "notes", from: ItemPath(item: 0, section: 0), to: ItemPath(item: 1, section: 1))])
        #expect(view.driver.sectionSnapshots.snapshot(for: "folders") == (try Self.expandedFolders()), "the tree is whole")
        #expect(view.rejections.isEmpty)
    }

    /// Found by `OutlinePropertyTests` (TABULA_SEED=14812599971278635358): the plain row's move
    /// was carried into the waiting snapshot next to a neighbour that only the view showed in its
    /// section, and the waiting snapshot put the row into the outline, whose tree it flattened.
    @Test("a plain row dropped beside a refused outline row, updates waiting: the tree stays whole")
    func plainMoveBesideRefusedRow() throws {
        let view = try Self.makeView(try Self.expandedFolders())
        view.holding = true
        try view.driver.applyEdit { try $0.appendItems([Folder("music")], toSection: "recent") }
        try view.driver.applyEdit { try $0.appendItems([Folder("video")], toSection: "recent") }
        view.retargetsMoves = false
        // Letters, a folder, dropped into Recent: refused, and shown there until the updates end.
        try view.list.interactiveMove(from: ItemPath(item: 4, section: 1), to: ItemPath(item: 0, section: 0))
        view.retargetsMoves = true
        // photo dropped above it.
        #expect(try view.list.interactiveMove(from: ItemPath(item: 2, section: 0), to: ItemPath(item: 0, section: 0)) == ItemPath(item: 0, section: 0))
        view.settle()
        #expect(view.driver.sectionSnapshots.snapshot(for: "folders") == (try Self.expandedFolders()), "the tree is whole")
        #expect(view.driver.snapshot.items(inSection: "recent")?.map(\.id).sorted() == ["music", "notes", "photo", "video"])
        #expect(view.rejections.isEmpty)
    }

    @Test("a reorder while an expansion waits: both land, the tree whole")
    func reorderWhileExpansionWaits() throws {
        let view = try Self.makeView(try Self.expandedFolders())
        view.holding = true
        try view.driver.applyEdit { try $0.appendItems([Folder("music")], toSection: "recent") }
        #expect(try view.driver.sectionSnapshots.expand("Pictures"))
        try view.list.interactiveMove(from: ItemPath(item: 4, section: 1), to: ItemPath(item: 1, section: 1))
        view.settle()
        #expect(folderRows(view) == ["   ▾ Documents", "     Letters", "     ▾ Taxes", "       2023", "       2024", "   ▾ Pictures", "     Holidays"])
        #expect(view.rejections.isEmpty && view.driver.diagnostics.isEmpty)
    }
}
