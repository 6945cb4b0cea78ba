/// Drags between two lists and drops from other apps. A drag carries identifiers; when it lands
/// in another list, the source gives the items it still has (converted to the destination's type),
/// the destination inserts them by identity on top of its newest snapshot and tells
/// ``ListTransfers/onInsertion``, and the source removes them from its newest snapshot and tells
/// ``ListTransfers/onRemoval``: two animated updates, no reload, and no index that a live update
/// on either list could have shifted. The destination keeps the drop for undo
/// (`ListAdapterCore+TransferUndo.swift`).
extension ListAdapterCore {
    /// Accepts drags that `source` starts, its items made into this list's with `convert` (`nil`:
    /// that item is not taken and stays in `source`). Holds `source` weakly.
    package func acceptDrags<OtherSection, OtherItem, OtherPlatform>(
        from source: ListAdapterCore<OtherSection, OtherItem, OtherPlatform>, converting convert: @escaping (OtherItem) -> Item?
    ) {
        transfers.sources[source.dragSource] = ListTransfers.Source(
            take: { [weak source] keys in source?.offer(keys, converting: convert) ?? ([], [], keys) },
            remove: { [weak source] keys in
                guard let source, let given = source.give(keys) else { return nil }
                return Self.way(back: source, restoring: given.restoring, ids: given.ids)
            },
            lacks: { [weak source] keys in source?.lacking(keys) ?? keys })
    }

    /// The dragged items (`keys`, identifiers as the drag carries them) that this list still
    /// shows and holds, converted; those it no longer has are reported here, as a drop within the
    /// list reports them.
    func offer<Other>(_ keys: [AnyHashable], converting convert: (Item) -> Other?) -> (items: [Other], taken: [AnyHashable], gone: [AnyHashable]) {
        let shown = driver.snapshot, latest = driver.latestSnapshot
        var items: [Other] = [], taken: [AnyHashable] = [], gone: [AnyHashable] = []
        var seen = Set<Item.ID>()
        for key in keys {
            guard let id = key.base as? Item.ID, seen.insert(id).inserted else { continue }
            guard shown.contains(id), let item = latest[id] else {
                gone.append(key)
                continue
            }
            guard let converted = convert(item) else { continue }
            items.append(converted)
            taken.append(key)
        }
        if !gone.isEmpty { driver.report(ListDiagnostic(.staleEdit("dragged items no longer in the list: \(gone)"))) }
        return (items, taken, gone)
    }

    /// Removes the items `keys` name, which another list took, and tells ``ListTransfers/onRemoval``.
    ///
    /// - Returns: the identifiers removed, in the drag's order, and what puts them back where they
    ///   were, computed before they left (`nil` when none was removed).
    func give(_ keys: [AnyHashable]) -> (ids: [Item.ID], restoring: [Reinsertion<SectionID, Item>])? {
        let removal = Removal(keys.compactMap { $0.base as? Item.ID })
        guard !removal.items.isEmpty else { return nil }
        let restoring = driver.latestSnapshot.reinsertions(restoring: Set(removal.items))
        let next = driver.applyEdit { $0.apply(removal) }
        transfers.onRemoval?(removal, next)
        return (removal.items, restoring)
    }

    /// Whether this list takes drags that `source` started: its own, or another list's it accepts.
    package func acceptsDrags(from source: ObjectIdentifier?) -> Bool {
        guard let source else { return false }
        return source == dragSource || transfers.sources[source] != nil
    }

    /// Drops the items a drag that another list (`source`) started carries, `keys`, at
    /// `destination`, a position in this list as the view shows it now; the source loses them.
    ///
    /// Items the source no longer has (a sync removed them during the drag), and items whose
    /// identifier this list already holds, are left out and reported as a
    /// ``ListDiagnostic/Kind/staleEdit(_:)``; the others move. The move is kept for undo here,
    /// as one ``ListEdit/transfer(_:)``: its undo takes the items out of this list and puts them
    /// back in the source where they were.
    ///
    /// - Returns: the insertion made, or `nil` when nothing moved (also when this list does not
    ///   accept `source`'s drags).
    /// - Throws: `SnapshotError.itemPathOutOfRange` naming `destination` when the list has no such
    ///   position; nothing changes then, in either list.
    @discardableResult
    package func receive(_ keys: [AnyHashable], from source: ObjectIdentifier, at destination: ItemPath) throws -> Insertion<SectionID, Item>? {
        guard let link = transfers.sources[source] else { return nil }
        guard let target = try insertionDestination(at: destination) else { return nil }
        let offered = link.take(keys)
        let (items, kept) = fresh(offered.items)
        guard !items.isEmpty else { return nil }
        let insertion = Insertion(items, at: target)
        try insert(insertion)
        if let way = link.remove(kept.map { offered.taken[$0] }) {
            record(.transfer(insertion), inverse: .withdrawal(Removal(items.map { $0.id }), source: way))
        }
        return insertion
    }

