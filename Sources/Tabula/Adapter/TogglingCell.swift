/// A cell with a switch whose flips the adapter hands to ``ListAdapter/onToggle`` (Tabula's
/// standard content cells on every view).
@MainActor
public protocol TogglingCell: AnyObject {
    /// Called with the switch's new state when the user flips it.
    var onToggle: ((Bool) -> Void)? { get set }
}
