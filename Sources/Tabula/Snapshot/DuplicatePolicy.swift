/// What to do when data from outside repeats an item identifier.
///
/// Servers repeat items: a row that moved between two pages, a retried request. Apple's diffable
/// data source traps ("supplied item identifiers are not unique"), IGListKit silently keeps the
/// first, RxDataSources traps in debug builds. Tabula lets the caller choose, and reports what it
/// dropped in a ``DuplicateReport``.
///
/// The policy is a struct rather than a public enum so that new policies can be added without
/// breaking exhaustive `switch` statements in client code.
public struct DuplicatePolicy: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline
    enum Kind: Hashable, Sendable { case reject, keepFirst, keepLast }

    @usableFromInline
    let kind: Kind

    @inlinable
    init(_ kind: Kind) { self.kind = kind }

    /// Throw ``SnapshotError/duplicateItem(_:first:second:)`` naming the identifier and both positions.
    public static let reject = DuplicatePolicy(.reject)
    /// Keep the first occurrence where it stands and drop the later ones.
    public static let keepFirst = DuplicatePolicy(.keepFirst)
    /// Keep the last occurrence, at the position of the last occurrence, and drop the earlier ones.
    public static let keepLast = DuplicatePolicy(.keepLast)

    public var description: String {
        switch kind {
        case .reject: return "reject"
        case .keepFirst: return "keepFirst"
        case .keepLast: return "keepLast"
        }
    }
}
