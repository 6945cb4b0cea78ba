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

    /// Applies `snapshot` and returns once it is on screen (or superseded by a newer one).
    ///
    /// - Throws: ``ConfigurationError`` before anything changes when an item has no configurator.
    public func apply(_ snapshot: Snapshot<SectionID, Item>, animated: Bool = true) async throws {
        try cells.validate(snapshot)
        await driver.apply(snapshot, animated: animated)
    }

    /// Applies `snapshot` without waiting for the update to finish.
    ///
    /// - Throws: ``ConfigurationError`` before anything changes when an item has no configurator.
    public func applyNow(_ snapshot: Snapshot<SectionID, Item>, animated: Bool = true) throws {
        try cells.validate(snapshot)
        driver.apply(snapshot, animated: animated, completion: nil)
    }
}
