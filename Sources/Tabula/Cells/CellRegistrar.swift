/// What a view offers Tabula for registering cells. Each view (UIKit, AppKit, terminal, headless)
/// implements it; the adapter core keeps track of what it registered, by class identity.
@MainActor
package protocol CellRegistrar {
    /// When a nib named `name` exists, the name of the cell class it holds (fully qualified where
    /// the platform knows it); otherwise `nil` (UIKit: `Bundle.path(forResource:ofType: "nib")`).
    func nibCellTypeName(named name: String) -> String?
    /// Registers the nib `name` under `identifier`.
    func registerNib(named name: String, forReuseIdentifier identifier: String)
    /// Registers `cellType` under `identifier`; `false` when it is not a cell class of this view.
    func registerClass(_ cellType: AnyObject.Type, forReuseIdentifier identifier: String) -> Bool
    /// Registers the view's standard ``ContentCell`` under `identifier`.
    func registerContentCell(forReuseIdentifier identifier: String)
    /// Whether the app registered a cell under `identifier` itself, before the adapter (a view
    /// that can tell; UIKit cannot): Tabula then leaves it in place.
    func hasRegistration(forReuseIdentifier identifier: String) -> Bool
}

extension CellRegistrar {
    package func hasRegistration(forReuseIdentifier identifier: String) -> Bool { false }
}
