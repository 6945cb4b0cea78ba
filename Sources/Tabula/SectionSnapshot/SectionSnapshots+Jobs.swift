/// What the driver tells the section snapshots about its jobs, and what they keep for each state:
/// the trees of the waiting job, of the job in flight, and those the cells on screen may show.
///
/// A cell that draws an outline item's level and disclosure reads them when it is configured, so
/// its drawing is only as new as its last configuration: each update reconfigures every item whose
/// state differs from what its cell may show, whatever was queued, replaced or interrupted in
/// between. Each hook does nothing while no section of the list is an outline.
extension SectionSnapshots {
    /// Whether a section of the list, shown or heading to be shown, is an outline.
    @usableFromInline
    var hasOutlines: Bool { !trees.isEmpty }

    /// A job for `snapshot` was queued, replacing the one that waited: the trees whose sections it
    /// changes another way are forgotten, and the rest go with the job.
    ///
    /// - Complexity: O(*v*) for the trees' *v* visible items.
    func queued(_ snapshot: Snapshot<SectionID, Item>) {
        guard hasOutlines else { return }
        trees.keepTrees(matching: snapshot)
        pendingTrees = trees.trees
    }

    /// The waiting job starts: its trees are now those of the job in flight.
    func started() {
        guard hasOutlines else { return }
        inFlightTrees = pendingTrees
    }

    /// Marks in `target`, the snapshot of the job in flight, every item that `source` (on screen)
    /// shows too and whose outline state differs from one its cell may show, so that the diff
    /// reconfigures its cell.
    func markOutlineChanges(in target: inout Snapshot<SectionID, Item>, from source: Snapshot<SectionID, Item>) {
        guard hasOutlines else { return }
        trees.markOutlineChanges(in: &target, from: source, to: inFlightTrees)
    }

    /// The job in flight was interrupted before its first stage (the view moved a row) and waits
    /// again, with its trees.
    func requeued() {
        guard hasOutlines else { return }
        pendingTrees = inFlightTrees
    }

    /// The first stage of the job in flight reaches the view: the cells it configures show the
    /// job's trees, those it has not reached yet the older ones.
    func firstStageShown() {
        guard hasOutlines else { return }
        trees.beginShowing(inFlightTrees)
    }

    /// The job in flight is on screen, through batch updates or a reload: the cells show its trees.
    func settled() {
        guard hasOutlines else { return }
        trees.settle(on: inFlightTrees)
    }

    /// `snapshot` went on screen with nothing in flight (an unchanged apply, an edit in place, a
    /// row the view moved): the trees it changes another way are forgotten, and the cells show the
    /// rest.
    @usableFromInline
    func shownAtOnce(_ snapshot: Snapshot<SectionID, Item>) {
        guard hasOutlines else { return }
        trees.keepTrees(matching: snapshot)
        trees.settle(on: trees.trees)
    }
}
