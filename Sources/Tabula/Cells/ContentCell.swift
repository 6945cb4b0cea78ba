/// A cell that can show ``CellContent``. Tabula's headless, terminal, UIKit and AppKit cells all
/// conform, which is what lets one configurator drive every kind of view.
@MainActor
public protocol ContentCell: AnyObject {
    /// Shows `content`.
    func apply(_ content: CellContent)
}
