#if canImport(Observation)
    import Observation
#endif
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Makes visible cells follow the `@Observable` objects their configuration read: the reads of each
/// configure call are tracked, and when one changes, that cell alone is configured again with its
/// item as the snapshot has it now, after the turn in which the change happened. No snapshot is
/// built and nothing is diffed.
///
/// - One live registration per cell: Observation keeps a tracking until something it read changes,
///   and has no public way to cancel one. So every tracking also reads the cell's own
///   ``Registration``, and ending that registration changes it: Observation then drops the
///   tracking from every object it was registered with, the app's included. A cell's tracking is
///   ended when the cell is configured again (for the same item or another), when it leaves the
///   screen, and when the cell is gone; the objects cells read hold at most one registration a
///   visible cell, however long the user scrolls.
/// - One update per turn: Observation reports the first change to anything a configuration read
///   and then stops tracking it, so a thousand changes in one turn make one reconfiguration, on
///   the main actor's next turn.
/// - One hop per turn, whatever the number of cells: each first change only notes which cell it
///   concerns; the first note of a turn schedules one flush on the main actor, which configures
///   every cell noted by then (no task is made per cell).
/// - The final value, from any thread: Observation reports a change before the new value is
///   stored. A change made on the main thread is stored before the flush can run; one made on
///   another thread may be stored after the flush read it, and later changes whose report came
///   before the flush tracked again are not reported at all. So a cell configured for a change
///   from another thread is configured once more a frame later (a confirmation), which reads what
///   was stored meanwhile and tracks again. (Observation's public API reports no change after
///   its store before iOS 26 and macOS 26; a thread held for longer than that frame between the
///   report and its store can still leave a cell one change behind until the next change.)
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
    /// What the observer knows of a configured cell: the item it shows, where it was then, and the
    /// tracking of its configuration.
    @usableFromInline
    struct Entry {
        @usableFromInline weak var cell: AnyObject?
        @usableFromInline var id: ID
        @usableFromInline var path: ItemPath
        @usableFromInline var generation: Int
        @usableFromInline var registration: (any TrackingRegistration)?

        @inlinable
        init(cell: AnyObject, id: ID, path: ItemPath, generation: Int, registration: (any TrackingRegistration)?) {
            self.cell = cell
            self.id = id
            self.path = path
            self.generation = generation
            self.registration = registration
        }
    }

    @usableFromInline var entries: [ObjectIdentifier: Entry] = [:]
    /// Where the first change to what a configuration read is noted, from any thread.
    @usableFromInline let notes = Locked<[CellChange]>([])
    /// Configures `cell` again for the item `id`, last configured at `path` (a hint: the item may
    /// have moved since), if it is still the visible cell of that item; returns where it did.
    @usableFromInline var reconfigure: (_ cell: AnyObject, _ id: ID, _ path: ItemPath) -> ItemPath? = { _, _, _ in nil }
    /// Told, once a flush, where the cells it configured again are: their rows may change height.
    @usableFromInline var resized: ([ItemPath]) -> Void = { _ in }
    /// Where the cells of the current flush were configured, its storage kept from turn to turn.
    @usableFromInline var configuredPaths: [ItemPath] = []
    /// How many cells were configured again because something they read changed.
    @usableFromInline var reconfigurations = 0
    /// How many cells were configured once more to confirm a change from another thread.
    @usableFromInline var confirmations = 0
    /// How many flushes ran (for tests: one a turn, whatever the number of cells changed).
    @usableFromInline var flushes = 0
    /// The registrations alive and the reports that reached the observer, shared with the
    /// trackings' callbacks.
    @usableFromInline let counts = Locked(RegistrationCounts())
    /// The number of entries at which the next look for cells that are gone happens.
    @usableFromInline var sweepAt = 64
    /// Tells the trackings' reports made on the main thread from the others.
    @usableFromInline let mainThread = MainThread()

    /// How many groups of cells wait for their confirmation.
    @usableFromInline var confirmationsDue = 0

    /// The flush's batch: the notes it takes, its storage kept from turn to turn.
    @usableFromInline var batch: [CellChange] = []

    @usableFromInline
    init() {}

    /// Runs `configure` for `cell`, showing the item `id` at `path`, tracking what it reads (where
    /// Observation exists: iOS 17, macOS 14, Linux). The cell's previous tracking ends first.
    @inlinable
    func track(_ cell: AnyObject, id: ID, at path: ItemPath, _ configure: () -> Void) {
        let key = ObjectIdentifier(cell)
        let generation: Int
        if let index = entries.index(forKey: key) {
            // Configured before: the same entry, for its new item (one look-up, no rehash).
            entries.values[index].registration?.end(counts)
            generation = entries.values[index].generation &+ 1
            entries.values[index] = Entry(cell: cell, id: id, path: path, generation: generation, registration: nil)
        } else {
            generation = 1
            if entries.count >= sweepAt { sweep() }
            entries[key] = Entry(cell: cell, id: id, path: path, generation: generation, registration: nil)
        }
        #if canImport(Observation)
            if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
                let registration = Registration()
                let change = CellChange(cell: key, generation: generation, confirm: false)
                let notes = notes
                let counts = counts
                let mainThread = mainThread
                counts.withLock { $0.live += 1 }
                // Called once, on the first change to anything read, from whichever thread made
                // it (or by the registration's end, which the callback then ignores): noted, and
                // the first note since the last flush schedules the next.
                withObservationTracking {
                    registration.read()
                    configure()
                } onChange: { [weak self, weak registration] in
                    // The registration's own end, from within `end`: nothing changed. (Held
                    // weakly: its registrar holds this closure, and an observer that goes away
                    // with cells still tracked drops its registrations without ending them.)
                    guard let registration, !Registration.ending.get() else { return }
                    var change = change
                    change.confirm = !mainThread.isCurrent
                    if !registration.fire(counts) {
                        // The observer ended this tracking as this change was reported, on
                        // another thread: the configuration that ended it may have read the
                        // value before it was stored. That cell is confirmed.
                        change.generation = CellChange.anyGeneration
                        change.confirm = true
                        counts.withLock { $0.raced += 1 }
                    }
                    let first = notes.withLock { changes in
                        changes.append(change)
                        return changes.count == 1
                    }
                    if first { Task { @MainActor in self?.flush() } }
                }
                entries[key]?.registration = registration
                return
            }
        #endif
        configure()
    }

    /// Ends the tracking of `cell`'s configuration: the view no longer shows it (it left the screen
    /// or went back to its pool).
    @inlinable
    func release(_ cell: AnyObject) {
        guard let index = entries.index(forKey: ObjectIdentifier(cell)) else { return }
        entries.values[index].registration?.end(counts)
        entries.remove(at: index)
    }

    /// Forgets the cells that are gone, ending their trackings.
    @usableFromInline
    func sweep() {
        for (key, entry) in entries where entry.cell == nil {
            entry.registration?.end(counts)
            entries[key] = nil
        }
        sweepAt = max(64, entries.count * 2)
    }

    /// Configures, once the turn of their changes has ended, the cells noted since the last flush.
    ///
    /// Never inlined into the task that runs it: the benchmarks count the instructions of a cell's
    /// update from this function's entry (`Benchmarks/instructions.sh`).
    @inlinable @inline(never)
    func flush() {
        flushes += 1
        notes.withLock { swap(&$0, &batch) }
        defer { reportResized() }
        guard batch.contains(where: \.confirm) else {
            for change in batch { _ = changed(change) }
            batch.removeAll(keepingCapacity: true)
            return
        }
        // Changes from another thread: each cell configured for one is configured once more on a
        // later turn, whichever of its notes configured it now.
        var configured = Set<ObjectIdentifier>()
        for change in batch where changed(change) { configured.insert(change.cell) }
        var confirming: [CellChange] = []
        for change in batch where change.confirm && configured.remove(change.cell) != nil {
            guard let entry = entries[change.cell] else { continue }
            confirming.append(CellChange(cell: change.cell, generation: entry.generation, confirm: false, confirmation: true))
        }
        batch.removeAll(keepingCapacity: true)
        guard !confirming.isEmpty else { return }
        // A frame later: the thread that made the change has stored its value by then, unless it
        // was held for longer between Observation's report and its store.
        confirmationsDue += 1
        Task { @MainActor [weak self] in
            try? await Task.sleep(nanoseconds: CellObserver.confirmationDelay)
            self?.confirm(confirming)
        }
    }

    /// How long after a change from another thread its cells are configured once more: a frame.
    @usableFromInline nonisolated static var confirmationDelay: UInt64 { 16_000_000 }

    /// Configures once more the cells configured for changes from other threads a frame ago.
    @usableFromInline
    func confirm(_ changes: [CellChange]) {
        confirmationsDue -= 1
        for change in changes { _ = changed(change) }
        reportResized()
    }

    /// Tells the view where cells were configured again since the last report, once.
    @inlinable
    func reportResized() {
        guard !configuredPaths.isEmpty else { return }
        resized(configuredPaths)
        configuredPaths.removeAll(keepingCapacity: true)
    }

    /// Something the configuration `change.generation` of the cell `change.cell` read changed, in
    /// a turn that has ended: every change of that turn is made, and Observation reported only the
    /// first (it stops tracking a configuration at its first change), so the cell is configured
    /// once. The update's latency is one hop of the main actor (the benchmark's
    /// `observe scenario=cell-10k` line). Returns whether the cell was configured.
    @inlinable
    func changed(_ change: CellChange) -> Bool {
        guard let index = entries.index(forKey: change.cell) else { return false }
        let entry = entries.values[index]
        // Reconfigured since (a report that lost the race with that configuration names none).
        guard change.generation == CellChange.anyGeneration || entry.generation == change.generation else { return false }
        guard let cell = entry.cell else {
            entry.registration?.end(counts)
            entries.remove(at: index)
            return false
        }
        guard let path = reconfigure(cell, entry.id, entry.path) else { return false }
        configuredPaths.append(path)
        if change.confirmation { confirmations += 1 } else { reconfigurations += 1 }
        return true
    }

    /// How many cells are followed now (for tests: it stays at most the number of cells made).
    var followedCells: Int { entries.count }
    /// How many trackings of configurations are alive now: registered with the objects they read.
    var liveRegistrations: Int { counts.withLock { $0.live } }
    /// How many trackings reported a change (each is a callback an object's change ran).
    var reports: Int { counts.withLock { $0.reports } }
    /// How many reports from another thread came as the observer ended their tracking.
    var racedReports: Int { counts.withLock { $0.raced } }
    /// Whether a flush is due: changes are noted that no flush took yet.
    var hasPendingChanges: Bool { confirmationsDue > 0 || notes.withLock { !$0.isEmpty } }
}

