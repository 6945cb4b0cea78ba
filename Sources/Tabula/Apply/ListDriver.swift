/// The apply pipeline: turns each new snapshot into animated updates of a view, safely.
///
/// - Serialised: a batch never starts while another is running.
/// - Latest wins: snapshots that arrive while an update is in flight replace each other; only the
///   newest is applied, diffed from whatever is on screen by then.
/// - Off the main actor: snapshots larger than ``backgroundDiffThreshold`` items are diffed in a
///   detached task; the view is touched only on the main actor.
/// - Checked: before each batch, the counts the view reports (``ListViewUpdating/displayedItemCounts()``)
///   are compared with the snapshot the driver believes is on screen, and the batch is checked against UIKit's rules
///   (``BatchUpdate/validate(before:after:flavor:mapItems:shiftedReloads:)``). If either fails, the driver reloads
///   the data instead and reports a ``ListDiagnostic``: the app does not crash.
/// - Falls back to `reloadData` before the first load and when the view is not in a window.
/// - Accountable: each apply reports what became of it (``ApplyResult``): batch updates, a reload
///   and why, nothing to do, or superseded by a newer snapshot before it was shown.
///
/// Three ways in: a snapshot, diffed
/// (``apply(_:animatingDifferences:completion:)-(Snapshot<SectionID,Item>,_,_)``); a snapshot,
/// reloaded (``applyUsingReloadData(_:completion:)``); and a small edit by identifier, shown
/// without a diff (``apply(_:animatingDifferences:completion:)-(InPlaceEdit<SectionID,Item>,_,_)``).
/// What builds on them holds a driver and calls them: the section snapshots
/// (``sectionSnapshots``) and the live sources (``ListSource``, ``ListObservation``,
/// ``PaginatedList``, ``ComposedList``).
///
/// Every adapter creates and owns its driver (`adapter.driver`): apply through the adapter, or
/// through `adapter.driver` for live sources. Create a driver yourself only for a view of your own:
///
/// ```swift
/// let driver = ListDriver<String, Country>()
/// driver.view = myListView          // your own `ListViewUpdating` view, kept alive by you
/// let result = await driver.apply(newSnapshot)   // .batchUpdates(animated: true), .reloaded(…), …
/// ```
@MainActor
public final class ListDriver<SectionID: Hashable & Sendable, Item: Identifiable & Sendable> where Item.ID: Sendable {
    /// The snapshot the data source answers with. During a multi-stage update it is the current
    /// stage's snapshot.
    public internal(set) var snapshot: Snapshot<SectionID, Item> {
        get { _snapshot }
        set { _snapshot = newValue }
        // An edit in place (`&snapshot`) reaches the storage itself: through `get` and `set` it
        // would edit a copy, and every in-place update would copy the items.
        _modify { yield &_snapshot }
    }
    // Stored apart, so that `apply`'s path for an unchanged snapshot can be inlined into the app's
    // code, specialised for its types.
    @usableFromInline var _snapshot: Snapshot<SectionID, Item>
    /// The view being updated. Not retained.
    public weak var view: (any ListViewUpdating)?
    /// Snapshots with more items than this (old plus new) are diffed off the main actor.
    public var backgroundDiffThreshold = 20_000
    /// Called with each diagnostic as it happens.
    public var onDiagnostic: ((ListDiagnostic) -> Void)?
    /// The most recent diagnostics, oldest first: at most ``diagnosticHistoryLimit`` of them.
    public internal(set) var diagnostics: [ListDiagnostic] = []
    /// How many diagnostics ``diagnostics`` keeps (default 100). Older ones are dropped, so a
    /// long-running app does not accumulate them; ``onDiagnostic`` sees every one.
    public var diagnosticHistoryLimit = 100 {
        didSet { Self.trim(&diagnostics, to: diagnosticHistoryLimit) }
    }
    /// Called with each changeset the driver starts to animate, before its first stage.
    public var onChangeset: ((Changeset<SectionID, Item>) -> Void)?
    /// The most recent changesets applied with animation, oldest first: at most
    /// ``changesetHistoryLimit`` of them. Empty by default.
    public private(set) var appliedChangesets: [Changeset<SectionID, Item>] = []
    /// How many changesets ``appliedChangesets`` keeps. The default, 0, keeps none: each one holds
    /// two full snapshots, so a history would grow with every update. Tests that inspect the last
    /// changeset set it to 1; ``onChangeset`` sees every one either way.
    public var changesetHistoryLimit = 0 {
        didSet { Self.trim(&appliedChangesets, to: changesetHistoryLimit) }
    }
    /// Whether an update is in flight.
    public var isUpdating: Bool { running }
    /// Which row the view keeps still through each update (``ScrollAnchor``); `.none` by default.
    public var scrollAnchor: ScrollAnchor<Item.ID> = .none
    /// The anchor instead of ``scrollAnchor`` for the next update (set it just before the apply),
    /// and for the updates chained to it or replacing it: cleared once the driver is idle.
    public var scrollAnchorForNextUpdate: ScrollAnchor<Item.ID>? {
        didSet { hasAnchorForNextUpdate = scrollAnchorForNextUpdate != nil }
    }
    /// While the view reloads with an anchor to hold, or with rows selected that must stay selected
    /// (``keepsShownForReload``): the snapshot it showed until then, which the view's glue reads
    /// the anchor's rows against and the core the selected rows (``snapshot`` is already the next
    /// one); `nil` otherwise.
    package internal(set) var shownBeforeReload: Snapshot<SectionID, Item>?
    /// Asked as a reload begins: whether the view's selection must be read against what it showed
    /// (set by the adapter's core). Asked then rather than kept: a snapshot held between updates
    /// would make every edit in place copy the items.
    package var keepsShownForReload: (@MainActor () -> Bool)?
    /// The snapshot ``shownBeforeReload`` takes for a reload from `shown`, when anything needs it.
    @usableFromInline
    func shownForReload(_ shown: Snapshot<SectionID, Item>) -> Snapshot<SectionID, Item>? {
        activeScrollAnchor != .none || keepsShownForReload?() == true ? shown : nil
    }
    /// Whether ``scrollAnchorForNextUpdate`` is set: what the end of every update tests before it
    /// clears it, since storing into the generic optional costs a type look-up in code compiled
    /// for any item type (`append-one-100k` guards it).
    @usableFromInline var hasAnchorForNextUpdate = false
    /// Clears ``scrollAnchorForNextUpdate`` once an update run is over.
    @inlinable
    func endAnchorOverride() {
        if hasAnchorForNextUpdate { scrollAnchorForNextUpdate = nil }
    }
    /// The anchor in force for the update being shown: what the view's glue holds.
    public var activeScrollAnchor: ScrollAnchor<Item.ID> { scrollAnchorForNextUpdate ?? scrollAnchor }

