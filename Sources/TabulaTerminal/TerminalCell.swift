import Tabula

/// A row of the terminal list view: what a configurator sets, as on `UITableViewCell`.
@MainActor
public final class TerminalCell {
    /// What sits at the end of the row.
    public enum Accessory: Hashable, Sendable {
        case none
        /// `›`: the row opens another screen.
        case disclosureIndicator
        /// A switch drawn as `[on]` / `[off]`.
        case toggle(isOn: Bool)
    }

    /// The identifier the cell was dequeued under.
    public let reuseIdentifier: String
    /// The main text.
    public var text = ""
    /// Secondary text, right-aligned.
    public var detailText: String?
    /// The trailing accessory.
    public var accessory: Accessory = .none
    /// A style name the configurator chose ("title", "subtitle", "large", …): the renderer indents
    /// and decorates accordingly.
    public var style: String = "default"

    /// Creates a cell.
    public init(reuseIdentifier: String) {
        self.reuseIdentifier = reuseIdentifier
    }

    /// Clears what a configurator set.
    public func prepareForReuse() {
        text = ""
        detailText = nil
        accessory = .none
        style = "default"
    }

    /// The row as plain text, `width` columns wide (detail and accessory right-aligned).
    public func line(width: Int) -> String {
        var trailing = detailText ?? ""
        switch accessory {
        case .none: break
        case .disclosureIndicator: trailing += trailing.isEmpty ? "›" : "  ›"
        case .toggle(let isOn): trailing += (trailing.isEmpty ? "" : "  ") + (isOn ? "[on]" : "[off]")
        }
        let leading = style == "large" ? "★ " + text.uppercased() : text
        let gap = max(2, width - leading.count - trailing.count)
        return trailing.isEmpty ? leading : leading + String(repeating: " ", count: gap) + trailing
    }
}

/// Shows a ``Snapshot`` as text: section headers, each row through the configurator, and footers.
///
/// The same snapshot and configurator that drive a `UITableView` drive this view (SPEC B8). Rows are
/// configured into cells dequeued from a pool, as in UIKit.
@MainActor
public final class TerminalListView<SectionID: Hashable & Sendable, Item: Identifiable> where Item.ID: Sendable {
    /// The snapshot shown.
    public private(set) var snapshot: Snapshot<SectionID, Item>
    /// Configures a cell for an item.
    public let configure: (TerminalCell, Item) -> Void
    private var pool: [TerminalCell] = []

    /// Creates a view of `snapshot` whose rows `configure` sets up.
    public init(snapshot: Snapshot<SectionID, Item>, configure: @escaping (TerminalCell, Item) -> Void) {
        self.snapshot = snapshot
        self.configure = configure
    }

    /// Replaces the snapshot shown.
    public func apply(_ snapshot: Snapshot<SectionID, Item>) {
        self.snapshot = snapshot
    }

    /// Every line of the list, `width` columns wide, with no terminal control codes.
    public func plainText(width: Int = 60) -> String {
        var lines: [String] = []
        for section in snapshot.sections {
            if let header = section.header {
                if !lines.isEmpty { lines.append("") }
                lines.append(header.uppercased())
                lines.append(String(repeating: "─", count: min(width, max(header.count, 12))))
            }
            for item in section.items {
                let cell = pool.popLast() ?? TerminalCell(reuseIdentifier: "row")
                configure(cell, item)
                lines.append("  " + cell.line(width: width - 2))
                cell.prepareForReuse()
                pool.append(cell)
            }
            if let footer = section.footer { lines.append("  (\(footer))") }
        }
        return lines.joined(separator: "\n")
    }
}