/// The registrations alive, and the reports of changes.
@usableFromInline
struct RegistrationCounts: Sendable {
    @usableFromInline var live = 0
    @usableFromInline var reports = 0
    /// Reports from another thread that came as the observer ended their tracking.
    @usableFromInline var raced = 0

    @inlinable
    init() {}
}

/// A cell's tracking of one configuration, which the observer can end.
@usableFromInline
protocol TrackingRegistration: AnyObject, Sendable {
    /// Ends the tracking, unless it ended already.
    func end(_ counts: Locked<RegistrationCounts>)
}

#if canImport(Observation)
    /// A cell's tracking of one configuration: read by that configuration, so that ending it (a
    /// change of this object) makes Observation drop the whole tracking, from every object it was
    /// registered with; and it tells the tracking's report of a change of what the configuration
    /// read (``fire(_:)``) from that end.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @usableFromInline
    final class Registration: TrackingRegistration, Observable {
        /// Whether the tracking ended: it reported a change, or the observer ended it.
        @usableFromInline let ended = Locked(false)
        @usableFromInline let registrar = ObservationRegistrar()

        /// Whether the current thread runs a registration's ``end(_:)``, whose change reports
        /// synchronously, on that thread, to the tracking that read it.
        @usableFromInline static let ending = TaskLocal(wrappedValue: false)

        @usableFromInline
        init() {}

        /// Called by the tracking's report: `true` once, for a change of what the configuration
        /// read; `false` when the observer had ended the tracking (its own change).
        @inlinable
        func fire(_ counts: Locked<RegistrationCounts>) -> Bool {
            guard ended.withLock({ ended in
                defer { ended = true }
                return !ended
            }) else { return false }
            counts.withLock {
                $0.live -= 1
                $0.reports += 1
            }
            return true
        }

        /// Ends the tracking, unless it ended already: Observation removes it from every object it
        /// was registered with.
        @usableFromInline
        func end(_ counts: Locked<RegistrationCounts>) {
            guard ended.withLock({ ended in
                defer { ended = true }
                return !ended
            }) else { return }
            counts.withLock { $0.live -= 1 }
            Registration.ending.withValue(true) { registrar.withMutation(of: self, keyPath: \.signal) {} }
        }

        /// What a configuration's tracking reads of its registration.
        @usableFromInline
        var signal: Int {
            registrar.access(self, keyPath: \.signal)
            return 0
        }

        /// Reads ``signal`` inside the tracking.
        @inlinable
        func read() { _ = signal }
    }
