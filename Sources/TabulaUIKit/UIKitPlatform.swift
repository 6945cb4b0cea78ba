#if canImport(UIKit)
    import UIKit
    import Tabula

    /// What the UIKit adapters' handlers return: `UISwipeActionsConfiguration` for swipe actions,
    /// `UIContextMenuConfiguration` for context menus.
    public enum UIKitPlatform: ListPlatform {
        public typealias SwipeActions = UISwipeActionsConfiguration
        public typealias ContextMenu = UIContextMenuConfiguration

        /// A destructive contextual action, what a table row's swipe to delete shows. Its title is
        /// the app's localization of the key "Delete" (in `Localizable.strings` of the main
        /// bundle), and "Delete" without one.
        @MainActor
        public static func deleteSwipeAction(_ delete: @escaping @MainActor @Sendable () -> Bool) -> UISwipeActionsConfiguration? {
            let action = UIContextualAction(style: .destructive, title: deleteTitle) { _, _, done in done(delete()) }
            return UISwipeActionsConfiguration(actions: [action])
        }

        /// The title of a Delete swipe action: the app's localization of the key "Delete".
        static var deleteTitle: String {
            NSLocalizedString("Delete", comment: "The swipe action that deletes a row of a collection list")
        }
    }
#endif
