#if canImport(UIKit)
    import UIKit
    import Tabula

    /// What the UIKit adapters' handlers return: `UISwipeActionsConfiguration` for swipe actions,
    /// `UIContextMenuConfiguration` for context menus.
    public enum UIKitPlatform: ListPlatform {
        public typealias SwipeActions = UISwipeActionsConfiguration
        public typealias ContextMenu = UIContextMenuConfiguration

        /// A destructive "Delete" contextual action, what a table row's swipe to delete shows.
        @MainActor
        public static func deleteSwipeAction(_ delete: @escaping @MainActor @Sendable () -> Bool) -> UISwipeActionsConfiguration? {
            let action = UIContextualAction(style: .destructive, title: "Delete") { _, _, done in done(delete()) }
            return UISwipeActionsConfiguration(actions: [action])
        }
    }
#endif
