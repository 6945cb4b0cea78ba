// A UIKit screen with SwiftUI rows (issue 17): a UITableViewController whose countries are the
// SwiftUI `CountryRow` (the declaration the headless tests drive), mixed in one list with a UIKit
// cell class for the banner. The view controller keeps its model and applies snapshots as usual.
#if canImport(UIKit)
    import UIKit
    import Tabula
    import TabulaExamples
    import TabulaSwiftUI
    import TabulaSwiftUIExamples
    import TabulaUIKit

    /// A row of the screen: a banner (a UIKit cell) or a country (a SwiftUI row).
    public enum HostedFeedRow: Identifiable, Hashable, Sendable {
        case banner(String)
        case country(CountryListing)

        public var id: String {
            switch self {
            case .banner(let text): return "banner:\(text)"
            case .country(let listing): return listing.id
            }
        }
        var banner: String? { if case .banner(let text) = self { text } else { nil } }
        var country: CountryListing? { if case .country(let listing) = self { listing } else { nil } }
    }

    /// The banner's UIKit cell.
    final class BannerTableCell: UITableViewCell {
        func show(_ text: String) {
            var content = UIListContentConfiguration.cell()
            content.text = text
            content.textProperties.font = .preferredFont(forTextStyle: .headline)
            contentConfiguration = content
            selectionStyle = .none
        }
    }

    /// Countries in SwiftUI rows inside a UIKit table, with a UIKit banner above them.
    @MainActor
    public final class HostedRowsViewController: UITableViewController {
        private var adapter: TableViewAdapter<String, HostedFeedRow>?
        private var favourites: Set<String> = []

        public init() { super.init(style: .insetGrouped) }

        @available(*, unavailable, message: "created in code")
        public required init?(coder: NSCoder) { fatalError("created in code") }

        public override func viewDidLoad() {
            super.viewDidLoad()
            title = "Countries"
            let cells = CellConfigurators<HostedFeedRow> {
                CellConfigurator.cell(BannerTableCell.self, for: \.banner) { cell, text in cell.show(text) }
                // The star changes the model; the new snapshot reconfigures the row in place, so
                // the row's own state (its details, open or closed) stays.
                CellConfigurator.hosting(CountryRow { [weak self] in self?.toggleFavourite($0) }, for: \.country)
            }
            do {
                adapter = try TableViewAdapter(tableView: tableView, cells: cells)
            } catch {
                preconditionFailure("\(error)")  // a registration conflict: a programming error, stop with its message
            }
            adapter?.onSelect(self) { controller, row, _ in
                if let listing = row.country { controller.toggleFavourite(listing) }
            }
            show(animated: false)
        }

        private func toggleFavourite(_ listing: CountryListing) {
            if favourites.contains(listing.id) { favourites.remove(listing.id) } else { favourites.insert(listing.id) }
            show(animated: true)
        }

        private func show(animated: Bool) {
            let listings = Countries.all.map { CountryListing(country: $0, isFavourite: favourites.contains($0.code)) }
            // Identifiers are unique (a banner's text, country codes).
            let snapshot = try! Snapshot {
                Section("banner") { HostedFeedRow.banner("\(favourites.count) starred") }
                Section("countries", header: "Countries") { listings.map(HostedFeedRow.country) }
            }
            adapter?.apply(snapshot, animatingDifferences: animated)
        }
    }
#endif
