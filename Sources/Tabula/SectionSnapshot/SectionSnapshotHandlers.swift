/// What the app says about expanding and collapsing, as a diffable data source's section snapshot
/// handlers: ``SectionSnapshots/expand(_:animatingDifferences:completion:)``,
/// ``SectionSnapshots/collapse(_:animatingDifferences:completion:)`` and
/// ``SectionSnapshots/toggleExpansion(_:animatingDifferences:completion:)`` (what a tap on a disclosure
/// control calls) ask them first.
///
/// ```swift
/// var handlers = SectionSnapshotHandlers<Identified<String>>()
/// handlers.shouldCollapse = { $0.value != "Pinned" }   // a veto: "Pinned" stays open
/// handlers.willExpand = { folder in print("opening \(folder.value)") }
/// ```
///
/// Applying a section snapshot with ``SectionSnapshots/apply(_:to:animatingDifferences:completion:)``
/// consults none of them: the app decided that itself.
public struct SectionSnapshotHandlers<Item: Identifiable> where Item.ID: Sendable {
    /// Whether the item may expand; `nil` allows every item.
    public var shouldExpand: (@MainActor (Item) -> Bool)?
    /// Called just before the item expands.
    public var willExpand: (@MainActor (Item) -> Void)?
    /// Whether the item may collapse; `nil` allows every item.
    public var shouldCollapse: (@MainActor (Item) -> Bool)?
    /// Called just before the item collapses.
    public var willCollapse: (@MainActor (Item) -> Void)?
    /// The children the item gets as it expands, given the item and its children now (as a
    /// section snapshot of their own): for children that load on demand. `nil` keeps the children.
    public var snapshotForExpandingParent: (@MainActor (Item, SectionSnapshot<Item>) -> SectionSnapshot<Item>)?

    /// Creates handlers; each one left out allows everything and does nothing.
    public init(
        shouldExpand: (@MainActor (Item) -> Bool)? = nil, willExpand: (@MainActor (Item) -> Void)? = nil,
        shouldCollapse: (@MainActor (Item) -> Bool)? = nil, willCollapse: (@MainActor (Item) -> Void)? = nil,
        snapshotForExpandingParent: (@MainActor (Item, SectionSnapshot<Item>) -> SectionSnapshot<Item>)? = nil
    ) {
        self.shouldExpand = shouldExpand
        self.willExpand = willExpand
        self.shouldCollapse = shouldCollapse
        self.willCollapse = willCollapse
        self.snapshotForExpandingParent = snapshotForExpandingParent
    }
}
