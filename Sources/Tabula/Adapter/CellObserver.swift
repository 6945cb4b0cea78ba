#if canImport(Observation)
    import Observation
#endif

/// Makes visible cells follow the `@Observable` objects their configuration read: the reads of each
/// configure call are tracked, and when one changes, that cell alone is configured again with its
/// item as the snapshot has it now, after the turn in which the change happened. No snapshot is
/// built and nothing is diffed.
///
/// - One update per turn: Observation reports the first change to anything a configuration read
///   and then stops tracking it, so a thousand changes in one turn make one reconfiguration, on
///   the main actor's next turn.
/// - Only what is on screen: when the change arrives, the cell must still be the view's visible
///   cell for that item. A cell reused for another item stops following the old one (its
///   configuration for the new item replaces the tracking), and a cell scrolled away is not
///   updated.
/// - No cycles: the tracking refers to the observer weakly, and the observer refers to cells
///   weakly, by identity; it holds at most one entry per cell that was configured.
@MainActor
final class CellObserver<ID: Hashable & Sendable> {
    /// What the observer knows of a configured cell.
    private struct Entry {
        weak var cell: AnyObject?
        var id: ID
        var generation: Int
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    /// Configures `cell` again for the item `id`, if it is still the visible cell of that item;
    /// returns whether it did.
    var reconfigure: (_ cell: AnyObject, _ id: ID) -> Bool = { _, _ in false }
    /// How many cells were configured again because something they read changed.
    private(set) var reconfigurations = 0

    /// Runs `configure` for `cell`, showing the item `id`, tracking what it reads (where
    /// Observation exists: iOS 17, macOS 14, Linux).
    func track(_ cell: AnyObject, id: ID, _ configure: () -> Void) {
        let key = ObjectIdentifier(cell)
        let generation = (entries[key]?.generation ?? 0) &+ 1
        entries[key] = Entry(cell: cell, id: id, generation: generation)
        #if canImport(Observation)
            if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
                withObservationTracking(configure) { [weak self] in
                    // Called once, on the first change to anything read, from whichever thread
                    // made it; the cell is configured again after the main actor's turn.
                    Task { @MainActor in self?.changed(key, generation: generation) }
                }
                return
            }
        #endif
        configure()
    }

    /// Something the configuration `generation` of the cell `key` read changed, in a turn that
    /// has ended: every change of that turn is made, and Observation reported only the first
    /// (it stops tracking a configuration at its first change), so the cell is configured once.
    /// One hop of the main actor, not a second one to gather changes: the update's latency is
    /// the hop (the benchmark's `observe scenario=cell-10k` line).
    private func changed(_ key: ObjectIdentifier, generation: Int) {
        guard let entry = entries[key], entry.generation == generation else { return }  // reconfigured since
        guard let cell = entry.cell else {
            entries[key] = nil
            return
        }
        if reconfigure(cell, entry.id) { reconfigurations += 1 }
    }

    /// How many cells are followed now (for tests: it stays at most the number of cells made).
    var followedCells: Int { entries.count }
}
