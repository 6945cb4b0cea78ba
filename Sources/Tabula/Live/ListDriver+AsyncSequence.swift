extension ListDriver {
    /// Applies every snapshot `snapshots` produces, until it ends.
    ///
    /// Each value is diffed against what is on screen (off the main actor when large) and applied
    /// as staged batch updates. Values that arrive while an update is in flight are coalesced:
    /// only the newest is applied, never an interleaving of two.
    ///
    /// ```swift
    /// Task { try await driver.run(store.snapshots) }
    /// ```
    ///
    /// - Throws: whatever the sequence throws; the last snapshot stays on screen.
    public func run<Snapshots: AsyncSequence>(_ snapshots: Snapshots) async throws
    where Snapshots.Element == Snapshot<SectionID, Item> {
        for try await snapshot in snapshots {
            apply(snapshot, completion: nil)
        }
    }

    /// Applies every array of items `items` produces, as the one section `section`.
    ///
    /// - Throws: whatever the sequence throws, or a ``SnapshotError`` when an array repeats an
    ///   identifier (nothing is applied for that array).
    public func run<Items: AsyncSequence>(_ items: Items, section: SectionID, header: String? = nil) async throws
    where Items.Element == [Item] {
        for try await array in items {
            // Built against the driver's latest snapshot: the items that kept their order cost a comparison.
            apply(try Snapshot([Section(section, header: header, items: array)], updating: latestSnapshot), completion: nil)
        }
    }
}
