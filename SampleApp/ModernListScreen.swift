// The library screen in UIKit: one collection view with a compositional layout, an outline of
// folders (disclosures that expand and collapse, no cell subclass, no tap handler), a list of
// recent books with swipe actions, and a grid of covers, each section with a header of its own
// class. Its data source is TabulaExamples' ShelfModel, tested headless on Linux.
#if canImport(UIKit)
    import UIKit
    import Tabula
    import TabulaExamples
    import TabulaUIKit

    /// A header showing a title in a text style of its class.
    class TitledHeader: UICollectionReusableView {
        let label = UILabel()
        class var textStyle: UIFont.TextStyle { .headline }
        override init(frame: CGRect) {
            super.init(frame: frame)
            label.font = .preferredFont(forTextStyle: Self.textStyle)
            label.frame = bounds.insetBy(dx: 16, dy: 4)
            label.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            addSubview(label)
        }
        required init?(coder: NSCoder) { fatalError("made in code") }
    }

    /// The outline's header, the recent books' header and the covers' header: one class each.
    final class FoldersHeader: TitledHeader {}
    final class RecentHeader: TitledHeader { override class var textStyle: UIFont.TextStyle { .title3 } }
    final class CoversHeader: TitledHeader { override class var textStyle: UIFont.TextStyle { .caption1 } }

    /// A cover in the grid.
    final class CoverCell: UICollectionViewCell {
        let title = UILabel()
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.backgroundColor = .secondarySystemBackground
            title.frame = contentView.bounds.insetBy(dx: 8, dy: 8)
            title.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            title.numberOfLines = 0
            contentView.addSubview(title)
        }
        required init?(coder: NSCoder) { fatalError("made in code") }
    }

    final class ShelfViewController: UICollectionViewController {
        private let model = ShelfModel()
        private var adapter: CollectionViewAdapter<ShelfSection, ShelfItem>?

        init() { super.init(collectionViewLayout: UICollectionViewFlowLayout()) }
        required init?(coder: NSCoder) { fatalError("made in code") }

        /// Registered once: list cells for folders and books (Apple's list cell registrations,
        /// no subclass), a cell class for covers.
        static let cells = CellConfigurators<ShelfItem> {
            CellConfigurator.listCell(for: \.folder, describe: { CellContent(text: $0) }) { cell, _, name in
                var content = cell.defaultContentConfiguration()
                content.text = name
                content.image = UIImage(systemName: "folder")
                cell.contentConfiguration = content
            }
            CellConfigurator.listCell(reuseIdentifier: "book", for: \.book, describe: { CellContent(text: $0.title, secondaryText: $0.author) }) {
                cell, _, book in
                var content = cell.defaultContentConfiguration()
                content.text = book.title
                content.secondaryText = book.author
                cell.contentConfiguration = content
            }
            CellConfigurator.registration(CoverCell.self, for: \.cover, describe: { CellContent(text: "[\($0)]") }) { cell, _, title in
                cell.title.text = title
            }
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Library"
            let adapter: CollectionViewAdapter<ShelfSection, ShelfItem>
            do {
                adapter = try CollectionViewAdapter(collectionView: collectionView, cells: Self.cells)
                try adapter.registerSupplementaryViews(
                    ShelfModel.headers(folders: FoldersHeader.self, recent: RecentHeader.self, covers: CoversHeader.self) { view, text in
                        (view as? TitledHeader)?.label.text = text
                    })
            } catch {
                preconditionFailure("\(error)")  // a registration conflict: a programming error, stop with its message
            }
            // Each section asks the adapter which it is: lists get its swipe actions, wired once.
            collectionView.collectionViewLayout = UICollectionViewCompositionalLayout { [weak adapter] index, environment in
                switch adapter?.sectionIdentifier(at: index) {
                case .covers?:
                    let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
                    let group = NSCollectionLayoutGroup.horizontal(
                        layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(120)), subitems: [item])
                    let section = NSCollectionLayoutSection(group: group)
                    section.boundarySupplementaryItems = [
                        .init(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .estimated(32)),
                            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
                    ]
                    return section
                case let identifier:
                    guard let adapter else { return nil }
                    let appearance: UICollectionLayoutListConfiguration.Appearance = identifier == .folders ? .sidebar : .insetGrouped
                    return .list(using: adapter.listConfiguration(appearance, headerMode: .supplementary), layoutEnvironment: environment)
                }
            }
            adapter.canDelete = { $0.book != nil }
            adapter.trailingSwipeActions = { [weak self, weak adapter] item, _ in
                guard item.book != nil else { return nil }
                let remove = UIContextualAction(style: .destructive, title: "Remove") { _, _, done in
                    self?.model.remove(item)
                    done((try? adapter?.deleteItem(item.id)) != nil)
                }
                return UISwipeActionsConfiguration(actions: [remove])
            }
            self.adapter = adapter
            Task { [model] in try await model.show(in: adapter) }
        }
    }
#endif
