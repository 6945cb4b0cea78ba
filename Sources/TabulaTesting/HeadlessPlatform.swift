import Tabula

/// The headless view's platform: swipe actions and context menus are lists of ``HeadlessAction``.
public enum HeadlessPlatform: ListPlatform {
    public typealias SwipeActions = [HeadlessAction]
    public typealias ContextMenu = [HeadlessAction]

    /// A destructive action titled "Delete", as UIKit's list swipe to delete shows.
    @MainActor
    public static func deleteSwipeAction(_ delete: @escaping @MainActor @Sendable () -> Bool) -> [HeadlessAction]? {
        [HeadlessAction("Delete", isDestructive: true) { _ = delete() }]
    }
}