    /// Above this many changes (deleted, inserted, moved and updated items and sections), a diff
    /// is shown with `reloadData` instead of batch updates, as DifferenceKit's `interrupt` does: a
    /// batch that touches most of a list animates worse than a reload and costs more. `nil` (the
    /// default): always animate.
    public var reloadThreshold: Int?

    @usableFromInline let updateKind: @Sendable (Item, Item) -> UpdateKind?
    /// For items compared with `==`: the kind a changed item gets, so that the diff calls `==`
    /// inline instead of through ``updateKind``.
    @usableFromInline var equalityUpdates: UpdateKind?
    let differ: Differ
    @usableFromInline let canReconfigure: (@Sendable (Item, Item) -> Bool)?
    @usableFromInline var running = false

    /// How one apply is to be shown.
    enum Mode { case animated, withoutAnimation, reload }

    /// One apply: its snapshot, how to show it, and who waits for its result.
    struct Job {
        var snapshot: Snapshot<SectionID, Item>
        var mode: Mode
        var callbacks: [@MainActor (ApplyResult) -> Void]
    }

    var pending: Job?
    /// The callbacks of the job whose changeset is being shown.
    @usableFromInline var inFlightCallbacks: [@MainActor (ApplyResult) -> Void] = []
    private var inFlightTarget: Snapshot<SectionID, Item>?
    /// Called once the driver has nothing running and nothing waiting.
    var idleWaiters: [@MainActor () -> Void] = []
    /// The view changed itself (an interactive move) while a changeset was in flight: that
    /// changeset starts from a state the screen no longer shows, so its target is diffed again.
    @usableFromInline var viewChangedUnderneath = false
    /// Whether ``drain()``'s loop is on the stack, and whether something asked it to go round
    /// again: work that finishes synchronously (a reload, a view that completes batches at once, a
    /// completion handler that applies the next snapshot) continues the loop instead of recursing,
    /// so any number of chained applies runs in constant stack.
    private var looping = false
    private var loopAgain = false
    /// What follows the jobs to keep the section snapshots' trees (`SectionSnapshot/`); `nil`
    /// until a section snapshot is applied, so a list without them calls nothing.
    @usableFromInline var jobFollower: SectionSnapshots<SectionID, Item>?

