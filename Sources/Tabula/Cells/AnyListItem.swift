/// Any ``ListItem``, so that items of several kinds share one list. Two items are the same item
/// when they are of the same kind and have the same identifier; equal when their values are equal.
public struct AnyListItem: Identifiable, Hashable, Sendable, CustomStringConvertible {
    /// The identity of an ``AnyListItem``: its kind and its own identifier.
    public struct ID: Hashable, Sendable, CustomStringConvertible {
        let kind: ObjectIdentifier
        let value: any Hashable & Sendable

        public static func == (lhs: ID, rhs: ID) -> Bool {
            lhs.kind == rhs.kind && AnyListItem.equal(lhs.value, rhs.value)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            hasher.combine(value)
        }

        public var description: String { "\(value)" }
    }

    /// The wrapped item.
    package let base: any ListItem
    /// The item's kind and identifier.
    public let id: ID

    /// Wraps `item`.
    public init<Item: ListItem>(_ item: Item) {
        base = item
        id = ID(kind: ObjectIdentifier(Item.self), value: item.id)
    }

    /// The configurator the wrapped item's kind brings, for ``AnyListItem``s.
    func configurator() -> CellConfigurator<AnyListItem> {
        func erasedCell<Item: ListItem>(of item: Item) -> CellConfigurator<AnyListItem> { Item.cell.erased() }
        return erasedCell(of: base)
    }

    /// The wrapped item as `Item`, or `nil` when it is of another kind.
    public func `as`<Item: ListItem>(_ type: Item.Type) -> Item? { base as? Item }

    public static func == (lhs: AnyListItem, rhs: AnyListItem) -> Bool { lhs.id == rhs.id && equal(lhs.base, rhs.base) }

    public func hash(into hasher: inout Hasher) { hasher.combine(base) }

    public var description: String { "\(base)" }

    static func equal(_ lhs: any Hashable, _ rhs: any Hashable) -> Bool {
        func open<Value: Hashable>(_ value: Value) -> Bool { value == (rhs as? Value) }
        return open(lhs)
    }
}
