/// What became of one apply (``ListDriver/apply(_:animatingDifferences:completion:)-(Snapshot<SectionID,Item>,_,_)``).
public enum ApplyResult: Hashable, Sendable, CustomStringConvertible {
    /// Why a snapshot was shown with `reloadData`.
    public enum ReloadReason: Hashable, Sendable {
        /// ``ListDriver/applyUsingReloadData(_:completion:)`` asked for it.
        case requested
        /// The view had not loaded its data yet, or was not in a window (or was gone).
        case notShowing
        /// The change had more operations than ``ListDriver/reloadThreshold``.
        case overThreshold(changes: Int)
        /// A check failed (the view's counts, or UIKit's rules); the diagnostic says which, and
        /// was reported too.
        case fallback(ListDiagnostic)
    }

    /// Shown with batch updates, animated or not as asked.
    case batchUpdates(animated: Bool)
    /// Shown with `reloadData`.
    case reloaded(ReloadReason)
    /// Nothing differed from what was on screen.
    case unchanged
    /// A newer snapshot replaced this one before it was shown (or while it was being shown); the
    /// newer one's result tells what the screen shows.
    case superseded
    /// The snapshot was not shown: the diagnostic says why (``ListDiagnostic/Kind/repeatedItem(item:first:second:)``),
    /// and was reported too. The list shows what it showed before.
    case rejected(ListDiagnostic)

    public var description: String {
        switch self {
        case .batchUpdates(let animated): return animated ? "animated batch updates" : "batch updates without animation"
        case .reloaded(.requested): return "reloaded, as asked"
        case .reloaded(.notShowing): return "reloaded: the view was not showing"
        case .reloaded(.overThreshold(let changes)): return "reloaded: \(changes) changes, above the reload threshold"
        case .reloaded(.fallback(let diagnostic)): return "reloaded: \(diagnostic)"
        case .unchanged: return "unchanged"
        case .superseded: return "superseded by a newer snapshot"
        case .rejected(let diagnostic): return "rejected: \(diagnostic)"
        }
    }
}