    /// Creates a driver whose items are updated when `updateKind` returns a kind (`nil`: the
    /// content is the same).
    ///
    /// `canReconfigure` says whether an item keeps its cell type (adapters pass
    /// ``CellConfigurators/canReconfigure``); a reconfigure it refuses is performed as a reload,
    /// because UIKit reconfigures only in a cell of the same type.
    ///
    /// `differ` is evaluated where the driver is created, so its default runs the diff specialised
    /// for your item and identifier types (see ``Differ``).
    public init(
        snapshot: Snapshot<SectionID, Item> = Snapshot(), updateKind: @escaping @Sendable (Item, Item) -> UpdateKind?,
        canReconfigure: (@Sendable (Item, Item) -> Bool)? = nil, differ: Differ = .specialised
    ) {
        _snapshot = snapshot.clearingUpdateRequests()
        self.updateKind = updateKind
        self.canReconfigure = canReconfigure
        self.differ = differ
    }

    /// Shows `next` as batch updates, animated unless `animatingDifferences` is false (Apple's
    /// meaning: a diff either way); `completion` gets what became of it once it is on screen, or
    /// at once when a newer snapshot replaces it before it is shown (``ApplyResult/superseded``).
    ///
    /// Batch updates need a view that has loaded and is in a window; otherwise, and above
    /// ``reloadThreshold``, the view reloads instead, and the result says why.
    ///
    /// A snapshot built with `Snapshot(_:updating:)` from the one shown, every item and title
    /// equal to it and no update requested, needs no diff when content is compared with `==`: when
    /// no other update is in flight, it is ``ApplyResult/unchanged`` before `apply` returns, however
    /// long the list.
    // Inlined into the app's code, specialised for its types: nothing in flight or waiting, and
    // `next` known to equal what is shown, is settled here, as the loop settles it (`step`), where
    // the loop's code, compiled for any item type, spends most of its time looking types up
    // (apply-nochange-10k in `Benchmarks/instructions.sh` guards it).
    @inlinable
    public func apply(
        _ next: Snapshot<SectionID, Item>, animatingDifferences: Bool = true, completion: (@MainActor (ApplyResult) -> Void)? = nil
    ) {
        // A snapshot not yet indexed is checked here, specialised for the app's types: it takes
        // over the index of the newest snapshot when their identifiers are the same, in order;
        // otherwise it is indexed now, and refused if an identifier repeats.
        var next = next
        if next._lazyIndex != nil, let repeated = next._repeatedItem(shownAfter: latestSnapshot) {
            return refuse(repeated, completion: completion)
        }
        if !running, let view, view.canAnimateUpdates, showsWithoutDiff(next) {
            jobFollower?.shownAtOnce(next)
            _snapshot = next.clearingUpdateRequests()
            if let completion { settleUnchanged(calling: completion) }
            return
        }
        enqueue(next, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// Refuses a snapshot that repeats an item identifier, at once: the list keeps what it shows
    /// and what it is heading to.
    @usableFromInline
    func refuse(_ repeated: SnapshotError<SectionID, Item.ID>, completion: (@MainActor (ApplyResult) -> Void)?) {
        guard let diagnostic = ListDiagnostic(repeated: repeated) else { return }
        report(diagnostic)
        completion?(.rejected(diagnostic))
    }

    /// Queues `next` for the loop, as ``apply(_:animatingDifferences:completion:)-(Snapshot<SectionID,Item>,_,_)`` does.
    @usableFromInline
    func enqueue(_ next: Snapshot<SectionID, Item>, animatingDifferences: Bool, completion: (@MainActor (ApplyResult) -> Void)?) {
        enqueue(Job(snapshot: next, mode: animatingDifferences ? .animated : .withoutAnimation, callbacks: completion.map { [$0] } ?? []))
    }

    /// Whether `next` was built from what is on screen, every item equal to it
    /// (`Snapshot(_:updating:)`), with content compared with `==`: the diff is known to be empty,
    /// and is not run. Not while a row the view moved itself waits to be reconciled
    /// (`viewChangedUnderneath`).
    @inlinable
    func showsWithoutDiff(_ next: Snapshot<SectionID, Item>) -> Bool {
        equalityUpdates != nil && !viewChangedUnderneath && next._isKnownUnchanged(from: _snapshot)
    }

    /// Calls an unchanged apply's completion with the driver busy, as the loop calls it: an apply
    /// from the completion waits, and runs in the loop, so chained applies do not deepen the stack.
    @usableFromInline
    func settleUnchanged(calling completion: @escaping @MainActor (ApplyResult) -> Void) {
        running = true
        inFlightCallbacks = [completion]
        finish(.unchanged)
        drain()
    }

    /// Shows `next` with `reloadData`, without a diff (Apple's `applySnapshotUsingReloadData`):
    /// with nothing else in flight, the view shows it before this returns.
    public func applyUsingReloadData(_ next: Snapshot<SectionID, Item>, completion: (@MainActor (ApplyResult) -> Void)? = nil) {
        enqueue(Job(snapshot: next, mode: .reload, callbacks: completion.map { [$0] } ?? []))
    }

    /// The newest state the view is heading to: the snapshot waiting to be applied, or else the
    /// target of the update in flight, or else what is on screen.
    @inlinable
    public var latestSnapshot: Snapshot<SectionID, Item> { running ? latestWhileRunning : _snapshot }

    /// ``latestSnapshot`` while an update runs (when none does, nothing waits or is in flight).
    @usableFromInline
    var latestWhileRunning: Snapshot<SectionID, Item> { pending?.snapshot ?? inFlightTarget ?? snapshot }

    /// Whether an update diffed from a snapshot is in flight (not an edit in place).
    var hasDiffedUpdateInFlight: Bool { inFlightTarget != nil }

    /// Queues `job` for the loop, replacing (and superseding) the one that waits.
    private func enqueue(_ job: Job) {
        let replaced = pending?.callbacks ?? []
        pending = job
        jobFollower?.queued(job.snapshot)
        for callback in replaced { callback(.superseded) }
        guard !running else { return }
        running = true
        drain()
    }

    // MARK: The loop

    /// Runs the next job, and the ones after it as long as they finish synchronously.
    func drain() {
        if looping {
            loopAgain = true
            return
        }
        looping = true
        defer { looping = false }
        repeat {
            loopAgain = false
            step()
        } while loopAgain
    }

    /// Starts the pending job, or, when there is none, finishes the run and calls the waiters.
    private func step() {
        guard var job = pending else {
            running = false
            viewChangedUnderneath = false
            endAnchorOverride()
            let done = idleWaiters
            idleWaiters = []
            for waiter in done { waiter() }
            return
        }
        pending = nil
        inFlightTarget = job.snapshot
        inFlightCallbacks = job.callbacks
        jobFollower?.started()
        let source = snapshot
        let large = source.numberOfItems + job.snapshot.numberOfItems > backgroundDiffThreshold
        // A large snapshot's items are checked for repeats off the main actor, with its diff.
        if !large || job.mode == .reload || showingView == nil, let repeated = job.snapshot._repeatsAnItem(shownAfter: source) {
            return reject(repeated)
        }
        guard job.mode != .reload, showingView != nil else {
            return reload(to: job.snapshot, because: job.mode == .reload ? .requested : .notShowing)
        }
        let animated = job.mode == .animated
        jobFollower?.markOutlineChanges(in: &job.snapshot, from: source)
        if showsWithoutDiff(job.snapshot) { return settle(on: job.snapshot, .unchanged) }
        let classify = Differ.Content(updateKind: updateKind, equalityUpdates: equalityUpdates)
        let keepsCell = canReconfigure, diff = differ.run
        if large {
            let target = job.snapshot
            Task { @MainActor in
                let (changeset, repeated) = await Task.detached(priority: .userInitiated) { () -> (Changeset<SectionID, Item>?, ListDiagnostic?) in
                    var target = target
                    if let repeated = target._repeatsAnItem(shownAfter: source) { return (nil, repeated) }
                    return (diff(source, target, classify, keepsCell), nil)
                }.value
                if let changeset { self.perform(changeset, stage: 0, animated: animated) } else if let repeated { self.reject(repeated) }
            }
        } else {
            perform(diff(source, job.snapshot, classify, keepsCell), stage: 0, animated: animated)
        }
    }

    /// Ends the job in flight without showing its snapshot, which repeats an item identifier; the
    /// list keeps what it shows, and goes on to the next job.
    private func reject(_ diagnostic: ListDiagnostic) {
        inFlightTarget = nil
        report(diagnostic)
        finish(.rejected(diagnostic))
        drain()
    }

    /// Hands `result` to the callbacks of the job in flight.
    func finish(_ result: ApplyResult) {
        let callbacks = inFlightCallbacks
        inFlightCallbacks = []
        for callback in callbacks { callback(result) }
    }

    private func perform(_ changeset: Changeset<SectionID, Item>, stage index: Int, animated: Bool) {
        if viewChangedUnderneath {
            viewChangedUnderneath = false
            // The view moved a row itself: diff to the same target again, from what it shows now.
            if pending == nil {
                pending = Job(snapshot: changeset.target, mode: animated ? .animated : .withoutAnimation, callbacks: inFlightCallbacks)
                jobFollower?.requeued()
                inFlightCallbacks = []
            } else {
                finish(.superseded)
            }
            inFlightTarget = nil
            return drain()
        }
        if index == 0 && !changeset.stages.isEmpty {
            onChangeset?(changeset)
            if changesetHistoryLimit > 0 {
                appliedChangesets.append(changeset)
                Self.trim(&appliedChangesets, to: changesetHistoryLimit)
            }
        }
        guard index < changeset.stages.count else {
            return settle(on: changeset.target, changeset.stages.isEmpty ? .unchanged : .batchUpdates(animated: animated))
        }
        // A newer snapshot arrived: stop here; the loop diffs from this stage's state to it.
        if index > 0 && pending != nil && showingView != nil {
            finish(.superseded)
            return drain()
        }
        let stage = changeset.stages[index]
        let counts = (before: differ.itemCounts(snapshot), after: differ.itemCounts(stage.snapshot))
        switch gate(stage.update, changes: index == 0 ? changeset.statistics.changeCount : nil, counts.before, counts.after) {
        case .reload(let reason):
            reload(to: changeset.target, because: reason)
        case .batch(let view):
            view.performBatchUpdates(
                stage.update, animated: animated,
                updateData: {
                    self.snapshot = stage.snapshot
                    if index == 0 { self.jobFollower?.firstStageShown() }
                }
            ) {
                self.perform(changeset, stage: index + 1, animated: animated)
            }
        }
    }

    /// Ends the job in flight with `target` on screen, and goes on to the next. The target's reload
    /// and reconfigure requests are carried out: the next diff starts from a snapshot without
    /// them, so they are not carried out again.
    // Inlined: on the unchanged apply's path, a call into this code compiled for any item type
    // looks metadata up (apply-nochange-10k in `instructions.sh` guards it).
    @inline(__always)
    private func settle(on target: Snapshot<SectionID, Item>, _ result: ApplyResult) {
        inFlightTarget = nil
        snapshot = target.clearingUpdateRequests()
        // Its index, built for the check before the diff, in its own storage: read there by the
        // next diff without going through the shared reference.
        snapshot._materializeIndex()
        jobFollower?.settled()
        finish(result)
        drain()
    }

    /// Ends the job in flight with `target` shown through `reloadData`, and goes on to the next.
    private func reload(to target: Snapshot<SectionID, Item>, because reason: ApplyResult.ReloadReason) {
        inFlightTarget = nil
        let shown = shownForReload(snapshot)
        snapshot = target.clearingUpdateRequests()
        snapshot._materializeIndex()
        jobFollower?.settled()
        reloadView(because: reason, replacing: shown)
        finish(.reloaded(reason))
        drain()
    }
}
