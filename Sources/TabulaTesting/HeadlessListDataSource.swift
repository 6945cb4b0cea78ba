import Tabula

/// Answers a ``HeadlessListView``'s questions, as `UITableViewDataSource` answers a table view's.
@MainActor
public protocol HeadlessListDataSource: AnyObject {
    /// The number of sections.
    func numberOfSections(in listView: HeadlessListView) -> Int
    /// The number of items in `section`.
    func listView(_ listView: HeadlessListView, numberOfItemsInSection section: Int) -> Int
    /// A configured cell for `path`, obtained from ``HeadlessListView/dequeueReusableCell(withIdentifier:for:)``.
    func listView(_ listView: HeadlessListView, cellForItemAt path: ItemPath) throws -> HeadlessCell
    /// The header title of `section` (default: none).
    func listView(_ listView: HeadlessListView, titleForHeaderInSection section: Int) -> String?
    /// The footer title of `section` (default: none).
    func listView(_ listView: HeadlessListView, titleForFooterInSection section: Int) -> String?
    /// A header or footer view for `section` (default: none; titles are used), as a table's
    /// `viewForHeaderInSection` or a collection's `viewForSupplementaryElementOfKind`.
    func listView(_ listView: HeadlessListView, viewForSupplementaryElementOfKind kind: String, at section: Int) throws
        -> HeadlessSupplementaryView?
    /// Whether the item at `path` can be deleted by the user (default: `false`).
    func listView(_ listView: HeadlessListView, canEditItemAt path: ItemPath) -> Bool
    /// Whether the item at `path` can be reordered by the user (default: `false`).
    func listView(_ listView: HeadlessListView, canMoveItemAt path: ItemPath) -> Bool
    /// The user deleted the item at `path`: update the model and the view (with a batch update).
    func listView(_ listView: HeadlessListView, commitDeleteOfItemAt path: ItemPath) throws
    /// The user moved an item; the view has already moved it: update the model only.
    func listView(_ listView: HeadlessListView, moveItemAt source: ItemPath, to destination: ItemPath) throws
}

extension HeadlessListDataSource {
    public func listView(_ listView: HeadlessListView, titleForHeaderInSection section: Int) -> String? { nil }
    public func listView(_ listView: HeadlessListView, titleForFooterInSection section: Int) -> String? { nil }
    public func listView(_ listView: HeadlessListView, viewForSupplementaryElementOfKind kind: String, at section: Int) throws
        -> HeadlessSupplementaryView?
    { nil }
    public func listView(_ listView: HeadlessListView, canEditItemAt path: ItemPath) -> Bool { false }
    public func listView(_ listView: HeadlessListView, canMoveItemAt path: ItemPath) -> Bool { false }
    public func listView(_ listView: HeadlessListView, commitDeleteOfItemAt path: ItemPath) throws {}
    public func listView(_ listView: HeadlessListView, moveItemAt source: ItemPath, to destination: ItemPath) throws {}
}
