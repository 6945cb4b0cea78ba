import Tabula

/// A country of the S4 seed's list.
public struct Country: Identifiable, Hashable, Sendable {
    public var code: String
    public var name: String
    public var capital: String
    public var id: String { code }
}

/// The S4 data provider: countries from a bundled list, so an array can later be swapped for a
/// database without touching the screen.
public enum CountryLoader {
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
