/// The driver's applies awaited: each returns once what it applied is on screen, or once a newer
/// snapshot replaced it (``ApplyResult/superseded``).
extension ListDriver {
    /// Shows `next` as batch updates and returns what became of it: see
    /// ``apply(_:animatingDifferences:completion:)-(Snapshot<SectionID,Item>,_,_)``.
    // Inlinable, so that the sync apply it calls checks an unindexed snapshot specialised.
    @inlinable
    @discardableResult
    public func apply(_ next: Snapshot<SectionID, Item>, animatingDifferences: Bool = true) async -> ApplyResult {
        await withCheckedContinuation { (continuation: CheckedContinuation<ApplyResult, Never>) in
            apply(next, animatingDifferences: animatingDifferences) { continuation.resume(returning: $0) }
        }
    }

    /// Shows `next` with `reloadData` and returns once it is on screen (or superseded).
    @discardableResult
    public func applyUsingReloadData(_ next: Snapshot<SectionID, Item>) async -> ApplyResult {
        await withCheckedContinuation { (continuation: CheckedContinuation<ApplyResult, Never>) in
            applyUsingReloadData(next) { continuation.resume(returning: $0) }
        }
    }

    /// Returns once nothing is running and nothing waits: the view shows ``latestSnapshot``.
    public func waitUntilIdle() async {
        guard running else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            idleWaiters.append { continuation.resume() }
        }
    }
}
