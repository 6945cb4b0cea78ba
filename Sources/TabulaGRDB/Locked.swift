import Foundation
import GRDB
import Tabula

/// A value behind a lock. `@unchecked` because the compiler cannot see that every access goes
/// through `withLock` (`Synchronization.Mutex` would say so, but needs macOS 15 and iOS 18).
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
