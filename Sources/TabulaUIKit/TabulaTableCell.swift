#if canImport(UIKit)
    import UIKit
    import Tabula

    /// Tabula's standard table cell: shows ``CellContent`` through `UIListContentConfiguration`, with a
    /// `UISwitch` for toggle accessories. Content configurators use it.
    open class TabulaTableCell: UITableViewCell, ContentCell, TogglingCell {
        /// Called when the user flips the switch of a toggle accessory.
        public var onToggle: ((Bool) -> Void)?
        private lazy var toggle = UISwitch.tabulaToggle(target: self, action: #selector(toggled))

        /// Shows `content`: text, secondary text, accessory and style.
        public func apply(_ content: CellContent) {
            contentConfiguration = content.listContentConfiguration()
            accessoryView = nil
            accessoryType = .none
            if let isOn = content.accessory.toggleState {
                toggle.isOn = isOn
                accessoryView = toggle
                selectionStyle = .none
            } else {
                selectionStyle = .default
                if content.accessory.isDisclosureIndicator { accessoryType = .disclosureIndicator }
                if content.accessory.isCheckmark { accessoryType = .checkmark }
            }
        }

        @objc private func toggled() { onToggle?(toggle.isOn) }

        /// Clears the content and the switch handler before the cell is reused.
        open override func prepareForReuse() {
            super.prepareForReuse()
            onToggle = nil
        }
    }
#endif
