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
/// object ends on the main thread (as view controllers do), otherwise on the main actor's next
/// turn.
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

    /// Runs the closure at once on the main thread (from iOS 17 and macOS 14, where the main actor
    /// can be asserted), otherwise on the main actor's next turn.
    @usableFromInline package static let mainThreadHop: Hop = { body in
        #if canImport(Darwin)
            if Thread.isMainThread, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
                MainActor.assumeIsolated(body)
                return
            }
        #endif
        Task { @MainActor in body() }
    }
}
