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
