#if canImport(UIKit)
    import UIKit
    import Tabula

    extension TableViewAdapter {
        /// An outline row's expansion, for VoiceOver (`UIKitAdapterGlue+RowAccessibility.swift`).
        package func didConfigure(_ cell: AnyObject, at path: ItemPath) {
            if let cell = cell as? UIView { showAccessibility(of: cell, at: path) }
        }
    }
#endif
