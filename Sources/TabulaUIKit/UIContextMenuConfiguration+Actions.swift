#if canImport(UIKit)
    import ObjectiveC
    import UIKit
    import Tabula

    extension UIContextMenuConfiguration {
        /// A context menu of `actions`, which the UIKit adapters also give the row as custom
        /// accessibility actions: VoiceOver's Actions rotor and Switch Control reach each entry in
        /// one step, without the long press. `nil` when `actions` is empty, so that the row shows
        /// no menu and is not lifted as a preview.
        ///
        /// Return it from an adapter's `contextMenu` handler. A configuration built with
        /// `UIContextMenuConfiguration(identifier:previewProvider:actionProvider:)` works too
        /// (for submenus, checkmarks or disabled entries), but UIKit does not give its menu back,
        /// so its entries stay behind VoiceOver's double tap and hold.
        ///
        /// ```swift
        /// adapter.contextMenu = { todo, _ in
        ///     UIContextMenuConfiguration(actions: [
        ///         ListRowAction("Rename", systemImage: "pencil") { rename(todo) },
        ///         ListRowAction("Delete", systemImage: "trash", isDestructive: true) { delete(todo.id) },
        ///     ])
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - identifier: The configuration's identifier (UIKit makes one when `nil`).
        ///   - previewProvider: The view controller shown as the menu's preview; `nil`: the row.
        ///   - actions: The menu's entries, in order.
        public convenience init?(
            identifier: (any NSCopying)? = nil, previewProvider: UIContextMenuContentPreviewProvider? = nil, actions: [ListRowAction]
        ) {
            guard !actions.isEmpty else { return nil }
            self.init(identifier: identifier, previewProvider: previewProvider) { _ in
                UIMenu(children: actions.map(UIAction.init(rowAction:)))
            }
            objc_setAssociatedObject(self, &rowActionsKey, RowActions(actions), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }

        /// The entries of a menu built with ``init(identifier:previewProvider:actions:)``; `nil`
        /// for a menu built otherwise.
        package var rowActions: [ListRowAction]? { (objc_getAssociatedObject(self, &rowActionsKey) as? RowActions)?.actions }
    }

    extension UIAction {
        /// A menu entry that performs `rowAction`, red when it destroys something.
        convenience init(rowAction: ListRowAction) {
            self.init(
                title: rowAction.title, image: rowAction.systemImage.flatMap { UIImage(systemName: $0) },
                attributes: rowAction.isDestructive ? .destructive : []
            ) { _ in rowAction.handler() }
        }
    }

    /// The key under which a configuration keeps its entries (its address is the key).
    @MainActor private var rowActionsKey: UInt8 = 0

    /// A configuration's entries, kept as an Objective-C object beside it.
    private final class RowActions: NSObject {
        let actions: [ListRowAction]
        init(_ actions: [ListRowAction]) { self.actions = actions }
    }
#endif
