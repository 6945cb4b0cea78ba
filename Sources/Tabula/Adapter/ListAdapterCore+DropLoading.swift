/// Another app's drop, item by item: which type each item loads as, and, once the platform has
/// loaded them, the content that arrived inserted and every item that did not reported to
/// ``ListTransfers/onDropLoadFailure``. The glue only loads; what is left out, and why, is
/// decided here, so the headless view runs the same steps.
extension ListAdapterCore {
    /// How to load each item of a drop from another app, given the content types each offers
    /// (`offered[i]`: the item at `i`): as the first type this list registered that it offers, or
    /// not at all (``DropLoadError/Reason/noAcceptedType``).
    package func dropLoadPlan(offering offered: [[String]]) -> [DropLoadPlan] {
        offered.enumerated().map { index, types in
            guard let type = dropType(offering: types) else {
                return .skip(DropLoadError(itemIndex: index, typeIdentifier: nil, offeredTypes: types, reason: .noAcceptedType))
            }
            return .load(itemIndex: index, typeIdentifier: type)
        }
    }

    /// Finishes a drop from another app at `target` (fixed by identity when the drop was
    /// performed) once each of its items has loaded or failed: the content that loaded arrives,
    /// in the drop's order, as ``receive(_:to:)`` inserts it, and the failures are reported to
    /// ``ListTransfers/onDropLoadFailure`` in the drop's order, after the insertion (also when
    /// nothing loaded, or a handler threw).
    ///
    /// - Returns: the insertion made, or `nil` when no item was accepted.
    /// - Throws: what a handler of ``ListTransfers/dropHandlers`` throws; nothing is inserted then.
    @discardableResult
    package func receive(
        _ outcomes: [Result<DroppedContent, DropLoadError>], to target: Reorder<SectionID, Item.ID>.Destination
    ) throws -> Insertion<SectionID, Item>? {
        var loaded: [DroppedContent] = [], failures: [DropLoadError] = []
        for outcome in outcomes {
            switch outcome {
            case .success(let content): loaded.append(content)
            case .failure(let failure): failures.append(failure)
            }
        }
        defer {
            if !failures.isEmpty { transfers.onDropLoadFailure?(failures.sorted { $0.itemIndex < $1.itemIndex }) }
        }
        guard !loaded.isEmpty else { return nil }
        return try receive(loaded, to: target)
    }
}
