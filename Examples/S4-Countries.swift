// Seed 004, data provider and generic coordinator: one provider shown in a table view and a
// collection view, the cell type never named by the view controller (S4.1–S4.5).
import Tabula

public struct Country: Identifiable, Hashable, Sendable {
    public var code: String
    public var name: String
    public var capital: String
    public var id: String { code }
}

public enum Countries {
    /// The S4 provider: countries from a bundled list. Swap it for any `DataProvider`.
    public static let provider = ArrayDataProvider(all, header: "Countries")

    public static var cells: CellConfigurators<Country> {
        CellConfigurators {
            CellConfigurator.content { CellContent(text: $0.name, secondaryText: $0.capital) }
        }
    }

    /// The provider's contents as a snapshot.
    public static func snapshot(from provider: some DataProvider<Country> = provider) -> Snapshot<String, Country> {
        try! Snapshot((0..<provider.numberOfSections).map { section in
            Section("section-\(section)", header: provider.headerTitle(forSection: section),
                    items: (0..<provider.numberOfItems(inSection: section)).compactMap { provider.item(at: ItemPath(item: $0, section: section)) })
        })
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
