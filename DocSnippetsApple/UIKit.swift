// The UIKit code blocks of README.md and the DocC articles, compiled for iOS by the Apple SDK
// build. `Tests/DocSnippetsTests` checks that every block in the docs stands here (or in that test
// target) line for line, so the docs cannot drift from code that compiles.
#if canImport(UIKit)
    import UIKit
    import Tabula
    import TabulaUIKit

    // README: "Your first table".
    final class CountryCell: UITableViewCell {
        let nameLabel = UILabel()

        override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            nameLabel.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(nameLabel)
            NSLayoutConstraint.activate([
                nameLabel.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
                nameLabel.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            ])
        }

        required init?(coder: NSCoder) { fatalError("created in code") }
    }

    final class CountriesViewController: UITableViewController {
        // Keep the adapter: the table holds its data source weakly.
        private var adapter: TableViewAdapter<String, Country>?

        static let cells = CellConfigurators<Country> {
            // No cast; `describe:` is how the row looks in the headless view and the terminal.
            CellConfigurator.cell(CountryCell.self, describe: { CellContent(text: $0.name) }) { cell, country in
                cell.nameLabel.text = country.name
            }
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            do {
                let adapter = try TableViewAdapter<String, Country>(tableView: tableView, cells: Self.cells)
                adapter.onSelect = { [weak self] country, _ in self?.show(country) }   // the item, typed
                adapter.canDelete = { _ in true }                                      // swipe to delete
                self.adapter = adapter
            } catch {
                preconditionFailure("\(error)")   // a registration conflict: a programming error, stop with its message
            }
            Task { try await self.load() }
        }

        func load() async throws {
            let snapshot = try Snapshot<String, Country> {
                Section("europe", header: "Europe") {
                    Country(code: "FR", name: "France")
                    Country(code: "IS", name: "Iceland")
                }
            }
            await adapter?.apply(snapshot)   // counts, cells and animations all come from it
        }
    }

    extension CountriesViewController {
        func show(_ country: Country) {
            navigationController?.pushViewController(UIViewController(), animated: true)
        }
    }

    // TabulaUIKit's getting-started article: a collection view.
    final class CountryGridViewController: UICollectionViewController {
        private var adapter: CollectionViewAdapter<String, Country>?

        override func viewDidLoad() {
            super.viewDidLoad()
            let cells = CellConfigurators<Country> {
                CellConfigurator.content { CellContent(text: $0.name) }
            }
            do { adapter = try CollectionViewAdapter<String, Country>(collectionView: collectionView, cells: cells) } catch { preconditionFailure("\(error)") }
        }
    }

    // The reordering article: rows dragged within the table, into other lists and into other apps.
    @MainActor
    func dragAndDrop(_ adapter: TableViewAdapter<String, Todo>) {
        adapter.reordersByDragging = true
        adapter.itemProvider = { todo in NSItemProvider(object: todo.title as NSString) }
    }

    // Accessibility: "Actions without gestures".
    @MainActor
    func accessibleMenu(
        _ adapter: TableViewAdapter<String, Todo>, rename: @escaping @MainActor @Sendable (Todo) -> Void,
        delete: @escaping @MainActor @Sendable (Todo.ID) -> Void
    ) {
        adapter.contextMenu = { todo, _ in
            UIContextMenuConfiguration(actions: [
                ListRowAction("Rename", systemImage: "pencil") { rename(todo) },
                ListRowAction("Delete", systemImage: "trash", isDestructive: true) { delete(todo.id) },
            ])
        }
    }

    // Accessibility: "Keyboard".
    final class KeyboardCountriesViewController: UITableViewController {
        private var adapter: TableViewAdapter<String, Country>?

        override func viewDidLoad() {
            super.viewDidLoad()
            adapter = try? TableViewAdapter<String, Country>(tableView: tableView, cells: CountriesViewController.cells)
            adapter?.selectionFollowsFocus = true
            adapter?.canDelete = { _ in true }
            adapter?.announceChanges = { change in change.inserted.isEmpty ? nil : "\(change.inserted.count) new countries" }
        }

        // Delete and Space, offered while they do something.
        override var keyCommands: [UIKeyCommand]? { adapter?.keyCommands }
    }
#endif
