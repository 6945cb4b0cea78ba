import Tabula

/// A clock a test moves by hand: what the headless adapter waits on before it announces a
/// change, so a test of coalescing runs at once and the same way every time.
///
/// ```swift
/// adapter.apply(withNewMessages)
/// list.clock.advance(by: 1)
/// #expect(list.announcements == ["2 new messages"])
/// ```
@MainActor
public final class HeadlessClock {
    /// The seconds the clock has been moved by since it was made.
    public private(set) var now = 0.0
    private var waiting: [(at: Double, order: Int, action: @MainActor @Sendable () -> Void)] = []
    private var scheduled = 0

    /// A clock at 0.
    public init() {}

    /// Whether an action waits on the clock.
    public var hasWaitingActions: Bool { !waiting.isEmpty }

    /// Moves the clock on by `seconds`, running each action that falls due, in time order.
    public func advance(by seconds: Double) {
        let end = now + seconds
        while let next = waiting.enumerated().filter({ $0.element.at <= end }).min(by: { ($0.element.at, $0.element.order) < ($1.element.at, $1.element.order) }) {
            waiting.remove(at: next.offset)
            now = max(now, next.element.at)
            next.element.action()
        }
        now = end
    }

    /// Runs actions `delay` seconds after the clock's time when they are scheduled.
    public var scheduler: AnnouncementScheduler {
        AnnouncementScheduler { [weak self] delay, action in self?.run(after: delay, action) }
    }

    /// Runs `action` `delay` seconds after the clock's time now.
    package func run(after delay: Double, _ action: @escaping @MainActor @Sendable () -> Void) {
        scheduled += 1
        waiting.append((now + delay, scheduled, action))
    }
}
