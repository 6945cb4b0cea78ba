// Seed 002, "MultiModelTableViewDataSource": items of many kinds in one list, each kind its own
// type with its own cell; static rows (search, add event, empty state) between dynamic ones with no
// index arithmetic; the list built as a pipeline of map, filter and concatenation (S2.1–S2.4).
// Adding a kind of row means adding a type and a configurator, nothing else.
import Foundation
import Tabula

/// Any row of the feed. Each kind is its own type (S2.1).
public protocol FeedRow: Hashable, Sendable {
    var rowID: String { get }
}

public struct SearchRow: FeedRow {
    public var query: String
    public var rowID: String { "search" }
}

public struct LargeEventRow: FeedRow {
    public var event: Event
    public var rowID: String { "large:\(event.id)" }
}

public struct EventRow: FeedRow {
    public var event: Event
    public var rowID: String { "event:\(event.id)" }
}

public struct AddEventRow: FeedRow {
    public var rowID: String { "add" }
}

public struct EmptyStateRow: FeedRow {
    public var query: String
    public var rowID: String { "empty" }
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

/// One list holds rows of every kind; identity is the row's `rowID`.
public struct AnyFeedRow: Identifiable, Equatable, Sendable, CustomStringConvertible {
    public let base: any FeedRow
    public init(_ base: any FeedRow) { self.base = base }
    public var id: String { base.rowID }
    public static func == (lhs: AnyFeedRow, rhs: AnyFeedRow) -> Bool { AnyHashable(lhs.base) == AnyHashable(rhs.base) }
    public var description: String { "\(base)" }
}

public enum EventsFeed {
    public static let events = [
        Event(id: 1, title: "Swift meetup", day: "Mon"), Event(id: 2, title: "Design review", day: "Tue"),
        Event(id: 3, title: "Team lunch", day: "Wed"), Event(id: 4, title: "Release party", day: "Fri"),
    ]

    /// One configurator per kind; each gets its own type, no cast at the call site.
    public static var cells: CellConfigurators<AnyFeedRow> {
        CellConfigurators {
            CellConfigurator.content(reuseIdentifier: "search", for: { $0.base as? SearchRow }) { row in
                CellContent(text: "🔍 " + (row.query.isEmpty ? "Search events" : row.query), style: "search")
            }
            CellConfigurator.content(reuseIdentifier: "large", for: { $0.base as? LargeEventRow }) { row in
                CellContent(text: row.event.title, secondaryText: "next up · \(row.event.day)", style: "large")
            }
            CellConfigurator.content(reuseIdentifier: "event", for: { $0.base as? EventRow }) { row in
                CellContent(text: row.event.title, secondaryText: row.event.day, accessory: .disclosureIndicator)
            }
            CellConfigurator.content(reuseIdentifier: "add", for: { $0.base as? AddEventRow }) { _ in
                CellContent(text: "+ Add event", style: "action")
            }
            CellConfigurator.content(reuseIdentifier: "empty", for: { $0.base as? EmptyStateRow }) { row in
                CellContent(text: "No events match “\(row.query)”", style: "empty")
            }
        }
    }

    /// The feed as a pipeline (S2.4): the search row, the large event when not searching, the
    /// matching events, the add row, and the empty state when nothing matches.
    public static func snapshot(events: [Event], query: String) -> Snapshot<String, AnyFeedRow> {
        let matching = events.filter { query.isEmpty || $0.title.lowercased().contains(query.lowercased()) }
        let featured = query.isEmpty ? matching.prefix(1).map { LargeEventRow(event: $0) as any FeedRow } : []
        let rest = (query.isEmpty ? Array(matching.dropFirst()) : matching).map { EventRow(event: $0) as any FeedRow }
        let empty: [any FeedRow] = matching.isEmpty ? [EmptyStateRow(query: query)] : []
        let rows: [any FeedRow] = [SearchRow(query: query)] + featured + rest + empty + [AddEventRow()]
        return try! Snapshot([Section("feed", header: "Events", items: rows.map(AnyFeedRow.init))])
    }
}
