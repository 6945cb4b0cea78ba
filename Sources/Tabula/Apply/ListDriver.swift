/// The apply pipeline: turns each new snapshot into animated updates of a view, safely.
///
/// - Serialised: a batch never starts while another is running.
/// - Latest wins: snapshots that arrive while an update is in flight replace each other; only the
///   newest is applied, diffed from whatever is on screen by then.
/// - Off the main actor: snapshots larger than ``backgroundDiffThreshold`` items are diffed in a
///   detached task; the view is touched only on the main actor.
/// - Checked: before each stage, the counts the view reports (``ListViewUpdating/displayedItemCounts()``)
///   are compared with the snapshot the driver believes is on screen, and the stage is checked against UIKit's rules
///   (``BatchUpdate/validate(before:after:flavor:mapItems:shiftedReloads:)``). If either fails, the driver reloads
///   the data instead and reports a ``ListDiagnostic``: the app does not crash.
/// - Falls back to `reloadData` before the first load and when the view is not in a window.
/// - Accountable: each apply reports what became of it (``ApplyResult``): batch updates, a reload
///   and why, nothing to do, or superseded by a newer snapshot before it was shown.
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
    public private(set) var diagnostics: [ListDiagnostic] = []
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

    /// Above this many changes (deleted, inserted, moved and updated items and sections), a diff
    /// is shown with `reloadData` instead of batch updates, as DifferenceKit's `interrupt` does: a
    /// batch that touches most of a list animates worse than a reload and costs more. `nil` (the
    /// default): always animate.
    public var reloadThreshold: Int?

    @usableFromInline let updateKind: @Sendable (Item, Item) -> UpdateKind?
    /// For items compared with `==`: the kind a changed item gets, so that the diff calls `==`
    /// inline instead of through ``updateKind``.
    @usableFromInline private(set) var equalityUpdates: UpdateKind?
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
    /// Whether an update diffed from a snapshot is in flight (not an edit in place).
    var hasDiffedUpdateInFlight: Bool { inFlightTarget != nil }
    /// The trees of the outline sections of the pending job's snapshot (kept apart from the job,
    /// so that a list without outlines never copies them).
    var pendingTrees: SectionTrees<SectionID, Item>.Trees = [:]
    /// The trees of the outline sections of ``inFlightTarget``.
    private var inFlightTrees: SectionTrees<SectionID, Item>.Trees = [:]
    /// Called once the driver has nothing running and nothing waiting.
    private var idleWaiters: [@MainActor () -> Void] = []
    /// The view changed itself (an interactive move) while a changeset was in flight: that
    /// changeset starts from a state the screen no longer shows, so its target is diffed again.
    @usableFromInline private(set) var viewChangedUnderneath = false
    /// Stops the ``ListSource`` shown through ``show(_:)`` (and keeps it alive until then).
    var currentSourceStop: (@MainActor () -> Void)?
    /// Whether ``drain()``'s loop is on the stack, and whether something asked it to go round
    /// again: work that finishes synchronously (a reload, a view that completes batches at once, a
    /// completion handler that applies the next snapshot) continues the loop instead of recursing,
    /// so any number of chained applies runs in constant stack.
    private var looping = false
    private var loopAgain = false
    /// The section snapshots applied to sections, and the expansion handlers
    /// (`ListDriver+SectionSnapshot.swift`).
    @usableFromInline var sectionTrees = SectionTrees<SectionID, Item>()

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

    /// Declares that ``updateKind`` compares content as the diff does (`==`, or the same bytes: see
    /// `_sameContent`), a changed item getting `updates` (a reconfigure that
    /// ``canReconfigure`` refuses becomes a reload, in the diff as in `cheapestUpdate`): the
    /// specialised diff then calls `==` inline. For the `Equatable` initialisers of the driver and
    /// the adapters, which call it on their new driver.
    @usableFromInline
    package func _comparesWithEquality(updates: UpdateKind) {
        equalityUpdates = updates
    }

    /// How the driver computes changesets: ``Changeset/init(from:to:updateKind:canReconfigure:)``,
    /// compiled for the types of the code that creates the driver.
    ///
    /// The driver is compiled once, in Tabula, for any item type: a diff called from its own code
    /// hashes and compares through witness tables. `specialised` is inlinable and is the default
    /// argument of the driver's and the adapters' initialisers, so it is built where you create
    /// them, for your types, and the diff the driver runs is as fast as one you call yourself. For
    /// `Equatable` items an overload of `specialised` also compiles `==` into the diff, for drivers
    /// that compare content with it.
    public struct Differ: Sendable {
        @usableFromInline let run:
            @Sendable (
                Snapshot<SectionID, Item>, Snapshot<SectionID, Item>, Content, (@Sendable (Item, Item) -> Bool)?
            ) -> Changeset<SectionID, Item>

        /// ``Snapshot/itemCounts``, specialised too: the driver counts every stage's items.
        @usableFromInline let itemCounts: @Sendable (Snapshot<SectionID, Item>) -> [Int]

        // Inlinable, so that `itemCounts` is built for your types where `specialised` is evaluated.
        @inlinable
        init(
            run: @escaping @Sendable (
                Snapshot<SectionID, Item>, Snapshot<SectionID, Item>, Content, (@Sendable (Item, Item) -> Bool)?
            ) -> Changeset<SectionID, Item>
        ) {
            self.run = run
            self.itemCounts = { $0.itemCounts }
        }

        /// How the driver classifies content: its `updateKind`, and, when that is `==`, the kind a
        /// changed item gets.
        @usableFromInline
        struct Content: Sendable {
            @usableFromInline let updateKind: @Sendable (Item, Item) -> UpdateKind?
            @usableFromInline let equalityUpdates: UpdateKind?

            init(updateKind: @escaping @Sendable (Item, Item) -> UpdateKind?, equalityUpdates: UpdateKind?) {
                self.updateKind = updateKind
                self.equalityUpdates = equalityUpdates
            }
        }

        /// The diff, specialised where this is evaluated.
        @inlinable
        public static var specialised: Differ {
            Differ { source, target, content, canReconfigure in
                Changeset(from: source, to: target, updateKind: content.updateKind, canReconfigure: canReconfigure)
            }
        }
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
        if !running, let view, view.canAnimateUpdates, showsWithoutDiff(next) {
            settleSectionTrees(matching: next)
            _snapshot = next.clearingUpdateRequests()
            if let completion { settleUnchanged(calling: completion) }
            return
        }
        enqueue(next, animatingDifferences: animatingDifferences, completion: completion)
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

    /// Queues `next` for the loop, as ``apply(_:animatingDifferences:completion:)`` does.
    @usableFromInline
    func enqueue(_ next: Snapshot<SectionID, Item>, animatingDifferences: Bool, completion: (@MainActor (ApplyResult) -> Void)?) {
        enqueue(Job(snapshot: next, mode: animatingDifferences ? .animated : .withoutAnimation, callbacks: completion.map { [$0] } ?? []))
    }

    /// Shows `next` as batch updates and returns what became of it: see
    /// ``apply(_:animatingDifferences:completion:)``.
    @discardableResult
    public func apply(_ next: Snapshot<SectionID, Item>, animatingDifferences: Bool = true) async -> ApplyResult {
        await withCheckedContinuation { (continuation: CheckedContinuation<ApplyResult, Never>) in
            apply(next, animatingDifferences: animatingDifferences) { continuation.resume(returning: $0) }
        }
    }

    /// Shows `next` with `reloadData`, without a diff (Apple's `applySnapshotUsingReloadData`).
    public func applyUsingReloadData(_ next: Snapshot<SectionID, Item>, completion: (@MainActor (ApplyResult) -> Void)? = nil) {
        enqueue(Job(snapshot: next, mode: .reload, callbacks: completion.map { [$0] } ?? []))
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

    private func enqueue(_ job: Job) {
        let replaced = pending?.callbacks ?? []
        pending = job
        if !sectionTrees.isEmpty {
            forgetChangedSectionTrees(matching: job.snapshot)
            pendingTrees = sectionTrees.trees
        }
        for callback in replaced { callback(.superseded) }
        guard !running else { return }
        running = true
        drain()
    }

    /// The newest state the view is heading to: the snapshot waiting to be applied, or else the
    /// target of the update in flight, or else what is on screen.
    @inlinable
    public var latestSnapshot: Snapshot<SectionID, Item> { running ? latestWhileRunning : _snapshot }

    /// ``latestSnapshot`` while an update runs (when none does, nothing waits or is in flight).
    @usableFromInline
    var latestWhileRunning: Snapshot<SectionID, Item> { pending?.snapshot ?? inFlightTarget ?? snapshot }

    /// Applies an edit the user made (a swipe to delete, say) on top of ``latestSnapshot``, so a
    /// live update that is still waiting is kept, not replaced.
    ///
    /// - Returns: the snapshot applied.
    /// - Throws: whatever `edit` throws (a ``SnapshotError`` when the item is already gone from the
    ///   newest state); nothing is applied then.
    @discardableResult
    public func applyEdit(animatingDifferences: Bool = true, _ edit: (inout Snapshot<SectionID, Item>) throws -> Void) rethrows -> Snapshot<SectionID, Item> {
        var next = latestSnapshot
        try edit(&next)
        apply(next, animatingDifferences: animatingDifferences, completion: nil)
        return next
    }

    /// Records a move the view made itself (an interactive reorder has already moved the row):
    /// the snapshot on screen gets it at once, without touching the view, and a snapshot still
    /// waiting gets the same move by identity (next to the same neighbour), so neither the move
    /// nor the waiting update is lost.
    ///
    /// In a section shown as an outline (``apply(_:to:animatingDifferences:completion:)``), the
    /// item moves among its siblings, where its row landed, and its children follow it; a move
    /// into or out of such a section is animated back and reported as
    /// ``ListDiagnostic/Kind/refusedMove(item:from:to:)``. Adapters keep rows where they may
    /// land while the user drags them.
    ///
    /// - Returns: the snapshot now on screen.
    /// - Throws: ``SnapshotError/itemPathOutOfRange(_:itemsInSection:)`` for a bad path; nothing
    ///   changes then.
    @discardableResult
    public func acknowledgeMove(from source: ItemPath, to destination: ItemPath) throws -> Snapshot<SectionID, Item> {
        let item = try snapshot.existingItem(at: source)
        let shown = snapshot
        var next = snapshot
        try next.moveItem(at: source, to: destination)
        snapshot = next
        if running { viewChangedUnderneath = true }
        if acknowledgeOutlineMove(of: item.id, from: source, to: destination, before: shown) { return next }
        if !running { settleSectionTrees(matching: next) }
        if var waiting = pending, let path = next.itemPath(for: item.id), let section = next.section(at: path.section) {
            let before = path.item > 0 ? section.items[path.item - 1].id : nil
            let after = path.item + 1 < section.items.count ? section.items[path.item + 1].id : nil
            if let before, waiting.snapshot.contains(before), (try? waiting.snapshot.moveItem(item.id, afterItem: before)) != nil {
                pending = waiting
            } else if let after, waiting.snapshot.contains(after), (try? waiting.snapshot.moveItem(item.id, beforeItem: after)) != nil {
                pending = waiting
            }
        }
        if let waiting = pending, !sectionTrees.isEmpty {
            keepSectionTrees(matching: waiting.snapshot)
            pendingTrees = sectionTrees.trees
        }
        return next
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
            let done = idleWaiters
            idleWaiters = []
            for waiter in done { waiter() }
            return
        }
        pending = nil
        inFlightTarget = job.snapshot
        if !sectionTrees.isEmpty { inFlightTrees = pendingTrees }
        inFlightCallbacks = job.callbacks
        guard let view, view.canAnimateUpdates, job.mode != .reload else {
            inFlightTarget = nil
            snapshot = job.snapshot.clearingUpdateRequests()
            if !sectionTrees.isEmpty { sectionTrees.settle(on: inFlightTrees) }
            self.view?.reloadData()
            finish(.reloaded(job.mode == .reload ? .requested : .notShowing))
            drain()
            return
        }
        let animated = job.mode == .animated
        let source = snapshot
        // Cells draw an outline item's state as it was when they were configured: those whose
        // state differs from the target's are configured again.
        if !sectionTrees.isEmpty { sectionTrees.markOutlineChanges(in: &job.snapshot, from: source, to: inFlightTrees) }
        if showsWithoutDiff(job.snapshot) {
            settle(on: job.snapshot, .unchanged)
            return
        }
        let classify = Differ.Content(updateKind: updateKind, equalityUpdates: equalityUpdates)
        let keepsCell = canReconfigure, diff = differ.run
        if source.numberOfItems + job.snapshot.numberOfItems > backgroundDiffThreshold {
            let target = job.snapshot
            Task { @MainActor in
                let changeset = await Task.detached(priority: .userInitiated) {
                    diff(source, target, classify, keepsCell)
                }.value
                self.perform(changeset, stage: 0, animated: animated)
            }
        } else {
            perform(diff(source, job.snapshot, classify, keepsCell), stage: 0, animated: animated)
        }
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
                if !sectionTrees.isEmpty { pendingTrees = inFlightTrees }
                inFlightCallbacks = []
            } else {
                finish(.superseded)
            }
            inFlightTarget = nil
            drain()
            return
        }
        if index >= changeset.stages.count { inFlightTarget = nil }
        if index == 0 && !changeset.stages.isEmpty {
            onChangeset?(changeset)
            if changesetHistoryLimit > 0 {
                appliedChangesets.append(changeset)
                Self.trim(&appliedChangesets, to: changesetHistoryLimit)
            }
        }
        guard index < changeset.stages.count else {
            settle(on: changeset.target, changeset.stages.isEmpty ? .unchanged : .batchUpdates(animated: animated))
            return
        }
        // The view went away or out of its window mid-update: show the target without animating.
        guard let view, view.canAnimateUpdates else {
            reload(to: changeset.target, because: .notShowing)
            drain()
            return
        }
        // A newer snapshot arrived: stop here; the loop diffs from this stage's state to it.
        if index > 0 && pending != nil {
            finish(.superseded)
            drain()
            return
        }
        if index == 0, let reloadThreshold, changeset.statistics.changeCount > reloadThreshold {
            reload(to: changeset.target, because: .overThreshold(changes: changeset.statistics.changeCount))
            drain()
            return
        }
        let stage = changeset.stages[index]
        let after = differ.itemCounts(stage.snapshot)
        if let problem = check(stage.update, before: differ.itemCounts(snapshot), after: after, in: view) {
            reload(to: changeset.target, because: .fallback(problem))
            drain()
            return
        }
        view.performBatchUpdates(
            stage.update, animated: animated,
            updateData: {
                self.snapshot = stage.snapshot
                if index == 0 && !self.sectionTrees.isEmpty { self.sectionTrees.beginShowing(self.inFlightTrees) }
            }
        ) {
            self.perform(changeset, stage: index + 1, animated: animated)
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
        if !sectionTrees.isEmpty { sectionTrees.settle(on: inFlightTrees) }
        finish(result)
        drain()
    }

    /// Why `update` must not reach `view`, or `nil`: the view's counts differ from `before` (the
    /// snapshot the driver believes is on screen), or the update breaks UIKit's rules.
    func check(_ update: BatchUpdate, before: [Int], after: [Int], in view: any ListViewUpdating) -> ListDiagnostic? {
        let shown = view.displayedItemCounts()
        guard shown == before else { return ListDiagnostic(.viewOutOfSync(viewCounts: shown, snapshotCounts: before)) }
        do {
            try update.validate(before: before, after: after, flavor: view.flavor, mapItems: false)
            return nil
        } catch {
            return (error as? BatchUpdateError).map { ListDiagnostic(.rejectedStage($0)) } ?? ListDiagnostic(.viewRejectedBatch("\(error)"))
        }
    }

    private func reload(to target: Snapshot<SectionID, Item>, because reason: ApplyResult.ReloadReason) {
        inFlightTarget = nil
        if case .fallback(let diagnostic) = reason { report(diagnostic) }
        snapshot = target.clearingUpdateRequests()
        if !sectionTrees.isEmpty { sectionTrees.settle(on: inFlightTrees) }
        view?.reloadData()
        finish(.reloaded(reason))
    }

    /// Records a diagnostic (adapters call it when the view itself rejects a batch).
    public func report(_ diagnostic: ListDiagnostic) {
        if diagnosticHistoryLimit > 0 {
            diagnostics.append(diagnostic)
            Self.trim(&diagnostics, to: diagnosticHistoryLimit)
        }
        onDiagnostic?(diagnostic)
    }

    private static func trim<T>(_ history: inout [T], to limit: Int) {
        let excess = history.count - max(0, limit)
        if excess > 0 { history.removeFirst(excess) }
    }
}

