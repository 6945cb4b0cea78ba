/// What a list would do with a drop at a position, as the drag is hovering there: move the items,
/// copy them in, or refuse; and whether they go between rows or into the item under the pointer.
///
/// The UIKit adapters turn it into a `UITableViewDropProposal` or `UICollectionViewDropProposal`,
/// the AppKit adapter into an `NSDragOperation`. The standard proposal: a drag from this list or
/// from a list it accepts drags from (``ListAdapter/acceptDrags(from:converting:)``) moves; content
/// of a type it accepts from another app (``ListAdapter/acceptDrops(ofType:makeItems:)``) is
/// copied in; anything else, or a position the list lacks, is forbidden. An app refines it per
/// destination with ``ListAdapter/dropProposal``.
public struct DropProposal: Hashable, Sendable {
    /// What the drop does.
    public enum Operation: Hashable, Sendable {
        /// The items leave where they were (this list or another one) and arrive here.
        case move
        /// The items arrive here and stay where they came from (another app's content).
        case copy
        /// The drop is refused here; the view shows the drag cannot land.
        case forbidden
    }

    /// Where a drop at a position goes.
    public enum Placement: Hashable, Sendable {
        /// Between rows, at the position: the view opens a gap there.
        case between
        /// Into the item at the position (a folder, say): the view highlights that item.
        case intoItem
    }

    /// What the drop does.
    public var operation: Operation
    /// Where it goes.
    public var placement: Placement

    /// A proposal to `operation`, between rows unless `placement` says otherwise.
    public init(_ operation: Operation, placement: Placement = .between) {
        self.operation = operation
        self.placement = placement
    }

    /// A refused drop.
    public static let forbidden = DropProposal(.forbidden)
}

/// Where a drag comes from, as a list's drop proposal sees it.
public enum DropOrigin: Hashable, Sendable {
    /// A drag of this list's own items.
    case sameList
    /// A drag from another Tabula list this one accepts drags from.
    case otherList
    /// Content from another app (or from a list this one does not accept drags from), offered in
    /// these content types.
    case otherApp(typeIdentifiers: [String])
}

/// A drop a list is asked to propose for: where the drag comes from, the position in the list as
/// it is shown, and the item at that position (`nil` at the end of a section).
public struct DropRequest<SectionID: Hashable & Sendable, Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
    /// Where the drag comes from.
    public var origin: DropOrigin
    /// The position of the drop, in the list as shown.
    public var position: ItemPath
    /// The item at ``position``: the one a drop ``DropProposal/Placement/intoItem`` would go into.
    public var item: Item?
    /// The standard proposal, which the app's proposal replaces.
    public var standard: DropProposal
}
