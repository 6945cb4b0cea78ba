// A library screen as today's UIKit apps build it: one collection view with a compositional
// layout, an outline of folders that expand and collapse, a list of recent books with swipe
// actions, and a grid of covers, each section with a header of its own class. The data source is
// here, with no UIKit, so it is tested headless; the screen is SampleApp/ModernListScreen.swift.
import Tabula

/// The library's sections.
public enum ShelfSection: String, Hashable, Sendable {
    case folders, recent, covers
}

/// One item of the library: a folder of the outline, a recent book of the list, a cover of the
/// grid. One item type serves the three sections.
public enum ShelfItem: Identifiable, Hashable, Sendable {
    case folder(name: String)
    case book(title: String, author: String)
    case cover(title: String)

    public var id: String {
        switch self {
        case .folder(let name): "folder/\(name)"
        case .book(let title, _): "book/\(title)"
        case .cover(let title): "cover/\(title)"
        }
    }

    /// The folder's name, for the outline's configurator.
    public var folder: String? { if case .folder(let name) = self { name } else { nil } }
    /// The book, for the list's configurator.
    public var book: (title: String, author: String)? { if case let .book(title, author) = self { (title, author) } else { nil } }
    /// The cover's title, for the grid's configurator.
    public var cover: String? { if case .cover(let title) = self { title } else { nil } }
}

/// The library screen's data: what it shows, and what the user's gestures change.
@MainActor
public final class ShelfModel {
    public private(set) var recent: [ShelfItem] = [
        .book(title: "Middlemarch", author: "George Eliot"), .book(title: "Kindred", author: "Octavia E. Butler"),
        .book(title: "The Leopard", author: "Giuseppe Tomasi di Lampedusa"),
    ]
    public let covers: [ShelfItem] = ["Dune", "Beloved", "Ulysses", "Persuasion"].map { .cover(title: $0) }

    public init() {}

    /// The folders as a tree: what the outline section shows, collapsed.
    public func folders() throws -> SectionSnapshot<ShelfItem> {
        var tree = SectionSnapshot<ShelfItem>()
        try tree.append([.folder(name: "Fiction"), .folder(name: "Essays")])
        try tree.append([.folder(name: "Novels"), .folder(name: "Stories")], to: ShelfItem.folder(name: "Fiction").id)
        try tree.append([.folder(name: "Russian"), .folder(name: "English")], to: ShelfItem.folder(name: "Novels").id)
        return tree
    }

    /// The list and grid sections; the outline section is applied as a section snapshot.
    public func snapshot() throws -> Snapshot<ShelfSection, ShelfItem> {
        try Snapshot([
            Section(.folders, header: "Folders", items: []), Section(.recent, header: "Recent", items: recent),
            Section(.covers, header: "Covers", items: covers),
        ])
    }

    /// Shows everything through `adapter`: the sections, then the folders' tree in its section.
    public func show<Adapter: ListAdapter>(in adapter: Adapter) async throws where Adapter.SectionID == ShelfSection, Adapter.Item == ShelfItem {
        await adapter.apply(try snapshot())
        adapter.apply(try folders(), to: .folders, animatingDifferences: false)
        await adapter.driver.waitUntilIdle()
    }

    /// Removes a recent book (its swipe action).
    public func remove(_ item: ShelfItem) { recent.removeAll { $0 == item } }

    /// What an item looks like as text: the headless view's and the terminal's row, and the
    /// `describe:` of the screen's own cells.
    public static func content(for item: ShelfItem) -> CellContent {
        switch item {
        case .folder(let name): CellContent(text: name)
        case let .book(title, author): CellContent(text: title, secondaryText: author)
        case .cover(let title): CellContent(text: "[\(title)]")
        }
    }

    /// Content configurators, for views that show items as text.
    public static let cells = CellConfigurators<ShelfItem> { CellConfigurator.content { content(for: $0) } }

    /// A header of its own class for each section: `folders` for the outline, `recent` for the
    /// list, `covers` for the grid, each configured with the section (and described, for views
    /// that cannot hold the class).
    public static func headers<Folders: AnyObject, Recent: AnyObject, Covers: AnyObject>(
        folders: Folders.Type, recent: Recent.Type, covers: Covers.Type, show: @escaping @MainActor (AnyObject, String) -> Void
    ) -> [SupplementaryConfigurator<ShelfSection>] {
        [
            SupplementaryConfigurator.view(folders, describe: { "\($0.header ?? "") ▾" }) { view, section in show(view, (section.header ?? "") + " ▾") }
                .forSections([.folders]),
            SupplementaryConfigurator.view(recent, describe: { "\($0.header ?? "") (\($0.numberOfItems))" }) { view, section in
                show(view, "\(section.header ?? "") (\(section.numberOfItems))")
            }.forSections([.recent]),
            SupplementaryConfigurator.view(covers, describe: { ($0.header ?? "").uppercased() }) { view, section in show(view, (section.header ?? "").uppercased()) }
                .forSections([.covers]),
        ]
    }
}
