// A generic table view controller, TableViewController<T, Cell>: a user search whose results
// appear asynchronously in a two-label cell, and whose rows open that user's repositories.
import Foundation
import Tabula
import TabulaTesting

public struct User: Identifiable, Hashable, Sendable {
    public var login: String
    public var name: String
    public var id: String { login }
}

public struct Repository: Identifiable, Hashable, Sendable {
    public var name: String
    public var stars: Int
    public var id: String { name }
}

/// Where users come from: a server in the app, an in-process fake here.
public protocol UserFetching: Sendable {
    func users(matching query: String) async throws -> [User]
    func repositories(of user: User) async throws -> [Repository]
}

/// Bundled users, answered after a short artificial delay.
public struct BundledUsers: UserFetching {
    /// The artificial delay, in milliseconds.
    public var delayMilliseconds: UInt64
    public init(delayMilliseconds: UInt64 = 150) { self.delayMilliseconds = delayMilliseconds }

    public static let users: [User] = [
        User(login: "ada", name: "Ada Lovelace"), User(login: "alan", name: "Alan Turing"),
        User(login: "grace", name: "Grace Hopper"), User(login: "edsger", name: "Edsger Dijkstra"),
        User(login: "barbara", name: "Barbara Liskov"), User(login: "donald", name: "Donald Knuth"),
        User(login: "margaret", name: "Margaret Hamilton"), User(login: "ken", name: "Ken Thompson"),
        User(login: "dennis", name: "Dennis Ritchie"), User(login: "radia", name: "Radia Perlman"),
    ]

    public func users(matching query: String) async throws -> [User] {
        try await Task.sleep(nanoseconds: delayMilliseconds * 1_000_000)
        let needle = query.lowercased()
        return needle.isEmpty ? [] : Self.users.filter { $0.login.contains(needle) || $0.name.lowercased().contains(needle) }
    }

    public func repositories(of user: User) async throws -> [Repository] {
        try await Task.sleep(nanoseconds: delayMilliseconds * 1_000_000)
        return (1...3).map { Repository(name: "\(user.login)-project-\($0)", stars: user.login.count * 10 * $0) }
    }
}

/// A self-configuring cell (a ``ConfigurableCell``): it configures itself from a
/// user, so the screen below names the class and nothing else. An app's `UITableViewCell` conforms
/// the same way (`ExamplesUIKit/UserSearchViewController.swift`).
public final class UserCell: HeadlessCell, ConfigurableCell {
    public func configure(with user: User) { apply(Self.content(for: user)) }
    public static func content(for user: User) -> CellContent {
        CellContent(text: user.login, secondaryText: user.name, accessory: .disclosureIndicator, style: .subtitle)
    }
}

/// The same two-label rows in the configurator style, as view-agnostic content: login, then full
/// name (what the terminal demo uses).
public enum UserSearchCells {
    public static var users: CellConfigurators<User> {
        CellConfigurators {
            CellConfigurator.content { CellContent(text: $0.login, secondaryText: $0.name, accessory: .disclosureIndicator, style: .subtitle) }
        }
    }
    public static var repositories: CellConfigurators<Repository> {
        CellConfigurators {
            CellConfigurator.content { CellContent(text: $0.name, secondaryText: "★ \($0.stars)") }
        }
    }

    public static func results(_ users: [User]) -> Snapshot<String, User> {
        try! Snapshot([Section("results", header: users.isEmpty ? nil : "\(users.count) users", items: users)])
    }
}

/// The search screen; selecting a user pushes their repositories.
@MainActor
public final class UserSearchScreen {
    public let list = HeadlessListView(viewportHeight: 10)
    public let adapter: HeadlessListAdapter<String, User>
    public private(set) var pushed: RepositoriesScreen?
    let fetcher: any UserFetching

    public init(fetcher: any UserFetching) throws {
        self.fetcher = fetcher
        adapter = try HeadlessListAdapter(listView: list, cells: CellConfigurators { CellConfigurator.cell(UserCell.self) })
        adapter.onSelect = { [unowned self] user, _ in pushed = RepositoriesScreen(user: user, fetcher: fetcher) }
    }

    /// What the search bar's delegate calls.
    public func search(_ query: String) async throws {
        let users = try await fetcher.users(matching: query)
        await adapter.apply(UserSearchCells.results(users))
        if !users.isEmpty { try list.scrollToTop() }
    }
}

/// The repositories of one user.
@MainActor
public final class RepositoriesScreen {
    public let user: User
    public let list = HeadlessListView(viewportHeight: 10)
    public let adapter: HeadlessListAdapter<String, Repository>
    let fetcher: any UserFetching

    init(user: User, fetcher: any UserFetching) {
        self.user = user
        self.fetcher = fetcher
        adapter = try! HeadlessListAdapter(listView: list, cells: UserSearchCells.repositories)
    }

    public func load() async throws {
        let repositories = try await fetcher.repositories(of: user)
        await adapter.apply(try Snapshot([Section("repos", header: "\(user.name)'s repositories", items: repositories)]))
    }
}
