#if canImport(Darwin)
    import Darwin
    import Foundation
#elseif canImport(Glibc)
    import Glibc
#endif

/// The app's object that receives the delegate and data-source methods an adapter does not
/// implement (row heights, section index titles, scrolling), as the adapter's `responds(to:)` and
/// `forwardingTarget(for:)` see it.
///
/// The rule: it is held weakly, as a view holds its own delegate, and whenever it is set, replaced
/// or released, the adapter sets its view's `dataSource` and `delegate` again. UIKit and AppKit
/// ask `responds(to:)` once, when those properties are set, and keep the answers; setting them
/// again makes the view ask afresh, so it never calls a method of an object that is gone, and a
/// method of an object set later (a section index) is seen.
///
/// A release is noticed by a token the object keeps (an associated object on Apple platforms):
/// the token ends with the object, and its end sets the view's properties again, at once when the
/// object ends on the main thread (as view controllers do), on every OS version, otherwise on the
/// main actor's next turn.
///
/// `@unchecked Sendable`: `NSObject` asks `responds(to:)` and `forwardingTarget(for:)` outside any
/// actor, so the object is kept behind a lock, which the compiler cannot check; everything else
/// happens on the main actor.
@usableFromInline
package final class ForwardingTarget: @unchecked Sendable {
    /// Runs a main-actor closure from wherever the token ends.
    @usableFromInline package typealias Hop = @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void

    private let lock = Lock()
    private weak var stored: AnyObject?
    private let hop: Hop
    /// Sets the view's data source and delegate again. Set on the main actor by the core.
    @MainActor package var onChange: (@MainActor () -> Void)? {
        get { lock.withLock { _onChange } }
        set { lock.withLock { _onChange = newValue } }
    }
    private var _onChange: (@MainActor () -> Void)?

    package init(hop: @escaping Hop) { self.hop = hop }

    /// The app's object, or `nil` once it is gone.
    package var object: AnyObject? { lock.withLock { stored } }

    /// Sets the app's object; `keep` makes the object keep the token whose end tells of its
    /// release (an associated object on Apple platforms). Then the view's properties are set again.
    @MainActor
    package func set(_ object: AnyObject?, keep: (_ token: AnyObject, _ object: AnyObject) -> Void = { _, _ in }) {
        // A previous object's token may still end later: setting the view's properties again then
        // is harmless.
        lock.withLock { stored = object }
        if let object { keep(Token(owner: self), object) }
        onChange?()
    }

    /// The current object is gone: the view's properties are set again so that it forgets its
    /// methods.
    private func released() {
        hop { [weak self] in self?.onChange?() }
    }

    /// Kept by the app's object; it ends when the object does.
    private final class Token: Sendable {
        weak let owner: ForwardingTarget?
        init(owner: ForwardingTarget) { self.owner = owner }
        deinit { owner?.released() }
    }

    /// Runs the closure at once on the main thread, on every OS version, otherwise on the main
    /// actor's next turn.
    ///
    /// At once matters: UIKit and AppKit keep the answers of `responds(to:)`, so until the view's
    /// properties are set again it may call a forwarded method of the object that just ended,
    /// which nothing answers (`doesNotRecognizeSelector:`). Objects that end on the main thread
    /// (view controllers, views) are therefore forgotten before the view can make another call.
    @usableFromInline package static let mainThreadHop: Hop = hop {
        #if canImport(Darwin)
            return Thread.isMainThread
        #else
            return false
        #endif
    }

    /// A hop that runs the closure at once when `isMainThread` says the caller runs on the main
    /// thread, otherwise on the main actor's next turn.
    package static func hop(isMainThread: @escaping @Sendable () -> Bool) -> Hop {
        { body in
            if isMainThread() {
                runOnMainThread(body)
            } else {
                Task { @MainActor in body() }
            }
        }
    }

    /// Runs a main-actor closure synchronously; the caller has checked that it runs on the main
    /// thread, where the main actor runs. From iOS 17 and macOS 14 (and on Linux) the main actor
    /// checks it too; before, the closure is called as `MainActor.assumeIsolated` calls it, without
    /// that check, which those systems do not offer.
    package static func runOnMainThread(_ body: @escaping @MainActor @Sendable () -> Void) {
        if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
            MainActor.assumeIsolated(body)
        } else {
            callUnchecked(body)
        }
    }

    /// Calls a main-actor closure synchronously without checking the thread (before iOS 17 and
    /// macOS 14): a synchronous closure is called the same way whatever its isolation.
    package static func callUnchecked(_ body: @escaping @MainActor @Sendable () -> Void) {
        unsafeBitCast(body, to: (@Sendable () -> Void).self)()
    }
}
