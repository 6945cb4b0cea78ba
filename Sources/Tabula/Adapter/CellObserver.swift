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
/// - One hop per turn, whatever the number of cells: each first change only notes which cell it
///   concerns; the first note of a turn schedules one flush on the main actor, which configures
///   every cell noted by then (no task is made per cell).
/// - Only what is on screen: when the change arrives, the cell must still be the view's visible
///   cell for that item. A cell reused for another item stops following the old one (its
///   configuration for the new item replaces the tracking), and a cell scrolled away is not
///   updated.
/// - No cycles: the tracking and the flush refer to the observer weakly, and the observer refers
///   to cells weakly, by identity; it holds at most one entry per cell that was configured, and
///   the notes of one turn.
/// - Compiled for the app's types: the observer and the core's path that configures a cell again
///   (``ListAdapterCore``'s `reconfigureVisible`) are inlinable, and the adapters' initialisers
///   build that path where the app creates them, so a change's update looks up no generic
///   metadata at run time (`Optional<Item>`, a snapshot's sections, an entry).
@MainActor
@usableFromInline
final class CellObserver<ID: Hashable & Sendable> {
    /// What the observer knows of a configured cell: the item it shows, and where it was then.
    @usableFromInline
    struct Entry {
        @usableFromInline weak var cell: AnyObject?
        @usableFromInline var id: ID
        @usableFromInline var path: ItemPath
        @usableFromInline var generation: Int

        @inlinable
        init(cell: AnyObject, id: ID, path: ItemPath, generation: Int) {
            self.cell = cell
            self.id = id
            self.path = path
            self.generation = generation
        }
    }

    @usableFromInline var entries: [ObjectIdentifier: Entry] = [:]
    /// Where the first change to what a configuration read is noted, from any thread.
    @usableFromInline let notes = Locked<[CellChange]>([])
    /// Configures `cell` again for the item `id`, last configured at `path` (a hint: the item may
    /// have moved since), if it is still the visible cell of that item; returns whether it did.
    @usableFromInline var reconfigure: (_ cell: AnyObject, _ id: ID, _ path: ItemPath) -> Bool = { _, _, _ in false }
    /// How many cells were configured again because something they read changed.
    @usableFromInline var reconfigurations = 0
    /// How many flushes ran (for tests: one a turn, whatever the number of cells changed).
    @usableFromInline var flushes = 0

    /// The flush's batch: the notes it takes, its storage kept from turn to turn.
    @usableFromInline var batch: [CellChange] = []

    /// Runs `configure` for `cell`, showing the item `id` at `path`, tracking what it reads (where
    /// Observation exists: iOS 17, macOS 14, Linux).
    @inlinable
    func track(_ cell: AnyObject, id: ID, at path: ItemPath, _ configure: () -> Void) {
        let key = ObjectIdentifier(cell)
        let generation: Int
        if let index = entries.index(forKey: key) {
            // Configured before: the same entry, for its new item (one look-up, no rehash).
            generation = entries.values[index].generation &+ 1
            entries.values[index] = Entry(cell: cell, id: id, path: path, generation: generation)
        } else {
            generation = 1
            entries[key] = Entry(cell: cell, id: id, path: path, generation: generation)
        }
        #if canImport(Observation)
            if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
                let change = CellChange(cell: key, generation: generation)
                let notes = notes
                // Called once, on the first change to anything read, from whichever thread made
                // it: noted, and the first note since the last flush schedules the next.
                withObservationTracking(configure) { [weak self] in
                    let first = notes.withLock { changes in
                        changes.append(change)
                        return changes.count == 1
                    }
                    if first { Task { @MainActor in self?.flush() } }
                }
                return
            }
        #endif
        configure()
    }

    /// Configures, once the turn of their changes has ended, the cells noted since the last flush.
    ///
    /// Never inlined into the task that runs it: the benchmarks count the instructions of a cell's
    /// update from this function's entry (`Benchmarks/instructions.sh`).
    @inlinable @inline(never)
    func flush() {
        flushes += 1
        notes.withLock { swap(&$0, &batch) }
        for change in batch { changed(change) }
        batch.removeAll(keepingCapacity: true)
    }

    /// Something the configuration `change.generation` of the cell `change.cell` read changed, in
    /// a turn that has ended: every change of that turn is made, and Observation reported only the
    /// first (it stops tracking a configuration at its first change), so the cell is configured
    /// once. The update's latency is one hop of the main actor (the benchmark's
    /// `observe scenario=cell-10k` line).
    @inlinable
    func changed(_ change: CellChange) {
        guard let index = entries.index(forKey: change.cell) else { return }
        let entry = entries.values[index]
        guard entry.generation == change.generation else { return }  // reconfigured since
        guard let cell = entry.cell else {
            entries.remove(at: index)
            return
        }
        if reconfigure(cell, entry.id, entry.path) { reconfigurations += 1 }
    }

    /// How many cells are followed now (for tests: it stays at most the number of cells made).
    var followedCells: Int { entries.count }
}

/// A configuration whose reads changed: which cell, and which of its configurations.
@usableFromInline
struct CellChange: Sendable {
    @usableFromInline var cell: ObjectIdentifier
    @usableFromInline var generation: Int

    @inlinable
    init(cell: ObjectIdentifier, generation: Int) {
        self.cell = cell
        self.generation = generation
    }
}
