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
