/// What a standard cell shows: text, secondary text, an accessory and a style.
///
/// Content is view-agnostic. The same value configures a `UITableViewCell`, an `NSTableCellView`,
/// a row of the terminal list view and a cell of the headless list view, through ``ContentCell``.
/// It is `Equatable`, so a view can skip applying content that did not change.
public struct CellContent: Hashable, Sendable {
    /// What sits at the trailing edge.
    public struct Accessory: Hashable, Sendable, CustomStringConvertible {
        @usableFromInline enum Kind: Hashable, Sendable { case none, disclosure, checkmark, toggle(Bool) }
        @usableFromInline let kind: Kind
        @inlinable init(_ kind: Kind) { self.kind = kind }

        /// Nothing.
        public static let none = Accessory(.none)
        /// A chevron: the row leads to another screen.
        public static let disclosureIndicator = Accessory(.disclosure)
        /// A checkmark.
        public static let checkmark = Accessory(.checkmark)
        /// A switch, on or off.
        public static func toggle(isOn: Bool) -> Accessory { Accessory(.toggle(isOn)) }

        /// The switch's state, when the accessory is a switch.
        package var toggleState: Bool? {
            if case .toggle(let isOn) = kind { return isOn }
            return nil
        }
        /// Whether the accessory is a disclosure indicator.
        package var isDisclosureIndicator: Bool { kind == .disclosure }
        /// Whether the accessory is a checkmark.
        package var isCheckmark: Bool { kind == .checkmark }

        public var description: String {
            switch kind {
            case .none: return "none"
            case .disclosure: return "disclosureIndicator"
            case .checkmark: return "checkmark"
            case .toggle(let isOn): return "toggle(\(isOn))"
            }
        }
    }

    /// How a standard cell lays out and emphasises its content. Every view reads the style the
    /// same way (where the secondary text goes, whether the text is emphasised or subdued), so a
    /// style means the same in a `UITableViewCell`, a `UICollectionViewListCell`, an
    /// `NSTableCellView` and the terminal; a view shows what it can (AppKit's cell view and the
    /// terminal draw one line a row, so where the secondary text goes is UIKit's alone).
    public struct Style: Hashable, Sendable, CustomStringConvertible {
        @usableFromInline enum Kind: Hashable, Sendable { case standard, subtitle, value, large, empty, action, footer, placeholder, custom(String) }
        @usableFromInline let kind: Kind
        @inlinable init(_ kind: Kind) { self.kind = kind }

        /// The text, with the secondary text (if any) on the trailing side.
        public static let `default` = Style(.standard)
        /// The secondary text under the text (UIKit's subtitle cell).
        public static let subtitle = Style(.subtitle)
        /// The secondary text as a value on the trailing side, always (UIKit's value cell).
        public static let value = Style(.value)
        /// A prominent row: a featured item.
        public static let large = Style(.large)
        /// A message where rows would be: an empty state, a hint, a search under way.
        public static let empty = Style(.empty)
        /// A row that acts when tapped rather than showing an item: "Add", "Retry".
        public static let action = Style(.action)
        /// A footer's text.
        package static let footer = Style(.footer)
        /// The row of an item that no configurator takes.
        package static let placeholder = Style(.placeholder)
        /// A style of the app's own, for its own ``ContentCell``s; standard cells show it as
        /// ``default``.
        public static func custom(_ name: String) -> Style { Style(.custom(name)) }

        /// Whether the secondary text goes under the text.
        package var placesSecondaryTextBelow: Bool { kind == .subtitle }
        /// Whether the secondary text goes on the trailing side even when it is empty.
        package var placesSecondaryTextTrailing: Bool { kind == .value }
        /// Whether the row stands out (a bolder or larger text).
        package var isEmphasized: Bool { kind == .large }
        /// Whether the row is drawn in a quieter way than items (secondary colour, italics): messages,
        /// actions, footers and placeholders.
        package var isSubdued: Bool {
            switch kind {
            case .empty, .action, .footer, .placeholder: true
            default: false
            }
        }

        /// The style's name: `"default"`, `"subtitle"`, …, or a custom style's own.
        public var description: String {
            switch kind {
            case .standard: "default"
            case .subtitle: "subtitle"
            case .value: "value"
            case .large: "large"
            case .empty: "empty"
            case .action: "action"
            case .footer: "footer"
            case .placeholder: "placeholder"
            case .custom(let name): name
            }
        }
    }

    /// The main text.
    public var text: String?
    /// The secondary text (a subtitle, or a value on the trailing side).
    public var secondaryText: String?
    /// The trailing accessory.
    public var accessory: Accessory
    /// How the cell lays out and emphasises the content.
    public var style: Style

    /// Creates content.
    public init(text: String? = nil, secondaryText: String? = nil, accessory: Accessory = .none, style: Style = .default) {
        self.text = text
        self.secondaryText = secondaryText
        self.accessory = accessory
        self.style = style
    }
}
