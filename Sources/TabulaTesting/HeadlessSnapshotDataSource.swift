import Tabula

/// A data source that shows a `Snapshot` in a ``HeadlessListView`` and animates every new snapshot
/// into it as UIKit would: by computing a `Changeset` and performing each stage as a checked batch
/// update.
///
/// It is the quickest way to test what a list will show, and the oracle Tabula's own diff tests use:
/// since the view keeps the cells of items that did not change, a wrong changeset shows up as stale
/// or misplaced text, or as UIKit's exception message.
///
/// ```swift
/// let list = HeadlessListView(viewportHeight: nil)
/// let source = HeadlessSnapshotDataSource<String, Country>(listView: list) { cell, country in
///     cell.text = country.name
/// }
/// try source.apply(snapshot)
/// #expect(list.renderedText() == "## Europe\n   Andorra\n   Austria")
/// ```
@MainActor
public final class HeadlessSnapshotDataSource<SectionID: Hashable & Sendable, Item: Identifiable>: HeadlessListDataSource
where Item.ID: Sendable {
    /// The snapshot the view currently shows (during a stage: that stage's snapshot).
    public private(set) var snapshot = Snapshot<SectionID, Item>()
    /// The view it drives.
    public let listView: HeadlessListView
    /// The changeset applied last as a batch update (`nil` before the first, or after a reload).
    public private(set) var lastChangeset: Changeset<SectionID, Item>?

    private let reuseIdentifier: (Item) -> String
    private let configure: (HeadlessCell, Item) -> Void
    private let updateKind: (Item, Item) -> UpdateKind?
    private let canReconfigure: ((Item, Item) -> Bool)?

    /// Creates a data source and makes it `listView`'s data source.
    ///
    /// - Parameters:
    ///   - listView: the view to drive; the data source becomes its data source.
    ///   - options: how changed items are updated (`DiffOptions`).
    ///   - reuseIdentifier: the identifier to dequeue for an item; registered with
    ///     ``HeadlessCell`` unless already registered.
    ///   - isContentEqual: whether two versions of an item look the same (no update needed).
    ///   - configure: sets a dequeued cell up for an item.
    public convenience init(
        listView: HeadlessListView, options: DiffOptions = DiffOptions(),
        reuseIdentifier: @escaping (Item) -> String = { _ in "cell" },
        isContentEqual: @escaping (Item, Item) -> Bool,
        configure: @escaping (HeadlessCell, Item) -> Void
    ) {
        let updates = options.updates
        self.init(
            listView: listView, reuseIdentifier: reuseIdentifier, updateKind: { isContentEqual($0, $1) ? nil : updates },
            canReconfigure: nil, configure: configure)
    }

    /// Creates a data source whose diff asks `updateKind` how a changed item is updated (as
    /// `ListDriver` does), and `canReconfigure` whether it may keep its cell (a reconfigure it
    /// refuses becomes a reload).
    public init(
        listView: HeadlessListView, reuseIdentifier: @escaping (Item) -> String = { _ in "cell" },
        updateKind: @escaping (Item, Item) -> UpdateKind?, canReconfigure: ((Item, Item) -> Bool)? = nil,
        configure: @escaping (HeadlessCell, Item) -> Void
    ) {
        self.listView = listView
        self.reuseIdentifier = reuseIdentifier
        self.updateKind = updateKind
        self.canReconfigure = canReconfigure
        self.configure = configure
        listView.dataSource = self
    }

    /// Applies `next`: the first time (or when the view is not in a window) with `reloadData`,
    /// afterwards stage by stage as checked batch updates.
    ///
    /// - Returns: the changeset that was applied (empty for a reload).
    /// - Throws: ``ListViewError`` when a stage breaks UIKit's rules (a bug in the diff, which the
    ///   tests would catch) or a cell cannot be dequeued.
    @discardableResult
    public func apply(_ next: Snapshot<SectionID, Item>) throws -> Changeset<SectionID, Item> {
        let changeset = Changeset(from: snapshot, to: next, updateKind: updateKind, canReconfigure: canReconfigure)
        if !listView.hasLoadedData || !listView.isInWindow {
            snapshot = next.clearingUpdateRequests()
            try listView.reloadData()
            return changeset
        }
        for stage in changeset.stages {
            snapshot = stage.snapshot
            try listView.performBatchUpdates(stage.update)
        }
        snapshot = next.clearingUpdateRequests()
        lastChangeset = changeset
        return changeset
    }

    /// The item shown at `path`, or `nil` (a delegate asks the data source for the model, not the cell).
    public func item(at path: ItemPath) -> Item? { snapshot.item(at: path) }

    // MARK: HeadlessListDataSource

    public func numberOfSections(in listView: HeadlessListView) -> Int { snapshot.numberOfSections }

    public func listView(_ listView: HeadlessListView, numberOfItemsInSection section: Int) -> Int {
        snapshot.numberOfItems(inSectionAt: section)
    }

    public func listView(_ listView: HeadlessListView, cellForItemAt path: ItemPath) throws -> HeadlessCell {
        let item = try snapshot.existingItem(at: path)
        let identifier = reuseIdentifier(item)
        if !listView.registeredIdentifiers.contains(identifier) {
            listView.register(HeadlessCell.self, forCellReuseIdentifier: identifier)
        }
        let cell = try listView.dequeueReusableCell(withIdentifier: identifier, for: path)
        configure(cell, item)
        return cell
    }

    public func listView(_ listView: HeadlessListView, titleForHeaderInSection section: Int) -> String? {
        snapshot.section(at: section)?.header
    }

    public func listView(_ listView: HeadlessListView, titleForFooterInSection section: Int) -> String? {
        snapshot.section(at: section)?.footer
    }
}

extension HeadlessSnapshotDataSource where Item: Equatable {
    /// Creates a data source that compares content with `==`, as the diff does (an item whose bytes
    /// did not change is equal without it).
    public convenience init(
        listView: HeadlessListView, options: DiffOptions = DiffOptions(),
        reuseIdentifier: @escaping (Item) -> String = { _ in "cell" },
        configure: @escaping (HeadlessCell, Item) -> Void
    ) {
        self.init(
            listView: listView, options: options, reuseIdentifier: reuseIdentifier, isContentEqual: { _sameContent($0, $1) }, configure: configure)
    }
}
