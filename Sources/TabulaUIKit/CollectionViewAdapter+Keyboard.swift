#if canImport(UIKit)
    import UIKit
    import Tabula

    /// The collection view's side of the core's keyboard and announcement decisions: focus that the
    /// keyboard moves (`allowsFocus`) and that stays on its item across updates, selection that
    /// follows it, Delete and Space as key commands, and announcements posted to VoiceOver.
    extension CollectionViewAdapter: UIKitAccessibilityGlue {
        package func tellSelection(at path: IndexPath, selected: Bool) {
            guard let collectionView else { return }
            if selected {
                self.collectionView(collectionView, didSelectItemAt: path)
            } else {
                self.collectionView(collectionView, didDeselectItemAt: path)
            }
        }

        /// Delete and Space, as the key commands of the list: return them from the `keyCommands`
        /// of the view controller that shows the collection view. Each is offered only while it does
        /// something (Delete where `canDelete` allows the selected or focused item, Space on a
        /// row with a switch) and does what `handleKey(_:)` does.
        ///
        /// ```swift
        /// override var keyCommands: [UIKeyCommand]? { adapter.keyCommands }
        /// ```
        public var keyCommands: [UIKeyCommand] { listKeyCommands }
    }
#endif
