/// Small edits shown without a diff: the snapshot on screen is edited in place and the batch update
/// is known from the edit itself, so changing one row of a long list costs O(1), not O(*n*).
///
/// ```swift
/// try adapter.driver.apply(.update([download]))                 // reconfigures (or reloads) its cell
/// try adapter.driver.apply(.append(page, toSection: "feed"))    // inserts at the end
/// try adapter.driver.apply(.delete([message.id]))
/// ```
///
/// Each goes through the same gate as ``ListDriver/apply(_:animatingDifferences:completion:)-(Snapshot<SectionID,Item>,_,_)``
/// (a reload when the view is not showing, over the threshold, or when the view's counts or
/// UIKit's rules say no) and reports an ``ApplyResult`` to `completion`. While another update is
/// in flight, the edit is made on top of ``ListDriver/latestSnapshot`` and shown through a diff,
/// so nothing waiting is lost. These edits are not recorded as changesets
/// (``ListDriver/onChangeset`` does not see them).
extension ListDriver {
    /// Shows `edit`, made to the list on screen, as one batch of known updates: O(*k*) for an
    /// edit of *k* items when no other update is in flight (a deletion also moves the *r* items
    /// after it in its section, O(*k* log *k* + *r*)).
    ///
    /// - Throws: what the edit throws against the newest snapshot: ``SnapshotError/unknownItem(_:)``
    ///   naming the first identifier not shown, ``SnapshotError/noSections``,
    ///   ``SnapshotError/unknownSection(_:)``, or ``SnapshotError/duplicateItem(_:first:second:)``
    ///   naming both positions; nothing changes then.
    // Inlined into the app's code, specialised for its types: compiled for any item type, the
    // edit spent most of its instructions looking types up (append-one-100k, update-one-100k and
    // delete-one-100k in `Benchmarks/instructions.sh`).
    @inlinable
    public func apply(
        _ edit: InPlaceEdit<SectionID, Item>, animatingDifferences: Bool = true, completion: (@MainActor (ApplyResult) -> Void)? = nil
    ) throws {
        try applyInPlace(edit, animated: animatingDifferences, completion: completion)
    }

    /// Shows `edit` in one batch of known updates, or through a diff while another update runs.
    @inlinable
    func applyInPlace(_ edit: InPlaceEdit<SectionID, Item>, animated: Bool, completion: (@MainActor (ApplyResult) -> Void)?) throws {
        let changesRows = !edit.deletions.isEmpty || !edit.appends.isEmpty
        // While an update runs, or when an outline's rows come or go (which cells must show a
        // new outline state is decided against the trees), the edit goes through the diff.
        if running || (changesRows && jobFollower?.hasOutlines == true) {
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
            if changesRows { jobFollower?.shownAtOnce(_snapshot) }
        }
        guard !update.isEmpty || cellUpdates else {
            commit()
            endAnchorOverride()
            done(.unchanged)
            return
        }
        switch gate(update, changes: update.operationCount, before, after) {
        case .reload(let reason):
            let shown = shownForReload(_snapshot)
            commit()
            reloadView(because: reason, replacing: shown)
            endAnchorOverride()
            done(.reloaded(reason))
        case .batch(let view):
            running = true
            inFlightCallbacks = completion.map { [$0] } ?? []
            view.performBatchUpdates(update, animated: animated, updateData: commit) {
                self.finishInPlace(animated: animated)
            }
        }
    }

    /// Ends an edit shown in place, and goes on to what waits.
    @usableFromInline
    func finishInPlace(animated: Bool) {
        finish(.batchUpdates(animated: animated))
        drain()
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

/// An edit by identifier that a ``ListDriver`` shows without a diff, its batch update known from the
/// edit itself: ``update(_:)``, ``append(_:toSection:)`` or ``delete(_:)``. See
/// ``ListDriver/apply(_:animatingDifferences:completion:)-(InPlaceEdit<SectionID,Item>,_,_)``.
public struct InPlaceEdit<SectionID: Hashable & Sendable, Item: Identifiable> where Item.ID: Sendable {
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

extension InPlaceEdit {
    /// Replaces items, matched by identifier, and updates the cells of those whose content
    /// changed: a reconfigure or a reload, as the driver's `updateKind` and `canReconfigure`
    /// decide. An item named more than once takes its last value, in one update of its cell.
    @inlinable
    public static func update(_ items: [Item]) -> Self { Self(updates: items, deletions: [], appends: [], section: nil) }

    /// Appends items to the end of the section `section` (the last section when `nil`), as inserts.
    @inlinable
    public static func append(_ items: [Item], toSection section: SectionID? = nil) -> Self {
        Self(updates: [], deletions: [], appends: items, section: section)
    }

    /// Deletes the items with these identifiers.
    @inlinable
    public static func delete(_ identifiers: [Item.ID]) -> Self { Self(updates: [], deletions: identifiers, appends: [], section: nil) }

    @inlinable
    init(updates: [Item], deletions: [Item.ID], appends: [Item], section: SectionID?) {
        self.updates = updates
        self.deletions = deletions
        self.appends = appends
        self.section = section
    }
}

extension InPlaceEdit: Sendable where Item: Sendable {}
