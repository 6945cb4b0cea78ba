#if canImport(UIKit)
    import UIKit
    import Tabula

    extension CellConfigurator {
        /// A configurator written as Apple's `UICollectionView.CellRegistration`: a cell class (or
        /// the nib named after it) and a handler that gets the cell, its index path and the item.
        /// Registered once, when the adapter is created.
        ///
        /// ```swift
        /// CellConfigurator.registration(BookCell.self) { cell, indexPath, book in cell.title.text = book.title }
        /// ```
        ///
        /// A list cell class of yours that subclasses ``TabulaCollectionCell`` (rather than
        /// `UICollectionViewListCell`) shows an item's place in a section snapshot as
        /// ``listCell(reuseIdentifier:describe:handler:)`` does: indentation, and an outline
        /// disclosure that follows the item's expansion and toggles it when tapped.
        ///
        /// - Parameter describe: what an item looks like where `Cell` cannot be shown (the headless
        ///   view in tests, the terminal).
        public static func registration<Cell: UICollectionViewCell>(
            _ cellType: Cell.Type, reuseIdentifier: String? = nil, describe: (@MainActor (Item) -> CellContent)? = nil,
            handler: @escaping @MainActor (Cell, IndexPath, Item) -> Void
        ) -> CellConfigurator {
            cell(cellType, reuseIdentifier: reuseIdentifier, describe: describe) { cell, item, context in handler(cell, IndexPath(context.path), item) }
        }

        /// A registration for the items `extract` returns a payload for (an enum case), configured
        /// as ``registration(_:reuseIdentifier:describe:handler:)`` is, with the payload.
        ///
        /// ```swift
        /// CellConfigurator.registration(CoverCell.self, for: \.cover) { cell, indexPath, title in cell.title.text = title }
        /// ```
        public static func registration<Cell: UICollectionViewCell, Payload>(
            _ cellType: Cell.Type, reuseIdentifier: String? = nil, for extract: @escaping @Sendable (Item) -> Payload?,
            describe: (@MainActor (Payload) -> CellContent)? = nil, handler: @escaping @MainActor (Cell, IndexPath, Payload) -> Void
        ) -> CellConfigurator {
            cell(cellType, reuseIdentifier: reuseIdentifier, for: extract, describe: describe) { cell, payload, context in
                handler(cell, IndexPath(context.path), payload)
            }
        }

        /// A `UICollectionViewListCell` configured as Apple's list cell registrations are (content
        /// configuration, accessories), with no subclass of yours. In a section snapshot's section
        /// the cell also shows the item's level and an outline disclosure that follows its
        /// expansion and expands or collapses it when tapped.
        ///
        /// ```swift
        /// CellConfigurator.listCell { cell, indexPath, folder in
        ///     var content = cell.defaultContentConfiguration()
        ///     content.text = folder.name
        ///     cell.contentConfiguration = content
        /// }
        /// ```
        public static func listCell(
            reuseIdentifier: String = "TabulaListCell", describe: (@MainActor (Item) -> CellContent)? = nil,
            handler: @escaping @MainActor (UICollectionViewListCell, IndexPath, Item) -> Void
        ) -> CellConfigurator {
            cell(TabulaCollectionCell.self, reuseIdentifier: reuseIdentifier, describe: describe) { cell, item, context in
                cell.accessories = []
                handler(cell, IndexPath(context.path), item)
            }
        }

        /// A list cell for the items `extract` returns a payload for (an enum case), configured as
        /// ``listCell(reuseIdentifier:describe:handler:)`` is.
        public static func listCell<Payload>(
            reuseIdentifier: String = "TabulaListCell", for extract: @escaping @Sendable (Item) -> Payload?,
            describe: (@MainActor (Payload) -> CellContent)? = nil,
            handler: @escaping @MainActor (UICollectionViewListCell, IndexPath, Payload) -> Void
        ) -> CellConfigurator {
            cell(TabulaCollectionCell.self, reuseIdentifier: reuseIdentifier, for: extract, describe: describe) { cell, payload, context in
                cell.accessories = []
                handler(cell, IndexPath(context.path), payload)
            }
        }
    }
#endif
