import Tabula

extension HeadlessCell: ContentCell, TogglingCell {
    /// Shows view-agnostic content: text, secondary text as detail, and the accessory.
    public func apply(_ content: CellContent) {
        text = content.text
        detailText = content.secondaryText
        if let isOn = content.accessory.toggleState {
            accessory = .toggle(isOn: isOn)
        } else if content.accessory.isDisclosureIndicator {
            accessory = .disclosureIndicator
        } else if content.accessory.isCheckmark {
            accessory = .checkmark
        } else {
            accessory = .none
        }
    }
}
