import Tabula
import TabulaExamples
import TabulaTerminal

/// The screens `--dump` knows, in menu order.
public enum DemoScreen: String, CaseIterable, Sendable {
    case countries, settings, events, search, mixed, observed, live

    public var menuTitle: String {
        switch self {
        case .countries: return "Countries — one data provider, one kind of cell"
        case .settings: return "Settings — switches and choices from one data source"
        case .events: return "Events — rows of many kinds, with search"
        case .search: return "User search — results arrive as you type; Enter opens a user"
        case .mixed: return "Mixed cells — two sections, two cell styles"
        case .observed: return "Observed model — keys change a model, the list follows"
        case .live: return "Live database — SQLite rows changing as you watch"
        }
    }
}

/// A row of the home menu.
public struct MenuRow: Identifiable, Hashable, Sendable {
    public var screen: DemoScreen
    public var id: String { screen.rawValue }
}

/// Builds the demo's screens.
@MainActor
public final class DemoScreens {
    let settings = SettingsDataSource()
    let fetcher: any UserFetching
    let live: LiveSource?

    public init(searchDelayMilliseconds: UInt64 = 250, live: LiveSource? = nil) {
        fetcher = BundledUsers(delayMilliseconds: searchDelayMilliseconds)
        self.live = live
    }

    public func home() -> any DemoPage {
        let cells = CellConfigurators<MenuRow> {
            CellConfigurator.content { CellContent(text: $0.screen.menuTitle, accessory: .disclosureIndicator) }
        }
        let page = try! ListPage<String, MenuRow>(title: "Tabula — one snapshot, every view", cells: cells)
        page.show(try! Snapshot([Section("screens", header: "Screens", items: DemoScreen.allCases.map { MenuRow(screen: $0) })]))
        page.onEnter = { [unowned self] row in .push(self.page(row.screen)) }
        return page
    }

    public func page(_ screen: DemoScreen) -> any DemoPage {
        switch screen {
        case .countries: return countries()
        case .settings: return settingsPage()
        case .events: return events()
        case .search: return search()
        case .mixed: return mixed()
        case .observed:
            #if canImport(Observation)
                if #available(iOS 17, macOS 14, *) { return observedPage() }
            #endif
            let page = try! ListPage<String, SearchRow>(title: "Observed model", cells: SearchRow.cells)
            page.show(SearchRow.snapshot([.hint("Observed lists need Observation (iOS 17, macOS 14)")]))
            return page
        case .live: return livePage()
        }
    }

    func countries() -> any DemoPage {
        let page = try! ListPage<Int, Country>(title: "Countries", cells: Countries.coordinator.cells)
        page.show(try! Countries.provider.snapshot())
        return page
    }

    func settingsPage() -> any DemoPage {
        let page = try! ListPage<String, Setting>(title: "Settings", cells: SettingsDataSource.cells)
        page.show(settings.settings())
        page.onRefresh = { [unowned self, unowned page] in page.show(settings.settings()) }
        page.onEnter = { [unowned self] setting in
            settings.select(setting) ? .push(self.languagePage()) : .none
        }
        return page
    }

    /// The narrower screen, from the same data source.
    func languagePage() -> any DemoPage {
        let page = try! ListPage<String, Setting>(title: "Settings › Language", cells: SettingsDataSource.cells)
        page.show(settings.languages())
        page.onRefresh = { [unowned self, unowned page] in page.show(settings.languages()) }
        page.onEnter = { [unowned self] setting in
            settings.select(setting)
            return .none
        }
        return page
    }

    func events() -> any DemoPage {
        let page = try! ListPage<String, AnyListItem>(title: "Events", cells: EventsFeed.cells)
        var events = EventsFeed.events
        var query = ""
        var added = 0
        let show = { [unowned page] in page.show(EventsFeed.snapshot(events: events, query: query)) }
        show()
        let add: () -> DemoAction = {
            added += 1
            events.append(Event(id: 100 + added, title: "New event \(added)", day: "Sun"))
            show()
            return .none
        }
        page.onQuery = { text in
            query = text
            show()
        }
        page.onEnter = { row in row.base is AddEventRow ? add() : .none }
        page.keyBindings["a"] = add
        page.extraHelp = "a add event"
        return page
    }

