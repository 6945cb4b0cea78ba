/// A view adapter built from configurators and driven by a ``ListDriver``: the UIKit, AppKit,
/// terminal and headless adapters all are. What they share lives here once.
///
/// The work an adapter does for its view (replaying batch updates, registering cells) is not part
/// of its public API: it is reached through the driver, so it does not show among the methods an
/// app calls.
@MainActor
public protocol ListAdapter: AnyObject {
    /// The type that identifies sections.
    associatedtype SectionID: Hashable & Sendable
    /// The type of the items.
    associatedtype Item: Identifiable & Sendable where Item.ID: Sendable

    /// The apply pipeline driving the view.
    var driver: ListDriver<SectionID, Item> { get }
    /// The cell configurators.
    var cells: CellConfigurators<Item> { get }
}

/// An adapter whose items the user selects, with one handler signature on every view.
@MainActor
public protocol SelectableListAdapter: ListAdapter {
    /// Called when the user selects an item, with the item itself and its position.
    var onSelect: ((Item, ItemPath) -> Void)? { get set }
}

extension SelectableListAdapter {
    /// Sets ``onSelect`` to a handler that gets `target` (held weakly, so a view controller that
    /// keeps this adapter is not kept by it) with the item and its position.
    ///
    /// ```swift
    /// adapter.onSelect(self) { controller, country, _ in controller.show(country) }
    /// ```
    public func onSelect<Target: AnyObject>(_ target: Target, _ handler: @escaping (Target, Item, ItemPath) -> Void) {
        onSelect = { [weak target] item, path in
            if let target { handler(target, item, path) }
        }
    }
}

/// What an adapter does for its view: the ``ListViewUpdating`` and ``CellRegistrar`` work, kept at
/// package level so it stays out of the adapters' public API. ``AdapterBridge`` presents it to the
/// driver and the configurators.
@MainActor
package protocol AdapterBackend: AnyObject {
    var flavor: ListFlavor { get }
    var canAnimateUpdates: Bool { get }
    func displayedItemCounts() -> [Int]
    func reloadData()
    func performBatchUpdates(
        _ update: BatchUpdate, animated: Bool, updateData: () -> Void, completion: @escaping @MainActor () -> Void)
    func registeredCellTypeName(forReuseIdentifier identifier: String) -> String?
    func nibCellTypeName(named name: String) -> String?
    func registerNib(named name: String, forReuseIdentifier identifier: String)
    func registerClass(_ cellType: AnyObject.Type, forReuseIdentifier identifier: String) -> Bool
    func registerContentCell(forReuseIdentifier identifier: String)
}

/// The view the driver updates and the registrar the configurators use, for an adapter: it passes
/// each call to the adapter's ``AdapterBackend``. The adapter keeps it (the driver holds its view
/// weakly) and the bridge holds the adapter weakly.
@MainActor
package final class AdapterBridge: ListViewUpdating, CellRegistrar {
    package weak var backend: (any AdapterBackend)?

    package init() {}

    package var flavor: ListFlavor { backend?.flavor ?? .table }
    package var canAnimateUpdates: Bool { backend?.canAnimateUpdates ?? false }
    package func displayedItemCounts() -> [Int] { backend?.displayedItemCounts() ?? [] }
    package func reloadData() { backend?.reloadData() }
    package func performBatchUpdates(
        _ update: BatchUpdate, animated: Bool, updateData: () -> Void, completion: @escaping @MainActor () -> Void
    ) {
        guard let backend else {
            updateData()
            completion()
            return
        }
        backend.performBatchUpdates(update, animated: animated, updateData: updateData, completion: completion)
    }
    package func registeredCellTypeName(forReuseIdentifier identifier: String) -> String? {
        backend?.registeredCellTypeName(forReuseIdentifier: identifier)
    }
    package func nibCellTypeName(named name: String) -> String? { backend?.nibCellTypeName(named: name) }
    package func registerNib(named name: String, forReuseIdentifier identifier: String) {
        backend?.registerNib(named: name, forReuseIdentifier: identifier)
    }
    package func registerClass(_ cellType: AnyObject.Type, forReuseIdentifier identifier: String) -> Bool {
        backend?.registerClass(cellType, forReuseIdentifier: identifier) ?? false
    }
    package func registerContentCell(forReuseIdentifier identifier: String) { backend?.registerContentCell(forReuseIdentifier: identifier) }
}

extension ListAdapter {
    /// The snapshot on screen.
    public var snapshot: Snapshot<SectionID, Item> { driver.snapshot }

    /// Registers every configurator's cell in the view and attaches the driver, through `bridge`;
    /// adapters call it once, from their initialiser, and keep `bridge`.
    ///
    /// - Throws: ``ConfigurationError`` for conflicting registrations, naming both classes.
    package func connect(through bridge: AdapterBridge) throws where Self: AdapterBackend {
        bridge.backend = self
        try cells.register(in: bridge)
        driver.view = bridge
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
