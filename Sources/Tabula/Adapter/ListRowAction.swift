/// A swipe action or a context-menu entry of a row, declared next to the item it acts on, without
/// a platform's types.
///
/// A `TabulaList` row's swipe actions and context menu are made of them: `UIContextualAction`s
/// and `UIAction`s on iOS, `NSTableViewRowAction`s and menu items on macOS. A UIKit adapter's
/// context menu built with `UIContextMenuConfiguration(actions:)` is too, and its entries are
/// also custom accessibility actions of their row.
///
/// The handler lives as long as the row's cell offers the action: capture the screen weakly
/// (`[weak self]`) as you would in any closure a view keeps.
public struct ListRowAction: Sendable {
    /// The action's title.
    public var title: String
    /// An SF Symbol shown with (or instead of) the title, where the platform shows images.
    public var systemImage: String?
    /// Whether the action destroys something (shown red).
    public var isDestructive: Bool
    /// What the action does.
    public let handler: @MainActor @Sendable () -> Void

    /// An action titled `title` that runs `handler`.
    public init(
        _ title: String, systemImage: String? = nil, isDestructive: Bool = false, handler: @escaping @MainActor @Sendable () -> Void
    ) {
        self.title = title
        self.systemImage = systemImage
        self.isDestructive = isDestructive
        self.handler = handler
    }
}

/// How a view offers a row's menu entries as accessibility actions, decided here so that the
/// headless view does what the UIKit glue does, and tests reach it.
extension ListRowAction {
    /// The places, in a menu whose entries are titled `titles`, of the entries a view offers as
    /// custom actions of their row: each but those titled as an action the row already offers
    /// (`offered`: its swipe actions, which UIKit gives VoiceOver itself), so that no action is
    /// read twice.
    package static func accessibleEntries(titled titles: [String], besides offered: [String]) -> [Int] {
        titles.indices.filter { !offered.contains(titles[$0]) }
    }

    /// The place, in a menu whose entries are titled `titles` as its handler builds it now, of
    /// the entry that an action offered earlier for the entry `title` at `index` stands for: the
    /// only entry so titled, else `index` when that entry still is; `nil` when neither holds, so
    /// that a changed menu never runs another entry.
    package static func entry(titled title: String, at index: Int, in titles: [String]) -> Int? {
        let titled = titles.indices.filter { titles[$0] == title }
        if titled.count == 1 { return titled[0] }
        return titled.contains(index) ? index : nil
    }
}
