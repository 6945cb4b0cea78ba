extension CellConfigurators where Item: Equatable {
    /// The cheapest correct update for an item whose identity stayed: none when its content is
    /// equal; ``UpdateKind/reconfigure`` when it keeps its reuse identifier (the cell stays and is
    /// configured again); ``UpdateKind/reload`` when the identifier changes (another cell class).
    ///
    /// Pass it to a ``ListDriver``; the diff calls it off the main actor, which is safe because
    /// configurators decide which items they take with plain functions of the item.
    public var cheapestUpdate: @Sendable (Item, Item) -> UpdateKind? {
        let lookup = ReuseIdentifiers(cells: self)
        return { old, new in
            guard old != new else { return nil }
            return lookup.identifier(old) == lookup.identifier(new) ? .reconfigure : .reload
        }
    }
}

/// Which reuse identifier each item gets. Configurators' `accepts` predicates are plain functions of
/// the item (the `for:` extractors are `@Sendable`), so asking them from the diff's task is safe.
private struct ReuseIdentifiers<Item>: @unchecked Sendable {
    let cells: CellConfigurators<Item>
    func identifier(_ item: Item) -> String? { cells.configurator(for: item)?.reuseIdentifier }
}
