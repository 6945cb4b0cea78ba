/// A platform whose views have no swipe actions or context menus (the terminal).
public enum NoListActions: ListPlatform {
    public typealias SwipeActions = Never
    public typealias ContextMenu = Never
}
