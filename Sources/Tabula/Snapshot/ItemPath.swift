/// The position of an item in a sectioned list: a section index and an item index within it.
///
/// Tabula's core does not import Foundation's `IndexPath`, whose `row` and `section` accessors exist
/// only where UIKit or AppKit is present. The adapters convert at the boundary.
@frozen
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The index of the section.
    public var section: Int
    /// The index of the item within its section.
    public var item: Int

    /// Creates a path to `item` in `section`.
    @inlinable
    public init(item: Int, section: Int) {
        self.section = section
        self.item = item
    }

    @inlinable
    public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
        // Not as tuples: a Debug build compares tuples through the standard library's generic `<`.
        lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
    }

    /// `section-item`, as UIKit prints an `NSIndexPath` (`{length = 2, path = 0 - 1}`).
    public var description: String { "\(section) - \(item)" }
}
