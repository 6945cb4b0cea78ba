#if canImport(UIKit)
    import Foundation
    import UIKit
    import Tabula

    extension IndexPath {
        /// The `IndexPath` of a Tabula ``ItemPath``.
        public init(_ path: ItemPath) {
            self.init(item: path.item, section: path.section)
        }

        /// This index path as a Tabula ``ItemPath``.
        public var itemPath: ItemPath { ItemPath(item: item, section: section) }
    }
#endif
