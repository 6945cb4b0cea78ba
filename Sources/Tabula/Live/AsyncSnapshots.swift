/// A list whose contents come from an async sequence: of snapshots, or of arrays of items shown as
/// one section. Each element is applied as it arrives; elements that arrive while an update is in
/// flight are coalesced by the driver (only the newest is applied, never an interleaving of two).
///
/// Show it as any ``ListSource``: `show` returns once the sequence ends (or throws), so start an
/// endless one in a task of its own.
///
/// ```swift
/// Task { try await adapter.show(AsyncSnapshots(store.snapshots)) }
/// Task { try await adapter.show(AsyncSnapshots(posts.updates, section: "posts")) }
/// ```
@MainActor
public final class AsyncSnapshots<SectionID: Hashable & Sendable, Item: Identifiable & Sendable>: ListSource where Item.ID: Sendable {
    /// Iterates the sequence, applying each element through the driver while `isStopped` is false.
    private let iterate: @MainActor (ListDriver<SectionID, Item>, AsyncSnapshots) async throws -> Void
    /// Whether ``stop()`` was called: the elements still to come are not applied.
    private var isStopped = false
    /// The task iterating the sequence, which ``stop()`` cancels so that a sequence with nothing
    /// more to say does not keep `start` (and what the sequence holds) waiting.
    private var iteration: Task<Void, any Error>?

    /// A source that applies every snapshot `snapshots` produces, until it ends.
    public init<Snapshots: AsyncSequence>(_ snapshots: Snapshots) where Snapshots.Element == Snapshot<SectionID, Item> {
        iterate = { driver, source in
            for try await snapshot in snapshots {
                if source.isStopped { return }
                driver.apply(snapshot, completion: nil)
            }
        }
    }

    /// A source that applies every array of items `items` produces as the one section `section`.
    ///
    /// Each array is built against the driver's newest snapshot: the items that kept their order
    /// cost a comparison.
    public init<Items: AsyncSequence>(_ items: Items, section: SectionID, header: String? = nil) where Items.Element == [Item] {
        iterate = { driver, source in
            for try await array in items {
                if source.isStopped { return }
                driver.apply(try Snapshot([Section(section, header: header, items: array)], updating: driver.latestSnapshot), completion: nil)
            }
        }
    }

    /// Applies the sequence's elements through `driver` until it ends or ``stop()`` is called,
    /// and returns then. A source iterates its sequence once: after ``stop()`` it returns at once.
    ///
    /// - Throws: whatever the sequence throws before it is stopped, or a ``SnapshotError`` when an
    ///   array of items repeats an identifier; the last snapshot applied stays on screen.
    public func start(driving driver: ListDriver<SectionID, Item>) async throws {
        guard !isStopped else { return }
        let task = Task { @MainActor in try await self.iterate(driver, self) }
        iteration = task
        defer { if iteration == task { iteration = nil } }
        do {
            try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
        } catch {
            // Stopping cancels the iteration; a sequence may answer that with an error of its own.
            if isStopped { return }
            throw error
        }
    }

    /// Stops applying: the iteration is cancelled, ``start(driving:)`` returns, and what is on
    /// screen stays.
    public func stop() {
        isStopped = true
        iteration?.cancel()
    }
}
