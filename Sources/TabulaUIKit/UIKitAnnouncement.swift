#if canImport(UIKit)
    // UIKit's notification names are imported as mutable static properties, which strict
    // concurrency rejects; UIKit reads them on the main thread only, as this does.
    @preconcurrency import UIKit

    /// Posts announcements to VoiceOver.
    @MainActor
    enum UIKitAnnouncement {
        /// Posts `text` as an announcement (`UIAccessibility.Notification.announcement`).
        static func post(_ text: String) { UIAccessibility.post(notification: .announcement, argument: text) }
    }
#endif
