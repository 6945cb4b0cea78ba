// The article "Porting Apple's modern collection views": the list and outline patterns of Apple's
// sample "Implementing Modern Collection Views", written with Tabula; the Apple SDK compile check
// (CONTRIBUTING.md) compiles it for iOS.
#if canImport(UIKit)
    import UIKit
    import Tabula
    import TabulaUIKit

    // A plain list of numbers, in an inset grouped list.
    final class NumbersListViewController: UIViewController {
        enum ListSection { case main }

        private var collectionView: UICollectionView!
        private var adapter: CollectionViewAdapter<ListSection, Identified<Int>>?

        override func viewDidLoad() {
            super.viewDidLoad()
            collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: UICollectionViewFlowLayout())
            collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.addSubview(collectionView)

            let cells = CellConfigurators<Identified<Int>> {
                CellConfigurator.listCell { cell, indexPath, number in
                    var content = cell.defaultContentConfiguration()
                    content.text = "\(number.value)"
                    cell.contentConfiguration = content
                }
            }
            let adapter: CollectionViewAdapter<ListSection, Identified<Int>>
            do {
                adapter = try CollectionViewAdapter(collectionView: collectionView, cells: cells)
            } catch {
                preconditionFailure("\(error)")  // two cell classes under one reuse identifier: a programming error
            }
            collectionView.collectionViewLayout = UICollectionViewCompositionalLayout.list(using: adapter.listConfiguration(.insetGrouped))
            self.adapter = adapter

            var snapshot = Snapshot<ListSection, Identified<Int>>()
            try? snapshot.appendSections([.main])
            try? snapshot.appendItems((0..<94).map(Identified.init))
            adapter.apply(snapshot, animatingDifferences: false)
        }
    }

    // An outline: folders that expand and collapse, leaves that open a screen.
    struct MenuItem: Identifiable, Hashable, Sendable {
        let title: String
        var subitems: [MenuItem] = []
        var id: String { title }
    }

    final class MenuOutlineViewController: UIViewController {
        enum MenuSection { case main }

        private var collectionView: UICollectionView!
        private var adapter: CollectionViewAdapter<MenuSection, MenuItem>?

        let menu = [
            MenuItem(title: "Lists", subitems: [MenuItem(title: "Simple list"), MenuItem(title: "Outline")]),
            MenuItem(title: "Grids", subitems: [MenuItem(title: "Two columns"), MenuItem(title: "Mosaic")]),
        ]

        // Two registrations, as in Apple's sample: folders get a header style (their outline
        // disclosure comes from the section snapshot), leaves a disclosure indicator.
        static let cells = CellConfigurators<MenuItem> {
            CellConfigurator.listCell(reuseIdentifier: "folder", for: { $0.subitems.isEmpty ? nil : $0 }) { cell, indexPath, folder in
                var content = UIListContentConfiguration.sidebarHeader()
                content.text = folder.title
                cell.contentConfiguration = content
            }
            CellConfigurator.listCell(reuseIdentifier: "leaf", for: { $0.subitems.isEmpty ? $0 : nil }) { cell, indexPath, leaf in
                var content = cell.defaultContentConfiguration()
                content.text = leaf.title
                cell.contentConfiguration = content
                cell.accessories = [.disclosureIndicator()]
            }
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: UICollectionViewFlowLayout())
            collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.addSubview(collectionView)
            let adapter: CollectionViewAdapter<MenuSection, MenuItem>
            do {
                adapter = try CollectionViewAdapter(collectionView: collectionView, cells: Self.cells)
            } catch {
                preconditionFailure("\(error)")  // two cell classes under one reuse identifier: a programming error
            }
            collectionView.collectionViewLayout = UICollectionViewCompositionalLayout.list(using: adapter.listConfiguration(.sidebar))
            self.adapter = adapter

            adapter.onSelect = { [weak self] item, _ in
                guard item.subitems.isEmpty else { return }  // a folder's row: its disclosure expands it
                let screen = UIViewController()
                screen.title = item.title
                self?.navigationController?.pushViewController(screen, animated: true)
            }

            var outline = SectionSnapshot<MenuItem>()
            func add(_ items: [MenuItem], to parent: MenuItem?) throws {
                try outline.append(items, to: parent?.id)
                for item in items where !item.subitems.isEmpty { try add(item.subitems, to: item) }
            }
            do {
                try add(menu, to: nil)
                adapter.apply(outline, to: .main, animatingDifferences: false)
            } catch {
                assertionFailure("\(error)")  // a title repeated in the menu: two items with one identifier
            }
        }
    }

    // Expansion as a user taps it can be watched, and refused.
    extension MenuOutlineViewController {
        func keepGridsClosed() {
            guard let adapter else { return }
            adapter.sectionSnapshotHandlers.shouldExpand = { item in item.title != "Grids" }
        }
    }
#endif
