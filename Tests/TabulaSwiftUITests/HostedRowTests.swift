import Tabula
import TabulaExamples
import TabulaSwiftUI
import TabulaSwiftUIExamples
import TabulaTerminal
import TabulaTesting
import Testing

/// The SwiftUI row declarations of the examples, driven through the headless view and the
/// terminal: the same values a UIKit or SwiftUI screen hosts (issue 17).
@MainActor
@Suite("SwiftUI rows, headless")
struct HostedRowTests {
    @Test("settings: the SwiftUI rows show as the UIKit screen's cells, and a switch reconfigures its own cell")
    func settingsRows() async throws {
        let model = SettingsScreenModel()
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Setting>(listView: list, cells: model.cells)
        model.onChange = { [weak model, weak adapter] in
            guard let model else { return }
            adapter?.apply(model.settings)
        }
        await adapter.apply(model.settings)
        // The same text as the content cells of the settings example's UIKit screen (TabulaExamplesTests).
        #expect(list.renderedText() == """
            ## General
               Dark mode  [off]
               Auto save  [on]
               Language  —  English  >
            ## Stats
               Usage  —  2 days
               (Counted since installation)
            """)
        #expect(list.registration(forReuseIdentifier: "TabulaHostedRow.SettingRow") != nil)

        let darkMode = ItemPath(item: 0, section: 0)
        let cell = try #require(list.cellForItem(at: darkMode))
        let before = list.counters
        // What the row's SwiftUI `Toggle` calls when the user flips it.
        let setting = try #require(adapter.displayedSnapshot.item(at: darkMode))
        model.toggle(setting, to: true)
        await adapter.driver.waitUntilIdle()
        #expect(model.source.darkMode)
        #expect(list.cellForItem(at: darkMode) === cell, "the row keeps its cell: a content change is a reconfigure")
        #expect(cell.renderedText == "Dark mode  [on]")
        #expect(list.counters.reconfigurations == before.reconfigurations + 1)
        #expect(list.counters.reloads == before.reloads)

        // A switch set to the state it already has changes nothing.
        model.toggle(try #require(adapter.displayedSnapshot.item(at: darkMode)), to: true)
        await adapter.driver.waitUntilIdle()
        #expect(model.source.darkMode)
        #expect(list.counters.reconfigurations == before.reconfigurations + 1)
        #expect(adapter.driver.diagnostics.isEmpty)
    }

    @Test("settings: the language screen's rows select a language through the shared data source")
    func languageRows() async throws {
        let model = SettingsScreenModel()
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Setting>(listView: list, cells: model.cells)
        adapter.onSelect = { setting, _ in model.select(setting) }
        adapter.deselectsAfterSelection = true  // a tap picks the language; the row does not stay selected
        model.onChange = { [weak model, weak adapter] in
            guard let model else { return }
            adapter?.apply(model.languages)
        }
        await adapter.apply(model.languages)
        try list.tapItem(at: ItemPath(item: 1, section: 0))
        await adapter.driver.waitUntilIdle()
        #expect(model.source.language == "Français")
        #expect(list.renderedText() == "## Language\n   English  [off]\n   Français  [on]\n   Deutsch  [off]\n   日本語  [off]")
    }

    @Test("countries: starring moves a row to Favourites and changes it in one animated update")
    func countriesModel() async throws {
        let model = CountriesModel(countries: Array(Countries.all.prefix(4)))
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, CountryListing>(listView: list, cells: model.cells)
        await adapter.applyUsingReloadData(model.snapshot)
        #expect(list.renderedText() == """
            ## Countries
               Argentina  —  Buenos Aires
               Australia  —  Canberra
               Austria  —  Vienna
               Belgium  —  Brussels
            """)
        let austria = try #require(adapter.item(withIdentifier: "AT"))
        model.toggleFavourite(austria)
        let result = await adapter.apply(model.snapshot)
        #expect(result == .batchUpdates(animated: true))
        #expect(list.renderedText() == """
            ## Favourites
               ★ Austria  —  Vienna
            ## Countries
               Argentina  —  Buenos Aires
               Australia  —  Canberra
               Belgium  —  Brussels
            """)
        model.query = "bel"
        #expect(await adapter.apply(model.snapshot) == .batchUpdates(animated: true))
        #expect(list.renderedText() == "## Countries\n   Belgium  —  Brussels")
        #expect(adapter.driver.diagnostics.isEmpty)
    }

    @Test("a starred country keeps its cell: the change is a reconfigure, which keeps a hosted row's state")
    func starIsReconfigure() {
        let cells = CountriesModel().cells
        let listing = CountryListing(country: Countries.all[0], isFavourite: false)
        var starred = listing
        starred.isFavourite = true
        #expect(cells.cheapestUpdate(listing, starred) == .reconfigure)
        #expect(cells.cheapestUpdate(listing, listing) == nil)
    }

    @Test("SwiftUI rows and cell classes mix in one list, each kind under its own reuse identifier")
    func mixedWithCellClasses() async throws {
        let cells = CellConfigurators<FeedRow> {
            CellConfigurator.cell(BannerCell.self, for: \.banner) { cell, banner in cell.text = "BANNER \(banner)" }
            CellConfigurator.hosting(CountryRow(), for: \.listing)
        }
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<Int, FeedRow>(listView: list, cells: cells)
        let spain = CountryListing(country: Countries.all.first { $0.code == "ES" }!, isFavourite: true)
        await adapter.apply(try Snapshot(items: [FeedRow.banner("Summer"), .listing(spain)]))
        #expect(list.renderedText() == "   BANNER Summer\n   ★ Spain  —  Madrid")
        #expect(list.cellForItem(at: ItemPath(item: 0, section: 0)) is BannerCell)
        #expect(!(list.cellForItem(at: ItemPath(item: 1, section: 0)) is BannerCell))
        #expect(list.registration(forReuseIdentifier: "BannerCell") == "class BannerCell")
        #expect(list.registration(forReuseIdentifier: "TabulaHostedRow.CountryRow") != nil)
        #expect(adapter.driver.diagnostics.isEmpty)
    }

    @Test("a hosted row takes the reuse identifier it is given, and describes its items for error messages")
    func reuseIdentifierAndDescription() throws {
        let configurator = CellConfigurator<CountryListing>.hosting(CountryRow(), reuseIdentifier: "country")
        #expect(configurator.reuseIdentifier == "country")
        #expect(configurator.itemDescription == "CountryListing")
        #expect(configurator.describesItems)
        #expect(configurator.cellType == nil)
    }

    @Test("the terminal shows SwiftUI rows through their description")
    func terminal() async throws {
        let model = CountriesModel(countries: Array(Countries.all.prefix(3)))
        model.favourites = ["AU"]
        let terminal = try TerminalListView<String, CountryListing>(cells: model.cells)
        await terminal.apply(model.snapshot)
        let text = terminal.plainText()
        #expect(text.contains("★ Australia"))
        #expect(text.contains("Argentina"))
        let favourites = try #require(text.firstRange(of: "FAVOURITES")), countries = try #require(text.firstRange(of: "COUNTRIES"))
        #expect(favourites.lowerBound < countries.lowerBound)
    }
}

/// A feed of banners (a cell class) and countries (a SwiftUI row).
enum FeedRow: Identifiable, Hashable, Sendable {
    case banner(String)
    case listing(CountryListing)

    var id: String {
        switch self {
        case .banner(let title): return "banner-\(title)"
        case .listing(let listing): return listing.id
        }
    }
    var banner: String? { if case .banner(let title) = self { title } else { nil } }
    var listing: CountryListing? { if case .listing(let listing) = self { listing } else { nil } }
}

/// A cell class of the headless view, as an app's `UITableViewCell` subclass would be.
final class BannerCell: HeadlessCell {}
