/// A row of a paginated list: the items, and the states around them, which are items like any
/// other and take part in the diff. Toggling a loading row quickly never desynchronises the view.
///
/// Pages at the end show ``loading`` and ``failed(_:)`` after the items; older pages, which a
/// ``PaginatedList`` with a `loadOlder` loader inserts at the top, show ``loadingOlder`` and
/// ``failedOlder(_:)`` before them.
///
/// ```swift
/// func text(of row: PageRow<Message>) -> String {
///     switch row {
///     case .item(let message): message.text
///     case .loading, .loadingOlder: "Loading…"
///     case .failed(let reason), .failedOlder(let reason): "\(reason) — tap to retry"
///     }
/// }
/// ```
public enum PageRow<Item: Identifiable & Sendable>: Identifiable, Sendable where Item.ID: Sendable {
    /// A loaded item.
    case item(Item)
    /// A page is being loaded.
    case loading
    /// Loading the next page failed; selecting the row retries.
    case failed(String)
    /// An older page is being loaded (the row is first).
    case loadingOlder
    /// Loading an older page failed (the row is first); selecting it retries.
    case failedOlder(String)

    /// The identity: the item's, or the state's.
    public enum ID: Hashable, Sendable {
        /// The item's own identifier.
        case item(Item.ID)
        /// The loading row's.
        case loading
        /// The failure row's.
        case failed
        /// The older pages' loading row's.
        case loadingOlder
        /// The older pages' failure row's.
        case failedOlder

        // Written out and inlinable, as `PageRow`'s: the derived ones are compiled once, in Tabula,
        // and cost the diff hundreds of nanoseconds an item in generic metadata lookups.
        @inlinable
        public static func == (lhs: ID, rhs: ID) -> Bool {
            switch lhs {
            case .item(let left): if case .item(let right) = rhs { return left == right } else { return false }
            case .loading: if case .loading = rhs { return true } else { return false }
            case .failed: if case .failed = rhs { return true } else { return false }
            case .loadingOlder: if case .loadingOlder = rhs { return true } else { return false }
            case .failedOlder: if case .failedOlder = rhs { return true } else { return false }
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
            case .loadingOlder: hasher.combine(3 as UInt8)
            case .failedOlder: hasher.combine(4 as UInt8)
            }
        }
    }

    public var id: ID {
        switch self {
        case .item(let item): return .item(item.id)
        case .loading: return .loading
        case .failed: return .failed
        case .loadingOlder: return .loadingOlder
        case .failedOlder: return .failedOlder
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
        case .loadingOlder: if case .loadingOlder = rhs { return true } else { return false }
        case .failedOlder(let left): if case .failedOlder(let right) = rhs { return left == right } else { return false }
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
        case .loadingOlder: hasher.combine(3 as UInt8)
        case .failedOlder(let message):
            hasher.combine(4 as UInt8)
            hasher.combine(message)
        }
    }
}
