extension Snapshot {
    /// What a build against a previous snapshot found, kept for the diff from that snapshot (see
    /// `DiffEngine.run()`): with the same sections in the same places, the runs of items that kept
    /// their order, the items inserted (none of them anywhere in the previous snapshot) and the
    /// items whose content changed (`==`). The diff then has nothing to walk: no item moved, and
    /// everything else it would find is here.
    ///
    /// Recorded only when the build compared content, kept its sections in place and found no item
    /// off its runs that the previous snapshot holds (moved, or past a longer deletion); cleared by
    /// any change of the sections and by ``clearingUpdateRequests()``.
    @usableFromInline
    struct _Lineage {
        /// The previous snapshot's sections. Holding them keeps their storage from being changed in
        /// place, so a source whose sections are this storage is the snapshot built from.
        @usableFromInline let source: [SectionType]
        /// The runs, section by section, each in row order: old rows to new rows of one section.
        @usableFromInline let runs: [(section: Int32, run: _RowRun)]
        /// The items inserted, in order.
        @usableFromInline let inserted: [ItemPath]
        /// The matched items whose content changed, in order: section, new row and old row.
        @usableFromInline let changed: [(section: Int32, row: Int32, oldRow: Int32)]

        @inlinable
        init(
            source: [SectionType], runs: [(section: Int32, run: _RowRun)], inserted: [ItemPath],
            changed: [(section: Int32, row: Int32, oldRow: Int32)]
        ) {
            self.source = source
            self.runs = runs
            self.inserted = inserted
            self.changed = changed
        }

        /// Whether `snapshot` is the one this build was made against, unchanged.
        ///
        /// - Complexity: O(1).
        @inlinable
        func isSource(_ snapshot: Snapshot) -> Bool {
            _sameStorage(source, snapshot._sections)
        }
    }
}

extension Snapshot._Lineage: Sendable where Item: Sendable {}
