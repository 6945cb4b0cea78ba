// Items that choose their cell: items of many kinds in one list, each kind its own
// type with its own cell; static rows (search, add event, empty state) between dynamic ones with no
// index arithmetic; the list built as a pipeline of map, filter and concatenation.
// Adding a kind of row means adding a type, nothing else: each row type brings its cell (ListItem).
import Foundation
import Tabula

/// The feed's row kinds. Each is its own type and knows its cell (a ``ListItem``): adding a kind
/// of row is adding a type.
public struct SearchRow: ListItem {
    public var query: String
    public var id: String { "search" }
    public static var cell: CellConfigurator<SearchRow> {
        .content(reuseIdentifier: "search") { CellContent(text: "🔍 " + ($0.query.isEmpty ? "Search events" : $0.query), style: .custom("search")) }
    }
}

public struct LargeEventRow: ListItem {
    public var event: Event
    public var id: Int { event.id }
    public static var cell: CellConfigurator<LargeEventRow> {
        .content(reuseIdentifier: "large") { CellContent(text: $0.event.title, secondaryText: "next up · \($0.event.day)", style: .large) }
    }
}

public struct EventRow: ListItem {
    public var event: Event
    public init(event: Event) { self.event = event }
    public var id: Int { event.id }
    public static var cell: CellConfigurator<EventRow> {
        .content(reuseIdentifier: "event") { CellContent(text: $0.event.title, secondaryText: $0.event.day, accessory: .disclosureIndicator) }
    }
}

public struct AddEventRow: ListItem {
    public var id: String { "add" }
    public static var cell: CellConfigurator<AddEventRow> {
        .content(reuseIdentifier: "add") { _ in CellContent(text: "+ Add event", style: .action) }
    }
}

public struct EmptyStateRow: ListItem {
    public var query: String
    public var id: String { "empty" }
    public static var cell: CellConfigurator<EmptyStateRow> {
        .content(reuseIdentifier: "empty") { CellContent(text: "No events match “\($0.query)”", style: .empty) }
    }
}

public struct Event: Identifiable, Hashable, Sendable {
    public var id: Int
    public var title: String
    public var day: String
    public init(id: Int, title: String, day: String) {
        self.id = id
        self.title = title
        self.day = day
    }
}

public enum EventsFeed {
    public static let events = [
        Event(id: 1, title: "Swift meetup", day: "Mon"), Event(id: 2, title: "Design review", day: "Tue"),
        Event(id: 3, title: "Team lunch", day: "Wed"), Event(id: 4, title: "Release party", day: "Fri"),
    ]

    /// Every row brings its own cell: no configurator list to keep in step with the kinds.
    public static var cells: CellConfigurators<AnyListItem> { .itemsChooseTheirCells }

    /// The feed as a pipeline: the search row, the large event when not searching, the
    /// matching events, the add row, and the empty state when nothing matches.
    public static func snapshot(events: [Event], query: String) -> Snapshot<String, AnyListItem> {
        let matching = events.filter { query.isEmpty || $0.title.lowercased().contains(query.lowercased()) }
        let featured = query.isEmpty ? matching.prefix(1).map { AnyListItem(LargeEventRow(event: $0)) } : []
        let rest = (query.isEmpty ? Array(matching.dropFirst()) : matching).map { AnyListItem(EventRow(event: $0)) }
        let empty = matching.isEmpty ? [AnyListItem(EmptyStateRow(query: query))] : []
        let rows = [AnyListItem(SearchRow(query: query))] + featured + rest + empty + [AnyListItem(AddEventRow())]
        // Identity is the kind and the row's id, so `EventRow` 1 and `LargeEventRow` 1 never clash.
        return try! Snapshot([Section("feed", header: "Events", items: rows)])
    }
}
