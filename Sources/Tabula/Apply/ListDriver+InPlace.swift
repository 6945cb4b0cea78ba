/// Small edits shown without a diff: the snapshot on screen is edited in place and the batch update
/// is known from the edit itself, so changing one row of a long list costs O(1), not O(*n*).
///
/// ```swift
/// try adapter.driver.updateItems([download])                 // reconfigures (or reloads) its cell
/// try adapter.driver.appendItems(page, toSection: "feed")    // inserts at the end
/// try adapter.driver.deleteItems([message.id])
/// ```
///
/// Each goes through the same checks as ``ListDriver/apply(_:animatingDifferences:completion:)``
/// (the view's counts, UIKit's rules, a reload when the view is not showing) and reports an
/// ``ApplyResult`` to `completion`. While another update is in flight, the edit is made on top of
/// ``ListDriver/latestSnapshot`` and shown through a diff, as ``ListDriver/applyEdit(animatingDifferences:_:)``
/// does, so nothing waiting is lost. These edits are not recorded as changesets
/// (``ListDriver/onChangeset`` does not see them).
extension ListDriver {
    /// Replaces items, matched by identifier, in the list on screen, and updates the cells of those
    /// whose content changed: a reconfigure or a reload, as the driver's `updateKind` and
    /// `canReconfigure` decide. An item named more than once takes its last value, in one update of
    /// its cell.
    ///
    /// - Throws: ``SnapshotError/unknownItem(_:)`` naming the first identifier not shown; nothing
    ///   changes then.
    /// - Complexity: O(*k*) for *k* items, when no other update is in flight.
    @inlinable
    public func updateItems(
        _ items: [Item], animatingDifferences: Bool = true, completion: (@MainActor (ApplyResult) -> Void)? = nil
    ) throws {
        try applyInPlace(InPlaceEdit<SectionID, Item>(updates: items), animated: animatingDifferences, completion: completion)
    }

    /// Appends items to the end of the section `section` (the last section when `nil`) in the list
    /// on screen, as inserts.
    ///
    /// - Throws: ``SnapshotError/noSections``, ``SnapshotError/unknownSection(_:)``, or
    ///   ``SnapshotError/duplicateItem(_:first:second:)`` naming both positions; nothing changes
    ///   then.
    /// - Complexity: O(*k*) for *k* items, when no other update is in flight.
    @inlinable
    public func appendItems(
        _ items: [Item], toSection section: SectionID? = nil, animatingDifferences: Bool = true,
        completion: (@MainActor (ApplyResult) -> Void)? = nil
    ) throws {
        try applyInPlace(InPlaceEdit<SectionID, Item>(appends: items, section: section), animated: animatingDifferences, completion: completion)
    }

    /// Deletes the items with these identifiers from the list on screen.
    ///
    /// - Throws: ``SnapshotError/unknownItem(_:)`` naming the first identifier not shown; nothing
    ///   changes then.
    /// - Complexity: O(*k* log *k* + *r*) for *k* identifiers and the *r* items after the first
    ///   deleted one in its section, when no other update is in flight.
    @inlinable
    public func deleteItems(
        _ identifiers: [Item.ID], animatingDifferences: Bool = true, completion: (@MainActor (ApplyResult) -> Void)? = nil
    ) throws {
        try applyInPlace(InPlaceEdit<SectionID, Item>(deletions: identifiers), animated: animatingDifferences, completion: completion)
    }

