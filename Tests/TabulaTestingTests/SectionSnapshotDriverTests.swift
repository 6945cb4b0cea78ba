import Tabula
import TabulaTerminal
import TabulaTesting
import Testing

/// One item type for every section: folders in an outline, recent files in a plain list.
struct Folder: Identifiable, Hashable, Sendable {
    var id: String
    var title: String
    init(_ id: String, _ title: String? = nil) {
        self.id = id
        self.title = title ?? id
    }
}

/// Lets configurators, made before their adapter, ask the adapter's driver for outline state.
@MainActor
final class DriverReference<SectionID: Hashable & Sendable, Item: Identifiable & Sendable> where Item.ID: Sendable {
    weak var driver: ListDriver<SectionID, Item>?
}

@MainActor
@Suite("Section snapshots applied to one section of a list")
struct SectionSnapshotDriverTests {
    typealias Tree = SectionSnapshot<Folder>

    /// Cells that draw an outline item's level and disclosure state, and plain items as they are:
    /// what a table's cells do themselves. A collection view's list cells are drawn so by the
    /// view (`decorating: false`).
    static func cells(_ reference: DriverReference<String, Folder>, decorating: Bool = true) -> CellConfigurators<Folder> {
        CellConfigurators {
            CellConfigurator.content { entry in
                CellContent(text: decorating ? reference.driver?.outlineState(of: entry.id)?.decorate(entry.title) ?? entry.title : entry.title)
            }
        }
    }

    /// Documents (Taxes (2023, 2024), Letters), Pictures (Holidays).
    static func folders() throws -> Tree {
        var tree = Tree()
        try tree.append([Folder("Documents"), Folder("Pictures")])
        try tree.append([Folder("Taxes"), Folder("Letters")], to: "Documents")
        try tree.append([Folder("2023"), Folder("2024")], to: "Taxes")
        try tree.append([Folder("Holidays")], to: "Pictures")
        return tree
    }

