/// What runs an announcement once the changes of its window have arrived: the adapters wait on
/// the main actor's clock; a test hands in a clock it moves by hand (`TabulaTesting`'s
/// `HeadlessClock`), so coalescing is tested without sleeping.
public struct AnnouncementScheduler: Sendable {
    /// Runs an action on the main actor after a delay in seconds.
    public typealias Schedule = @MainActor @Sendable (_ delay: Double, _ action: @escaping @MainActor @Sendable () -> Void) -> Void

    let schedule: Schedule

    /// A scheduler that runs each action through `schedule`.
    public init(_ schedule: @escaping Schedule) { self.schedule = schedule }

    /// Waits in a task on the main actor, then runs the action.
    public static var continuous: AnnouncementScheduler {
        AnnouncementScheduler { delay, action in
            Task { @MainActor in
                try? await Task.sleep(nanoseconds: UInt64(max(0, delay) * 1_000_000_000))
                action()
            }
        }
    }
}