    /// Shows `edit` in one batch of known updates, or through a diff while another update runs.
    // Inlined into the app's code, specialised for its types: compiled for any item type, the
    // edit spent most of its instructions looking types up (append-one-100k, update-one-100k and
    // delete-one-100k in `Benchmarks/instructions.sh`).
    @inlinable
    func applyInPlace(_ edit: InPlaceEdit<SectionID, Item>, animated: Bool, completion: (@MainActor (ApplyResult) -> Void)?) throws {
        // While an update runs, or when an outline's rows come or go (which cells must show a
        // new outline state is decided against the trees), the edit goes through the diff.
        if running || (!sectionTrees.isEmpty && (!edit.deletions.isEmpty || !edit.appends.isEmpty)) {
            var next = latestSnapshot
            try edit.perform(on: &next)
            apply(next, animatingDifferences: animated, completion: completion)
            return
        }
        let (update, cellUpdates, before, after) = try edit.batchUpdate(on: _snapshot, updateKind: updateKind, canReconfigure: canReconfigure)
        let done = completion ?? { _ in }
        // Validated above: the edit cannot throw on this snapshot, and leaves it unchanged if it did.
        func commit() {
            try? edit.perform(on: &_snapshot, validated: true)
            if !edit.deletions.isEmpty || !edit.appends.isEmpty { settleSectionTrees(matching: _snapshot) }
        }
        guard !update.isEmpty || cellUpdates else {
            commit()
            done(.unchanged)
            return
        }
        // Shown without a batch, as `apply` would show it.
        func reload(because reason: ApplyResult.ReloadReason) {
            commit()
            if case .fallback(let problem) = reason { report(problem) }
            view?.reloadData()
            done(.reloaded(reason))
        }
        guard let view, view.canAnimateUpdates else { return reload(because: .notShowing) }
        if let reloadThreshold, update.operationCount > reloadThreshold {
            return reload(because: .overThreshold(changes: update.operationCount))
        }
        if let problem = checkInPlace(update, before: before, after: after, in: view) { return reload(because: .fallback(problem)) }
        running = true
        inFlightCallbacks = completion.map { [$0] } ?? []
        view.performBatchUpdates(update, animated: animated, updateData: commit) {
            self.finishInPlace(animated: animated)
        }
    }

    /// Ends an edit shown in place, and goes on to what waits.
    @usableFromInline
    func finishInPlace(animated: Bool) {
        finish(.batchUpdates(animated: animated))
        drain()
    }

    /// ``check(_:before:after:in:)`` for a batch built by ``InPlaceEdit``, in time proportional to
    /// the edit and the sections: the view's counts must be `before`, and a batch of deletes and
    /// inserts, or of reloads and reconfigures alone, with its paths sorted or distinct, in range,
    /// and the counts `after` adding up, keeps UIKit's rules. Any other batch gets the full check,
    /// which also words what is wrong.
    @usableFromInline
    func checkInPlace(_ update: BatchUpdate, before: [Int], after: [Int], in view: any ListViewUpdating) -> ListDiagnostic? {
        let shown = view.displayedItemCounts()
        guard shown == before else { return ListDiagnostic(.viewOutOfSync(viewCounts: shown, snapshotCounts: before)) }
        return update._keepsRulesInPlace(before: before, after: after) ? nil : check(update, before: before, after: after, in: view)
    }
}

extension BatchUpdate {
    /// Whether this batch of item deletes (sorted, before the update) and inserts (sorted, after
    /// it), or of reloads and reconfigures alone (distinct), keeps UIKit's rules for a view with
    /// `before` items a section before the update and `after` after it. `false` does not say the
    /// batch breaks them: ``validate(before:after:flavor:mapItems:shiftedReloads:)`` decides.
    ///
    /// - Complexity: O(*s* + *k* log *k*) for *s* sections and *k* reloads and reconfigures, plus
    ///   the deletes and inserts.
    func _keepsRulesInPlace(before: [Int], after: [Int]) -> Bool {
        guard deletedSections.isEmpty, insertedSections.isEmpty, movedSections.isEmpty, movedItems.isEmpty,
            updatedSectionTitles.isEmpty, before.count == after.count
        else { return false }
        let updated = reloadedItems.count + reconfiguredItems.count
        if updated > 0 {
            guard deletedItems.isEmpty, insertedItems.isEmpty, before == after else { return false }
            func shown(_ path: ItemPath) -> Bool { before.indices.contains(path.section) && path.item >= 0 && path.item < before[path.section] }
            guard reloadedItems.allSatisfy(shown), reconfiguredItems.allSatisfy(shown) else { return false }
            guard updated > 1 else { return true }
            let paths = (reloadedItems + reconfiguredItems).sorted()
            return zip(paths, paths.dropFirst()).allSatisfy { $0 < $1 }
        }
        // Both lists sorted: one walk through the sections counts each section's deletes and
        // inserts, without a copy of the counts.
        var d = 0, i = 0
        for section in before.indices {
            var deleted = 0, inserted = 0
            while d < deletedItems.count, deletedItems[d].section == section {
                let path = deletedItems[d]
                guard path.item >= 0, path.item < before[section], d == 0 || deletedItems[d - 1] < path else { return false }
                deleted += 1
                d += 1
            }
            while i < insertedItems.count, insertedItems[i].section == section {
                let path = insertedItems[i]
                guard path.item >= 0, path.item < after[section], i == 0 || insertedItems[i - 1] < path else { return false }
                inserted += 1
                i += 1
            }
            guard after[section] == before[section] - deleted + inserted else { return false }
        }
        // A path left over is out of order or outside every section.
        return d == deletedItems.count && i == insertedItems.count
    }
}

