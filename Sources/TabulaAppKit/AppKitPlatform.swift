#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit
    import Tabula

    /// What the AppKit adapter's handlers return: row actions for swipes, a menu for context menus.
    public enum AppKitPlatform: ListPlatform {
        public typealias SwipeActions = [NSTableViewRowAction]
        public typealias ContextMenu = NSMenu
    }
#endif
