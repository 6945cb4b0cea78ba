// The countries with SwiftUI rows: a row with state of its own (whether its details are
// shown) that survives changes of its content, and a model that SwiftUI observes (issue 17).
import Tabula
import TabulaExamples
import TabulaSwiftUI

#if canImport(SwiftUI)
    import SwiftUI
#endif

#if canImport(Observation)
    import Observation
#endif

/// A country in the list, with whether the user starred it.
public struct CountryListing: Identifiable, Hashable, Sendable {
    public var country: Country
    public var isFavourite: Bool
    public var id: String { country.code }

    public init(country: Country, isFavourite: Bool) {
        self.country = country
        self.isFavourite = isFavourite
    }
}

/// A country's row in SwiftUI: its name, a star the user toggles, and details shown on demand.
public struct CountryRow: HostedRow {
    /// Called when the user taps the star.
    public var onStar: @MainActor (CountryListing) -> Void

    public init(onStar: @escaping @MainActor (CountryListing) -> Void = { _ in }) {
        self.onStar = onStar
    }

    public func describe(_ listing: CountryListing) -> CellContent {
        CellContent(text: (listing.isFavourite ? "★ " : "") + listing.country.name, secondaryText: listing.country.capital)
    }

    #if canImport(SwiftUI)
        public func body(for listing: CountryListing) -> some View {
            CountryRowView(listing: listing, onStar: onStar)
        }
    #endif
}

#if canImport(SwiftUI)
    /// The row's view. `showsDetails` is the row's own state: starring the country changes the
    /// row's content in place (a reconfigure), and the details stay open.
    struct CountryRowView: View {
        let listing: CountryListing
        let onStar: @MainActor (CountryListing) -> Void
        @State private var showsDetails = false

        var body: some View {
            VStack(alignment: .leading, spacing: 4) {
                HStack {
                    Text(listing.country.name)
                    Spacer()
                    Button {
                        onStar(listing)
                    } label: {
                        Image(systemName: listing.isFavourite ? "star.fill" : "star")
                    }
                    .buttonStyle(.borderless)
                    Button {
                        showsDetails.toggle()
                    } label: {
                        Image(systemName: showsDetails ? "chevron.up" : "chevron.down")
                    }
                    .buttonStyle(.borderless)
                }
                if showsDetails {
                    Text("Capital: \(listing.country.capital) · code \(listing.country.code)")
                        .font(.footnote)
                        .foregroundColor(.secondary)
                }
            }
        }
    }
#endif

#if canImport(Observation)
    /// The countries screen's model: search, favourites and selection. The list is a function of
    /// it (``snapshot``); SwiftUI reads it in `body` and shows each new snapshot animated.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Observable
    @MainActor
    public final class CountriesModel {
        /// The search text.
        public var query = ""
        /// The codes of the starred countries.
        public var favourites: Set<String> = []
        /// The selected country's code.
        public var selection: String?
        private let countries: [Country]

        public init(countries: [Country] = Countries.all) {
            self.countries = countries
        }

        /// The list: starred countries first, then the rest, each matching the search.
        public var snapshot: Snapshot<String, CountryListing> {
            let matching = countries.filter { query.isEmpty || $0.name.localizedCaseInsensitiveContains(query) }
            let listings = matching.map { CountryListing(country: $0, isFavourite: favourites.contains($0.code)) }
            // Identifiers are unique (country codes), so building cannot fail.
            let starred = listings.filter(\.isFavourite)
            return try! Snapshot {
                if !starred.isEmpty { Section("favourites", header: "Favourites") { starred } }
                Section("all", header: "Countries") { listings.filter { !$0.isFavourite } }
            }
        }

        /// Stars or unstars a country.
        public func toggleFavourite(_ listing: CountryListing) {
            if favourites.contains(listing.id) { favourites.remove(listing.id) } else { favourites.insert(listing.id) }
        }

        /// The configurators: one SwiftUI row, whose star changes this model.
        public var cells: CellConfigurators<CountryListing> {
            CellConfigurators { CellConfigurator.hosting(CountryRow { [weak self] in self?.toggleFavourite($0) }) }
        }
    }
#endif
