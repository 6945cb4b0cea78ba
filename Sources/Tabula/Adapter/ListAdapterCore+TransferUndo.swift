/// Undo and redo of what arrived from outside the list: items dragged in from another list, kept
/// as one ``ListEdit/transfer(_:)`` by the list they arrived in, and content dropped from another
/// app, kept as one ``ListEdit/drop(_:)``. The undo takes the items out by identity; for a drag
/// between two lists it also puts them back in the source list where they were, on top of its
/// newest snapshot. What either list lacks or has again is a conflict, reported and not applied.
extension ListAdapterCore {
    /// The way back to `source`, which gave up items for a drag into this list: what checks and
    /// puts back `restoring`, computed on the source's newest snapshot before they left.
    static func way<OtherSection, OtherItem, OtherPlatform>(
        back source: ListAdapterCore<OtherSection, OtherItem, OtherPlatform>, restoring: [Reinsertion<OtherSection, OtherItem>], ids: [OtherItem.ID]
    ) -> TransferReturn<SectionID, Item> {
        TransferReturn(
            source: source.dragSource, ids: ids,
            check: { [weak source] conflict in
                guard let source else {
                    conflict.otherList.append("the list the items came from is gone")
                    return
                }
                let latest = source.driver.latestSnapshot
                if let theirs = source.conflict(undoing: .reinsertions(restoring), in: latest, name: conflict.actionName) { conflict.absorb(theirs) }
            },
            putBack: { [weak source] in source?.putBack(restoring) ?? false })
    }

    /// Puts back items that an undo returns to this list (a delete undone, or a drag into another
    /// list undone there), animated, and tells ``onReinsert``; `false` when the newest snapshot
    /// refuses them.
    func putBack(_ reinsertions: [Reinsertion<SectionID, Item>]) -> Bool {
        guard let next = try? driver.applyEdit({ for reinsertion in reinsertions { try $0.apply(reinsertion) } }) else { return false }
        for reinsertion in reinsertions { onReinsert?(reinsertion, next) }
        return true
    }

    /// The dragged items (`keys`, as the drag carries them) that this list no longer both shows
    /// and holds, unreported: what a redo of a drag out of this list would miss.
    func lacking(_ keys: [AnyHashable]) -> [AnyHashable] {
        let shown = driver.snapshot, latest = driver.latestSnapshot
        return keys.filter { key in
            guard let id = key.base as? Item.ID else { return true }
            return !(shown.contains(id) && latest.contains(id))
        }
    }

    /// Undoes an arrival: takes `removal`'s items out of the newest snapshot, animated, tells
    /// ``ListTransfers/onRemoval``, and puts them back in the list they came from, if any.
    func withdraw(_ removal: Removal<Item.ID>, returningTo source: TransferReturn<SectionID, Item>?) -> Bool {
        let next = driver.applyEdit { $0.apply(removal) }
        transfers.onRemoval?(removal, next)
        return source?.putBack() ?? true
    }

    /// What stands in the way of making an arrival again: the items already in the newest
    /// snapshot, the destination gone, or, for a drag from another list, items that list no
    /// longer has.
    func conflict(redoing insertion: Insertion<SectionID, Item>, from source: TransferReturn<SectionID, Item>?, into conflict: inout UndoConflict<SectionID, Item.ID>) {
        let latest = driver.latestSnapshot
        conflict.presentItems += insertion.items.map { $0.id }.filter(latest.contains)
        Self.check(insertion.destination, in: latest, into: &conflict)
        guard let source else { return }
        let missing = transfers.sources[source.source]?.lacks(source.keys) ?? source.keys
        for key in missing {
            if let id = key.base as? Item.ID { conflict.missingItems.append(id) } else { conflict.otherList.append("item \(key) is no longer in the list it came from") }
        }
    }

    /// Makes an arrival again, checked by ``conflict(redoing:from:into:)``: content from another
    /// app is inserted again as it was dropped; items from another list are taken again from it,
    /// as they are there now, and it loses them again.
    ///
    /// - Returns: the entry that undoes it, or `nil` when it could not be made.
    func redoArrival(_ entry: EditHistory<SectionID, Item>.Entry) -> EditHistory<SectionID, Item>.Entry? {
        guard case .withdrawal(_, let source) = entry.inverse else { return nil }
        switch (entry.edit, source) {
        case (.drop(let insertion), _):
            guard let next = try? driver.applyEdit({ try $0.apply(insertion) }) else { return nil }
            transfers.onInsertion?(insertion, next)
            return EditHistory.Entry(edit: entry.edit, inverse: .withdrawal(Removal(insertion.items.map { $0.id }), source: nil), name: entry.name)
        case (.transfer(let insertion), let source?):
            guard let link = transfers.sources[source.source] else { return nil }
            let offered = link.take(source.keys)
            let made = Insertion(offered.items, at: insertion.destination)
            guard !made.items.isEmpty, let next = try? driver.applyEdit({ try $0.apply(made) }) else { return nil }
            transfers.onInsertion?(made, next)
            guard let back = link.remove(offered.taken) else { return nil }
            return EditHistory.Entry(edit: .transfer(made), inverse: .withdrawal(Removal(made.items.map { $0.id }), source: back), name: entry.name)
        default:
            return nil
        }
    }
}
