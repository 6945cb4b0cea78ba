/// A row of a paginated list: the items, and the states around them, which are items like any
/// other and take part in the diff. Toggling a loading row quickly never desynchronises the view.
public enum PageRow<Item: Identifiable & Sendable>: Identifiable, Sendable where Item.ID: Sendable {
    /// A loaded item.
    case item(Item)
    /// A page is being loaded.
    case loading
    /// Loading the next page failed; selecting the row retries.
    case failed(String)

    /// The identity: the item's, or the state's.
    public enum ID: Hashable, Sendable {
        /// The item's own identifier.
        case item(Item.ID)
        /// The loading row's.
        case loading
        /// The failure row's.
        case failed

        // Written out and inlinable, as `PageRow`'s: the derived ones are compiled once, in Tabula,
        // and cost the diff hundreds of nanoseconds an item in generic metadata lookups.
        @inlinable
        public static func == (lhs: ID, rhs: ID) -> Bool {
            switch lhs {
            case .item(let left): if case .item(let right) = rhs { return left == right } else { return false }
            case .loading: if case .loading = rhs { return true } else { return false }
            case .failed: if case .failed = rhs { return true } else { return false }
            }
        }

        @inlinable
        public func hash(into hasher: inout Hasher) {
            switch self {
            case .item(let id):
                hasher.combine(0 as UInt8)
                hasher.combine(id)
            case .loading: hasher.combine(1 as UInt8)
            case .failed: hasher.combine(2 as UInt8)
            }
        }
    }

    public var id: ID {
        switch self {
        case .item(let item): return .item(item.id)
        case .loading: return .loading
        case .failed: return .failed
        }
    }

    /// The item, for item rows.
    public var item: Item? { if case .item(let item) = self { item } else { nil } }
}

extension PageRow: Equatable where Item: Equatable {
    @inlinable
    public static func == (lhs: PageRow, rhs: PageRow) -> Bool {
        switch lhs {
        case .item(let left): if case .item(let right) = rhs { return left == right } else { return false }
        case .loading: if case .loading = rhs { return true } else { return false }
        case .failed(let left): if case .failed(let right) = rhs { return left == right } else { return false }
        }
    }
}

extension PageRow: Hashable where Item: Hashable {
    @inlinable
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .item(let item):
            hasher.combine(0 as UInt8)
            hasher.combine(item)
        case .loading: hasher.combine(1 as UInt8)
        case .failed(let message):
            hasher.combine(2 as UInt8)
            hasher.combine(message)
        }
    }
}
