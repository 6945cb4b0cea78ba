extension Changeset where Item: Equatable {
    /// Computes the changeset from `source` to `target`, comparing content with `==`.
    ///
    /// - Complexity: O(*n* + *m* log *m*) for *n* items and *m* moved ones. With the same sections
    ///   on both sides, most items are matched by an equality check against the item after the
    ///   previous match (or one of the two after it, past a deletion), so only the items off that
    ///   run are hashed, once each: inserted and moved items, items after longer deletions, and,
    ///   in lists of more than about 40,000 items, deleted ones (their lookups are then put off and
    ///   matched in a table that stays in cache). When sections are
    ///   inserted, deleted or moved, the intermediate stages' snapshots index the items of the
    ///   sections that survive once more (positions only: no identifier is stored).
    @inlinable
    public init(from source: SnapshotType, to target: SnapshotType, options: DiffOptions = DiffOptions()) {
        self.init(from: source, to: target, classifier: _EqualityClassifier<Item>(updates: options.updates), canReconfigure: nil)
    }

    /// Computes the changeset between two lists of sections from outside data.
    ///
    /// - Throws: ``SnapshotError/duplicateItem(_:first:second:)`` or
    ///   ``SnapshotError/duplicateSection(_:first:second:)`` when either side repeats an identifier,
    ///   naming it and both positions; never a wrong changeset.
    /// - Complexity: O(*n* + *m* log *m*), after building both snapshots in O(*n*).
    public init(
        from source: [Section<SectionID, Item>], to target: [Section<SectionID, Item>], options: DiffOptions = DiffOptions()
    ) throws {
        self.init(from: try SnapshotType(source), to: try SnapshotType(target), options: options)
    }
}

extension Changeset {
    /// Computes the changeset from `source` to `target`, with `isContentEqual` deciding whether an
    /// item that kept its identity needs an update.
    ///
    /// - Complexity: O(*n* + *m* log *m*) for *n* items and *m* moved ones, as
    ///   ``init(from:to:options:)-(Changeset<SectionID,Item>.SnapshotType,_,_)``.
    // Inlinable so that the engine is specialised for the client's item and identifier types:
    // unspecialised, every hash and `==` goes through a witness table (measured at about 2× slower
    // on the 100k Int scenario of the benchmarks).
    @inlinable
    public init(
        from source: SnapshotType, to target: SnapshotType, options: DiffOptions = DiffOptions(),
        isContentEqual: (Item, Item) -> Bool
    ) {
        let updates = options.updates
        self.init(from: source, to: target, updateKind: { isContentEqual($0, $1) ? nil : updates })
    }

    /// Computes the changeset from `source` to `target`, with `updateKind` deciding how an item that
    /// kept its identity is updated: `nil` when its content is the same, otherwise
    /// ``UpdateKind/reload`` or ``UpdateKind/reconfigure`` (for example: reconfigure when the cell
    /// type is the same, reload when it changed).
    ///
    /// `canReconfigure`, when given, says whether an item can keep its cell: UIKit requires a
    /// reconfigured item to keep its cell type (its reuse identifier). A reconfigure it refuses,
    /// whether `updateKind` chose it or ``Snapshot/reconfigureItems(_:)`` asked for it, becomes a
    /// reload. Adapters pass a check of the configurators' reuse identifiers.
    ///
    /// - Complexity: O(*n* + *m* log *m*) for *n* items and *m* moved ones; `updateKind` is called
    ///   at most once for each item that kept its identity.
    @inlinable
    public init(
        from source: SnapshotType, to target: SnapshotType, updateKind: (Item, Item) -> UpdateKind?,
        canReconfigure: ((Item, Item) -> Bool)? = nil
    ) {
        self = withoutActuallyEscaping(updateKind) { classify in
            Changeset(from: source, to: target, classifier: _ClosureClassifier(classify), canReconfigure: canReconfigure)
        }
    }

    /// Computes the changeset with a classifier type: `==` through ``_EqualityClassifier`` is
    /// called inline by the specialised engine, where a closure costs an indirect call and a
    /// reabstraction thunk for every matched item.
    @inlinable
    init<Classifier: _ItemClassifier>(
        from source: SnapshotType, to target: SnapshotType, classifier: Classifier, canReconfigure: ((Item, Item) -> Bool)?
    ) where Classifier.Item == Item {
        // A target built from the source with every item equal (`Snapshot(_:updating:)`): what the
        // diff would find, an empty changeset, without visiting an item (the no-change update of
        // the benchmarks' `nochange` lines).
        if Classifier.comparesWithEquality && target._isKnownUnchanged(from: source) {
            self.source = source
            self.target = target
            self.stages = []
            self.statistics = Statistics()
            return
        }
        var engine = DiffEngine(source: source, target: target, classifier: classifier, canReconfigure: canReconfigure)
        let (stages, statistics) = engine.run()
        self.source = source
        self.target = target
        self.stages = stages
        self.statistics = statistics
    }
}

/// The size of an index, in bytes, above which the diff puts off its lookups (see
/// `DiffEngine.ItemWalk`): 256 KB. Tests set it lower, so that small snapshots take that path too.
@usableFromInline
let _lookupDeferralThreshold = TaskLocal<Int>(wrappedValue: 256 * 1024)

/// Decides how an item that kept its identity is updated: `nil` when its content is the same.
@usableFromInline
protocol _ItemClassifier {
    associatedtype Item
    func classify(_ old: Item, _ new: Item) -> UpdateKind?
    /// Whether `classify` returns `nil` exactly when the items are `==`.
    static var comparesWithEquality: Bool { get }
}

