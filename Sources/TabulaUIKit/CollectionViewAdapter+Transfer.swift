#if canImport(UIKit)
    import UIKit
    import Tabula

    extension CollectionViewAdapter {
        /// How an item dragged out of the list is described to other apps (and to lists that
        /// take it as another app's content): an `NSItemProvider` holding its representations.
        /// `nil`, the default, or a `nil` result: the drag carries the item to Tabula lists only.
        /// Takes effect while `reordersByDragging` is on.
        ///
        /// ```swift
        /// adapter.itemProvider = { task in NSItemProvider(object: task.title as NSString) }
        /// ```
        public var itemProvider: ((Item) -> NSItemProvider?)? {
            get { core.transfers.dragDescription as? (Item) -> NSItemProvider? }
            set { core.transfers.dragDescription = newValue }
        }
    }
#endif
