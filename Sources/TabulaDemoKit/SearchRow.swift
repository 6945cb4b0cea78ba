import Tabula
import TabulaExamples
import TabulaTerminal

/// A row of the user search: content states are items like any other, so they take part in the
/// diff (a loading row turning into results never desynchronises the view).
public enum SearchRow: Identifiable, Hashable, Sendable {
    case hint(String)
    case loading(String)
    case noResults(String)
    case user(User)

    public var id: String {
        switch self {
        case .hint: return "hint"
        case .loading: return "loading"
        case .noResults: return "none"
        case .user(let user): return "user:\(user.login)"
        }
    }

    static var cells: CellConfigurators<SearchRow> {
        CellConfigurators {
            CellConfigurator.content { row in
                switch row {
                case .hint(let text): return CellContent(text: text, style: .empty)
                case .loading(let query): return CellContent(text: "Searching for “\(query)”…", style: .empty)
                case .noResults(let query): return CellContent(text: "Nobody matches “\(query)”", style: .empty)
                case .user(let user): return CellContent(text: user.login, secondaryText: user.name, accessory: .disclosureIndicator)
                }
            }
        }
    }

    static func snapshot(_ rows: [SearchRow]) -> Snapshot<String, SearchRow> {
        try! Snapshot([Section("results", items: rows)])
    }
}