/// An edit whose batch update is known without a diff: deletions and appends (one batch: deletes
/// use the old positions, inserts the new ones), or content updates alone.
@usableFromInline
struct InPlaceEdit<SectionID: Hashable & Sendable, Item: Identifiable> where Item.ID: Sendable {
    @usableFromInline typealias Failure = SnapshotError<SectionID, Item.ID>

    @usableFromInline var deletions: [Item.ID] = []
    @usableFromInline var appends: [Item] = []
    @usableFromInline var section: SectionID?
    @usableFromInline var updates: [Item] = []

    /// Makes the edit; throws, leaving `snapshot` unchanged, where ``batchUpdate(on:updateKind:canReconfigure:)`` does.
    /// `validated`: ``batchUpdate(on:updateKind:canReconfigure:)`` has just checked the edit on
    /// this snapshot, so the appends are not checked for repeats again.
    @inlinable
    func perform(on snapshot: inout Snapshot<SectionID, Item>, validated: Bool = false) throws {
        if !updates.isEmpty { try snapshot.updateItems(updates) }
        if !deletions.isEmpty { try snapshot.deleteItems(deletions) }
        if !appends.isEmpty { try snapshot._appendItems(appends, toSection: section, checked: !validated) }
    }

    /// The batch update that shows the edit, checking it against `snapshot` without changing it;
    /// whether any cell's content changed; and the item counts before and after.
    ///
    /// - Throws: what ``perform(on:)`` would throw: an unknown identifier, an unknown section, or a
    ///   duplicate identifier naming both positions.
    @inlinable
    func batchUpdate(
        on snapshot: Snapshot<SectionID, Item>, updateKind: (Item, Item) -> UpdateKind?, canReconfigure: ((Item, Item) -> Bool)?
    ) throws -> (BatchUpdate, cellUpdates: Bool, before: [Int], after: [Int]) {
        var update = BatchUpdate()
        var cellUpdates = false
        // An item named more than once is updated once, to its last value, as `perform` leaves it:
        // two updates of one row in a batch are rejected.
        var last = [Item.ID: Int]()
        if updates.count > 1 {
            last.reserveCapacity(updates.count)
            for (k, item) in updates.enumerated() { last[item.id] = k }
        }
        for (k, item) in updates.enumerated() {
            guard let path = snapshot.itemPath(for: item.id), let old = snapshot.item(at: path) else { throw Failure.unknownItem(item.id) }
            if updates.count > 1 && last[item.id] != k { continue }
            guard let kind = updateKind(old, item) else { continue }
            if kind == .reconfigure && canReconfigure?(old, item) ?? true {
                update.reconfiguredItems.append(path)
            } else {
                update.reloadedItems.append(path)
            }
            cellUpdates = true
        }
        var deleted = Set<Item.ID>(minimumCapacity: deletions.count)
        let before = snapshot.itemCounts
        var remaining = before
        for id in deletions where deleted.insert(id).inserted {
            guard let path = snapshot.itemPath(for: id) else { throw Failure.unknownItem(id) }
            update.deletedItems.append(path)
            remaining[path.section] -= 1
        }
        update.deletedItems.sort()
        guard !appends.isEmpty else { return (update, cellUpdates, before, remaining) }
        let index = try snapshot._appendSectionIndex(section)
        try snapshot._checkNewItems(appends, at: ItemPath(item: before[index], section: index), leaving: deleted)
        update.insertedItems = (0..<appends.count).map { ItemPath(item: remaining[index] + $0, section: index) }
        remaining[index] += appends.count
        return (update, cellUpdates, before, remaining)
    }
}

// In an extension, so that the memberwise initialiser stays.
extension InPlaceEdit {
    @inlinable
    init(updates: [Item]) { self.updates = updates }

    @inlinable
    init(appends: [Item], section: SectionID?) {
        self.appends = appends
        self.section = section
    }

    @inlinable
    init(deletions: [Item.ID]) { self.deletions = deletions }
}