#endif

/// Tells whether the caller runs on the main thread, where the main actor's changes are made.
@usableFromInline
struct MainThread: Sendable {
    #if !canImport(Darwin) && canImport(Glibc)
        @usableFromInline let thread: pthread_t
    #endif

    /// Made on the main actor, which runs on the main thread.
    @MainActor
    @usableFromInline
    init() {
        #if !canImport(Darwin) && canImport(Glibc)
            thread = pthread_self()
        #endif
    }

    /// Whether the caller runs on the main thread.
    @usableFromInline
    var isCurrent: Bool {
        #if canImport(Darwin)
            return pthread_main_np() != 0
        #elseif canImport(Glibc)
            return pthread_equal(pthread_self(), thread) != 0
        #else
            return false
        #endif
    }
}

/// A configuration whose reads changed: which cell, and which of its configurations.
@usableFromInline
struct CellChange: Sendable {
    @usableFromInline var cell: ObjectIdentifier
    @usableFromInline var generation: Int
    /// Whether the change was reported on another thread: the cell is configured once more after.
    @usableFromInline var confirm: Bool
    /// Whether this note is that second configuration.
    @usableFromInline var confirmation: Bool

    /// The generation of a note for whichever configuration the cell has.
    @usableFromInline static let anyGeneration = -1

    @inlinable
    init(cell: ObjectIdentifier, generation: Int, confirm: Bool, confirmation: Bool = false) {
        self.cell = cell
        self.generation = generation
        self.confirm = confirm
        self.confirmation = confirmation
    }
}
