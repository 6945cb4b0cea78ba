import Tabula
import TabulaExamples
import TabulaTerminal

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
        case .board: return Board().page()
        case .chat: return ChatScreen(olderPageDelay: 0.4)
        }
    }

    func countries() -> any DemoPage {
        let page = try! ListPage<Int, Country>(title: "Countries", cells: Countries.coordinator.cells)
        page.show(try! Countries.provider.snapshot())
        return page
    }

    /// The settings screen: Enter flips a switch through the list, as a tap on it would, so
    /// `u` undoes the flip and `U` makes it again.
    func settingsPage() -> any DemoPage {
        let page = try! ListPage<String, Setting>(title: "Settings", cells: SettingsDataSource.cells)
        page.show(settings.settings())
        page.onRefresh = { [unowned self, unowned page] in page.show(settings.settings()) }
        page.list.onToggle = { [unowned self, unowned page] setting, isOn in
            settings.set(setting, isOn: isOn)
            page.show(settings.settings())
        }
        page.onEnter = { [unowned self, unowned page] setting in
            if case .toggle(let title, let isOn) = setting {
                try? page.list.toggle(title, isOn: !isOn)
                return .none
            }
            return settings.select(setting) ? .push(self.languagePage()) : .none
        }
        page.keyBindings = [
            "u": { [unowned page] in page.list.undo(); return .none },
            "U": { [unowned page] in page.list.redo(); return .none },
        ]
        page.extraHelp = "u undo · U redo"
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
            CellConfigurator.content(reuseIdentifier: "picture", for: \.picture) { CellContent(text: "🖼  \($0)", secondaryText: "picture cell", style: .large) }
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
