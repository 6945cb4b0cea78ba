// The countries in UIKit: the generic coordinator (`ProviderCoordinator`, the same one the headless tests
// drive) over one provider, shown in a table and in a collection. Each view has its own
// `ConfigurableCell` of `Country`; the view controllers name the cell only when they create the
// coordinator, and swapping the provider touches neither.
#if canImport(UIKit)
    import UIKit
    import Tabula
    import TabulaExamples
    import TabulaUIKit

    final class CountryTableCell: ValueTableCell, ConfigurableCell {
        func configure(with country: Country) {
            textLabel?.text = country.name
            detailTextLabel?.text = country.capital
        }
    }

    final class CountryCollectionCell: UICollectionViewCell, ConfigurableCell {
        private let label = UILabel()

        override init(frame: CGRect) {
            super.init(frame: frame)
            label.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(label)
            NSLayoutConstraint.activate([
                label.centerXAnchor.constraint(equalTo: contentView.centerXAnchor),
                label.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            ])
        }
        required init?(coder: NSCoder) { super.init(coder: coder) }

        func configure(with country: Country) { label.text = country.code }
    }

    @MainActor
    public final class CountriesTableViewController<Provider: DataProvider<Country>>: UITableViewController {
        private let coordinator = ProviderCoordinator(cell: CountryTableCell.self)
        private var adapter: TableViewAdapter<Int, Country>?
        private let provider: Provider

        /// Shows `provider`: `Countries.provider` (an array), or a database-backed provider.
        public init(provider: Provider) {
            self.provider = provider
            super.init(style: .insetGrouped)
        }

        @available(*, unavailable, message: "created in code, with its provider")
        public required init?(coder: NSCoder) { fatalError("created in code, with its provider") }

        public override func viewDidLoad() {
            super.viewDidLoad()
            title = "Countries"
            let adapter: TableViewAdapter<Int, Country>
            do { adapter = try TableViewAdapter<Int, Country>(tableView: tableView, cells: coordinator.cells) } catch { preconditionFailure("\(error)") }  // a registration conflict: a programming error, stop with its message
            self.adapter = adapter
            Task { [coordinator, provider] in try? await coordinator.show(provider, in: adapter) }
        }
    }

    @MainActor
    public final class CountriesCollectionViewController: UICollectionViewController {
        private let coordinator = ProviderCoordinator(cell: CountryCollectionCell.self)
        private var adapter: CollectionViewAdapter<Int, Country>?

        public init() {
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 64, height: 64)
            layout.headerReferenceSize = CGSize(width: 0, height: 32)
            super.init(collectionViewLayout: layout)
        }
        public required init?(coder: NSCoder) { super.init(coder: coder) }

        public override func viewDidLoad() {
            super.viewDidLoad()
            title = "Countries"
            let adapter: CollectionViewAdapter<Int, Country>
            do { adapter = try CollectionViewAdapter<Int, Country>(collectionView: collectionView, cells: coordinator.cells) } catch { preconditionFailure("\(error)") }  // a registration conflict: a programming error, stop with its message
            self.adapter = adapter
            Task { [coordinator] in try? await coordinator.show(Countries.provider, in: adapter) }
        }
    }
#endif
