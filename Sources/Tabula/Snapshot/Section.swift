/// One section of a list: a stable identifier, optional header and footer titles, and its items.
///
/// The identifier decides whether a section is inserted, deleted or moved when two snapshots are
/// compared; the titles are content, and a change to them updates the section's header or footer in
/// place.
///
/// ```swift
/// let general = Section("general", header: "General") {
///     Setting.toggle("Dark mode")
///     Setting.toggle("Auto save")
/// }
/// ```
public struct Section<ID: Hashable & Sendable, Item: Identifiable>: Identifiable where Item.ID: Sendable {
    /// The section's identity.
    public var id: ID
    /// The title shown above the section, if any.
    public var header: String?
    /// The title shown below the section, if any.
    public var footer: String?
    /// The section's items, in display order.
    public var items: [Item]

    /// Creates a section from an array of items.
    public init(_ id: ID, header: String? = nil, footer: String? = nil, items: [Item] = []) {
        self.id = id
        self.header = header
        self.footer = footer
        self.items = items
    }

    /// Creates a section whose items are written declaratively, with `if`, `for` and optionals.
    public init(
        _ id: ID, header: String? = nil, footer: String? = nil,
        @ItemsBuilder<Item> items: () -> [Item]
    ) {
        self.init(id, header: header, footer: footer, items: items())
    }

    /// Whether the header and footer of two sections are the same (their items are not compared).
    @inlinable
    package func hasSameTitles(as other: Section) -> Bool {
        header == other.header && footer == other.footer
    }
}

extension Section: Equatable where Item: Equatable {}
extension Section: Hashable where Item: Hashable {}
extension Section: Sendable where Item: Sendable {}
