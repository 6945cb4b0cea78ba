#if canImport(ObjectiveC)
    import Foundation
    import ObjectiveC

    /// The Objective-C object the UIKit and AppKit adapters are: it answers `responds(to:)` for
    /// the methods it implements and for those the app's object (the adapter's `delegate`)
    /// implements, and forwards the latter to it.
    ///
    /// What the app's object is, and when the view must ask again, is ``ForwardingTarget``'s rule:
    /// held weakly, and the view's data source and delegate set again whenever it is set, replaced
    /// or released (an associated object tells of the release).
    @MainActor
    open class ForwardingAdapter: NSObject {
        /// The app's object.
        package nonisolated let forwarding: ForwardingTarget

        package init(forwarding: ForwardingTarget) {
            self.forwarding = forwarding
            super.init()
        }

        /// Whether the adapter, or the app's object for a method the adapter does not implement,
        /// answers `selector`.
        nonisolated open override func responds(to selector: Selector!) -> Bool {
            super.responds(to: selector) || (forwarding.object as? NSObjectProtocol)?.responds(to: selector) == true
        }

        /// Sends the methods the adapter does not implement to the app's object.
        nonisolated open override func forwardingTarget(for selector: Selector!) -> Any? {
            if !super.responds(to: selector), let target = forwarding.object as? NSObjectProtocol, target.responds(to: selector) {
                return target
            }
            return super.forwardingTarget(for: selector)
        }

        /// Sets the app's object, which keeps a token (an associated object) whose end, with the
        /// object's, makes the view ask `responds(to:)` again.
        package func setForwardingTarget(_ object: AnyObject?) {
            forwarding.set(object) { token, object in
                objc_setAssociatedObject(object, Unmanaged.passUnretained(token).toOpaque(), token, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            }
        }
    }
#endif
