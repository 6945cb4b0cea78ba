/// What a standard cell shows: text, secondary text, an accessory and a style name.
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
        public var toggleState: Bool? {
            if case .toggle(let isOn) = kind { return isOn }
            return nil
        }
        /// Whether the accessory is a disclosure indicator.
        public var isDisclosureIndicator: Bool { kind == .disclosure }
        /// Whether the accessory is a checkmark.
        public var isCheckmark: Bool { kind == .checkmark }

        public var description: String {
            switch kind {
            case .none: return "none"
            case .disclosure: return "disclosureIndicator"
            case .checkmark: return "checkmark"
            case .toggle(let isOn): return "toggle(\(isOn))"
            }
        }
    }

    /// The main text.
    public var text: String?
    /// The secondary text (a subtitle, or a value on the trailing side).
    public var secondaryText: String?
    /// The trailing accessory.
    public var accessory: Accessory
    /// A style name the cell interprets ("subtitle", "value", "large", …); `"default"` otherwise.
    public var style: String

    /// Creates content.
    public init(text: String? = nil, secondaryText: String? = nil, accessory: Accessory = .none, style: String = "default") {
        self.text = text
        self.secondaryText = secondaryText
        self.accessory = accessory
        self.style = style
    }
}
