/// The types a platform's handlers return: what an adapter's swipe-action and context-menu
/// handlers build.
public protocol ListPlatform {
    /// What a swipe-actions handler returns (UIKit: `UISwipeActionsConfiguration`).
    associatedtype SwipeActions
    /// What a context-menu handler returns (UIKit: `UIContextMenuConfiguration`).
    associatedtype ContextMenu

    /// A destructive "Delete" swipe action that calls `delete` when tapped, for a deletable item of
    /// a collection list (which, unlike a table, has no editing-style delete); `delete` returns
    /// whether the item was deleted. `nil` where the platform shows none.
    @MainActor
    static func deleteSwipeAction(_ delete: @escaping @MainActor @Sendable () -> Bool) -> SwipeActions?
}

extension ListPlatform {
    @MainActor
    public static func deleteSwipeAction(_ delete: @escaping @MainActor @Sendable () -> Bool) -> SwipeActions? { nil }
}
