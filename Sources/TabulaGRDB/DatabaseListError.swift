import GRDB
import Tabula

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
