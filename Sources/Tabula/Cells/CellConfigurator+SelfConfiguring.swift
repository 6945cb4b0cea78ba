extension CellConfigurator {
    /// A configurator for every item, in a ``ConfigurableCell`` whose model is the item.
    public static func cell<Cell: ConfigurableCell>(_ cellType: Cell.Type) -> CellConfigurator where Cell.Model == Item {
        cell(cellType, for: { Optional($0) })
    }

    /// A configurator for the items `extract` returns a model for (an enum case, a protocol's
    /// concrete type), in a ``ConfigurableCell`` of that model.
    public static func cell<Cell: ConfigurableCell>(
        _ cellType: Cell.Type, for extract: @escaping @Sendable (Item) -> Cell.Model?
    ) -> CellConfigurator {
        cell(
            cellType, reuseIdentifier: Cell.reuseIdentifier, for: extract, description: String(describing: Cell.Model.self),
            describe: { @MainActor model in Cell.content(for: model) }, configure: { cell, model, _ in cell.configure(with: model) })
    }
}

extension CellConfigurator where Item: ListItem {
    /// This configurator for ``AnyListItem``s that wrap an `Item`.
    func erased() -> CellConfigurator<AnyListItem> {
        let matches = self.matches
        let configureCell = self.configureCell
        let contentOf = self.contentOf
        return CellConfigurator<AnyListItem>(
            reuseIdentifier: reuseIdentifier, cellType: cellType, cellTypeName: cellTypeName, itemDescription: itemDescription,
            matches: { ($0.base as? Item).map(matches) ?? false },
            configureCell: { cell, item, context in
                if let item = item.base as? Item { configureCell(cell, item, context) }
            },
            contentOf: contentOf.map { contentOf in { @MainActor item in (item.base as? Item).flatMap(contentOf) } },
            registersCell: registersCell)
    }
}

extension CellConfigurators where Item == AnyListItem {
    /// Configurators for items that choose their cells (``ListItem``): each item's kind supplies its
    /// configurator, and its cell is registered the first time an item of that kind is shown.
    public static var itemsChooseTheirCells: CellConfigurators<AnyListItem> {
        CellConfigurators(resolving: { $0.configurator() })
    }

    /// Items choose their cells, except those `configurators` take first: mix ``ListItem`` kinds
    /// with configurators in one list, or show one kind differently in one screen.
    ///
    /// ```swift
    /// let cells = CellConfigurators.itemsChooseTheirCells {
    ///     CellConfigurator.content(reuseIdentifier: "compact-ad", for: { $0.as(AdRow.self) }) { CellContent(text: $0.sponsor) }
    /// }
    /// ```
    package static func itemsChooseTheirCells(
        @ItemsBuilder<CellConfigurator<AnyListItem>> except configurators: () -> [CellConfigurator<AnyListItem>]
    ) -> CellConfigurators<AnyListItem> {
        CellConfigurators(configurators(), resolving: { $0.configurator() })
    }
}
