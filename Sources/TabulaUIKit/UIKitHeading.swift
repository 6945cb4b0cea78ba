#if canImport(UIKit)
    // UIKit's accessibility traits are imported as mutable static properties, which strict
    // concurrency rejects; UIKit reads them on the main thread only, as this does.
    @preconcurrency import UIKit

    /// Section headers as VoiceOver meets them.
    @MainActor
    enum UIKitHeading {
        /// Marks `view` as a header (`UIAccessibilityTraits.header`): VoiceOver says "heading"
        /// and its rotor moves between headings.
        static func mark(_ view: UIView) { view.accessibilityTraits.insert(.header) }
    }
#endif
