/// A value behind a ``Lock``, for state that threads share: the cell observer's notes, a database
/// list's commit state. `@unchecked` because the compiler cannot see that every access goes
/// through `withLock` (`Synchronization.Mutex` would say so, but needs iOS 18 and macOS 15).
@usableFromInline
package final class Locked<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, the lock held.
    @usableFromInline
    package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try lock.withLock { try body(&value) }
    }
}
