import Foundation
import SnapshotTesting
import Tabula
import TabulaTesting

extension Snapshotting where Value == HeadlessListView, Format == String {
    /// The screen as text: `HeadlessListView.renderedText()`, recorded in a `.txt`
    /// file and compared line by line.
    ///
    /// ```swift
    /// assertSnapshot(of: list, as: .renderedText)
    /// ```
    ///
    /// Call it on the main actor, where the view lives.
    public static var renderedText: Snapshotting {
        Snapshotting<String, String>.lines.pullback { list in
            MainActor.assumeIsolated { list.renderedText() }
        }
    }

    /// The list's structure as a stable text dump: the flavour and viewport, each section's item
    /// count, header and footer (title, and the view's class when a view shows it), each visible
    /// cell's position, reuse identifier, class and text, which items are selected, and the runs of
    /// items that are not on screen. Recorded in a `.txt` file and compared line by line.
    ///
    /// ```swift
    /// assertSnapshot(of: list, as: .structure)
    /// ```
    ///
    /// Where ``renderedText`` shows what a user sees, this shows what the view holds: a cell of the
    /// wrong class or kind, a lost selection or a miscounted section changes the snapshot even when
    /// the text on screen stays the same. Call it on the main actor, where the view lives.
    public static var structure: Snapshotting {
        Snapshotting<String, String>.lines.pullback { list in
            MainActor.assumeIsolated { HeadlessListStructure(list).text }
        }
    }
}

/// The text of the `.structure` strategy.
@MainActor
struct HeadlessListStructure {
    let text: String

    init(_ list: HeadlessListView) {
        var lines: [String] = []
        let sections = list.numberOfSections
        let items = list.itemCounts.reduce(0, +)
        let viewport = list.viewportHeight.map { "viewport \($0) lines" } ?? "no viewport"
        lines.append("\(list.flavor) · \(Self.count(sections, "section")) · \(Self.count(items, "item")) · \(viewport)")
        for section in 0..<sections {
            lines.append("section \(section) · \(Self.count(list.numberOfItems(inSection: section), "item"))")
            if let line = Self.supplementary("header", title: list.headerTitle(forSection: section), view: list.headerView(forSection: section)) {
                lines.append("  " + line)
            }
            var hidden: ClosedRange<Int>?
            func flushHidden() {
                guard let range = hidden else { return }
                let where_ = range.count == 1 ? "[\(section), \(range.lowerBound)]" : "[\(section), \(range.lowerBound)]…[\(section), \(range.upperBound)]"
                lines.append("  \(where_) not on screen")
                hidden = nil
            }
            for item in 0..<list.numberOfItems(inSection: section) {
                let path = ItemPath(item: item, section: section)
                guard let cell = list.cellForItem(at: path) else {
                    hidden = hidden.map { $0.lowerBound...item } ?? item...item
                    continue
                }
                flushHidden()
                var line = "  [\(section), \(item)] \(cell.reuseIdentifier) · \(String(reflecting: type(of: cell)))"
                if cell.isFromNib { line += " (nib)" }
                if cell.isSelected { line += " · selected" }
                line += " · \(Self.quoted(cell.renderedText))"
                lines.append(line)
            }
            flushHidden()
            if let line = Self.supplementary("footer", title: list.footerTitle(forSection: section), view: list.footerView(forSection: section)) {
                lines.append("  " + line)
            }
        }
        let selected = list.indexPathsForSelectedItems.map { "[\($0.section), \($0.item)]" }
        lines.append("selected: " + (selected.isEmpty ? "none" : selected.joined(separator: ", ")))
        text = lines.joined(separator: "\n")
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    static func supplementary(_ kind: String, title: String?, view: HeadlessSupplementaryView?) -> String? {
        if let view {
            return "\(kind) \(view.reuseIdentifier) · \(String(reflecting: type(of: view))) · \(quoted(title ?? ""))"
        }
        return title.map { "\(kind) \(quoted($0))" }
    }
}
