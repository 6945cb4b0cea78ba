/// Spring-loaded folders: a drag that rests over a collapsed folder of an outline section
/// expands it after a delay, so the user can drop among its children. A value the adapter keeps
/// while a drag hovers over its list, fed the folder under the drag (or `nil`) and the time;
/// it says when to expand. Pure, so the headless view runs it on its own clock.
package struct SpringLoading<ItemID: Hashable & Sendable>: Equatable, Sendable {
    /// What to do for the drag where it is now.
    package enum Decision: Equatable, Sendable {
        /// Nothing: no collapsed folder that takes drops is under the drag.
        case none
        /// Ask again in this many seconds: the drag has not rested over the folder long enough.
        case wait(seconds: Double)
        /// Expand this folder now.
        case expand(ItemID)
    }

    /// The folder the drag rests over, and since when.
    package private(set) var resting: (folder: ItemID, since: Double)?

    package init() {}

    /// The drag is over `folder` (a collapsed folder that takes drops, or `nil` for anything else)
    /// at time `now`, in seconds: it expands once the drag has stayed over the same folder for
    /// `delay` seconds, and the wait starts again over another one. After an expansion the
    /// drag must leave the folder and come back to expand it again.
    package mutating func hover(over folder: ItemID?, at now: Double, delay: Double) -> Decision {
        guard let folder else {
            resting = nil
            return .none
        }
        guard let current = resting, current.folder == folder else {
            resting = (folder, now)
            return delay > 0 ? .wait(seconds: delay) : expand(folder)
        }
        guard current.since.isFinite else { return .none }
        let waited = now - current.since
        return waited >= delay ? expand(folder) : .wait(seconds: delay - waited)
    }

    /// Ends the hover: the drag left the list, or dropped.
    package mutating func end() { resting = nil }

    private mutating func expand(_ folder: ItemID) -> Decision {
        resting = (folder, .infinity)
        return .expand(folder)
    }

    package static func == (lhs: SpringLoading, rhs: SpringLoading) -> Bool {
        lhs.resting?.folder == rhs.resting?.folder && lhs.resting?.since == rhs.resting?.since
    }
}

extension SpringLoading.Decision {
    /// The seconds to wait before asking again, for ``wait(seconds:)``; `nil` otherwise.
    package var wait: Double? {
        if case .wait(let seconds) = self { return seconds }
        return nil
    }
}
