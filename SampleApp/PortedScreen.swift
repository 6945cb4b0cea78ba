// A screen ported from `UITableViewDiffableDataSource` (README: "Porting a diffable data source
// screen"): custom row heights and scroll tracking stay in the view controller's own delegate,
// section header views, prefetching and swipe actions, and no `UITableViewDataSource` code.
#if canImport(UIKit)
    import UIKit
    import Tabula
    import TabulaUIKit

    struct Photo: Identifiable, Hashable, Sendable {
        var id: Int
        var album: String
        var title: String
        var isFavourite = false
    }

    final class PhotoCell: UITableViewCell, ConfigurableCell {
        func configure(with photo: Photo) {
            var content = defaultContentConfiguration()
            content.text = photo.title
            content.secondaryText = photo.isFavourite ? "★" : nil
            contentConfiguration = content
        }
    }

    final class AlbumHeader: UITableViewHeaderFooterView {
        let countLabel = UILabel()
    }

    final class PhotosViewController: UITableViewController {
        private var adapter: TableViewAdapter<String, Photo>?
        private var photos: [Photo] = (0..<60).map { Photo(id: $0, album: $0 < 30 ? "Summer" : "Winter", title: "Photo \($0)") }
        private(set) var prefetched: Set<Int> = []

        override func viewDidLoad() {
            super.viewDidLoad()
            do {
                try setUpAdapter()
            } catch {
                preconditionFailure("\(error)")  // a registration conflict: a programming error, stop with its message
            }
            show()
        }

        private func setUpAdapter() throws {
            let adapter = try TableViewAdapter<String, Photo>(tableView: tableView, cells: CellConfigurators { CellConfigurator.cell(PhotoCell.self) })
            // The delegate stays ours: row heights and scrolling below reach this controller.
            adapter.delegate = self
            try adapter.registerSupplementaryViews([
                .view(AlbumHeader.self, kind: .header) { header, section in
                    var content = header.defaultContentConfiguration()
                    content.text = section.header
                    content.secondaryText = "\(section.numberOfItems) photos"
                    header.contentConfiguration = content
                }
            ])
            adapter.onPrefetch = { [weak self] photos in self?.prefetched.formUnion(photos.map(\.id)) }
            adapter.trailingSwipeActions = { [weak self] photo, _ in
                let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, done in
                    self?.photos.removeAll { $0.id == photo.id }
                    self?.show()
                    done(true)
                }
                return UISwipeActionsConfiguration(actions: [delete])
            }
            adapter.leadingSwipeActions = { [weak self] photo, _ in
                let favourite = UIContextualAction(style: .normal, title: "★") { _, _, done in
                    self?.toggleFavourite(photo.id)
                    done(true)
                }
                return UISwipeActionsConfiguration(actions: [favourite])
            }
            adapter.onSelect(self) { controller, photo, _ in controller.toggleFavourite(photo.id) }
            adapter.deselectsAfterSelection = true  // a tap stars the photo; the row does not stay selected
            self.adapter = adapter
        }

        private func toggleFavourite(_ id: Int) {
            guard let index = photos.firstIndex(where: { $0.id == id }) else { return }
            photos[index].isFavourite.toggle()
            show()
        }

        private func show() {
            let albums = Dictionary(grouping: photos, by: \.album)
            let snapshot = try? Snapshot(albums.keys.sorted().map { Section($0, header: $0, items: albums[$0] ?? []) })
            if let snapshot { adapter?.apply(snapshot) }
        }

        // UITableViewDelegate, still ours.
        override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
            adapter?.item(at: indexPath)?.isFavourite == true ? 88 : 56
        }

        override func scrollViewDidScroll(_ scrollView: UIScrollView) {
            navigationItem.title = scrollView.contentOffset.y > 200 ? "Photos ↓" : "Photos"
        }
    }
#endif
