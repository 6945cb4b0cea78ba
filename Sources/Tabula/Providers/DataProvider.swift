/// Anything that can answer a list view's questions: how many sections, how many items in each, and
/// which item is at a path.
///
/// Out-of-range questions get `0` and `nil`, never a trap, so an array can be swapped for a database
/// or a paginated source without touching the code that displays it.
public protocol DataProvider<Item> {
    /// The kind of value this provider hands out.
    associatedtype Item

    /// The number of sections.
    var numberOfSections: Int { get }
    /// The number of items in the section at position `section`, or 0 when there is no such section.
    func numberOfItems(inSectionAt section: Int) -> Int
    /// The item at `path`, or `nil` when the path is out of range.
    func item(at path: ItemPath) -> Item?
    /// The header title of the section at `section`, if any.
    func headerTitle(forSection section: Int) -> String?
    /// The footer title of the section at `section`, if any.
    func footerTitle(forSection section: Int) -> String?
}

extension DataProvider {
    public func headerTitle(forSection section: Int) -> String? { nil }
    public func footerTitle(forSection section: Int) -> String? { nil }

    /// Every item, section by section.
    var allItems: [Item] {
        (0..<numberOfSections).flatMap { section in
            (0..<numberOfItems(inSectionAt: section)).compactMap { item(at: ItemPath(item: $0, section: section)) }
        }
    }
}

extension Snapshot: DataProvider {
    public func headerTitle(forSection section: Int) -> String? { self.section(at: section)?.header }
    public func footerTitle(forSection section: Int) -> String? { self.section(at: section)?.footer }
}
