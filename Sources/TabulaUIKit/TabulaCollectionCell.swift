#if canImport(UIKit)
    import UIKit
    import Tabula

    /// Tabula's standard collection cell: shows ``CellContent`` as a list cell, with one switch
    /// (kept across updates) for toggle accessories. In a section snapshot's section it also shows
    /// the item's place in the tree: indentation, and an outline disclosure that follows the
    /// item's expansion (`configurationState.isExpanded`) and expands or collapses it when tapped,
    /// with no subclass and no handler of yours.
    open class TabulaCollectionCell: UICollectionViewListCell, ContentCell, TogglingCell {
        /// Called when the user flips the switch of a toggle accessory.
        public var onToggle: ((Bool) -> Void)?
        /// The item's expansion in its section snapshot (`nil`: no children, or not in a tree);
        /// UIKit's outline disclosure reads it through ``configurationState``.
        public var isExpandedInOutline: Bool? {
            didSet { if isExpandedInOutline != oldValue { setNeedsUpdateConfiguration() } }
        }
        /// Called when the user taps the outline disclosure (the adapter toggles the item).
        var onDisclosure: (() -> Void)?

        /// The cell's state, with the item's expansion in its section snapshot.
        open override var configurationState: UICellConfigurationState {
            var state = super.configurationState
            if let isExpandedInOutline { state.isExpanded = isExpandedInOutline }
            return state
        }

        /// Shows the item's place in its section snapshot: `level` as indentation, and, for an
        /// item with children, the outline disclosure after the accessories the configurator set.
        /// A disclosure left from an earlier configuration is replaced, never repeated, so a
        /// subclass whose configurator keeps its accessories gets one disclosure.
        func showOutline(level: Int, isExpanded: Bool?, toggle: @escaping () -> Void) {
            indentationLevel = level
            isExpandedInOutline = isExpanded
            onDisclosure = toggle
            var kept = accessories.filter { $0.accessoryType != .outlineDisclosure }
            if isExpanded != nil {
                kept.append(.outlineDisclosure(options: .init(style: .automatic)) { [weak self] in self?.onDisclosure?() })
            }
            accessories = kept
        }
        /// Whether the cell shows an item's place in a section snapshot.
        var showsOutline: Bool { onDisclosure != nil }

        /// Shows no outline: no indentation, no disclosure.
        func hideOutline() {
            indentationLevel = 0
            isExpandedInOutline = nil
            onDisclosure = nil
            accessories = accessories.filter { $0.accessoryType != .outlineDisclosure }
        }

        private lazy var toggle = UISwitch.tabulaToggle(target: self, action: #selector(toggled))

        /// Shows `content`: text, secondary text, accessory and style.
        public func apply(_ content: CellContent) {
            contentConfiguration = content.listContentConfiguration()
            var accessories: [UICellAccessory] = []
            if content.accessory.isDisclosureIndicator { accessories.append(.disclosureIndicator()) }
            if content.accessory.isCheckmark { accessories.append(.checkmark()) }
            if let isOn = content.accessory.toggleState {
                toggle.isOn = isOn
                accessories.append(.customView(configuration: .init(customView: toggle, placement: .trailing())))
            }
            self.accessories = accessories
        }

        @objc private func toggled() { onToggle?(toggle.isOn) }

        /// Clears the switch handler and the outline state (indentation, disclosure) before the
        /// cell is reused. Other accessories stay: those a subclass set in its initialiser are the
        /// cell's own, and those ``apply(_:)`` set are replaced at the next configuration.
        open override func prepareForReuse() {
            super.prepareForReuse()
            onToggle = nil
            hideOutline()
        }
    }
#endif
