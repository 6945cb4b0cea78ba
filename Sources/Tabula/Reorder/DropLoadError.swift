/// An item dropped from another app that did not arrive: it offered none of the content types
/// the list accepts, or its content failed to load. The rest of the drop arrives without it;
/// the list reports each such item to ``ListAdapter/onDropLoadFailure``.
///
/// ```swift
/// adapter.onDropLoadFailure = { failures in
///     for failure in failures { print("item \(failure.itemIndex) of the drop: \(failure.reason)") }
/// }
/// ```
public struct DropLoadError: Error, Hashable, Sendable {
    /// Why the item did not arrive.
    public enum Reason: Hashable, Sendable {
        /// The item offers none of the types the list accepts
        /// (``ListAdapter/acceptDrops(ofType:makeItems:)``).
        case noAcceptedType
        /// Loading the item's content as ``DropLoadError/typeIdentifier`` failed; the text is the
        /// platform's description of the failure (empty when it gave none).
        case loadFailed(String)
    }

    /// The item's place in the drop, counted from 0 in the order the drag carried the items.
    public var itemIndex: Int
    /// The content type the list tried to load the item as; `nil` for ``Reason/noAcceptedType``.
    public var typeIdentifier: String?
    /// The content types the item offered.
    public var offeredTypes: [String]
    /// Why the item did not arrive.
    public var reason: Reason

    /// The failure of the item at `itemIndex` of a drop, which offered `offeredTypes`.
    public init(itemIndex: Int, typeIdentifier: String?, offeredTypes: [String], reason: Reason) {
        self.itemIndex = itemIndex
        self.typeIdentifier = typeIdentifier
        self.offeredTypes = offeredTypes
        self.reason = reason
    }
}

/// One item of another app's drop, as a list plans to load it: the type to load it as, or the
/// failure that leaves it out before anything loads.
package enum DropLoadPlan: Hashable, Sendable {
    /// Load the item at `itemIndex` as `typeIdentifier`.
    case load(itemIndex: Int, typeIdentifier: String)
    /// The item at `itemIndex` offers no accepted type.
    case skip(DropLoadError)
}
