#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit
    import Tabula

    /// What the AppKit adapter's handlers return: row actions for swipes, a menu for context menus.
    public enum AppKitPlatform: ListPlatform {
        public typealias SwipeActions = [NSTableViewRowAction]
        public typealias ContextMenu = NSMenu

        /// A destructive row action titled with the app's localization of the key "Delete" (in
        /// `Localizable.strings` of the main bundle), and "Delete" without one: `NSTableView` has
        /// no swipe to delete of its own.
        @MainActor
        public static func deleteSwipeAction(_ delete: @escaping @MainActor @Sendable () -> Bool) -> [NSTableViewRowAction]? {
            let title = NSLocalizedString("Delete", comment: "The row action that deletes a row of a table")
            return [NSTableViewRowAction(style: .destructive, title: title) { _, _ in _ = delete() }]
        }
    }
#endif
