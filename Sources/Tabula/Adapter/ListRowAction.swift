/// A swipe action or a context-menu entry of a row, declared next to the item it acts on, without
/// a platform's types: a `TabulaList` row's actions, and the entries of a UIKit adapter's context
/// menu built with `UIContextMenuConfiguration(actions:)`. Each is a `UIContextualAction` or
/// `UIAction` on iOS and an `NSTableViewRowAction` or menu item on macOS, and also a custom
/// accessibility action of its row, so VoiceOver, Switch Control and Full Keyboard Access reach it
/// without the gesture.
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
