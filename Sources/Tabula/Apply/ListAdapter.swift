/// A view adapter built from configurators and driven by a ``ListDriver``: the UIKit, AppKit,
/// terminal and headless adapters all are. What they share lives here once.
@MainActor
public protocol ListAdapter: ListViewUpdating, CellRegistrar {
    /// The type that identifies sections.
    associatedtype SectionID: Hashable & Sendable
    /// The type of the items.
    associatedtype Item: Identifiable & Sendable where Item.ID: Sendable

    /// The apply pipeline driving the view.
    var driver: ListDriver<SectionID, Item> { get }
    /// The cell configurators.
    var cells: CellConfigurators<Item> { get }
}

extension ListAdapter {
    /// The snapshot on screen.
    public var snapshot: Snapshot<SectionID, Item> { driver.snapshot }

    /// Registers every configurator's cell in the view and attaches the driver; adapters call it
    /// once, from their initialiser.
    ///
    /// - Throws: ``ConfigurationError`` for conflicting registrations, naming both classes.
    public func connect() throws {
        try cells.register(in: self)
        driver.view = self
    }

    /// Shows `snapshot` as batch updates, animated unless `animatingDifferences` is false (as
    /// Apple's `apply(_:animatingDifferences:)`: a diff either way), and returns what became of it
    /// once it is on screen (or at once, ``ApplyResult/superseded``, when a newer one replaced it).
    ///
    /// Nothing here throws: an item no configurator takes is shown in a placeholder cell with a
    /// ``ListDiagnostic`` (``CellConfigurators/validate(_:)`` checks a snapshot up front, in tests).
    @discardableResult
    public func apply(_ snapshot: Snapshot<SectionID, Item>, animatingDifferences: Bool = true) async -> ApplyResult {
        await driver.apply(snapshot, animatingDifferences: animatingDifferences)
    }

    /// Shows `snapshot` with `reloadData`, without a diff (Apple's `applySnapshotUsingReloadData`).
    @discardableResult
    public func applyUsingReloadData(_ snapshot: Snapshot<SectionID, Item>) async -> ApplyResult {
        await driver.applyUsingReloadData(snapshot)
    }

    /// Shows `snapshot` without waiting; `completion` gets what became of it.
    public func applyNow(
        _ snapshot: Snapshot<SectionID, Item>, animatingDifferences: Bool = true, completion: (@MainActor (ApplyResult) -> Void)? = nil
    ) {
        driver.apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }
}

extension ListAdapter {
    // Reading by identity: what the data source answers with now (during an animated update, the
    // stage being shown).

    /// The position of the item with identifier `id` on screen, or `nil` when it is not shown.
    ///
    /// - Complexity: O(1) on average.
    public func itemPath(for id: Item.ID) -> ItemPath? { driver.snapshot.indexPath(of: id) }

    /// The identifier of the item at `path`, or `nil` for a path out of range (Apple's
    /// `itemIdentifier(for:)`).
    ///
    /// - Complexity: O(1).
    public func itemIdentifier(at path: ItemPath) -> Item.ID? { driver.snapshot.item(at: path)?.id }

    /// The item with identifier `id`, or `nil` when it is not shown.
    ///
    /// - Complexity: O(1) on average.
    public func item(withIdentifier id: Item.ID) -> Item? { driver.snapshot[id] }

    /// The position of `id`, or a typed error naming it: what the id-based commands of the adapters
    /// (`scrollToItem`, `selectItem`) use.
    ///
    /// - Throws: `SnapshotError.unknownItem(id)` when no item shown has that identifier.
    public func existingItemPath(for id: Item.ID) throws -> ItemPath {
        guard let path = driver.snapshot.indexPath(of: id) else {
            throw SnapshotError<SectionID, Item.ID>.unknownItem(id)
        }
        return path
    }
}