extension _ItemClassifier {
    @inlinable static var comparesWithEquality: Bool { false }
}

/// Content compared with `==`; a changed item gets `updates`.
@usableFromInline
struct _EqualityClassifier<Item: Equatable>: _ItemClassifier {
    @usableFromInline let updates: UpdateKind
    @inlinable init(updates: UpdateKind) { self.updates = updates }
    @inlinable static var comparesWithEquality: Bool { true }
    @inlinable @inline(__always)
    func classify(_ old: Item, _ new: Item) -> UpdateKind? { old == new ? nil : updates }
}

/// Content classified by a closure.
@usableFromInline
struct _ClosureClassifier<Item>: _ItemClassifier {
    @usableFromInline let body: (Item, Item) -> UpdateKind?
    @inlinable init(_ body: @escaping (Item, Item) -> UpdateKind?) { self.body = body }
    @inlinable @inline(__always)
    func classify(_ old: Item, _ new: Item) -> UpdateKind? { body(old, new) }
}

/// The working state of one diff. Everything is indexed by dense integers once identifiers are
/// matched, so each item of either snapshot is hashed at most once.
@usableFromInline
struct DiffEngine<SectionID: Hashable & Sendable, Item: Identifiable, Classifier: _ItemClassifier>
where Item.ID: Sendable, Classifier.Item == Item {
    @usableFromInline typealias SnapshotType = Snapshot<SectionID, Item>
    @usableFromInline typealias Stage = Changeset<SectionID, Item>.Stage

    @usableFromInline let old: SnapshotType
    @usableFromInline let new: SnapshotType
    @usableFromInline let classifier: Classifier
    @usableFromInline let canReconfigure: ((Item, Item) -> Bool)?

    @inlinable
    init(
        source: SnapshotType, target: SnapshotType, classifier: Classifier, canReconfigure: ((Item, Item) -> Bool)?
    ) {
        self.old = source
        self.new = target
        self.classifier = classifier
        self.canReconfigure = canReconfigure
    }

    /// An item that changed content and whose update must wait until it has moved.
    @usableFromInline
    struct PendingUpdate {
        @usableFromInline var path: ItemPath  // in the target
        @usableFromInline var kind: UpdateKind
        @usableFromInline var oldValue: Item
        @inlinable init(path: ItemPath, kind: UpdateKind, oldValue: Item) {
            self.path = path
            self.kind = kind
            self.oldValue = oldValue
        }
    }

    /// How an item that kept its identity is updated: what the engine reads for it, in one value
    /// that the run loop takes without copying the engine.
    @usableFromInline
    struct UpdateRule {
        @usableFromInline let classifier: Classifier
        @usableFromInline let target: SnapshotType
        @usableFromInline let canReconfigure: ((Item, Item) -> Bool)?
        @usableFromInline let hasMarks: Bool  // whether the target requests updates

        @inlinable
        init(classifier: Classifier, target: SnapshotType, canReconfigure: ((Item, Item) -> Bool)?) {
            self.classifier = classifier
            self.target = target
            self.canReconfigure = canReconfigure
            self.hasMarks = target.hasRequestedUpdates
        }

        /// The update from `oldItem` to `newItem`: the classifier's answer, or the update the
        /// target requests for the item; a reconfigure that `canReconfigure` refuses is a reload
        /// (UIKit reconfigures only in a cell of the same type).
        @inlinable @inline(__always)
        func kind(_ oldItem: Item, _ newItem: Item) -> UpdateKind? {
            var kind = classifier.classify(oldItem, newItem)
            if hasMarks, let requested = target.requestedUpdate(for: newItem.id) { kind = requested }
            if kind?.kind == .reconfigure, let canReconfigure, !canReconfigure(oldItem, newItem) { kind = .reload }
            return kind
        }
    }

    /// Matches the items of a target section from `j` on with the items of its home section from
    /// `row` on, while each one's identifier is that of the next old item, or of the one or two
    /// after it (which were deleted, or moved and are matched later): each is marked in
    /// `oldMatched` (the home section's flags), and recorded as a stay, from `stay` on in `rows`
    /// and `targets`, with its update in `updates` when it changed. Returns the number of items
    /// matched; `row` ends after the last old item matched.
    ///
    /// The old items are tried in the order the walk tries them (see `ItemWalk.walkSection`), so
    /// that which items are matched here, and how, is what the walk would have found.
    // Not inlined: a loop of its own, with few values live, is what most items go through. Static,
    // so that calling it copies nothing of the engine.
    @inlinable @inline(never)
    static func extendRun(
        new: UnsafeBufferPointer<Item>, from j: Int, old: UnsafeBufferPointer<Item>, from row: inout Int,
        oldMatched: UnsafeMutableBufferPointer<Bool>, rows: UnsafeMutableBufferPointer<Int32>,
        targets: UnsafeMutableBufferPointer<Int32>, at stay: Int, updates: inout [(stay: Int, kind: UpdateKind)],
        rule: UpdateRule
    ) -> Int {
        var k = 0, r = row
        let newCount = new.count &- j, oldCount = old.count
        while k < newCount && r < oldCount {
            let newItem = new[j &+ k]
            let id = newItem.id
            if old[r].id != id {
                if r &+ 1 < oldCount && old[r &+ 1].id == id {
                    r &+= 1
                } else if r &+ 2 < oldCount && old[r &+ 2].id == id {
                    r &+= 2
                } else {
                    break
                }
            }
            let oldItem = old[r]
            if let kind = rule.kind(oldItem, newItem) { updates.append((stay &+ k, kind)) }
            oldMatched[r] = true
            rows[stay &+ k] = Int32(truncatingIfNeeded: r)
            targets[stay &+ k] = Int32(truncatingIfNeeded: j &+ k)
            k &+= 1
            r &+= 1
        }
        row = r
        return k
    }

    /// For each identifier in `ids` (the items the walk put off), where the old item with that
    /// identifier is, among the old items `oldMatched` leaves unmatched; `nil` when none has it.
    ///
    /// The identifiers go in a table of their own (open addressing, at most half full), which the
    /// unmatched old items probe: both sets are small next to the snapshots, so the table stays in
    /// cache.
    @inlinable
    static func matchDeferred(
        _ ids: [Item.ID], oldSections: [Section<SectionID, Item>], oldMatched: UnsafeBufferPointer<Bool>
    ) -> [ItemPath?] {
        var buckets = 16
        while buckets < ids.count &* 2 { buckets &*= 2 }
        let mask = buckets - 1
        var table = [Int32](repeating: -1, count: buckets)
        var found = [ItemPath?](repeating: nil, count: ids.count)
        let seeds = _HashSeeds.current
        table.withUnsafeMutableBufferPointer { table in
            for k in ids.indices {
                var bucket = SnapshotType._hash(ids[k], seeds) & mask
                while table[bucket] >= 0 { bucket = (bucket &+ 1) & mask }
                table[bucket] = Int32(truncatingIfNeeded: k)
            }
            var flat = 0
            for s in oldSections.indices {
                let items = oldSections[s].items
                for r in items.indices {
                    defer { flat &+= 1 }
                    if oldMatched[flat] { continue }
                    let id = items[r].id
                    var bucket = SnapshotType._hash(id, seeds) & mask
                    while true {
                        let k = Int(table[bucket])
                        if k < 0 { break }
                        if ids[k] == id {
                            found[k] = ItemPath(item: r, section: s)
                            break
                        }
                        bucket = (bucket &+ 1) & mask
                    }
                }
            }
        }
        return found
    }

    /// The diff: sections are matched first, then items (a walk of the target, see `ItemWalk`);
    /// the rules on updates decide which wait for a stage of their own, and the changes are put in
    /// stages.
    @inlinable
    mutating func run() -> ([Stage], Statistics) {
        var stats = Statistics()
        let sections = matchSections()
        var changes = ItemChanges()
        do {
            let rule = UpdateRule(classifier: classifier, target: new, canReconfigure: canReconfigure)
            var walk = ItemWalk(old: old, new: new, sections: sections, rule: rule)
            defer { walk.deallocate() }
            walk.matchItems(into: &changes, stats: &stats)
        }
        // Usually in order already (checked in O(n), sorted only when not).
        if !changes.removals.isSorted { changes.removals.sort() }
        if !changes.inserts.isSorted { changes.inserts.sort() }
        deferUpdatesPastMoves(&changes, sections: sections)
        // Rule 4, stage one: removals, in the source's coordinates. `removals` is sorted, so each
        // section's rows are ascending.
        let rows = RowsAfterRemovals(sectionsStable: sections.isStable, removals: changes.removals)
        deferShiftedReconfigures(&changes, sections: sections, rows: rows)
        stats.deletedSections = sections.deleted.count
        stats.insertedSections = sections.inserted.count
        stats.movedSections = sections.moves.count
        stats.movedItems = changes.crossMoves.count
        stats.updatedItems = changes.inPlaceUpdates.count + changes.pendingUpdates.count
        stats.updatedSectionTitles = sections.titleUpdates.count
        return (stages(sections: sections, changes: changes, rows: rows), stats)
    }

    // MARK: Match sections

    /// Matches the target's sections with the source's by identifier, and finds the sections
    /// deleted, inserted and moved, and those whose titles changed.
    @inlinable
    func matchSections() -> SectionMatch {
        let oldSections = old._sections, newSections = new._sections
        let oldCount = oldSections.count, newCount = newSections.count
        var oldToNew = [Int](repeating: -1, count: oldCount)
        var newToOld = [Int](repeating: -1, count: newCount)
        for t in 0..<newCount {
            let id = newSections[t].id
            // Same position first: most updates leave the sections where they were.
            let s = (t < oldCount && oldSections[t].id == id) ? t : (old.sectionIndex(of: id) ?? -1)
            if s >= 0 {
                newToOld[t] = s
                oldToNew[s] = t
            }
        }
        var deleted = [Int](), inserted = [Int]()
        for s in 0..<oldCount where oldToNew[s] < 0 { deleted.append(s) }
        for t in 0..<newCount where newToOld[t] < 0 { inserted.append(t) }

        // Section moves: the matched sections, in target order, whose old positions are not on a
        // longest increasing run. Positions are counted among surviving sections (the stage-one
        // state), which preserves their order.
        var survivingRank = [Int](repeating: -1, count: oldCount)
        var rank = 0
        for s in 0..<oldCount where oldToNew[s] >= 0 {
            survivingRank[s] = rank
            rank += 1
        }
        var matchedTargets = [Int](), matchedOldRanks = [Int32]()
        for t in 0..<newCount where newToOld[t] >= 0 {
            matchedTargets.append(t)
            matchedOldRanks.append(Int32(survivingRank[newToOld[t]]))
        }
        let sectionStays = longestIncreasingSubsequenceMask(matchedOldRanks)
        var moves = [BatchUpdate.Move<Int>]()
        for (k, t) in matchedTargets.enumerated() where !sectionStays[k] {
            moves.append(.init(from: Int(matchedOldRanks[k]), to: t))
        }

        // Titles: compared for matched sections; reported in the last stage.
        var titleUpdates = [Int]()
        for t in 0..<newCount where newToOld[t] >= 0 {
            let s = newToOld[t]
            if !oldSections[s].hasSameTitles(as: newSections[t]) || new._reloadedSections.contains(newSections[t].id) {
                titleUpdates.append(t)
            }
        }
        return SectionMatch(
            oldToNew: oldToNew, newToOld: newToOld, deleted: deleted, inserted: inserted, survivingRank: survivingRank,
            moves: moves, titleUpdates: titleUpdates)
    }

    // MARK: Updates that wait

    /// Rule 5: UIKit places a reloaded row by the batch's deletes and inserts only, not by its
    /// moves. When sections are stable, every item update shares the batch with the item moves,
    /// so as soon as there is a move, the updates of items that stay wait for a stage of their
    /// own, at their target paths, like the updates of moved items.
    @inlinable
    func deferUpdatesPastMoves(_ changes: inout ItemChanges, sections: SectionMatch) {
        guard sections.isStable && !changes.crossMoves.isEmpty && !changes.inPlaceUpdates.isEmpty else { return }
        let oldSections = old._sections
        for (k, entry) in changes.inPlaceUpdates.enumerated() {
            let oldValue = oldSections[entry.path.section].items[entry.path.item]
            changes.pendingUpdates.append(PendingUpdate(path: changes.inPlaceTargets[k], kind: entry.kind, oldValue: oldValue))
        }
        changes.inPlaceUpdates.removeAll()
    }

    /// Rule 7: no public source says whether UIKit reads a reconfigure's path before or after
    /// its batch. A reconfigure stays in its batch only where both are the same; one whose row
    /// the batch's deletes and inserts shift (a row or section removed or inserted above it)
    /// waits for the last stage, at its target path, with the updates of moved items. Reloads
    /// are documented to address the state before the batch, and stay.
    @inlinable
    func deferShiftedReconfigures(_ changes: inout ItemChanges, sections: SectionMatch, rows: RowsAfterRemovals) {
        guard changes.inPlaceUpdates.contains(where: { $0.kind == .reconfigure }) else { return }
        let oldSections = old._sections
        var keptUpdates = [(path: ItemPath, kind: UpdateKind)](), keptTargets = [ItemPath]()
        for (k, entry) in changes.inPlaceUpdates.enumerated() {
            let path = entry.path
            // Stable sections and no move (rule 5 took the updates otherwise): the batch leads
            // to the target. Otherwise the update is in the removal stage.
            let shifted =
                sections.isStable
                ? path != changes.inPlaceTargets[k]
                : sections.survivingRank[path.section] != path.section || rows.row(of: path) != path.item
            if entry.kind == .reconfigure && shifted {
                let oldValue = oldSections[path.section].items[path.item]
                changes.pendingUpdates.append(
                    PendingUpdate(path: changes.inPlaceTargets[k], kind: .reconfigure, oldValue: oldValue))
            } else {
                keptUpdates.append(entry)
                keptTargets.append(changes.inPlaceTargets[k])
            }
        }
        changes.inPlaceUpdates = keptUpdates
        changes.inPlaceTargets = keptTargets
    }

    // MARK: Stages

    /// The stages that lead from the source to the target: one batch when the sections are
    /// stable; otherwise removals, then sections, then items inserted and moved (rule 4). Updates
    /// that wait (rule 2) come in a last stage of their own.
    @inlinable
    func stages(sections: SectionMatch, changes: ItemChanges, rows: RowsAfterRemovals) -> [Stage] {
        var stages = [Stage]()
        let pendingUpdates = changes.pendingUpdates, titleUpdates = sections.titleUpdates
        let beforePending = snapshotBeforePendingUpdates(sections: sections, pendingUpdates: pendingUpdates)
        let (inPlaceReloads, inPlaceReconfigures) = Self.split(changes.inPlaceUpdates.sorted { $0.path < $1.path })

        if sections.isStable {
            // Rule 5: one batch.
            var stage = BatchUpdate(
                deletedItems: changes.removals, insertedItems: changes.inserts,
                movedItems: changes.crossMoves.map { .init(from: $0.from, to: $0.to) }.sorted { $0.to < $1.to },
                reloadedItems: inPlaceReloads, reconfiguredItems: inPlaceReconfigures)
            if pendingUpdates.isEmpty { stage.updatedSectionTitles = titleUpdates }
            if !stage.isEmpty { stages.append(Stage(update: stage, snapshot: beforePending)) }
        } else {
            appendRearrangingStages(
                to: &stages, sections: sections, changes: changes, rows: rows, beforePending: beforePending,
                reloads: inPlaceReloads, reconfigures: inPlaceReconfigures)
        }

        // Rule 2: updates of moved items, at their target paths, once they have moved.
        if !pendingUpdates.isEmpty {
            let (reload, reconfigure) = Self.split(pendingUpdates.map { ($0.path, $0.kind) })
            let finalStage = BatchUpdate(
                reloadedItems: reload.sorted(), reconfiguredItems: reconfigure.sorted(), updatedSectionTitles: titleUpdates)
            stages.append(Stage(update: finalStage, snapshot: new))
        }
        if let last = stages.indices.last { stages[last].snapshot = new }
        return stages
    }

    /// The target as it stands before the pending updates: moved items still show old content.
    /// Titles change in the stage that reports them: the last one when updates wait for it.
    /// Until then the sections keep their old titles, so that a diff from any stage's snapshot
    /// (an update interrupted by a newer one) still finds them changed and reports them.
    @inlinable
    func snapshotBeforePendingUpdates(sections: SectionMatch, pendingUpdates: [PendingUpdate]) -> SnapshotType {
        var beforePending = new
        for pending in pendingUpdates {
            beforePending._sections[pending.path.section].items[pending.path.item] = pending.oldValue
        }
        if !pendingUpdates.isEmpty {
            let oldSections = old._sections
            for t in sections.titleUpdates {
                let s = sections.newToOld[t]
                beforePending._sections[t].header = oldSections[s].header
                beforePending._sections[t].footer = oldSections[s].footer
            }
        }
        return beforePending
    }

    /// The updates' paths, reloads apart from reconfigures.
    @inlinable @inline(__always)
    static func split(_ updates: [(path: ItemPath, kind: UpdateKind)]) -> (reload: [ItemPath], reconfigure: [ItemPath]) {
        var reload = [ItemPath](), reconfigure = [ItemPath]()
        for entry in updates {
            if entry.kind == .reload { reload.append(entry.path) } else { reconfigure.append(entry.path) }
        }
        return (reload, reconfigure)
    }

    /// The stages of a diff whose sections change (rule 4): removals, then sections inserted and
    /// moved, then items inserted and moved.
    @inlinable
    func appendRearrangingStages(
        to stages: inout [Stage], sections: SectionMatch, changes: ItemChanges, rows: RowsAfterRemovals,
        beforePending: SnapshotType, reloads: [ItemPath], reconfigures: [ItemPath]
    ) {
        let oldSections = old._sections, newSections = new._sections
        // Rule 4, stage one: removals (`rows`, above).
        let removalStage = BatchUpdate(
            deletedSections: sections.deleted, deletedItems: changes.removals,
            reloadedItems: reloads, reconfiguredItems: reconfigures)
        let sectionStage = BatchUpdate(insertedSections: sections.inserted, movedSections: sections.moves)
        // The snapshot on screen, edited: only removed items and the items after them in their
        // sections are indexed again. Stage two rearranges its sections without indexing
        // their items again.
        var afterRemovalsSnapshot = SnapshotType()
        if !(removalStage.isEmpty && sectionStage.isEmpty) {
            afterRemovalsSnapshot = old.clearingUpdateRequests()
            afterRemovalsSnapshot._remove(sections: sections.deleted, rows: rows.removalsBySection)
            // Items that stay and changed show their new content from this stage on.
            for (path, _) in changes.inPlaceUpdates {
                let destination = new.indexPath(of: oldSections[path.section].items[path.item].id)!
                afterRemovalsSnapshot._sections[sections.survivingRank[path.section]].items[rows.row(of: path)] =
                    newSections[destination.section].items[destination.item]
            }
        }
        if !removalStage.isEmpty {
            stages.append(Stage(update: removalStage, snapshot: afterRemovalsSnapshot))
        }

        // Stage two: sections inserted (with all their items) and moved (carrying theirs; their
        // titles are still the old ones, as after stage one).
        if !sectionStage.isEmpty {
            var order = [Int]()
            order.reserveCapacity(newSections.count)
            var inserted = [Section<SectionID, Item>]()
            for t in 0..<newSections.count {
                let s = sections.newToOld[t]
                if s < 0 {
                    order.append(-1)
                    inserted.append(newSections[t])
                } else {
                    order.append(sections.survivingRank[s])
                }
            }
            var afterSections = afterRemovalsSnapshot
            afterSections._rearrangeSections(order, inserted: inserted)
            stages.append(Stage(update: sectionStage, snapshot: afterSections))
        }

        // Stage three: items inserted and moved, from the stage-two positions.
        let pendingUpdates = changes.pendingUpdates, titleUpdates = sections.titleUpdates
        var itemStage = BatchUpdate(insertedItems: changes.inserts)
        itemStage.movedItems = changes.crossMoves.map { move in
            let from = ItemPath(item: rows.row(of: move.from), section: sections.oldToNew[move.from.section])
            return .init(from: from, to: move.to)
        }.sorted { $0.to < $1.to }
        if pendingUpdates.isEmpty { itemStage.updatedSectionTitles = titleUpdates }
        if !itemStage.isEmpty || (pendingUpdates.isEmpty && !titleUpdates.isEmpty) {
            stages.append(Stage(update: itemStage, snapshot: beforePending))
        } else if pendingUpdates.isEmpty, let last = stages.indices.last {
            // Nothing to insert or move: the last stage already leads to the target.
            stages[last].snapshot = new
        }
    }
}

