/// The gate every batch passes on its way to the view, whether it comes from a diff or from an
/// edit in place: a view that is not showing, a change over ``ListDriver/reloadThreshold``, or a
/// failed check (the view's counts, UIKit's rules) shows the list with `reloadData` instead.
extension ListDriver {
    /// What the gate decides for one batch.
    @usableFromInline
    enum Gate {
        /// The batch goes to this view.
        case batch(any ListViewUpdating)
        /// The list is reloaded instead, for this reason.
        case reload(ApplyResult.ReloadReason)
    }

    /// The view, when it can show batch updates: it has loaded and is in a window.
    @usableFromInline
    var showingView: (any ListViewUpdating)? {
        guard let view, view.canAnimateUpdates else { return nil }
        return view
    }

    /// Whether `update` may reach the view, which shows `before` items a section and will show
    /// `after`; `changes` is what ``reloadThreshold`` is compared with (`nil`: not compared, for
    /// the later stages of a changeset, whose first stage was).
    @usableFromInline
    func gate(_ update: BatchUpdate, changes: Int?, _ before: [Int], _ after: [Int]) -> Gate {
        guard let view = showingView else { return .reload(.notShowing) }
        if let reloadThreshold, let changes, changes > reloadThreshold { return .reload(.overThreshold(changes: changes)) }
        if let problem = check(update, before: before, after: after, in: view) { return .reload(.fallback(problem)) }
        return .batch(view)
    }

    /// Why `update` must not reach `view`, or `nil`: the view's counts differ from `before` (the
    /// snapshot the driver believes is on screen), or the update breaks UIKit's rules. A batch of
    /// sorted deletes and inserts, or of distinct reloads and reconfigures alone (what an edit in
    /// place makes), is checked in time proportional to it and the sections; any other batch gets
    /// the full check, which also words what is wrong.
    @usableFromInline
    func check(_ update: BatchUpdate, before: [Int], after: [Int], in view: any ListViewUpdating) -> ListDiagnostic? {
        let shown = view.displayedItemCounts()
        guard shown == before else { return ListDiagnostic(.viewOutOfSync(viewCounts: shown, snapshotCounts: before)) }
        if update._keepsRulesInPlace(before: before, after: after) { return nil }
        do {
            try update.validate(before: before, after: after, flavor: view.flavor, mapItems: false)
            return nil
        } catch {
            return (error as? BatchUpdateError).map { ListDiagnostic(.rejectedStage($0)) } ?? ListDiagnostic(.viewRejectedBatch("\(error)"))
        }
    }

    /// Shows the list with `reloadData` for `reason`, reporting the diagnostic of a failed check.
    /// `shown` is what the view showed until now, kept in ``shownBeforeReload`` while it reloads
    /// (given only when something reads it, ``shownForReload(_:)``, so that no copy is kept
    /// otherwise).
    @usableFromInline
    func reloadView(because reason: ApplyResult.ReloadReason, replacing shown: Snapshot<SectionID, Item>? = nil) {
        if case .fallback(let problem) = reason { report(problem) }
        guard let shown else { return view?.reloadData() ?? () }
        shownBeforeReload = shown
        defer { shownBeforeReload = nil }
        view?.reloadData()
    }

    /// Records a diagnostic (adapters call it when the view itself rejects a batch).
    package func report(_ diagnostic: ListDiagnostic) {
        if diagnosticHistoryLimit > 0 {
            diagnostics.append(diagnostic)
            Self.trim(&diagnostics, to: diagnosticHistoryLimit)
        }
        onDiagnostic?(diagnostic)
    }

    static func trim<T>(_ history: inout [T], to limit: Int) {
        let excess = history.count - max(0, limit)
        if excess > 0 { history.removeFirst(excess) }
    }
}
