#if canImport(UIKit)
    import UIKit
    import Tabula

    /// What the UIKit adapters' handlers return: `UISwipeActionsConfiguration` for swipe actions,
    /// `UIContextMenuConfiguration` for context menus.
    public enum UIKitPlatform: ListPlatform {
        public typealias SwipeActions = UISwipeActionsConfiguration
        public typealias ContextMenu = UIContextMenuConfiguration
    }
#endif