extension DiffEngine {
    @usableFromInline typealias Statistics = Changeset<SectionID, Item>.Statistics

    /// How the target's sections correspond to the source's, and the section changes that follow.
    @usableFromInline
    struct SectionMatch {
        /// For each old section, its target position; -1 when it was deleted.
        @usableFromInline let oldToNew: [Int]
        /// For each target section, the old section matched with it (its home); -1 when inserted.
        @usableFromInline let newToOld: [Int]
        @usableFromInline let deleted: [Int]  // old positions
        @usableFromInline let inserted: [Int]  // target positions
        /// For each old section that survives, its position among those that do (the stage-one
        /// state); -1 for the others.
        @usableFromInline let survivingRank: [Int]
        @usableFromInline let moves: [BatchUpdate.Move<Int>]
        /// The target sections whose titles changed, or that were asked to reload.
        @usableFromInline let titleUpdates: [Int]
        /// No section deleted, inserted or moved.
        @usableFromInline let isStable: Bool

        @inlinable
        init(
            oldToNew: [Int], newToOld: [Int], deleted: [Int], inserted: [Int], survivingRank: [Int],
            moves: [BatchUpdate.Move<Int>], titleUpdates: [Int]
        ) {
            self.oldToNew = oldToNew
            self.newToOld = newToOld
            self.deleted = deleted
            self.inserted = inserted
            self.survivingRank = survivingRank
            self.moves = moves
            self.titleUpdates = titleUpdates
            self.isStable = deleted.isEmpty && inserted.isEmpty && moves.isEmpty
        }
    }

