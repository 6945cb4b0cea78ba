#if canImport(UIKit)
    import UIKit
    import Tabula

    extension CellContent.Style {
        /// Applies the style's emphasis to a list content configuration: a bolder text for an
        /// emphasised style, the secondary colour for a subdued one.
        func emphasise(_ configuration: inout UIListContentConfiguration) {
            if isEmphasized { configuration.textProperties.font = .preferredFont(forTextStyle: .headline) }
            if isSubdued { configuration.textProperties.color = .secondaryLabel }
        }
    }
#endif
