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
    /// For each section, how many leading items are known equal (identifier and content) to the
    /// source's at the same place, with the sections the same; `nil` when not known.
    @usableFromInline let equalPrefixes: [Int]?

    @inlinable
    init(
        source: SnapshotType, target: SnapshotType, classifier: Classifier, canReconfigure: ((Item, Item) -> Bool)?,
        equalPrefixes: [Int]? = nil
    ) {
        self.old = source
        self.new = target
        self.classifier = classifier
        self.canReconfigure = canReconfigure
        self.equalPrefixes = equalPrefixes
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
            kind(oldItem, newItem, marks: hasMarks, checksCell: true)
        }

        /// ``kind(_:_:)`` with `hasMarks` given as `marks`, and the cell check left out when
        /// `checksCell` is false (for a rule without `canReconfigure`): a loop that passes constants
        /// gets a copy without the parts it does not need.
        @inlinable @inline(__always)
        func kind(_ oldItem: Item, _ newItem: Item, marks: Bool, checksCell: Bool) -> UpdateKind? {
            var kind = classifier.classify(oldItem, newItem)
            if marks, let requested = target.requestedUpdate(for: newItem.id) { kind = requested }
            if checksCell, kind?.kind == .reconfigure, let canReconfigure, !canReconfigure(oldItem, newItem) { kind = .reload }
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
    /// that which items are matched here, and how, is what the walk would have found. A Debug
    /// build compares bytes instead, in the walk itself (see `ItemWalk.bytewise`).
    // Not inlined: a loop of its own, with few values live, is what most items go through. Static,
    // so that calling it copies nothing of the engine.
    @inlinable @inline(never)
    static func extendRun(
        new: UnsafeBufferPointer<Item>, from j: Int, old: UnsafeBufferPointer<Item>, from row: inout Int,
        oldMatched: UnsafeMutableBufferPointer<Bool>, rows: UnsafeMutableBufferPointer<Int32>,
        targets: UnsafeMutableBufferPointer<Int32>, at stay: Int, updates: inout [(stay: Int, kind: UpdateKind)],
        rule: UpdateRule, marks: Bool, checksCell: Bool
    ) -> Int {
        // Local copies, held in registers: through `row` itself, every step of the loop wrote
        // memory that the writes to the buffers might alias.
        var k = 0, r = row
        defer { row = r }
        // Copies of the loop for the common cases, where the target requests no update: the
        // classifier's answer, and the check of a reconfigure when there is one, with nothing of
        // the rule read again for each item (churn10-100k-uuid in `instructions.sh` guards it).
        // `marks` and `checksCell` are the rule's, read by the caller once a section.
        switch (marks, checksCell) {
        case (false, false):
            runLoop(
                new: new, from: j, old: old, row: &r, count: &k, oldMatched: oldMatched, rows: rows, targets: targets, at: stay,
                updates: &updates, rule: rule, marks: false, checksCell: false)
        case (false, true):
            runLoop(
                new: new, from: j, old: old, row: &r, count: &k, oldMatched: oldMatched, rows: rows, targets: targets, at: stay,
                updates: &updates, rule: rule, marks: false, checksCell: true)
        case (true, _):
            runLoop(
                new: new, from: j, old: old, row: &r, count: &k, oldMatched: oldMatched, rows: rows, targets: targets, at: stay,
                updates: &updates, rule: rule, marks: true, checksCell: true)
        }
        return k
    }

    /// The loop of ``extendRun(new:from:old:from:oldMatched:rows:targets:at:updates:rule:marks:checksCell:)``,
    /// with `marks` and `checksCell` as in ``UpdateRule/kind(_:_:marks:checksCell:)``.
    // Its state in parameters, not in a local function's captures: a Debug build checks every use
    // of a captured variable for exclusive access. Items are compared with the specialised `==`,
    // not by their bytes first (churn10-100k-uuid in `instructions.sh` guards it).
    @inlinable @inline(__always)
    static func runLoop(
        new: UnsafeBufferPointer<Item>, from j: Int, old: UnsafeBufferPointer<Item>, row r: inout Int, count k: inout Int,
        oldMatched: UnsafeMutableBufferPointer<Bool>, rows: UnsafeMutableBufferPointer<Int32>, targets: UnsafeMutableBufferPointer<Int32>,
        at stay: Int, updates: inout [(stay: Int, kind: UpdateKind)], rule: UpdateRule, marks: Bool, checksCell: Bool
    ) {
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
            if let kind = rule.kind(oldItem, newItem, marks: marks, checksCell: checksCell) {
                updates.append((stay &+ k, kind))
            }
            oldMatched[r] = true
            rows[stay &+ k] = Int32(truncatingIfNeeded: r)
            targets[stay &+ k] = Int32(truncatingIfNeeded: j &+ k)
            k &+= 1
            r &+= 1
        }
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
            var base = 0
            for s in oldSections.indices {
                let items = oldSections[s].items
                let count = items.count
                @inline(__always) func probe(_ r: Int) {
                    let id = items[r].id
                    var bucket = SnapshotType._hash(id, seeds) & mask
                    while true {
                        let k = Int(table[bucket])
                        if k < 0 { return }
                        if ids[k] == id {
                            found[k] = ItemPath(item: r, section: s)
                            return
                        }
                        bucket = (bucket &+ 1) & mask
                    }
                }
                _forEachUnset(oldMatched, from: base, count: count, probe)
                base &+= count
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
        let rule = UpdateRule(classifier: classifier, target: new, canReconfigure: canReconfigure)
        if Classifier.comparesWithEquality, !new.hasRequestedUpdates, let lineage = new._lineage, lineage.isSource(old) {
            // Built from the source, with no item moved: the build found every change already.
            Self.collectChanges(of: lineage, old: old, new: new, rule: rule, into: &changes, stats: &stats)
        } else {
            var walk = ItemWalk(old: old, new: new, sections: sections, rule: rule, equalPrefixes: equalPrefixes)
            defer { walk.deallocate() }
            walk.matchItems(into: &changes, stats: &stats)
        }
        // Usually in order already, or in two ordered runs (checked in O(n), sorted only when not).
        changes.removals.sortPaths()
        changes.inserts.sortPaths()
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

    /// The item changes from `old` to `new`, which was built from it (`Snapshot(_:updating:)`)
    /// and records what the build found (`_Lineage`): what `ItemWalk.matchItems` finds, in the same
    /// order, without visiting an item that did not change. The sections are the same, in place,
    /// and no item moved, so every item matched stays: the items inserted are the build's, the
    /// old items no run carried are removed, and the items whose content changed are updated.
    ///
    /// - Complexity: O(*s* + *r* + *c*) for *s* sections, *r* runs, and *c* items inserted,
    ///   removed or changed.
    @inlinable
    static func collectChanges(
        of lineage: SnapshotType._Lineage, old: SnapshotType, new: SnapshotType, rule: UpdateRule, into changes: inout ItemChanges,
        stats: inout Statistics
    ) {
        let oldSections = old._sections, newSections = new._sections
        changes.inserts = lineage.inserted
        stats.insertedItems = lineage.inserted.count
        // The runs are in section order, and in row order within a section: what lies between
        // them is gone.
        let runs = lineage.runs
        var k = 0
        for s in 0..<oldSections.count {
            var next = 0
            while k < runs.count && Int(runs[k].section) == s {
                let run = runs[k].run
                for r in next..<Int(run.from) { changes.removals.append(ItemPath(item: r, section: s)) }
                next = Int(run.from) + Int(run.count)
                k += 1
            }
            for r in next..<oldSections[s].items.count { changes.removals.append(ItemPath(item: r, section: s)) }
        }
        stats.deletedItems = changes.removals.count
        for entry in lineage.changed {
            let s = Int(entry.section), from = ItemPath(item: Int(entry.oldRow), section: s)
            guard let kind = rule.kind(oldSections[s].items[from.item], newSections[s].items[Int(entry.row)]) else { continue }
            changes.inPlaceUpdates.append((from, kind))
            changes.inPlaceTargets.append(ItemPath(item: Int(entry.row), section: s))
        }
    }
}

/// The size of an index, in bytes, above which the diff puts off its lookups (see
/// `DiffEngine.ItemWalk`): 256 KB. Tests set it lower, so that small snapshots take that path too.
@usableFromInline
let _lookupDeferralThreshold = TaskLocal<Int>(wrappedValue: 256 * 1024)
