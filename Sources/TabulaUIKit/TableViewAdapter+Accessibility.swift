#if canImport(UIKit)
    import UIKit
    import Tabula

    extension TableViewAdapter {
        /// A row's context-menu entries and an outline row's expansion, for assistive technologies
        /// (`UIKitAdapterGlue+RowAccessibility.swift`).
        package func didConfigure(_ cell: AnyObject, at path: ItemPath) {
            if let cell = cell as? UIView { showAccessibility(of: cell, at: path) }
        }
    }
#endif