    /// The changes to items that the walk finds, before they are put in stages.
    @usableFromInline
    struct ItemChanges {
        @usableFromInline var removals: [ItemPath]  // item deletes in the before-state of the first stage
        @usableFromInline var inserts: [ItemPath]  // item inserts in target coordinates (surviving sections only)
        @usableFromInline var crossMoves: [(from: ItemPath, to: ItemPath)]  // old path → target path
        @usableFromInline var inPlaceUpdates: [(path: ItemPath, kind: UpdateKind)]  // old paths of items that stay
        @usableFromInline var inPlaceTargets: [ItemPath]  // their target paths, parallel to `inPlaceUpdates`
        @usableFromInline var pendingUpdates: [PendingUpdate]  // moved items that changed

        @inlinable
        init() {
            removals = []
            inserts = []
            crossMoves = []
            inPlaceUpdates = []
            inPlaceTargets = []
            pendingUpdates = []
        }
    }

    /// Where the old items are once the removals of stage one are done (rule 4), when sections
    /// change; with stable sections there is no such stage, and every item keeps its row.
    @usableFromInline
    struct RowsAfterRemovals {
        /// The rows removed from each old section, ascending.
        @usableFromInline let removalsBySection: [Int: [Int]]

        @inlinable
        init(sectionsStable: Bool, removals: [ItemPath]) {
            var removalsBySection = [Int: [Int]]()
            if !sectionsStable {
                for path in removals { removalsBySection[path.section, default: []].append(path.item) }
            }
            self.removalsBySection = removalsBySection
        }

