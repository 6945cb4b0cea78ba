import Testing
import Tabula
import TabulaTesting
import TabulaExamples

/// Each worked example, running against the headless view on Linux.
@MainActor
@Suite("The worked examples")
struct ExamplesTests {
    @Test("Mixed cells: two sections, a nib cell and a class cell, no aggregate configurator")
    func mixedCells() async throws {
        let list = HeadlessListView(viewportHeight: nil, resources: MixedCellsExample.bundle)
        let adapter = try HeadlessListAdapter<String, MixedRow>(listView: list, cells: MixedCellsExample.cells)
        await adapter.apply(MixedCellsExample.snapshot)
        #expect(list.renderedText() == """
            ## Pictures
               🖼 Sunrise
               🖼 Harbour
            ## Notes
               Cells come from a nib when one is named after the class
               and from the class otherwise
            """)
        #expect(list.registration(forReuseIdentifier: "PictureCell") == "nib PictureCell (PictureCell)")
        #expect(list.registration(forReuseIdentifier: "TextCell") == "class TextCell")
        let picture = try #require(list.cellForItem(at: ItemPath(item: 0, section: 0)) as? PictureCell)
        #expect(picture.isFromNib && picture.pictureName == "Sunrise")
        #expect(list.cellForItem(at: ItemPath(item: 0, section: 1)) is TextCell)
    }

    @Test("User search: asynchronous user search; selecting a user opens their repositories")
    func userSearch() async throws {
        let screen = try UserSearchScreen(fetcher: BundledUsers(delayMilliseconds: 5))
        try await screen.search("ra")
        #expect(screen.list.renderedText() == """
            ## 4 users
               grace  —  Grace Hopper  >
               edsger  —  Edsger Dijkstra  >
               barbara  —  Barbara Liskov  >
               radia  —  Radia Perlman  >
            """)
        #expect(screen.list.cellForItem(at: ItemPath(item: 0, section: 0)) is UserCell, "the seed's Configurable cell")
        try await screen.search("zz")
        #expect(screen.list.renderedText() == "")
        try await screen.search("ken")
        try screen.list.tapItem(at: ItemPath(item: 0, section: 0))
        let repositories = try #require(screen.pushed)
        #expect(repositories.user.login == "ken")
        try await repositories.load()
        #expect(repositories.list.renderedText() == """
            ## Ken Thompson's repositories
               ken-project-1  —  ★ 30
               ken-project-2  —  ★ 60
               ken-project-3  —  ★ 90
            """)
    }

    @Test("Events feed: rows of many types; static rows without index arithmetic; adding animates an insert")
    func eventsFeed() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, AnyListItem>(listView: list, cells: EventsFeed.cells)
        adapter.driver.changesetHistoryLimit = 1
        var events = EventsFeed.events
        await adapter.apply(EventsFeed.snapshot(events: events, query: ""))
        #expect(list.renderedText() == """
            ## Events
               🔍 Search events
               Swift meetup  —  next up · Mon
               Design review  —  Tue  >
               Team lunch  —  Wed  >
               Release party  —  Fri  >
               + Add event
            """)
        await adapter.apply(EventsFeed.snapshot(events: events, query: "zzz"))
        #expect(list.renderedText() == "## Events\n   🔍 zzz\n   No events match “zzz”\n   + Add event")
        await adapter.apply(EventsFeed.snapshot(events: events, query: ""))
        events.append(Event(id: 5, title: "Hackathon", day: "Sat"))
        await adapter.apply(EventsFeed.snapshot(events: events, query: ""))
        let insert = try #require(adapter.driver.appliedChangesets.last)
        #expect(insert.statistics.insertedItems == 1 && insert.statistics.deletedItems == 0)
        #expect(insert.stages.map(\.update) == [BatchUpdate(insertedItems: [ItemPath(item: 5, section: 0)])])
    }

    @Test("Settings: one settings data source behind two screens; switches update the model")
    func settings() async throws {
        let model = SettingsDataSource()
        let main = HeadlessListView(viewportHeight: nil), sub = HeadlessListView(viewportHeight: nil)
        let mainAdapter = try HeadlessListAdapter<String, Setting>(listView: main, cells: SettingsDataSource.cells)
        let subAdapter = try HeadlessListAdapter<String, Setting>(listView: sub, cells: SettingsDataSource.cells)
        // Weak: the adapters' selection handlers hold the model, the model holds this closure.
        model.onChange = { [weak model, weak mainAdapter, weak subAdapter] in
            guard let model else { return }
            mainAdapter?.apply(model.settings())
            subAdapter?.apply(model.languages())
        }
        var opened = false
        // A tap is an action on these screens: the row does not stay selected.
        mainAdapter.deselectsAfterSelection = true
        subAdapter.deselectsAfterSelection = true
        mainAdapter.onSelect = { setting, _ in opened = model.select(setting) || opened }
        subAdapter.onSelect = { setting, _ in model.select(setting) }
        mainAdapter.apply(model.settings(), completion: nil)
        subAdapter.apply(model.languages(), completion: nil)
        #expect(main.renderedText() == """
            ## General
               Dark mode  [off]
               Auto save  [on]
               Language  —  English  >
            ## Stats
               Usage  —  2 days
               (Counted since installation)
            """)
        try main.tapItem(at: ItemPath(item: 0, section: 0))
        #expect(model.darkMode)
        #expect(main.cellForItem(at: ItemPath(item: 0, section: 0))?.renderedText == "Dark mode  [on]")
        try main.tapItem(at: ItemPath(item: 2, section: 0))
        #expect(opened)
        try sub.tapItem(at: ItemPath(item: 2, section: 0))
        #expect(model.language == "Deutsch")
        #expect(sub.renderedText() == "## Language\n   English  [off]\n   Français  [off]\n   Deutsch  [on]\n   日本語  [off]")
        #expect(main.cellForItem(at: ItemPath(item: 2, section: 0))?.renderedText == "Language  —  Deutsch  >")
        #expect(mainAdapter.driver.diagnostics.isEmpty && subAdapter.driver.diagnostics.isEmpty)
    }

    @Test("Countries: one provider shown in a table and a collection")
    func countries() async throws {
        let table = HeadlessListView(flavor: .table, viewportHeight: 4)
        let collection = HeadlessListView(flavor: .collection, viewportHeight: 4)
        let coordinator = Countries.coordinator
        let tableAdapter = try HeadlessListAdapter<Int, Country>(listView: table, cells: coordinator.cells)
        let collectionAdapter = try HeadlessListAdapter<Int, Country>(listView: collection, cells: coordinator.cells)
        try await coordinator.show(Countries.provider, in: tableAdapter)
        try await coordinator.show(Countries.provider, in: collectionAdapter)
        #expect(table.cellForItem(at: ItemPath(item: 0, section: 0)) is CountryCell, "the coordinator's ConfigurableCell")
        let expected = "## Countries\n   Argentina  —  Buenos Aires\n   Australia  —  Canberra\n   Austria  —  Vienna"
        #expect(table.renderedText() == expected)
        #expect(collection.renderedText() == expected)
        #expect(Countries.provider.item(at: ItemPath(item: 999, section: 0)) == nil, "out of range is nil, not a crash")
        #expect(table.counters.cellsCreated == 3, "only visible rows are configured")

        // Swap the provider: the view code above is untouched.
        let europe = ArrayDataProvider(sections: [Countries.all.filter { ["FR", "DE"].contains($0.code) }], headers: ["Europe"])
        try await coordinator.show(europe, in: tableAdapter)
        #expect(table.renderedText() == "## Europe\n   France  —  Paris\n   Germany  —  Berlin")
    }

    @Test("expand and collapse nested items in a table")
    func outline() async throws {
        var outline = Outline(roots: [
            OutlineNode("fruit", value: "Fruit", children: [OutlineNode("apple", value: "Apple"), OutlineNode("pear", value: "Pear")]),
            OutlineNode("veg", value: "Vegetables", children: [OutlineNode("leek", value: "Leek")]),
        ])
        let cells = CellConfigurators<OutlineRow<String, String>> {
            CellConfigurator.content { row in
                CellContent(text: String(repeating: "  ", count: row.depth) + (row.hasChildren ? (row.isExpanded ? "▾ " : "▸ ") : "") + row.value)
            }
        }
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, OutlineRow<String, String>>(listView: list, cells: cells)
        adapter.driver.changesetHistoryLimit = 1
        adapter.onSelect = { row, _ in outline.toggle(row.id) }
        adapter.deselectsAfterSelection = true  // a tap expands or collapses; it selects nothing
        await adapter.apply(try outline.snapshot(section: "main"))
        try list.tapItem(at: ItemPath(item: 0, section: 0))
        await adapter.apply(try outline.snapshot(section: "main"))
        #expect(list.renderedText() == "   ▾ Fruit\n     Apple\n     Pear\n   ▸ Vegetables")
        #expect(adapter.driver.appliedChangesets.last?.statistics.insertedItems == 2)
        try list.tapItem(at: ItemPath(item: 0, section: 0))
        await adapter.apply(try outline.snapshot(section: "main"))
        #expect(list.renderedText() == "   ▸ Fruit\n   ▸ Vegetables")
        #expect(adapter.driver.appliedChangesets.last?.statistics.deletedItems == 2)
    }
}
