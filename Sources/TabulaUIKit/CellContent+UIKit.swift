#if canImport(UIKit)
    import UIKit
    import Tabula

    extension CellContent {
        /// The list content configuration Tabula's table and collection cells show this content
        /// with: the secondary text below for a subtitle, on the trailing side for a value or
        /// whenever there is one, a bolder text for an emphasised style and the secondary colour
        /// for a subdued one.
        func listContentConfiguration() -> UIListContentConfiguration {
            var configuration: UIListContentConfiguration
            if style.placesSecondaryTextBelow {
                configuration = .subtitleCell()
            } else if style.placesSecondaryTextTrailing || secondaryText != nil {
                configuration = .valueCell()
            } else {
                configuration = .cell()
            }
            if style.isEmphasized { configuration.textProperties.font = .preferredFont(forTextStyle: .headline) }
            if style.isSubdued { configuration.textProperties.color = .secondaryLabel }
            configuration.text = text
            configuration.secondaryText = secondaryText
            return configuration
        }
    }

    extension UISwitch {
        /// The switch of a standard cell's toggle accessory, which calls `action` on `target`
        /// when the user flips it.
        static func tabulaToggle(target: Any, action: Selector) -> UISwitch {
            let toggle = UISwitch()
            toggle.addTarget(target, action: action, for: .valueChanged)
            return toggle
        }
    }
#endif
