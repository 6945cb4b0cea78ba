/// Calls back once a deadline passes, unless disarmed first. One sleeping task serves deadline
/// after deadline: when it wakes before the current deadline (a later page re-armed it), it sleeps
/// again, so loading page after page does not create and cancel a timer task per page. It holds
/// nothing strongly while it sleeps, and ends at its first wake with nothing armed. Where the
/// standard library has no clock (before iOS 16, tvOS 16 and watchOS 9), each deadline has a task
/// of its own.
@MainActor
final class Deadline {
    /// Nanoseconds on ``now()``'s scale; 0 without a clock.
    private var due: UInt64?
    private var onExpiry: (@MainActor () -> Void)?
    /// When the sleeping task wakes next, if there is one.
    private var watcherWakes: UInt64?
    private var watcher: Task<Void, Never>?

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    private static let origin = ContinuousClock.now

    /// Nanoseconds since the first call, or `nil` where there is no clock.
    private static func now() -> UInt64? {
        guard #available(iOS 16, macOS 13, tvOS 16, watchOS 9, *) else { return nil }
        let elapsed = origin.duration(to: .now).components
        return UInt64(max(0, elapsed.seconds)) &* 1_000_000_000 &+ UInt64(max(0, elapsed.attoseconds) / 1_000_000_000)
    }

    /// Calls `onExpiry` after `seconds` (negative is taken as 0), replacing what was armed.
    func arm(after seconds: Double, onExpiry: @escaping @MainActor () -> Void) {
        let nanoseconds = UInt64(min(max(0, seconds) * 1e9, 1e18))
        self.onExpiry = onExpiry
        guard let now = Self.now() else {
            due = 0
            watcher?.cancel()
            watch(sleeping: nanoseconds, until: 0)
            return
        }
        let due = now &+ nanoseconds
        self.due = due
        if let wakes = watcherWakes, wakes <= due { return }  // the watcher wakes in time to look
        watcher?.cancel()
        watch(sleeping: nanoseconds, until: due)
    }

    /// Forgets what was armed; the watcher, if asleep, ends when it wakes (at once, without a clock).
    func disarm() {
        due = nil
        onExpiry = nil
        if Self.now() == nil { stopWatching() }
    }

    private func watch(sleeping nanoseconds: UInt64, until wakes: UInt64) {
        watcherWakes = wakes
        watcher = Task { [weak self] in
            var remaining = nanoseconds
            while true {
                try? await Task.sleep(nanoseconds: remaining)
                guard let self, !Task.isCancelled, let next = self.expireOrRemaining() else { return }
                remaining = next
            }
        }
    }

    private func stopWatching() {
        watcher?.cancel()
        watcher = nil
        watcherWakes = nil
    }

    /// Runs the callback if its deadline has passed; returns how long to sleep until it, or `nil`
    /// when the watcher can end.
    private func expireOrRemaining() -> UInt64? {
        let now = Self.now() ?? .max
        guard let due else {
            watcher = nil
            watcherWakes = nil
            return nil
        }
        guard due <= now else {
            watcherWakes = due
            return due - now
        }
        let callback = onExpiry
        self.due = nil
        onExpiry = nil
        watcher = nil
        watcherWakes = nil
        callback?()
        return nil
    }
}
