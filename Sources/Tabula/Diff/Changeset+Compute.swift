extension Changeset where Item: Equatable {
    /// Computes the changeset from `source` to `target`, comparing content with `==`.
    ///
    /// Two items with the same bytes are one value, and are equal without a call to `==`; the
    /// others are compared with `==`, which must be reflexive, as `Equatable` requires. Whether an
    /// item that is not equal to itself (a NaN field) is updated when it did not change is not
    /// specified.
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
    init(
        from source: [Section<SectionID, Item>], to target: [Section<SectionID, Item>], options: DiffOptions = DiffOptions()
    ) throws {
        self.init(from: try SnapshotType(source).validated(), to: try SnapshotType(target).validated(), options: options)
    }
}

extension Changeset {
    /// Computes the changeset from `source` to `target`, with `isContentEqual` deciding whether an
    /// item that kept its identity needs an update.
    ///
    /// - Complexity: O(*n* + *m* log *m*) for *n* items and *m* moved ones, as
    ///   ``init(from:to:options:)-(Changeset<SectionID,Item>.SnapshotType,_,_)``.
    // Inlinable so that the engine is specialised for the client's item and identifier types:
    // unspecialised, every hash and `==` goes through a witness table (churn10-100k-uuid in
    // `instructions.sh` guards it).
    @inlinable
    package init(
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
        // Two snapshots built apart: compared item by item first (see `_equalPrefixes`), unless
        // the build against the source recorded what it found, which costs the diff less. The
        // walk then starts where the comparison stopped.
        var prefixes: [Int]? = nil, unchanged = false
        if Classifier.comparesWithEquality && !target.hasRequestedUpdates {
            if target._isKnownUnchanged(from: source) {
                unchanged = true
            } else if target._lineage?.isSource(source) != true, let equal = Self._equalPrefixes(source, target, classifier) {
                prefixes = equal
                unchanged = equal.indices.allSatisfy { equal[$0] == target._sections[$0].items.count }
            }
        }
        if unchanged {
            self.init(source, target, stages: [], statistics: Statistics())
            return
        }
        var engine = DiffEngine(
            source: source, target: target, classifier: classifier, canReconfigure: canReconfigure, equalPrefixes: prefixes)
        let (stages, statistics) = engine.run()
        self.init(source, target, stages: stages, statistics: statistics)
    }

    @inlinable
    init(_ source: SnapshotType, _ target: SnapshotType, stages: [Stage], statistics: Statistics) {
        self.source = source
        self.target = target
        self.stages = stages
        self.statistics = statistics
    }

    /// For each section, how many leading items of `target` equal `source`'s at the same place
    /// (identifier, and `classifier`, which compares with `==`), when the two hold the same
    /// sections with the same titles and counts; `nil` otherwise. Sections after the first that is
    /// not entirely equal count 0: the comparison stops at the first difference. All equal, the
    /// diff has nothing to report; otherwise the walk starts after the prefixes.
    ///
    /// Two snapshots built apart from one list are common (an app that builds its list again on
    /// every change of its model, and applies it unchanged): without the prefixes, the walk would
    /// visit every item of them (the `shape-nochange-10k-diff` line of `instructions.sh`).
    ///
    /// - Complexity: O(*s*) for *s* sections, and O(*k*) for the *k* items before the first
    ///   difference.
    @inlinable
    static func _equalPrefixes<Classifier: _ItemClassifier>(
        _ source: SnapshotType, _ target: SnapshotType, _ classifier: Classifier
    ) -> [Int]? where Classifier.Item == Item {
        let old = source._sections, new = target._sections
        guard old.count == new.count else { return nil }
        for s in 0..<old.count {
            guard old[s].id == new[s].id, old[s].items.count == new[s].items.count, old[s].hasSameTitles(as: new[s]) else {
                return nil
            }
        }
        var prefixes = [Int](repeating: 0, count: old.count)
        for s in 0..<old.count {
            let equal = old[s].items.withUnsafeBufferPointer { a in
                new[s].items.withUnsafeBufferPointer { b in
                    guard let a = a.baseAddress, let b = b.baseAddress else { return 0 }
                    let count = old[s].items.count
                    // Blocks with the same bytes first, when that is what the classifier counts as
                    // equal (`_EqualityClassifier`): the whole of two lists built apart from one.
                    return _leadingEqualItems(a, b, count: count, probe: Classifier.comparesWithEquality ? 0 : count) { a, b in
                        a.pointee.id == b.pointee.id && classifier.classify(a.pointee, b.pointee) == nil
                    }
                }
            }
            prefixes[s] = equal
            if equal < old[s].items.count { break }
        }
        return prefixes
    }
}
