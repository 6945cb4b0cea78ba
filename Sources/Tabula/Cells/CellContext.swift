/// Where a cell is being configured: its path, the size of its section and the view asking.
///
/// It stands in for the table view and index path a configure method would otherwise be handed;
/// every adapter passes a context to configurators that take one.
///
/// ```swift
/// CellConfigurator<String>.cell(NoteCell.self) { cell, note, context in
///     cell.label.text = note
///     cell.separatorHidden = context.isLastInSection
/// }
/// ```
@MainActor
public struct CellContext {
    /// The cell's position.
    public let path: ItemPath
    /// How many items the cell's section has.
    public let itemsInSection: Int
    /// The view the cell belongs to (a `UITableView`, `UICollectionView`, `NSTableView`, the
    /// terminal list view or the headless view), held weakly.
    public weak var view: AnyObject?

    /// Creates a context.
    @usableFromInline init(path: ItemPath, itemsInSection: Int, view: AnyObject?) {
        self.path = path
        self.itemsInSection = itemsInSection
        self.view = view
    }

    /// Whether the cell is the first of its section.
    public var isFirstInSection: Bool { path.item == 0 }
    /// Whether the cell is the last of its section.
    public var isLastInSection: Bool { path.item == itemsInSection - 1 }
}