        /// The row of the old item at `path` once the removals are done.
        @inlinable
        func row(of path: ItemPath) -> Int {
            guard let removed = removalsBySection[path.section] else { return path.item }
            var low = 0, high = removed.count  // removed rows below `path.item`
            while low < high {
                let mid = (low + high) >> 1
                if removed[mid] < path.item { low = mid + 1 } else { high = mid }
            }
            return path.item - low
        }
    }
}

extension DiffEngine {
    /// The working state of the item match. The target is walked section by section; each item is
    /// matched with an old one, which marks it in `oldMatched`. Items that stay in their section
    /// (their home, the old section matched with it) are kept apart, one range of `stayRows` per
    /// target section: old rows in target order, with their target rows. Their moves are decided
    /// per section by an LIS, once every item is matched.
    ///
    /// The buffers belong to the walk: `deallocate()` frees them.
    @usableFromInline
    struct ItemWalk {
        @usableFromInline let old: SnapshotType
        @usableFromInline let oldSections: [Section<SectionID, Item>]
        @usableFromInline let newSections: [Section<SectionID, Item>]
        @usableFromInline let sections: SectionMatch
        @usableFromInline let rule: UpdateRule
        /// oldMatched[oldOffsets[s] + r]: whether the old item at (s, r) is still in the target.
        @usableFromInline let oldOffsets: [Int]
        // The working arrays of the walk are buffers of its own: the walk writes them item by
        // item, and an array would check that it is not shared at every write.
        @usableFromInline let oldMatched: UnsafeMutableBufferPointer<Bool>
        /// The stays of target section `t` are at `stayStart[t]..<stayEnd[t]`.
        @usableFromInline let stayStart: [Int]
        @usableFromInline var stayEnd: [Int]
        // Left uninitialised: only the stays up to `stayEnd[t]` are written, and only they are read.
        @usableFromInline let stayRows: UnsafeMutableBufferPointer<Int32>
        @usableFromInline let stayTargets: UnsafeMutableBufferPointer<Int32>
        /// The stays whose item changed, by their index in `stayRows`: few, so kept apart.
        @usableFromInline var stayUpdates: [(stay: Int, kind: UpdateKind)]
        // Items off the run (inserted, or moved in) whose lookup is put off: identifier, target
        // path and slot in `stayRows` (a placeholder, -1, until it is known to stay).
        @usableFromInline var deferredIDs: [Item.ID]
        @usableFromInline var deferredTargets: [ItemPath]
        @usableFromInline var deferredSlots: [Int]
        @usableFromInline var matchedCount: Int  // old items matched so far
        /// Putting lookups off pays when the index is out of cache: above 256 KB (about 40,000
        /// items). A smaller one is probed at once, as the walk meets each item.
        @usableFromInline let mayDefer: Bool

