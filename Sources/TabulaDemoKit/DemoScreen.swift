import Tabula
import TabulaExamples
import TabulaTerminal

/// The screens `--dump` knows, in menu order.
public enum DemoScreen: String, CaseIterable, Sendable {
    case countries, settings, events, search, mixed, observed, board, chat, live

    public var menuTitle: String {
        switch self {
        case .countries: return "Countries — one data provider, one kind of cell"
        case .settings: return "Settings — switches and choices from one data source"
        case .events: return "Events — rows of many kinds, with search"
        case .search: return "User search — results arrive as you type; Enter opens a user"
        case .mixed: return "Mixed cells — two sections, two cell styles"
        case .observed: return "Observed model — keys change a model, the list follows"
        case .live: return "Live database — SQLite rows changing as you watch"
        case .chat: return "Chat — messages come, go and load; the line you read stays still"
        case .board: return "Board — move cards across sections with keys, undo and redo"
        }
    }
}
