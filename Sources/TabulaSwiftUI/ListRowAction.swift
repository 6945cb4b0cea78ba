import Tabula

/// A swipe action or a context-menu entry of a `TabulaList` row, declared next to the item it
/// acts on: a `UIContextualAction` or `UIAction` on iOS, an `NSTableViewRowAction` or menu item on
/// macOS.
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
