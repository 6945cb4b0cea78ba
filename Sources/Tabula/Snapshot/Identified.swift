/// A `Hashable` value that is its own identity, so plain values can be listed: a section of
/// `"A"`, `"B"`, `"C"`, say.
///
/// ```swift
/// let letters = try Snapshot(values: ["A", "B", "C"])        // one section, id 0
/// letters.allItems.map(\.value)                              // ["A", "B", "C"]
/// CellConfigurator<Identified<String>>.content { CellContent(text: $0.value) }
/// ```
///
/// Two equal values are the same item, so a list of values must not repeat one (the snapshot
/// reports it as a duplicate identifier).
@frozen
public struct Identified<Value: Hashable & Sendable>: Identifiable, Hashable, Sendable, CustomStringConvertible {
    /// The value, which is also the identifier.
    public var value: Value

    /// Wraps `value`.
    @inlinable
    public init(_ value: Value) { self.value = value }

    @inlinable
    public var id: Value { value }

    public var description: String { "\(value)" }

    // Written out and inlinable: the diff compares every matched item, and the derived `==` is
    // compiled once, in Tabula, for any value.
    @inlinable
    public static func == (lhs: Identified, rhs: Identified) -> Bool { lhs.value == rhs.value }

    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

extension Section {
    /// A section of plain values, each its own identity.
    package init<Value>(_ id: ID, header: String? = nil, footer: String? = nil, values: [Value])
    where Item == Identified<Value> {
        self.init(id, header: header, footer: footer, items: values.map(Identified.init))
    }
}

extension Snapshot where SectionID == Int {
    /// A snapshot of one section (identified by 0) holding `items`: a single-section list in one
    /// call.
    ///
    /// Item identifiers are checked on first need, as ``init(_:)-([Snapshot<SectionID,Item>.SectionType])`` says.
    ///
    /// - Complexity: O(1); the index is built on first need.
    public init(items: [Item], header: String? = nil, footer: String? = nil) throws {
        try self.init([Section(0, header: header, footer: footer, items: items)])
    }

    /// A snapshot of one section (identified by 0) holding plain values, each its own identity.
    ///
    /// Values are data, so they are checked at once.
    ///
    /// - Throws: ``SnapshotError/duplicateItem(_:first:second:)`` naming a repeated value.
    /// - Complexity: O(n) for n values: each is hashed once.
    public init<Value>(values: [Value], header: String? = nil, footer: String? = nil) throws where Item == Identified<Value> {
        self = try Snapshot(items: values.map(Identified.init), header: header, footer: footer).validated()
    }
}
