import Testing
@testable import Tabula
import TabulaTesting

/// Regression tests for defects found by an independent model of the core's contract (issue 10).
@Suite("Core contract: requests, duplicates, labels, numbers")
@MainActor
struct CoreContractTests {
    @Test("resolvingDuplicates(.keepFirst) reports keptAt as the input position: [A,B,A,C,C]")
    func keepFirstReportsInputPositions() throws {
        let input = [RowSection("s", items: [1, 2, 1, 3, 3].map { Row(id: $0) })]
        let (snapshot, report) = try RowSnapshot.resolvingDuplicates(in: input, keeping: .keepFirst)
        #expect(snapshot.itemIdentifiers == [1, 2, 3])
        #expect(report.dropped.map(\.droppedAt) == [ItemPath(item: 2, section: 0), ItemPath(item: 4, section: 0)])
        #expect(report.dropped.map(\.keptAt) == [ItemPath(item: 0, section: 0), ItemPath(item: 3, section: 0)])
        // Across sections, after drops in the first one.
        let twoSections = [RowSection("a", items: [1, 1, 2].map { Row(id: $0) }), RowSection("b", items: [Row(id: 2)])]
        let (_, second) = try RowSnapshot.resolvingDuplicates(in: twoSections, keeping: .keepFirst)
        #expect(second.dropped.map(\.keptAt) == [ItemPath(item: 0, section: 0), ItemPath(item: 2, section: 0)])
    }

    @Test("deleteAllItems empties the snapshot as Apple's does; the idiom deleteAllItems + appendSections works")
    func deleteAllItemsMatchesApple() throws {
        var snapshot = try RowSnapshot([RowSection("main", header: "Main", items: [Row(id: 1)]), RowSection("other")])
        snapshot.deleteAllItems()
        #expect(snapshot.numberOfSections == 0 && snapshot.numberOfItems == 0)
        try snapshot.appendSections(["main"])
        try snapshot.appendItems([Row(id: 1)])
        #expect(snapshot.itemIdentifiers == [1])

        var keeping = try RowSnapshot([RowSection("main", header: "Main", items: [Row(id: 1)])])
        keeping.deleteAllItemsKeepingSections()
        #expect(keeping.sectionIdentifiers == ["main"] && keeping.sections[0].header == "Main" && keeping.numberOfItems == 0)
    }

    @Test("with Int section identifiers, inSection: is the identifier (Apple's meaning) and inSectionAt: the position")
    func intSectionIdentifiers() throws {
        let snapshot = try Snapshot<Int, Row>([Section(10, items: [Row(id: 1)]), Section(20, items: [Row(id: 2), Row(id: 3)])])
        #expect(snapshot.numberOfItems(inSectionAt: 1) == 2)
        #expect(snapshot.numberOfItems(inSection: 10) == 1)
        #expect(snapshot.numberOfItems(inSection: 20) == 2)
        #expect(snapshot.numberOfItems(inSection: 1) == 0, "no section has the identifier 1")
        #expect(snapshot.numberOfItems(inSectionAt: 20) == 0)
    }