        @inlinable
        init(old: SnapshotType, new: SnapshotType, sections: SectionMatch, rule: UpdateRule) {
            let oldSections = old._sections, newSections = new._sections
            let oldCount = oldSections.count, newCount = newSections.count
            var oldOffsets = [Int](repeating: 0, count: oldCount + 1)
            for s in 0..<oldCount { oldOffsets[s + 1] = oldOffsets[s] + oldSections[s].items.count }
            var stayStart = [Int](repeating: 0, count: newCount + 1)
            for t in 0..<newCount {
                stayStart[t + 1] = stayStart[t] + (sections.newToOld[t] >= 0 ? newSections[t].items.count : 0)
            }
            self.old = old
            self.oldSections = oldSections
            self.newSections = newSections
            self.sections = sections
            self.rule = rule
            self.oldOffsets = oldOffsets
            oldMatched = UnsafeMutableBufferPointer<Bool>.allocate(capacity: oldOffsets[oldCount])
            oldMatched.initialize(repeating: false)
            self.stayStart = stayStart
            stayEnd = stayStart
            stayRows = UnsafeMutableBufferPointer<Int32>.allocate(capacity: stayStart[newCount])
            stayTargets = UnsafeMutableBufferPointer<Int32>.allocate(capacity: stayStart[newCount])
            stayUpdates = []
            deferredIDs = []
            deferredTargets = []
            deferredSlots = []
            matchedCount = 0
            mayDefer = old._index.byteCount > _lookupDeferralThreshold.get()
        }

