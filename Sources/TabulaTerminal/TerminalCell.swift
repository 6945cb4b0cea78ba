import Tabula

/// A row of the terminal list view: what a configurator sets, as on `UITableViewCell`.
@MainActor
open class TerminalCell: ContentCell {
    /// The identifier the cell was dequeued under.
    public let reuseIdentifier: String
    /// The content shown.
    public var content = CellContent()
    /// How many times the cell went back to its pool.
    public private(set) var reuseCount = 0

    /// Creates a cell; the list view calls it when its pool is empty.
    public required init(reuseIdentifier: String) {
        self.reuseIdentifier = reuseIdentifier
    }

    public func apply(_ content: CellContent) {
        self.content = content
    }

    /// Clears what a configurator set. Overrides must call `super`.
    open func prepareForReuse() {
        reuseCount += 1
        content = CellContent()
    }

    /// The row as plain text, `width` columns wide: text on the left; secondary text and the
    /// accessory on the right. Widths are terminal columns (``DisplayWidth``: a CJK character or
    /// an emoji takes two, a combining accent none), so the trailing text ends at the edge; a row
    /// that does not fit is cut, never wider than `width`.
    open func line(width: Int) -> String {
        let width = max(0, width)
        var trailing = content.secondaryText ?? ""
        if let isOn = content.accessory.toggleState { trailing += (trailing.isEmpty ? "" : "  ") + (isOn ? "[on] " : "[off]") }
        if content.accessory.isDisclosureIndicator { trailing += trailing.isEmpty ? "›" : "  ›" }
        if content.accessory.isCheckmark { trailing += trailing.isEmpty ? "✓" : "  ✓" }
        var leading = content.text ?? ""
        if content.style.isEmphasized { leading = "★ " + leading.uppercased() }
        let trailingWidth = trailing.displayWidth
        var leadingWidth = leading.displayWidth
        if width - leadingWidth - trailingWidth < 2 {
            leading = leading.prefix(columns: max(0, width - trailingWidth - 3)) + "…"
            leadingWidth = leading.displayWidth
        }
        let line = trailing.isEmpty ? leading : leading + String(repeating: " ", count: max(2, width - leadingWidth - trailingWidth)) + trailing
        return leadingWidth + (trailing.isEmpty ? 0 : 2 + trailingWidth) > width ? line.prefix(columns: width) : line
    }
}