extension ListDriver where Item: Equatable {
    /// Creates a driver that compares content with `==` and updates changed items with `updates`.
    ///
    /// As in `Changeset(from:to:)`, items with the same bytes are equal without a call to `==`.
    // Inlinable so that `==`, run for every item the diff matches, is specialised for your type.
    @inlinable
    public convenience init(
        snapshot: Snapshot<SectionID, Item> = Snapshot(), updates: UpdateKind = .reload,
        canReconfigure: (@Sendable (Item, Item) -> Bool)? = nil, differ: Differ = .specialised
    ) {
        self.init(snapshot: snapshot, updateKind: { _sameContent($0, $1) ? nil : updates }, canReconfigure: canReconfigure, differ: differ)
        _comparesWithEquality(updates: updates)
    }
}

extension ListDriver.Differ where Item: Equatable {
    /// The diff, specialised where this is evaluated; for a driver that compares content with
    /// `==`, the specialised diff calls `==` inline, not through a closure, for every item it
    /// matches.
    @inlinable
    public static var specialised: ListDriver.Differ {
        ListDriver.Differ { source, target, content, canReconfigure in
            guard let updates = content.equalityUpdates else {
                return Changeset(from: source, to: target, updateKind: content.updateKind, canReconfigure: canReconfigure)
            }
            return Changeset(from: source, to: target, classifier: _EqualityClassifier(updates: updates), canReconfigure: canReconfigure)
        }
    }
}
