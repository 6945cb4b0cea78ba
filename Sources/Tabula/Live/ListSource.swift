/// Where a list's contents come from, swappable without touching the view code: a data provider
/// (``DataProvider``) for lists that change.
///
/// A view controller shows any source through its adapter (``ListAdapter/show(_:)-(ListSource<Self.SectionID,Self.Item>)``) and never
/// names the source's type: a database list in the app (`DatabaseList`, `DatabaseQueryList`), an
/// async sequence (``AsyncSnapshots``), a fake in a test. A plain ``DataProvider`` (an
/// ``ArrayDataProvider``) is shown the same way. Showing a new source stops the previous one.
///
/// A source holds the driver it is given and calls it, as any client of the driver does. To
/// show one through a driver of your own, call ``start(driving:)`` yourself.
///
/// ```swift
/// try await adapter.show(ArrayDataProvider(Countries.all, header: "Countries"))  // prototype
/// try await adapter.show(DatabaseList<CountryRecord>(writer: database))        // the app
/// ```
@MainActor
public protocol ListSource<SectionID, Item> {
    /// The type that identifies sections.
    associatedtype SectionID: Hashable & Sendable
    /// The type of the items.
    associatedtype Item: Identifiable & Sendable where Item.ID: Sendable

    /// Shows the source's contents through `driver` and keeps them current until ``stop()``.
    ///
    /// - Throws: the source's typed error when its contents cannot be read at all.
    func start(driving driver: ListDriver<SectionID, Item>) async throws
    /// Stops keeping the list current; what is on screen stays.
    func stop()
}

extension DataProvider where Item: Identifiable, Item.ID: Sendable {
    /// The provider's contents as a snapshot whose sections are identified by their index, with
    /// the provider's header and footer titles.
    ///
    /// - Throws: ``SnapshotError`` naming an identifier that two items share, with both positions.
    /// - Complexity: O(n) for n items: each identifier is hashed once.
    public func snapshot() throws -> Snapshot<Int, Item> {
        try Snapshot((0..<numberOfSections).map { section in
            Section(
                section, header: headerTitle(forSection: section), footer: footerTitle(forSection: section),
                items: (0..<numberOfItems(inSectionAt: section)).compactMap { item(at: ItemPath(item: $0, section: section)) })
        }).validated()
    }
}

extension ListAdapter {
    /// Shows `source` in this adapter's view, after stopping the source shown before: swap an array
    /// for a database without touching the view code.
    ///
    /// As with ``apply(_:animatingDifferences:)``, an item no configurator takes gets a placeholder
    /// cell and a ``ListDiagnostic``.
    ///
    /// - Throws: what the source's `start(driving:)` throws.
    public func show(_ source: some ListSource<SectionID, Item>) async throws {
        core.stopCurrentSource?()
        core.stopCurrentSource = { source.stop() }
        try await source.start(driving: driver)
    }

    /// Shows the contents of `provider`, a ``DataProvider`` whose sections are identified by their
    /// index, after stopping the source shown before.
    ///
    /// - Throws: ``ConfigurationError`` when an item has no configurator, or ``SnapshotError``
    ///   naming an identifier two items share; nothing changes on screen then.
    public func show(_ provider: some DataProvider<Item>) async throws where SectionID == Int {
        let snapshot = try provider.snapshot()
        try cells.validate(snapshot)
        core.stopCurrentSource?()
        core.stopCurrentSource = nil
        await driver.apply(snapshot)
    }
}
