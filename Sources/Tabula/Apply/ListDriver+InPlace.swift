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
    /// `canReconfigure` decide.
    ///
    /// - Throws: ``SnapshotError/unknownItem(_:)`` naming the first identifier not shown; nothing
    ///   changes then.
    /// - Complexity: O(*k*) for *k* items, when no other update is in flight.
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
    public func deleteItems(
        _ identifiers: [Item.ID], animatingDifferences: Bool = true, completion: (@MainActor (ApplyResult) -> Void)? = nil
    ) throws {
        try applyInPlace(InPlaceEdit<SectionID, Item>(deletions: identifiers), animated: animatingDifferences, completion: completion)
    }

    /// Shows `edit` in one batch of known updates, or through a diff while another update runs.
    func applyInPlace(_ edit: InPlaceEdit<SectionID, Item>, animated: Bool, completion: (@MainActor (ApplyResult) -> Void)?) throws {
        if running {
            var next = latestSnapshot
            try edit.perform(on: &next)
            apply(next, animatingDifferences: animated, completion: completion)
            return
        }
        let (update, cellUpdates) = try edit.batchUpdate(on: snapshot, updateKind: updateKind, canReconfigure: canReconfigure)
        let done = completion ?? { _ in }
        // Validated above: the edit cannot throw on this snapshot, and leaves it unchanged if it did.
        func commit() { try? edit.perform(on: &snapshot) }
        guard !update.isEmpty || cellUpdates else {
            commit()
            done(.unchanged)
            return
        }
        guard let view, view.canAnimateUpdates else {
            commit()
            self.view?.reloadData()
            done(.reloaded(.notShowing))
            return
        }
        if let reloadThreshold, update.operationCount > reloadThreshold {
            commit()
            view.reloadData()
            done(.reloaded(.overThreshold(changes: update.operationCount)))
            return
        }
        let before = snapshot.sections.map(\.items.count)
        let after = edit.counts(after: before, on: snapshot)
        let shown = view.displayedItemCounts()
        var problem: ListDiagnostic?
        if shown != before {
            problem = ListDiagnostic(.viewOutOfSync(viewCounts: shown, snapshotCounts: before))
        } else {
            do {
                try update.validate(before: before, after: after, flavor: view.flavor, mapItems: false)
            } catch {
                problem = (error as? BatchUpdateError).map { ListDiagnostic(.rejectedStage($0)) }
                    ?? ListDiagnostic(.viewRejectedBatch("\(error)"))
            }
        }
        if let problem {
            commit()
            report(problem)
            view.reloadData()
            done(.reloaded(.fallback(problem)))
            return
        }
        running = true
        inFlightCallbacks = [done]
        view.performBatchUpdates(update, animated: animated, updateData: commit) {
            self.finish(.batchUpdates(animated: animated))
            self.drain()
        }
    }
}

/// An edit whose batch update is known without a diff: deletions and appends (one batch: deletes
/// use the old positions, inserts the new ones), or content updates alone.
struct InPlaceEdit<SectionID: Hashable & Sendable, Item: Identifiable> where Item.ID: Sendable {
    typealias Failure = SnapshotError<SectionID, Item.ID>

    var deletions: [Item.ID] = []
    var appends: [Item] = []
    var section: SectionID?
    var updates: [Item] = []

    /// Makes the edit; throws, leaving `snapshot` unchanged, where ``batchUpdate(on:updateKind:canReconfigure:)`` does.
    func perform(on snapshot: inout Snapshot<SectionID, Item>) throws {
        if !updates.isEmpty { try snapshot.updateItems(updates) }
        if !deletions.isEmpty { try snapshot.deleteItems(deletions) }
        if !appends.isEmpty { try snapshot.appendItems(appends, toSection: section) }
    }

    /// The section appends go to, in `snapshot`.
    func appendSection(in snapshot: Snapshot<SectionID, Item>) throws -> Int {
        if let section {
            guard let index = snapshot.sectionIndex(of: section) else { throw Failure.unknownSection(section) }
            return index
        }
        guard snapshot.numberOfSections > 0 else { throw Failure.noSections }
        return snapshot.numberOfSections - 1
    }

    /// The item counts after the edit, from the counts before.
    func counts(after before: [Int], on snapshot: Snapshot<SectionID, Item>) -> [Int] {
        var counts = before
        for id in Set(deletions) { if let path = snapshot.indexPath(of: id) { counts[path.section] -= 1 } }
        if !appends.isEmpty, let index = try? appendSection(in: snapshot) { counts[index] += appends.count }
        return counts
    }

    /// The batch update that shows the edit, checking it against `snapshot` without changing it,
    /// and whether any cell's content changed.
    ///
    /// - Throws: what ``perform(on:)`` would throw: an unknown identifier, an unknown section, or a
    ///   duplicate identifier naming both positions.
    func batchUpdate(
        on snapshot: Snapshot<SectionID, Item>, updateKind: (Item, Item) -> UpdateKind?, canReconfigure: ((Item, Item) -> Bool)?
    ) throws -> (BatchUpdate, cellUpdates: Bool) {
        var update = BatchUpdate()
        var cellUpdates = false
        for item in updates {
            guard let path = snapshot.indexPath(of: item.id), let old = snapshot.item(at: path) else { throw Failure.unknownItem(item.id) }
            guard let kind = updateKind(old, item) else { continue }
            if kind == .reconfigure && canReconfigure?(old, item) ?? true {
                update.reconfiguredItems.append(path)
            } else {
                update.reloadedItems.append(path)
            }
            cellUpdates = true
        }
        var deleted = Set<Item.ID>(minimumCapacity: deletions.count)
        var remaining = snapshot.sections.map(\.items.count)
        for id in deletions where deleted.insert(id).inserted {
            guard let path = snapshot.indexPath(of: id) else { throw Failure.unknownItem(id) }
            update.deletedItems.append(path)
            remaining[path.section] -= 1
        }
        update.deletedItems.sort()
        guard !appends.isEmpty else { return (update, cellUpdates) }
        let index = try appendSection(in: snapshot)
        let start = snapshot.numberOfItems(inSection: index)
        var added = [Item.ID: Int](minimumCapacity: appends.count)
        for (offset, item) in appends.enumerated() {
            let target = ItemPath(item: start + offset, section: index)
            if !deleted.contains(item.id), let existing = snapshot.indexPath(of: item.id) {
                throw Failure.duplicateItem(item.id, first: existing, second: target)
            }
            if let earlier = added.updateValue(offset, forKey: item.id) {
                throw Failure.duplicateItem(item.id, first: ItemPath(item: start + earlier, section: index), second: target)
            }
        }
        let newStart = remaining[index]
        update.insertedItems = (0..<appends.count).map { ItemPath(item: newStart + $0, section: index) }
        return (update, cellUpdates)
    }
}