    /// Drops content from another app at `destination`, a position in this list as the view
    /// shows it: each item goes through the first handler registered for its type; items of a
    /// type with no handler are left out. The drop is kept for undo, as one ``ListEdit/drop(_:)``.
    ///
    /// - Returns: the insertion made, or `nil` when no item was accepted.
    /// - Throws: what a handler throws, and `SnapshotError.itemPathOutOfRange` naming
    ///   `destination` when the list has no such position; nothing changes then.
    @discardableResult
    package func receive(_ contents: [DroppedContent], at destination: ItemPath) throws -> Insertion<SectionID, Item>? {
        guard let target = try insertionDestination(at: destination) else { return nil }
        return try receive(contents, to: target)
    }

    /// Drops content from another app at `target`, a destination by identity fixed when the drop
    /// was performed (its content loads after it); as ``receive(_:at:)``.
    ///
    /// - Throws: what a handler throws; nothing changes then.
    @discardableResult
    package func receive(_ contents: [DroppedContent], to target: Reorder<SectionID, Item.ID>.Destination) throws -> Insertion<SectionID, Item>? {
        var made: [Item] = []
        for content in contents {
            guard let handler = transfers.dropHandlers.first(where: { $0.typeIdentifier == content.typeIdentifier }) else { continue }
            made += try handler.makeItems(content)
        }
        let (items, _) = fresh(made)
        guard !items.isEmpty else { return nil }
        let insertion = Insertion(items, at: target)
        try insert(insertion)
        record(.drop(insertion), inverse: .withdrawal(Removal(items.map { $0.id }), source: nil))
        return insertion
    }

    /// The content types this list accepts from other apps, in the order registered.
    package var acceptedDropTypes: [String] { transfers.dropHandlers.map { $0.typeIdentifier } }

    /// What a drop at `proposed` would do, as the drag hovers there: a pure function of where the
    /// drag comes from, the position and the app's ``ListTransfers/proposal``. `source` is the drag
    /// source the drag carries (`nil`: none, content from another app) and `typeIdentifiers`
    /// the content types it offers. A drag of this list's own items over an item that
    /// ``ListTransfers/canDropInto`` allows, in an outline section, goes into it.
    package func dropProposal(from source: ObjectIdentifier?, typeIdentifiers: [String] = [], at proposed: ItemPath?) -> DropProposal {
        guard let position = dropPosition(for: proposed) else { return .forbidden }
        let origin: DropOrigin
        let standard: DropProposal
        if let source, source == dragSource {
            origin = .sameList
            standard = DropProposal(.move, placement: takesDropInto(at: position) ? .intoItem : .between)
        } else if let source, transfers.sources[source] != nil {
            origin = .otherList
            standard = DropProposal(.move)
        } else {
            origin = .otherApp(typeIdentifiers: typeIdentifiers)
            standard = typeIdentifiers.contains(where: acceptedDropTypes.contains) ? DropProposal(.copy) : .forbidden
        }
        guard standard.operation != .forbidden, let proposal = transfers.proposal else { return standard }
        return proposal(DropRequest(origin: origin, position: position, item: driver.snapshot.item(at: position), standard: standard)) ?? standard
    }

    // MARK: Steps

    /// The destination by identity of an insertion at `position` in the list as shown, on top of
    /// the newest snapshot; `nil`, reported, when the newest snapshot lost the section.
    func insertionDestination(at position: ItemPath) throws -> Reorder<SectionID, Item.ID>.Destination? {
        let shown = driver.snapshot, latest = driver.latestSnapshot
        guard let target = shown.reorderDestination(forDropAt: position, moving: [], present: latest.contains) else {
            let failure = SnapshotError<SectionID, Item.ID>.itemPathOutOfRange(position, itemsInSection: shown.section(at: position.section)?.items.count)
            driver.report(ListDiagnostic(.staleEdit("\(failure)")))
            throw failure
        }
        if case .endOfSection(let section) = target, latest.sectionIndex(of: section) == nil {
            driver.report(ListDiagnostic(.staleEdit("the drop's section \(section) is no longer in the list")))
            return nil
        }
        return target
    }

    /// `items` without those whose identifier the list (shown or newest) already holds or that
    /// repeat one before them, reported; with the indexes of those kept.
    private func fresh(_ items: [Item]) -> (items: [Item], kept: [Int]) {
        let shown = driver.snapshot, latest = driver.latestSnapshot
        var seen = Set<Item.ID>(), kept: [Int] = [], clashing: [Item.ID] = []
        for (index, item) in items.enumerated() {
            if shown.contains(item.id) || latest.contains(item.id) || !seen.insert(item.id).inserted {
                clashing.append(item.id)
            } else {
                kept.append(index)
            }
        }
        if !clashing.isEmpty { driver.report(ListDiagnostic(.staleEdit("dropped items already in the list: \(clashing)"))) }
        return (kept.map { items[$0] }, kept)
    }

    /// Applies `insertion` on top of the newest snapshot, animated, and tells
    /// ``ListTransfers/onInsertion``.
    private func insert(_ insertion: Insertion<SectionID, Item>) throws {
        try reporting {
            let next = try driver.applyEdit { try $0.apply(insertion) }
            transfers.onInsertion?(insertion, next)
        }
    }
}
