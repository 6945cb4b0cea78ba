/// How an item of a ``SectionSnapshot`` is drawn in an outline: how deep it is and whether it is
/// expanded. What `UICollectionViewListCell`'s indentation and outline disclosure show.
///
/// Tabula's UIKit list cell, the headless view's collection cells and the terminal draw it
/// themselves. A configurator of any other cell (a table's, or a cell class of yours) asks the
/// adapter (`adapter.outlineState(of:)`, ``SectionSnapshots/outlineState(of:)``), so the items
/// need not carry their depth:
///
/// ```swift
/// if let state = driver.sectionSnapshots.outlineState(of: item.id) {
///     cell.indentationLevel = state.level
///     cell.accessoryType = state.isExpanded == nil ? .none : .disclosureIndicator
/// }
/// ```
public struct OutlineState: Hashable, Sendable, CustomStringConvertible {
    /// How deep the item is: 0 for a top-level item.
    public var level: Int
    /// Whether the item is expanded; `nil` when it has no children, so nothing to expand.
    public var isExpanded: Bool?

    /// Creates a state.
    package init(level: Int, isExpanded: Bool?) {
        self.level = level
        self.isExpanded = isExpanded
    }

    /// Whether the item has children (and so a disclosure control).
    public var hasChildren: Bool { isExpanded != nil }

    /// `text` as a text outline draws it: two spaces a level, then `▾ ` for an expanded item, `▸ `
    /// for a collapsed one, nothing for an item without children.
    package func decorate(_ text: String) -> String {
        let marker = isExpanded.map { $0 ? "▾ " : "▸ " } ?? ""
        return String(repeating: "  ", count: max(0, level)) + marker + text
    }

    public var description: String {
        "level \(level), " + (isExpanded.map { $0 ? "expanded" : "collapsed" } ?? "no children")
    }
}
