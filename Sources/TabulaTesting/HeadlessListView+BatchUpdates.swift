import Tabula

extension HeadlessListView {
    // MARK: Batch updates

    /// Checks that the data source's counts are the ones the view shows.
    ///
    /// - Throws: ``ListViewError/countsOutOfSync(viewCounts:dataSourceCounts:)``.
    public func checkConsistency() throws {
        guard let dataSource else { throw ListViewError.noDataSource }
        let counts = (0..<dataSource.numberOfSections(in: self)).map { dataSource.listView(self, numberOfItemsInSection: $0) }
        guard counts == sectionCounts else { throw ListViewError.countsOutOfSync(viewCounts: sectionCounts, dataSourceCounts: counts) }
    }

    /// Applies a batch update after checking it against UIKit's rules, as `performBatchUpdates`.
    ///
    /// The data source must already answer with the state after the update. Cells of items that
    /// stay or move are kept (not requested again); inserted and reloaded items are requested;
    /// reconfigured items are configured again in their existing cells. Sections that stay or move
    /// keep the header and footer they showed; those of inserted sections and of the sections in
    /// `BatchUpdate.updatedSectionTitles` are requested.
    ///
    /// - Parameters:
    ///   - update: the batch's index operations.
    ///   - animated: whether the batch animates (a headless view only counts the ones that do
    ///     not, ``Counters/batchUpdatesWithoutAnimation``).
    /// - Throws: ``ListViewError/inconsistentUpdate(_:)`` carrying UIKit's message; the view is then
    ///   unchanged.
    public func performBatchUpdates(_ update: BatchUpdate, animated: Bool = true) throws {
        guard let dataSource else { throw ListViewError.noDataSource }
        let after = (0..<dataSource.numberOfSections(in: self)).map { dataSource.listView(self, numberOfItemsInSection: $0) }
        // A view that never loaded reads its counts when the update starts, from a data source
        // that already answers with the new state, so a structural update then fails the count
        // rule (openradar 26484150). This is why adapters call `reloadData` before first load.
        let before = hasLoaded ? sectionCounts : after
        // A batch of item deletes, inserts, reloads and reconfigures alone shifts rows by
        // counting; only moves and section changes need the map of every item (O(n)).
        let plain = update.movedItems.isEmpty && update.movedSections.isEmpty && update.deletedSections.isEmpty
            && update.insertedSections.isEmpty
        let outcome: BatchUpdate.Outcome
        do {
            // Reloads are placed as UIKit places them: one shifted by the batch's moves shows
            // up as a stale cell, as on a device, and one UIKit raises for throws.
            outcome = try update.validate(before: before, after: after, flavor: flavor, mapItems: !plain, shiftedReloads: .placeAsUIKit)
        } catch let error as BatchUpdateError {
            throw ListViewError.inconsistentUpdate(error)
        }
        let shift = plain ? PlainShift(update) : nil
        let destination = { (path: ItemPath) -> ItemPath? in shift.map { $0.destination(of: path) } ?? outcome.destination(of: path) }
        let freshItems = shift?.freshItems ?? outcome.freshItems
        let reconfiguredItems = shift?.reconfiguredItems ?? outcome.reconfiguredItems
        let loadedBefore = hasLoaded
        if !hasLoaded {
            try readStructure(from: dataSource)
            hasLoaded = true
        }
        counters.batchUpdates += 1
        if !animated { counters.batchUpdatesWithoutAnimation += 1 }
        var kept: [ItemPath: HeadlessCell] = [:]
        for (path, cell) in visibleCells {
            if let destination = destination(path), !freshItems.contains(destination) {
                kept[destination] = cell
            } else {
                enqueue(cell, at: path)
            }
        }
        visibleCells = kept
        selected = Set(selected.compactMap(destination))
        let titlesBefore = (headers: headers, footers: footers, headerViews: headerViews, footerViews: footerViews)
        let sectionsBefore = sectionCounts.count
        try readStructure(from: dataSource)
        carryPointLayout(from: before, destination: destination, fresh: freshItems.union(reconfiguredItems))
        if loadedBefore {
            // A section that survives the batch keeps the header and footer it showed, as in UIKit:
            // only inserted sections and those named in `updatedSectionTitles` are shown afresh, so
            // a missing title update shows up as a stale title.
            let fresh = Set(update.insertedSections).union(update.updatedSectionTitles)
            for (old, new) in outcome.sectionMap.enumerated() where old < sectionsBefore && new >= 0 && !fresh.contains(new) {
                headers[new] = titlesBefore.headers[old]
                footers[new] = titlesBefore.footers[old]
                headerViews[new] = titlesBefore.headerViews[old]
                footerViews[new] = titlesBefore.footerViews[old]
            }
        }
        try layout()
        for path in reconfiguredItems.sorted() {
            guard let cell = visibleCells[path] else { continue }
            cellBeingReconfigured = cell
            defer { cellBeingReconfigured = nil }
            let configured = try dataSource.listView(self, cellForItemAt: path)
            guard configured === cell else { throw ListViewError.cellNotDequeued(path) }
            cell.configurationCount += 1
            counters.reconfigurations += 1
        }
    }
}