    @Test("duplicate-section and duplicate-item errors name the lower position first")
    func duplicatePositionsInOrder() throws {
        var snapshot = try RowSnapshot([RowSection("a"), RowSection("b", items: [Row(id: 1)])])
        #expect(throws: SnapshotError<String, Int>.duplicateSection("b", first: 0, second: 2)) {
            try snapshot.insertSections([RowSection("b")], at: 0)
        }
        #expect(throws: SnapshotError<String, Int>.duplicateSection("a", first: 0, second: 2)) {
            try snapshot.insertSections([RowSection("a")], at: 2)
        }
        #expect(throws: SnapshotError<String, Int>.duplicateItem(1, first: ItemPath(item: 0, section: 0), second: ItemPath(item: 0, section: 2))) {
            try snapshot.insertSections([RowSection("c", items: [Row(id: 1)])], at: 0)
        }
        #expect(throws: SnapshotError<String, Int>.duplicateSection("x", first: 0, second: 1)) {
            try RowSnapshot([RowSection("x"), RowSection("x")])
        }
    }

    @Test("the section-token table stays bounded however many sections come and go")
    func tokenTableIsCompacted() throws {
        var snapshot = try RowSnapshot([RowSection("kept", items: (0..<5).map { Row(id: $0) })])
        for round in 0..<3_000 {
            try snapshot.appendSections(["temp\(round)"])
            try snapshot.appendItems([Row(id: 1_000 + round)], toSection: "temp\(round)")
            try snapshot.deleteSections(["temp\(round)"])
        }
        #expect(snapshot._tokenTableSize < 200, "token table: \(snapshot._tokenTableSize) entries")
        #expect(snapshot.itemPath(for: 3) == ItemPath(item: 3, section: 0))
        try snapshot.insertSections([RowSection("first", items: [Row(id: 99)])], at: 0)
        #expect(snapshot.itemPath(for: 3) == ItemPath(item: 3, section: 1))
        #expect(snapshot.sectionIndex(of: "kept") == 1)
        snapshot._checkInvariantsNow()
    }

    @Test("negative counts in validate are a typed error, not a trap")
    func negativeCounts() {
        #expect(throws: BatchUpdateError(.negativeCount(section: 1, count: -1, afterUpdate: false), flavor: .table)) {
            try BatchUpdate().validate(before: [0, -1], after: [0, 0])
        }
        #expect(throws: BatchUpdateError(.negativeCount(section: 0, count: -5, afterUpdate: true), flavor: .collection)) {
            try BatchUpdate(insertedItems: [ItemPath(item: 0, section: 0)]).validate(before: [0], after: [-5], flavor: .collection)
        }
    }

    @Test("an outline nested 200,000 deep gives its rows without recursion")
    func deepOutline() {
        var node = OutlineNode(0, value: "0")
        for depth in 1..<200_000 { node = OutlineNode(depth, value: "\(depth)", children: [node]) }
        var outline = Outline(roots: [node], expanded: Set(0..<200_000))
        node = OutlineNode(-1, value: "")
        let rows = outline.rows
        #expect(rows.count == 200_000)
        #expect(rows.last?.depth == 199_999 && rows.last?.id == 0)
        // Take the tree apart one level at a time: releasing it whole would recurse in the runtime.
        var level = outline.roots.removeLast()
        while !level.children.isEmpty { level = level.children.removeLast() }
    }

    @Test("the headless view clamps a negative viewport and scrolling by Int.max or Int.min")
    func headlessNumbers() throws {
        let list = HeadlessListView(viewportHeight: -1)
        let source = HeadlessSnapshotDataSource<String, Row>(listView: list) { cell, row in cell.text = row.description }
        try source.apply(try RowSnapshot([RowSection("a", items: (0..<30).map { Row(id: $0) })]))
        #expect(list.renderedText() == "")
        list.viewportHeight = 5
        try list.scroll(by: .max)
        #expect(list.indexPathsForVisibleItems.first == ItemPath(item: 25, section: 0))
        try list.scroll(by: .max)
        try list.scroll(by: .min)
        #expect(list.indexPathsForVisibleItems.first == ItemPath(item: 0, section: 0))
    }

    @Test("canReconfigure and cheapestUpdate are Sendable: usable from a detached task")
    func sendableClassifiers() async {
        let cells = CellConfigurators<Row> {
            CellConfigurator.content(reuseIdentifier: "even", for: { $0.value % 2 == 0 ? $0 : nil }) { CellContent(text: "\($0.id)") }
            CellConfigurator.content(reuseIdentifier: "odd", for: { $0.value % 2 == 1 ? $0 : nil }) { CellContent(text: "\($0.id)") }
        }
        let keepsCell = cells.canReconfigure, cheapest = cells.cheapestUpdate
        let answers = await Task.detached {
            (keepsCell(Row(id: 1, value: 0), Row(id: 1, value: 2)), keepsCell(Row(id: 1, value: 0), Row(id: 1, value: 1)),
             cheapest(Row(id: 1, value: 0), Row(id: 1, value: 1)), cheapest(Row(id: 1, value: 0), Row(id: 1, value: 2)))
        }.value
        #expect(answers.0 && !answers.1)
        #expect(answers.2 == .reload && answers.3 == .reconfigure)
    }

    @Test("a reconfigure the cell type cannot take becomes a reload, even when asked for explicitly")
    func reconfigureAcrossCellTypesIsAReload() {
        let old = try! RowSnapshot([RowSection("a", items: [Row(id: 1, value: 0), Row(id: 2, value: 0)])])
        var new = try! RowSnapshot([RowSection("a", items: [Row(id: 1, value: 1), Row(id: 2, value: 1)])])
        try! new.reconfigureItems([2])
        let keepsCell: (Row, Row) -> Bool = { $0.value % 2 == $1.value % 2 }
        let changeset = Changeset(from: old, to: new, updateKind: { $0 == $1 ? nil : .reconfigure }, canReconfigure: keepsCell)
        #expect(changeset.stages.map(\.update) == [BatchUpdate(reloadedItems: [ItemPath(item: 0, section: 0), ItemPath(item: 1, section: 0)])])
        // Without the check, both would be reconfigured.
        let unchecked = Changeset(from: old, to: new, updateKind: { $0 == $1 ? nil : .reconfigure })
        #expect(unchecked.stages.map(\.update) == [BatchUpdate(reconfiguredItems: [ItemPath(item: 0, section: 0), ItemPath(item: 1, section: 0)])])
    }

    @Test("a cell content's style is a typed value every view reads through the same properties")
    func contentStyles() {
        typealias Style = CellContent.Style
        let all: [Style] = [.default, .subtitle, .value, .large, .empty, .action, .footer, .placeholder, .custom("search")]
        #expect(all.map(\.description) == ["default", "subtitle", "value", "large", "empty", "action", "footer", "placeholder", "search"])
        #expect(all.filter(\.isSubdued) == [.empty, .action, .footer, .placeholder])
        #expect(all.filter(\.isEmphasized) == [.large])
        #expect(all.filter(\.placesSecondaryTextBelow) == [.subtitle] && all.filter(\.placesSecondaryTextTrailing) == [.value])
        #expect(Style.custom("default") != .default, "an app's style never stands for a standard one")
        #expect(CellContent(text: "x").style == .default)
    }
}