        @inlinable
        func deallocate() {
            oldMatched.deallocate()
            stayRows.deallocate()
            stayTargets.deallocate()
        }

        /// Matches every item: the walk, then the items it put off, then the moves among the
        /// items that stay in their section, and last the old items that are gone.
        @inlinable
        mutating func matchItems(into changes: inout ItemChanges, stats: inout Statistics) {
            for t in 0..<newSections.count { walkSection(t, into: &changes, stats: &stats) }
            if !deferredIDs.isEmpty { placeDeferred(into: &changes, stats: &stats) }
            placeStays(into: &changes)
            collectRemovals(into: &changes, stats: &stats)
        }

        /// Matches the items of target section `t`, following the run of old items that the
        /// previous items matched.
        @inlinable @inline(__always)
        mutating func walkSection(_ t: Int, into changes: inout ItemChanges, stats: inout Statistics) {
            let oldMatched = self.oldMatched, oldOffsets = self.oldOffsets, oldSections = self.oldSections
            let stayRows = self.stayRows, stayTargets = self.stayTargets, rule = self.rule
            let items = newSections[t].items
            let home = sections.newToOld[t]
            let sectionInserted = home < 0
            var stayCount = stayStart[t]
            // The old section the previous item came from, and its items: fetched again only when
            // the section changes, which keeps array retains out of the per-item loop.
            var hintSection = home, hintRow = 0
            var hintItems = home >= 0 ? oldSections[home].items : []
            // Where the run was before a lookup jumped away from it (to a moved item): the item
            // after a moved one usually continues there, and is then matched without a hash.
            var resumeSection = -1, resumeRow = 0
            var resumeItems: [Item] = []
            // An item off the run in a matched section is not looked up here: it is matched after
            // every section, against the old items that no run matched (see `placeDeferred`). Of
            // two such items in a row, the second is looked up at once, so that the run follows
            // a moved block, or finds its way after a longer deletion.
            var previousDeferred = false
            var j = 0
            while j < items.count {
                if hintSection == home && home >= 0 {
                    // Most items continue the run in their home section: matched in a loop of
                    // their own, which keeps this one's state out of the registers it needs.
                    let matched = items.withUnsafeBufferPointer { new in
                        hintItems.withUnsafeBufferPointer { old in
                            DiffEngine.extendRun(
                                new: new, from: j, old: old, from: &hintRow,
                                oldMatched: UnsafeMutableBufferPointer(rebasing: oldMatched[oldOffsets[home]...]),
                                rows: stayRows, targets: stayTargets, at: stayCount, updates: &stayUpdates, rule: rule)
                        }
                    }
                    if matched > 0 { previousDeferred = false }
                    matchedCount += matched
                    j += matched
                    stayCount += matched
                    if j == items.count { break }
                }
                defer { j += 1 }
                let id = items[j].id
                var s = -1, r = -1
                if hintSection >= 0 && hintRow < hintItems.count && hintItems[hintRow].id == id {
                    s = hintSection
                    r = hintRow
                } else if hintSection >= 0 && hintRow + 1 < hintItems.count && hintItems[hintRow + 1].id == id {
                    // One old item skipped (deleted, or moved and matched later): still no hash.
                    s = hintSection
                    r = hintRow + 1
                } else if hintSection >= 0 && hintRow + 2 < hintItems.count && hintItems[hintRow + 2].id == id {
                    s = hintSection
                    r = hintRow + 2
                } else if resumeSection >= 0 && resumeRow < resumeItems.count && resumeItems[resumeRow].id == id {
                    s = resumeSection
                    r = resumeRow
                    if s != hintSection { hintItems = resumeItems }
                    resumeSection = -1
                } else if mayDefer && !sectionInserted && !previousDeferred {
                    previousDeferred = true
                    deferredIDs.append(id)
                    deferredTargets.append(ItemPath(item: j, section: t))
                    deferredSlots.append(stayCount)
                    stayRows[stayCount] = -1
                    stayCount += 1
                    continue
                } else if let path = old.indexPath(of: id) {
                    s = path.section
                    r = path.item
                    if hintSection >= 0 {
                        resumeSection = hintSection
                        resumeRow = hintRow
                        resumeItems = hintItems
                    }
                    if s != hintSection { hintItems = oldSections[s].items }
                }
                previousDeferred = false
                let target = ItemPath(item: j, section: t)
                guard s >= 0 else {
                    if !sectionInserted { changes.inserts.append(target) }
                    stats.insertedItems += 1
                    continue
                }
                hintSection = s
                hintRow = r + 1
                // The items put off are placed after the walk by the same rules, in a loop of
                // their own: one function for both made this walk of a 5,000-item list about a
                // fifth slower (its state no longer fitted the registers).
                oldMatched[oldOffsets[s] + r] = true
                matchedCount += 1
                let from = ItemPath(item: r, section: s)
                let oldSectionDeleted = sections.oldToNew[s] < 0
                if sectionInserted || oldSectionDeleted {
                    // Rule 3: no move out of a deleted or into an inserted section.
                    if !oldSectionDeleted { changes.removals.append(from) }
                    if !sectionInserted { changes.inserts.append(target) }
                    stats.reinsertedItems += 1
                    continue
                }
                let oldItem = hintItems[r]
                let kind = rule.kind(oldItem, items[j])
                if s == home {
                    if let kind { stayUpdates.append((stayCount, kind)) }
                    stayRows[stayCount] = Int32(r)
                    stayTargets[stayCount] = Int32(j)
                    stayCount += 1
                } else {
                    changes.crossMoves.append((from, target))
                    if let kind { changes.pendingUpdates.append(PendingUpdate(path: target, kind: kind, oldValue: oldItem)) }
                }
            }
            stayEnd[t] = stayCount
        }

