// A data provider and a generic coordinator: one provider shown in a table view and a collection
// view, the cell type never named by the view controller.
import Tabula
import TabulaTesting

public struct Country: Identifiable, Hashable, Sendable {
    public var code: String
    public var name: String
    public var capital: String
    public var id: String { code }
}

/// A ``ConfigurableCell``: the cell configures itself from its model. This one is the
/// headless view's cell; an app's `UITableViewCell` conforms the same way. Where a view cannot hold
/// the class (the terminal), ``content(for:)`` describes the row.
public final class CountryCell: HeadlessCell, ConfigurableCell {
    public func configure(with country: Country) { apply(Self.content(for: country)) }
    public static func content(for country: Country) -> CellContent { CellContent(text: country.name, secondaryText: country.capital) }
}

/// A generic data coordinator: any ``DataProvider`` of `Cell.Model`, shown in any view
/// through its adapter, the cell type named once, by whoever builds the coordinator.
@MainActor
public struct ProviderCoordinator<Cell: ConfigurableCell> where Cell.Model: Identifiable & Sendable, Cell.Model.ID: Sendable {
    public init(cell: Cell.Type) {}

    /// The configurators: the cell, and nothing else.
    public var cells: CellConfigurators<Cell.Model> { CellConfigurators { CellConfigurator.cell(Cell.self) } }

    /// Shows `provider` through `adapter`; swapping the provider (an array, a database) changes
    /// nothing here.
    public func show<Adapter: ListAdapter>(_ provider: some DataProvider<Cell.Model>, in adapter: Adapter) async throws
    where Adapter.Item == Cell.Model, Adapter.SectionID == Int {
        try await adapter.show(provider)
    }
}

public enum Countries {
    /// The S4 provider: countries from a bundled list. Swap it for any `DataProvider`.
    public static let provider = ArrayDataProvider(all, header: "Countries")

    /// The coordinator for country rows.
    @MainActor public static var coordinator: ProviderCoordinator<CountryCell> { ProviderCoordinator(cell: CountryCell.self) }

    /// The same rows as view-agnostic content, for views that prefer it.
    public static var cells: CellConfigurators<Country> {
        CellConfigurators {
            CellConfigurator.content { CellContent(text: $0.name, secondaryText: $0.capital) }
        }
    }

    public static let all: [Country] = [
        ("AR", "Argentina", "Buenos Aires"), ("AU", "Australia", "Canberra"), ("AT", "Austria", "Vienna"),
        ("BE", "Belgium", "Brussels"), ("BR", "Brazil", "Brasília"), ("CA", "Canada", "Ottawa"),
        ("CL", "Chile", "Santiago"), ("CN", "China", "Beijing"), ("CO", "Colombia", "Bogotá"),
        ("DK", "Denmark", "Copenhagen"), ("EG", "Egypt", "Cairo"), ("FI", "Finland", "Helsinki"),
        ("FR", "France", "Paris"), ("DE", "Germany", "Berlin"), ("GR", "Greece", "Athens"),
        ("IS", "Iceland", "Reykjavík"), ("IN", "India", "New Delhi"), ("ID", "Indonesia", "Jakarta"),
        ("IE", "Ireland", "Dublin"), ("IT", "Italy", "Rome"), ("JP", "Japan", "Tokyo"),
        ("KE", "Kenya", "Nairobi"), ("MX", "Mexico", "Mexico City"), ("MA", "Morocco", "Rabat"),
        ("NL", "Netherlands", "Amsterdam"), ("NZ", "New Zealand", "Wellington"), ("NG", "Nigeria", "Abuja"),
        ("NO", "Norway", "Oslo"), ("PE", "Peru", "Lima"), ("PL", "Poland", "Warsaw"),
        ("PT", "Portugal", "Lisbon"), ("KR", "South Korea", "Seoul"), ("ES", "Spain", "Madrid"),
        ("SE", "Sweden", "Stockholm"), ("CH", "Switzerland", "Bern"), ("TH", "Thailand", "Bangkok"),
        ("TR", "Türkiye", "Ankara"), ("UA", "Ukraine", "Kyiv"), ("GB", "United Kingdom", "London"),
        ("US", "United States", "Washington, D.C."), ("UY", "Uruguay", "Montevideo"), ("VN", "Vietnam", "Hanoi"),
    ].map { Country(code: $0.0, name: $0.1, capital: $0.2) }
}