    func search() -> any DemoPage {
        let page = try! ListPage<String, SearchRow>(title: "User search", cells: SearchRow.cells)
        page.show(SearchRow.snapshot([.hint("Press / and type a name: \(BundledUsers.users.count) people to find")]))
        var task: Task<Void, Never>?
        page.onQuery = { [unowned self, unowned page] query in
            task?.cancel()
            guard !query.isEmpty else {
                page.isLoading = false
                page.show(SearchRow.snapshot([.hint("Press / and type a name")]))
                return
            }
            page.isLoading = true
            page.show(SearchRow.snapshot([.loading(query)]))
            let fetcher = self.fetcher
            task = Task { @MainActor in
                guard let users = try? await fetcher.users(matching: query), !Task.isCancelled else { return }
                page.isLoading = false
                page.show(SearchRow.snapshot(users.isEmpty ? [.noResults(query)] : users.map(SearchRow.user)))
            }
        }
        page.onEnter = { [unowned self] row in
            guard case .user(let user) = row else { return .none }
            return .push(self.repositories(of: user))
        }
        return page
    }

    func repositories(of user: User) -> any DemoPage {
        let page = try! ListPage<String, Repository>(title: "\(user.name) › Repositories", cells: UserSearchCells.repositories)
        page.isLoading = true
        let fetcher = self.fetcher
        Task { @MainActor [weak page] in
            let repositories = (try? await fetcher.repositories(of: user)) ?? []
            page?.isLoading = false
            page?.show(try! Snapshot([Section("repos", header: "\(repositories.count) repositories", items: repositories)]))
        }
        return page
    }

    func mixed() -> any DemoPage {
        let cells = CellConfigurators<MixedRow> {
            CellConfigurator.content(reuseIdentifier: "picture", for: \.picture) { CellContent(text: "🖼  \($0)", secondaryText: "picture cell", style: "large") }
            CellConfigurator.content(reuseIdentifier: "text", for: \.text) { CellContent(text: $0) }
        }
        let page = try! ListPage<String, MixedRow>(title: "Mixed cells", cells: cells)
        page.show(MixedCellsExample.snapshot)
        return page
    }

    func livePage() -> any DemoPage {
        guard let live else {
            let page = try! ListPage<String, SearchRow>(title: "Live database", cells: SearchRow.cells)
            page.show(SearchRow.snapshot([.hint("The live database screen needs a database (see TabulaGRDB)")]))
            return page
        }
        return live.makePage()
    }
}

/// A row of the user search: content states are items like any other, so they take part in the
/// diff (a loading row turning into results never desynchronises the view).
public enum SearchRow: Identifiable, Hashable, Sendable {
    case hint(String)
    case loading(String)
    case noResults(String)
    case user(User)

    public var id: String {
        switch self {
        case .hint: return "hint"
        case .loading: return "loading"
        case .noResults: return "none"
        case .user(let user): return "user:\(user.login)"
        }
    }

    static var cells: CellConfigurators<SearchRow> {
        CellConfigurators {
            CellConfigurator.content { row in
                switch row {
                case .hint(let text): return CellContent(text: text, style: "empty")
                case .loading(let query): return CellContent(text: "Searching for “\(query)”…", style: "empty")
                case .noResults(let query): return CellContent(text: "Nobody matches “\(query)”", style: "empty")
                case .user(let user): return CellContent(text: user.login, secondaryText: user.name, accessory: .disclosureIndicator)
                }
            }
        }
    }

    static func snapshot(_ rows: [SearchRow]) -> Snapshot<String, SearchRow> {
        try! Snapshot([Section("results", items: rows)])
    }
}

/// Where the live database screen gets its page (the GRDB integration provides one).
@MainActor
public protocol LiveSource: AnyObject {
    func makePage() -> any DemoPage
}