        /// Places the items the walk put off. They are matched against the old items that no run
        /// or lookup matched (deleted, or moved away), in a table of their own: both sets are small
        /// next to the snapshots, so this table stays in cache where lookups in the snapshot's
        /// index would each wait for memory. When far more old items are left than items put off
        /// (mostly deletions), they are looked up in the index instead: looking up the few costs
        /// less than hashing the many. An item put off that matches none is inserted.
        @inlinable
        mutating func placeDeferred(into changes: inout ItemChanges, stats: inout Statistics) {
            let unmatched = oldMatched.count - matchedCount
            let found =
                unmatched > 4 * deferredIDs.count
                ? old._indexPaths(of: deferredIDs)
                : DiffEngine.matchDeferred(deferredIDs, oldSections: oldSections, oldMatched: UnsafeBufferPointer(oldMatched))
            let updatesBefore = stayUpdates.count
            for k in deferredIDs.indices {
                let to = deferredTargets[k]
                guard let from = found[k] else {
                    changes.inserts.append(to)
                    stats.insertedItems += 1
                    continue
                }
                oldMatched[oldOffsets[from.section] + from.item] = true
                if sections.oldToNew[from.section] < 0 {
                    // Rule 3, from a deleted section (an item put off is in a matched one).
                    changes.inserts.append(to)
                    stats.reinsertedItems += 1
                    continue
                }
                let oldItem = oldSections[from.section].items[from.item]
                let kind = rule.kind(oldItem, newSections[to.section].items[to.item])
                if from.section == sections.newToOld[to.section] {
                    let slot = deferredSlots[k]
                    if let kind { stayUpdates.append((slot, kind)) }
                    stayRows[slot] = Int32(truncatingIfNeeded: from.item)
                    stayTargets[slot] = Int32(truncatingIfNeeded: to.item)
                } else {
                    changes.crossMoves.append((from, to))
                    if let kind { changes.pendingUpdates.append(PendingUpdate(path: to, kind: kind, oldValue: oldItem)) }
                }
            }
            // The updates of items put off that stay came after those of later stays.
            if stayUpdates.count > updatesBefore { stayUpdates.sort { $0.stay < $1.stay } }
        }

        /// Items of each home section off the longest increasing run of old rows must move; the
        /// others stay, and those that changed are updated where they are. Only the items that
        /// move and the updates are visited.
        @inlinable
        func placeStays(into changes: inout ItemChanges) {
            var nextUpdate = 0
            for t in 0..<newSections.count where stayEnd[t] > stayStart[t] {
                let home = sections.newToOld[t]
                let start = stayStart[t], end = stayEnd[t]
                let keep = longestIncreasingSubsequenceMask(UnsafeBufferPointer(rebasing: stayRows[start..<end]))
                // The updates before stay `limit` that are not yet taken: every item before it that
                // moves has been visited, so these are of items that stay.
                func updateInPlace(before limit: Int) {
                    while nextUpdate < stayUpdates.count && stayUpdates[nextUpdate].stay < limit {
                        let stay = stayUpdates[nextUpdate].stay
                        changes.inPlaceUpdates.append(
                            (ItemPath(item: Int(stayRows[stay]), section: home), stayUpdates[nextUpdate].kind))
                        changes.inPlaceTargets.append(ItemPath(item: Int(stayTargets[stay]), section: t))
                        nextUpdate += 1
                    }
                }
                // Placeholders (left by items put off that were inserted or came from elsewhere)
                // are off the run, and skipped.
                for k in start..<end where !keep[k - start] && stayRows[k] >= 0 {
                    updateInPlace(before: k)
                    var kind: UpdateKind? = nil
                    if nextUpdate < stayUpdates.count && stayUpdates[nextUpdate].stay == k {
                        kind = stayUpdates[nextUpdate].kind
                        nextUpdate += 1
                    }
                    let from = ItemPath(item: Int(stayRows[k]), section: home)
                    let to = ItemPath(item: Int(stayTargets[k]), section: t)
                    changes.crossMoves.append((from, to))
                    // An update of an item that moves waits for a later stage (rule 2).
                    if let kind {
                        changes.pendingUpdates.append(
                            PendingUpdate(path: to, kind: kind, oldValue: oldSections[home].items[from.item]))
                    }
                }
                updateInPlace(before: end)
            }
        }

        /// The old items no longer present: deleted, and removed where their section survives.
        @inlinable
        func collectRemovals(into changes: inout ItemChanges, stats: inout Statistics) {
            for s in 0..<oldSections.count {
                let sectionSurvives = sections.oldToNew[s] >= 0
                let base = oldOffsets[s]
                for r in 0..<(oldOffsets[s + 1] - base) where !oldMatched[base + r] {
                    stats.deletedItems += 1
                    if sectionSurvives { changes.removals.append(ItemPath(item: r, section: s)) }
                }
            }
        }
    }
}

extension Array where Element: Comparable {
    /// Whether the elements are in ascending order.
    @inlinable
    var isSorted: Bool {
        var i = 1
        while i < count {
            if self[i] < self[i - 1] { return false }
            i += 1
        }
        return true
    }
}
