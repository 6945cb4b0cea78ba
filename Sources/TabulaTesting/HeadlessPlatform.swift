import Tabula

/// The headless view's platform: swipe actions and context menus are lists of ``HeadlessAction``.
public enum HeadlessPlatform: ListPlatform {
    public typealias SwipeActions = [HeadlessAction]
    public typealias ContextMenu = [HeadlessAction]
}
