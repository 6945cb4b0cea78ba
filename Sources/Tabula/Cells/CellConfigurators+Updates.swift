extension CellConfigurators where Item: Sendable {
    /// Whether an item can keep its cell when it changes from `old` to `new`: both go to
    /// configurators with the same reuse identifier.
    ///
    /// UIKit reconfigures an item only in a cell of the type it already has, so ``ListDriver``
    /// turns a reconfigure this check refuses into a reload, whoever asked for it (a custom
    /// `updateKind`, ``ListDriver/init(snapshot:updates:canReconfigure:differ:)`` with
    /// ``UpdateKind/reconfigure``, or ``Snapshot/reconfigureItems(_:)``). Every adapter passes it to
    /// its driver. The check runs during the diff, off the main actor, which is safe because
    /// configurators decide which items they take with `@Sendable` functions of the item.
    public var canReconfigure: @Sendable (Item, Item) -> Bool {
        let lookup = ReuseIdentifiers(cells: self)
        return { old, new in lookup.identifier(old) == lookup.identifier(new) }
    }
}

extension CellConfigurators where Item: Equatable & Sendable {
    /// The cheapest correct update for an item whose identity stayed: none when its content is
    /// equal (`==`, or the same bytes, as the diff compares); ``UpdateKind/reconfigure`` when it keeps its reuse identifier (the cell stays and is
    /// configured again); ``UpdateKind/reload`` when the identifier changes (another cell class).
    ///
    /// Pass it to a ``ListDriver``; the diff calls it off the main actor, which is safe because
    /// configurators decide which items they take with `@Sendable` functions of the item.
    // Inlinable, as the adapters' initialisers that use it: the `==` it runs for every item the
    // diff matches is then specialised for your item type instead of called through a witness.
    @inlinable
    public var cheapestUpdate: @Sendable (Item, Item) -> UpdateKind? {
        let keepsCell = canReconfigure
        return { old, new in
            guard !_sameContent(old, new) else { return nil }
            return keepsCell(old, new) ? .reconfigure : .reload
        }
    }
}

/// Which reuse identifier each item gets: the configurators' identifiers and `@Sendable` matching
/// functions, without their main-actor configuration closures. Checked `Sendable`.
private struct ReuseIdentifiers<Item: Sendable>: Sendable {
    let table: [(reuseIdentifier: String, matches: @Sendable (Item) -> Bool)]
    let resolve: (@Sendable (Item) -> CellConfigurator<Item>?)?

    init(cells: CellConfigurators<Item>) {
        table = cells.configurators.map { ($0.reuseIdentifier, $0.matches) }
        resolve = cells.resolve
    }

    func identifier(_ item: Item) -> String? {
        for entry in table where entry.matches(item) { return entry.reuseIdentifier }
        return resolve?(item)?.reuseIdentifier
    }
}
