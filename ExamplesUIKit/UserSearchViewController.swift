// The user search in UIKit: a generic `TableViewController<Item, Cell: Configurable>` is
// `ListTableViewController(cell:)` with a `ConfigurableCell`. A user search whose results arrive
// asynchronously (the same `UserFetching` the headless tests drive), each row pushing that user's
// repositories.
#if canImport(UIKit)
    import UIKit
    import Tabula
    import TabulaExamples
    import TabulaUIKit

    /// The two-label cell: it configures itself from a user.
    final class UserTableCell: UITableViewCell, ConfigurableCell {
        override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
            accessoryType = .disclosureIndicator
        }
        required init?(coder: NSCoder) { super.init(coder: coder) }

        func configure(with user: User) {
            textLabel?.text = user.login
            detailTextLabel?.text = user.name
        }
    }

    /// A cell with a value on the trailing side (`.value1`), whatever style it is registered with.
    class ValueTableCell: UITableViewCell {
        override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: .value1, reuseIdentifier: reuseIdentifier)
        }
        required init?(coder: NSCoder) { super.init(coder: coder) }
    }

    final class RepositoryTableCell: ValueTableCell, ConfigurableCell {
        func configure(with repository: Repository) {
            textLabel?.text = repository.name
            detailTextLabel?.text = "★ \(repository.stars)"
        }
    }

    @MainActor
    public final class UserSearchViewController: ListTableViewController<String, User>, UISearchBarDelegate {
        private let fetcher: any UserFetching
        private var search: Task<Void, Never>?

        public init(fetcher: any UserFetching = BundledUsers()) {
            self.fetcher = fetcher
            super.init(style: .plain, cells: CellConfigurators { CellConfigurator.cell(UserTableCell.self) })
        }

        public override func viewDidLoad() {
            super.viewDidLoad()
            title = "Users"
            let searchController = UISearchController(searchResultsController: nil)
            searchController.searchBar.delegate = self
            searchController.obscuresBackgroundDuringPresentation = false
            navigationItem.searchController = searchController
            adapter.onSelect = { [weak self] user, _ in
                guard let self else { return }
                navigationController?.pushViewController(RepositoriesViewController(user: user, fetcher: fetcher), animated: true)
            }
        }

        public func searchBar(_ searchBar: UISearchBar, textDidChange query: String) {
            // Search as you type: the newest query wins; an older answer never lands after it.
            search?.cancel()
            search = Task { [weak self, fetcher] in
                guard let users = try? await fetcher.users(matching: query), !Task.isCancelled, let self else { return }
                _ = try? await setItems(users, in: "results", header: users.isEmpty ? nil : "\(users.count) users")
            }
        }
    }

    @MainActor
    public final class RepositoriesViewController: ListTableViewController<String, Repository> {
        private let user: User
        private let fetcher: any UserFetching

        public init(user: User, fetcher: any UserFetching) {
            self.user = user
            self.fetcher = fetcher
            super.init(style: .insetGrouped, cells: CellConfigurators { CellConfigurator.cell(RepositoryTableCell.self) })
        }

        public override func viewDidLoad() {
            super.viewDidLoad()
            title = user.name
            Task { [weak self, user, fetcher] in
                guard let repositories = try? await fetcher.repositories(of: user), let self else { return }
                _ = try? await setItems(repositories, in: "repos", header: "\(user.name)'s repositories")
            }
        }
    }
#endif