    /// A list of a plain "Recent" section and an empty "Folders" section, shown.
    static func makeList(flavor: ListFlavor = .table) async throws -> (HeadlessListView, HeadlessListAdapter<String, Folder>) {
        let reference = DriverReference<String, Folder>()
        let list = HeadlessListView(flavor: flavor, viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Folder>(listView: list, cells: cells(reference, decorating: flavor == .table))
        reference.driver = adapter.driver
        adapter.driver.changesetHistoryLimit = 1
        await adapter.apply(
            try Snapshot {
                Section("recent", header: "Recent") {
                    Folder("notes.txt")
                    Folder("photo.jpg")
                }
                Section("folders", header: "Folders", items: [])
            })
        return (list, adapter)
    }

    @Test("an outline section next to a plain one: the headless view shows levels and ▸/▾, expanding animates")
    func headlessOutline() async throws {
        let (list, adapter) = try await Self.makeList()
        let driver = adapter.driver
        let first = try await driver.sectionSnapshots.apply(try Self.folders(), to: "folders")
        #expect(first == .batchUpdates(animated: true))
        #expect(list.renderedText() == "## Recent\n   notes.txt\n   photo.jpg\n## Folders\n   ▸ Documents\n   ▸ Pictures")

        var result: ApplyResult?
        #expect(try driver.sectionSnapshots.toggleExpansion("Documents") { result = $0 })
        await driver.waitUntilIdle()
        #expect(result == .batchUpdates(animated: true))
        #expect(list.renderedText() == "## Recent\n   notes.txt\n   photo.jpg\n## Folders\n   ▾ Documents\n     ▸ Taxes\n     Letters\n   ▸ Pictures")
        let expanding = try #require(driver.appliedChangesets.last)
        #expect(expanding.statistics.insertedItems == 2 && expanding.statistics.deletedItems == 0)
        // Only the folders section is touched: inserts there, and the parent's cell reconfigured.
        let updates = expanding.stages.map(\.update)
        #expect(updates.flatMap(\.insertedItems).allSatisfy { $0.section == 1 })
        #expect(updates.flatMap(\.reconfiguredItems) + updates.flatMap(\.reloadedItems) == [ItemPath(item: 0, section: 1)])

        #expect(try driver.sectionSnapshots.expand("Taxes"))
        #expect(list.renderedText().hasSuffix("   ▾ Documents\n     ▾ Taxes\n       2023\n       2024\n     Letters\n   ▸ Pictures"))
        #expect(try driver.sectionSnapshots.collapse("Documents"))
        let collapsing = try #require(driver.appliedChangesets.last)
        #expect(collapsing.statistics.deletedItems == 4, "Taxes, its children and Letters animate out")
        #expect(list.renderedText().hasSuffix("## Folders\n   ▸ Documents\n   ▸ Pictures"))
        #expect(driver.sectionSnapshots.snapshot(for: "folders")?.isExpanded("Taxes") == true, "Taxes keeps its expansion, hidden")
        #expect(driver.outlineState(of: "Documents") == OutlineState(level: 0, isExpanded: false))
        #expect(driver.outlineState(of: "notes.txt") == nil, "a plain section has no outline state")
        #expect(driver.outlineState(of: "2023") == nil, "an item that is not shown has none either")
        #expect(driver.diagnostics.isEmpty)
    }

    @Test("the terminal list view draws the same outline")
    func terminalOutline() async throws {
        // Plain cells: the terminal draws each item's level and ▸/▾ itself.
        let terminal = try TerminalListView<String, Folder>(cells: CellConfigurators { CellConfigurator.content { CellContent(text: $0.title) } })
        await terminal.apply(try Snapshot { Section("recent", header: "Recent") { Folder("notes.txt") } })
        var tree = try Self.folders()
        try tree.expand(["Documents"])
        try await terminal.driver.sectionSnapshots.apply(tree, to: "folders")
        #expect(terminal.render(width: 30, height: 10, styled: false) == [
            "RECENT", "▸ notes.txt", "  ▾ Documents", "    ▸ Taxes", "    Letters", "  ▸ Pictures",
        ])
        try terminal.driver.sectionSnapshots.toggleExpansion("Taxes")
        await terminal.driver.waitUntilIdle()
        #expect(terminal.render(width: 30, height: 10, styled: false).dropFirst(3).prefix(3) == ["    ▾ Taxes", "      2023", "      2024"])
    }

    @Test("apply(_:to:) adds a missing section at the end and leaves the others, titles and all")
    func otherSectionsUntouched() async throws {
        let (list, adapter) = try await Self.makeList(flavor: .collection)
        let driver = adapter.driver
        try await driver.sectionSnapshots.apply(try Tree([Folder("a"), Folder("b")]), to: "grid")
        #expect(driver.snapshot.sectionIdentifiers == ["recent", "folders", "grid"])
        #expect(driver.snapshot.section("recent")?.header == "Recent")
        #expect(driver.snapshot.items(inSection: "recent")?.map(\.id) == ["notes.txt", "photo.jpg"])
        #expect(driver.snapshot.items(inSection: "grid")?.map(\.id) == ["a", "b"])
        // A second apply replaces the section's items only.
        try await driver.sectionSnapshots.apply(try Tree([Folder("b"), Folder("c", "C")]), to: "grid")
        #expect(driver.snapshot.items(inSection: "grid") == [Folder("b"), Folder("c", "C")])
        #expect(driver.snapshot.items(inSection: "recent")?.count == 2)
        let change = try #require(driver.appliedChangesets.last)
        #expect(change.statistics.deletedItems == 1 && change.statistics.insertedItems == 1)
        #expect(list.renderedText() == "## Recent\n   notes.txt\n   photo.jpg\n## Folders\n   b\n   C", "the new section has no header")
        #expect(driver.diagnostics.isEmpty)
    }

    @Test("a visible item already in another section is an error naming it; nothing is applied")
    func duplicateAcrossSections() async throws {
        let (_, adapter) = try await Self.makeList()
        let driver = adapter.driver
        let before = driver.snapshot
        let tree = try Tree([Folder("x"), Folder("notes.txt")])
        #expect(throws: (any Error).self) { try driver.sectionSnapshots.apply(tree, to: "folders") }
        do {
            try driver.sectionSnapshots.apply(tree, to: "folders") { _ in }
        } catch let error as SnapshotError<String, String> {
            guard case .duplicateItem(let id, _, _) = error else { Issue.record("\(error)"); return }
            #expect(id == "notes.txt")
        }
        #expect(driver.latestSnapshot == before && driver.sectionSnapshots.snapshot(for: "folders")?.isEmpty == true)
        #expect(throws: SnapshotError<String, String>.unknownItem("nowhere")) { try driver.sectionSnapshots.expand("nowhere") }
        #expect(throws: SnapshotError<String, String>.unknownItem("nowhere")) { try driver.sectionSnapshots.toggleExpansion("nowhere") }
    }

    @Test("handlers: should- vetoes, will- is called first, children can load as their parent expands")
    func handlers() async throws {
        let (list, adapter) = try await Self.makeList()
        let driver = adapter.driver
        try await driver.sectionSnapshots.apply(try Self.folders(), to: "folders")
        var log: [String] = []
        driver.sectionSnapshots.handlers = SectionSnapshotHandlers(
            shouldExpand: { $0.id != "Pictures" }, willExpand: { log.append("will expand \($0.id)") },
            shouldCollapse: { _ in false }, willCollapse: { log.append("will collapse \($0.id)") })
        var result: ApplyResult?
        #expect(try driver.sectionSnapshots.expand("Pictures") { result = $0 } == false)
        #expect(result == .unchanged && log.isEmpty && !list.renderedText().contains("Holidays"))
        #expect(try driver.sectionSnapshots.toggleExpansion("Documents"))
        #expect(log == ["will expand Documents"] && list.renderedText().contains("Letters"))
        #expect(try driver.sectionSnapshots.expand("Documents") == false, "already expanded")
        #expect(try driver.sectionSnapshots.collapse("Documents") == false, "vetoed")
        #expect(log == ["will expand Documents"] && list.renderedText().contains("Letters"))
        driver.sectionSnapshots.handlers.shouldCollapse = nil
        #expect(try driver.sectionSnapshots.toggleExpansion("Documents"))
        #expect(log.last == "will collapse Documents" && !list.renderedText().contains("Letters"))

        // Children loaded on demand: "Pictures" gets its children as it expands.
        driver.sectionSnapshots.handlers = SectionSnapshotHandlers(snapshotForExpandingParent: { parent, children in
            #expect(parent.id == "Pictures" && children.items.map(\.id) == ["Holidays"])
            return (try? Tree([Folder("Holidays"), Folder("Pets")])) ?? children
        })
        #expect(try driver.sectionSnapshots.expand("Pictures"))
        #expect(list.renderedText().hasSuffix("   ▾ Pictures\n     Holidays\n     Pets"))
        #expect(driver.diagnostics.isEmpty)
    }

    @Test("sectionSnapshot(for:) is the last one applied, with the items' newest values")
    func lastApplied() async throws {
        let (_, adapter) = try await Self.makeList()
        let driver = adapter.driver
        #expect(driver.sectionSnapshots.snapshot(for: "recent")?.rootItems.map(\.id) == ["notes.txt", "photo.jpg"], "a plain section: flat")
        #expect(driver.sectionSnapshots.snapshot(for: "nowhere") == nil)
        try await driver.sectionSnapshots.apply(try Self.folders(), to: "folders")
        try driver.sectionSnapshots.expand("Documents")
        await driver.waitUntilIdle()
        var tree = try #require(driver.sectionSnapshots.snapshot(for: "folders"))
        #expect(tree.isExpanded("Documents") && tree.count == 7)
        // Updated in place: the section snapshot gives the new value.
        try driver.apply(.update([Folder("Letters", "Mail")]))
        #expect(driver.sectionSnapshots.snapshot(for: "folders")?["Letters"]?.title == "Mail")
        // Edited as a tree, applied again.
        try tree.delete(["Taxes"])
        try await driver.sectionSnapshots.apply(tree, to: "folders")
        #expect(driver.snapshot.items(inSection: "folders")?.map(\.id) == ["Documents", "Letters", "Pictures"])
        // A whole snapshot that changes the section another way: the tree no longer describes it.
        var whole = driver.snapshot
        try whole.deleteItems(["Letters"])
        await driver.apply(whole)
        #expect(driver.sectionSnapshots.snapshot(for: "folders")?.items.map(\.id) == ["Documents", "Pictures"])
        #expect(driver.sectionSnapshots.snapshot(for: "folders")?.isExpanded("Documents") == false)
        #expect(driver.outlineState(of: "Documents") == nil, "the section is a plain one again")
        // So is a section whose items an in-place edit changes.
        try await driver.sectionSnapshots.apply(try Self.folders(), to: "folders")
        #expect(driver.outlineState(of: "Documents") != nil)
        try driver.apply(.append([Folder("Music")], toSection: "folders"))
        #expect(driver.outlineState(of: "Documents") == nil && driver.sectionSnapshots.snapshot(for: "folders")?.count == 3)
        #expect(driver.diagnostics.isEmpty)
    }

    @Test("an Outline becomes a section snapshot of the list's item type, its expansion kept")
    func outlineBridge() async throws {
        let outline = Outline(
            roots: [
                OutlineNode("fruit", value: "Fruit", children: [OutlineNode("apple", value: "Apple"), OutlineNode("pear", value: "Pear")]),
                OutlineNode("veg", value: "Vegetables", children: [OutlineNode("leek", value: "Leek")]),
            ], expanded: ["fruit"])
        let tree = try outline.sectionSnapshot { Folder($0.id, $0.value) }
        #expect(tree.items.map(\.id) == ["fruit", "apple", "pear", "veg", "leek"])
        #expect(tree.visibleItems.map(\.title) == outline.rows.map(\.value))
        #expect(tree.isExpanded("fruit") && !tree.isExpanded("veg") && tree.parent(of: "leek")?.id == "veg")
        let (list, adapter) = try await Self.makeList()
        try await adapter.driver.sectionSnapshots.apply(tree, to: "folders")
        #expect(list.renderedText().hasSuffix("## Folders\n   ▾ Fruit\n     Apple\n     Pear\n   ▸ Vegetables"))
        // Two nodes that make one identifier.
        #expect(throws: SectionSnapshotError<String>.duplicateItem("same")) { try outline.sectionSnapshot { Folder("same", $0.value) } }
    }

    @Test("the documentation's examples")
    func documentedExamples() async throws {
        let driver = ListDriver<String, Identified<String>>()
        let outline = Outline(roots: [OutlineNode("fruit", value: "Fruit", children: [OutlineNode("apple", value: "Apple")])])
        let tree = try outline.sectionSnapshot { Identified($0.value) }
        try await driver.sectionSnapshots.apply(tree, to: "outline")
        var folders = SectionSnapshot<Identified<String>>()
        try folders.append([Identified("Documents"), Identified("Pictures")])
        try folders.append([Identified("Taxes"), Identified("Letters")], to: "Documents")
        try await driver.sectionSnapshots.apply(folders, to: "folders")     // the section "recent" is not touched
        try driver.sectionSnapshots.toggleExpansion("Documents")            // "Taxes" and "Letters" animate in
        await driver.waitUntilIdle()
        #expect(driver.snapshot.sectionIdentifiers == ["outline", "folders"])
        #expect(driver.snapshot.items(inSection: "folders")?.map(\.value) == ["Documents", "Taxes", "Letters", "Pictures"])
        // With no view, outline state is kept all the same.
        #expect(driver.outlineState(of: "Taxes") == OutlineState(level: 1, isExpanded: nil))
    }

    /// Random expand, collapse and toggle sequences on a list of two outline sections around a
    /// plain one: every batch passes the headless view's UIKit checks, and the screen shows the model.
    @Test("random expansion sequences on a multi-section list: every batch is valid, the screen shows the model", arguments: [ListFlavor.table, .collection])
    func randomExpansion(flavor: ListFlavor) async throws {
        let seed = propertySeed()
        print("SectionSnapshotDriverTests.randomExpansion(\(flavor)): TABULA_SEED=\(seed) replays this run")
        var rng = SeededGenerator(seed: seed)
        func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }

        for run in 0..<12 {
            let reference = DriverReference<String, Folder>()
            let list = HeadlessListView(flavor: flavor, viewportHeight: nil)
            let adapter = try HeadlessListAdapter<String, Folder>(listView: list, cells: Self.cells(reference, decorating: flavor == .table))
            reference.driver = adapter.driver
            let driver = adapter.driver

            // The model: each outline section's children by parent ("" for the top level) and expanded items.
            var children: [String: [String: [String]]] = [:]
            var expanded = Set<String>()
            var trees: [String: Tree] = [:]
            for section in ["a", "c"] {
                var tree = Tree()
                var byParent: [String: [String]] = ["": []]
                var ids: [String] = []
                for n in 0..<int(3...18) {
                    let id = "\(section)\(n)"
                    let parent = ids.isEmpty || int(0...3) == 0 ? nil : ids[int(0...(ids.count - 1))]
                    try tree.append([Folder(id)], to: parent)
                    byParent[parent ?? "", default: []].append(id)
                    ids.append(id)
                    if int(0...2) == 0 {
                        try tree.expand([id])
                        expanded.insert(id)
                    }
                }
                children[section] = byParent
                trees[section] = tree
            }
            func visible(_ section: String, under parent: String = "", level: Int = 0) -> [(id: String, level: Int)] {
                (children[section]![parent] ?? []).flatMap { id -> [(id: String, level: Int)] in
                    [(id, level)] + (expanded.contains(id) ? visible(section, under: id, level: level + 1) : [])
                }
            }
            func expectedText() -> String {
                var lines = ["## A"]
                for (id, level) in visible("a") {
                    let kids = children["a"]![id] ?? []
                    lines.append("   " + OutlineState(level: level, isExpanded: kids.isEmpty ? nil : expanded.contains(id)).decorate(id))
                }
                lines += ["## B", "   b0", "   b1"]
                lines.append("## C")
                for (id, level) in visible("c") {
                    let kids = children["c"]![id] ?? []
                    lines.append("   " + OutlineState(level: level, isExpanded: kids.isEmpty ? nil : expanded.contains(id)).decorate(id))
                }
                return lines.joined(separator: "\n")
            }

            await adapter.apply(
                try Snapshot {
                    Section("a", header: "A", items: [])
                    Section("b", header: "B") {
                        Folder("b0")
                        Folder("b1")
                    }
                    Section("c", header: "C", items: [])
                })
            for section in ["a", "c"] {
                let result = try await driver.sectionSnapshots.apply(trees[section]!, to: section)
                #expect(result == .batchUpdates(animated: true))
            }
            #expect(list.renderedText() == expectedText(), "TABULA_SEED=\(seed) run \(run), first apply")

            for step in 0..<40 {
                let context = "TABULA_SEED=\(seed) run \(run) step \(step) (\(flavor))"
                let section = int(0...1) == 0 ? "a" : "c"
                let all = children[section]!.values.flatMap { $0 }
                let id = all[int(0...(all.count - 1))]
                let shown = visible(section).contains { $0.id == id }
                let wasExpanded = expanded.contains(id)
                var result: ApplyResult?
                let operation = int(0...3)
                do {
                    let changed: Bool
                    switch operation {
                    case 0: changed = try driver.sectionSnapshots.expand(id) { result = $0 }
                    case 1: changed = try driver.sectionSnapshots.collapse(id) { result = $0 }
                    case 2: changed = try driver.sectionSnapshots.toggleExpansion(id) { result = $0 }
                    default:
                        // Expand or collapse through a section snapshot, hidden items too.
                        var tree = try #require(driver.sectionSnapshots.snapshot(for: section))
                        if wasExpanded { try tree.collapse([id]) } else { try tree.expand([id]) }
                        try driver.sectionSnapshots.apply(tree, to: section) { result = $0 }
                        changed = true
                    }
                    #expect(shown || operation == 3, "only a shown item expands through the driver: \(context)")
                    let expectedChange = operation == 3 || operation == 2 || (operation == 0) != wasExpanded
                    #expect(changed == expectedChange, "\(context)")
                    if changed {
                        if wasExpanded { expanded.remove(id) } else { expanded.insert(id) }
                    }
                } catch {
                    #expect(!shown && operation != 3, "\(context): \(error)")
                    #expect(error as? SnapshotError<String, String> == .unknownItem(id), "\(context)")
                    continue
                }
                await driver.waitUntilIdle()
                switch result {
                case .batchUpdates(animated: true)?, .unchanged?: break
                default: Issue.record("\(context): \(String(describing: result))")
                }
                #expect(driver.diagnostics.isEmpty, "\(context): \(driver.diagnostics)")
                #expect(list.renderedText() == expectedText(), "\(context)")
                if !driver.diagnostics.isEmpty || list.renderedText() != expectedText() { return }
            }
        }
    }
}
