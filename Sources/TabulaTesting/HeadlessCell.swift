import Tabula

/// A cell of the ``HeadlessListView``: the stand-in for `UITableViewCell` and
/// `UICollectionViewCell` in tests.
///
/// It records what a configurator set (text, detail text, accessory) so that a test can read the
/// screen, and counts its own reuse. Subclass it for cells with more to show, as you would subclass
/// `UITableViewCell`.
@MainActor
open class HeadlessCell {
    /// What sits at the trailing edge of a cell.
    public enum Accessory: Hashable, Sendable {
        /// Nothing.
        case none
        /// A chevron: the row leads somewhere.
        case disclosureIndicator
        /// A checkmark.
        case checkmark
        /// A switch, on or off.
        case toggle(isOn: Bool)
    }

    /// The identifier the cell was registered and dequeued under.
    public let reuseIdentifier: String
    /// Whether the cell was instantiated from a nib (and received ``awakeFromNib()``).
    public internal(set) var isFromNib = false
    /// The main text, like `textLabel.text`.
    open var text: String?
    /// The secondary text, like `detailTextLabel.text`.
    open var detailText: String?
    /// The trailing accessory.
    open var accessory: Accessory = .none
    /// Whether the cell is shown selected.
    public internal(set) var isSelected = false
    /// How many times the cell was handed back to its reuse pool and prepared for reuse.
    public private(set) var reuseCount = 0
    /// How many times a data source configured this cell (dequeued or reconfigured it).
    public internal(set) var configurationCount = 0
    /// Called when the user flips the cell's switch (``HeadlessListView/flipToggle(at:)``).
    public var onToggle: ((Bool) -> Void)?
    /// The item's place in its section snapshot, in a collection view's list: its level and, for
    /// an item with children, whether it is expanded. Set by the adapter, as Tabula's UIKit list
    /// cell shows indentation and an outline disclosure; `nil` in a plain section and in tables.
    public internal(set) var outline: OutlineState?

    /// Creates a cell; the list view calls it when its pool for `reuseIdentifier` is empty.
    public required init(reuseIdentifier: String) {
        self.reuseIdentifier = reuseIdentifier
    }

    /// Called after the cell is created from a nib.
    open func awakeFromNib() {}

    /// Called when the cell leaves the screen and returns to its pool. Resets what configurators set;
    /// overrides must call `super`.
    open func prepareForReuse() {
        reuseCount += 1
        text = nil
        detailText = nil
        accessory = .none
        isSelected = false
        onToggle = nil
        outline = nil
    }

    /// One line describing the cell: `text — detail` followed by the accessory, indented by its
    /// level in an outline, with `▸` (collapsed) or `▾` (expanded) before an item with children.
    open var renderedText: String {
        outline?.decorate(contentText) ?? contentText
    }

    /// What the configurator set, as one line: `text — detail` followed by the accessory.
    open var contentText: String {
        var line = text ?? ""
        if let detailText, !detailText.isEmpty { line += line.isEmpty ? detailText : "  —  \(detailText)" }
        switch accessory {
        case .none: break
        case .disclosureIndicator: line += "  >"
        case .checkmark: line += "  ✓"
        case .toggle(let isOn): line += isOn ? "  [on]" : "  [off]"
        }
        return line
    }
}
