#if canImport(UIKit)
    import Foundation

    /// The app's delegate, as the adapters' `responds(to:)` and `forwardingTarget(for:)` see it.
    ///
    /// `NSObject` calls those two methods outside any actor, so the delegate they forward to is kept
    /// here behind a lock (`@unchecked Sendable`: a lock the compiler cannot check), set by the
    /// adapter on the main actor.
    final class DelegateForwarding: @unchecked Sendable {
        private let lock = NSLock()
        private weak var storedTarget: NSObjectProtocol?

        var target: NSObjectProtocol? {
            get { lock.withLock { storedTarget } }
            set { lock.withLock { storedTarget = newValue } }
        }

        /// Whether the target answers `selector`.
        func responds(to selector: Selector) -> Bool { target?.responds(to: selector) ?? false }
    }
#endif
