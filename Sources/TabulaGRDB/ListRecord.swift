import GRDB
import Tabula

/// A database record a ``DatabaseList`` can show: fetchable, identified by its row id, grouped into
/// sections by a key, and ordered the same way in SQL and in Swift.
///
/// ```swift
/// struct Task: ListRecord, Codable, Equatable {
///     static let databaseTableName = "task"
///     static let listOrdering = "list, position, id"
///     var id: Int64; var list: String; var position: Int; var title: String
///     var sectionKey: String { list }
///     static func areInIncreasingOrder(_ a: Task, _ b: Task) -> Bool {
///         (a.list, a.position, a.id) < (b.list, b.position, b.id)
///     }
/// }
/// ```
public protocol ListRecord: FetchableRecord, TableRecord, Identifiable, Equatable, Sendable where ID == Int64 {
    /// What groups records into sections (a column's value); sections are ordered by it.
    associatedtype SectionKey: Hashable & Comparable & Sendable

    /// The section this record belongs to.
    var sectionKey: SectionKey { get }

    /// The SQL `ORDER BY` terms of the list, for example `"list, position, id"`.
    static var listOrdering: String { get }

    /// The same order as ``listOrdering``, in Swift: a strict total order.
    static func areInIncreasingOrder(_ lhs: Self, _ rhs: Self) -> Bool

    /// The header title of a section (default: the key itself).
    static func sectionTitle(for key: SectionKey) -> String?
}

extension ListRecord {
    public static func sectionTitle(for key: SectionKey) -> String? { "\(key)" }
}

/// Why a ``DatabaseList`` or ``DatabaseQueryList`` could not show the database's current state.
/// The last good snapshot stays on screen, and nothing is dropped: rows that could not be read are
/// read again later.
public struct DatabaseListError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What failed.
    public enum Stage: String, Hashable, Sendable {
        /// The first fetch of the whole list.
        case initialFetch
        /// Fetching the rows commits changed (``DatabaseListError/rowIDs`` names the rows that
        /// could not be read), or reaching the database at all (a closed database).
        case changedRows
        /// Fetching the whole table again after a schema change or a ``DatabaseList/refresh()``
        /// (a dropped table, a renamed column).
        case refetch
        /// The rows did not make a valid snapshot (a repeated identifier).
        case snapshot
        /// Rows of a ``DatabaseList`` whose ``DatabaseList/duplicatePolicy`` is
        /// `DuplicatePolicy.reject` hold the same record `id` (``DatabaseListError/rowIDs`` names
        /// them, the message names the id). One of them is shown; the others are shown as soon as
        /// it goes.
        case repeatedID
        /// ``ListRecord/listOrdering`` and ``ListRecord/areInIncreasingOrder(_:_:)`` disagree
        /// (``DatabaseListError/rowIDs`` names the first two rows they order differently). The
        /// list is shown in `areInIncreasingOrder`'s order.
        case ordering
        /// The list was stopped, or never started, while a caller waited for it.
        case stopped
    }

    /// What failed.
    public var stage: Stage
    /// The table observed (`"query"` for a ``DatabaseQueryList``).
    public var table: String
    /// The underlying error's description (SQLite's message, or the snapshot error naming the row).
    public var message: String
    /// The rows concerned, by rowid, when known.
    public var rowIDs: [Int64]

    /// Creates an error.
    public init(stage: Stage, table: String, message: String, rowIDs: [Int64] = []) {
        self.stage = stage
        self.table = table
        self.message = message
        self.rowIDs = rowIDs
    }

    public var description: String { "\(stage.rawValue) of table \(table) failed: \(message)" }
}
