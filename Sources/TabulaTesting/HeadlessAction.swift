/// A swipe action or a context-menu entry of a ``HeadlessListView``: what a test reads and
/// performs where UIKit shows a `UIContextualAction` or a `UIAction`.
public struct HeadlessAction: Sendable {
    /// The edge a swipe starts from.
    public enum Edge: Hashable, Sendable {
        /// The leading edge (`leadingSwipeActionsConfigurationForRowAt`).
        case leading
        /// The trailing edge (`trailingSwipeActionsConfigurationForRowAt`).
        case trailing
    }

    /// The action's title.
    public var title: String
    /// Whether the action destroys something (UIKit shows it red).
    public var isDestructive: Bool
    private let handler: @MainActor @Sendable () -> Void

    /// An action titled `title` that runs `handler` when performed.
    public init(_ title: String, isDestructive: Bool = false, handler: @escaping @MainActor @Sendable () -> Void) {
        self.title = title
        self.isDestructive = isDestructive
        self.handler = handler
    }

    /// Performs the action, as the user's tap on it does.
    @MainActor
    public func perform() { handler() }
}
