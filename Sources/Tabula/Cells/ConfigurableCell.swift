/// A cell that configures itself from one kind of model, so the code that shows a list never names
/// what the cell does with it.
///
/// A conforming cell needs no configurator closure: `CellConfigurator.cell(CountryCell.self)` is the
/// whole declaration, and it mixes freely with closure configurators in one ``CellConfigurators``.
///
/// ```swift
/// final class CountryCell: UITableViewCell, ConfigurableCell {
///     func configure(with country: Country) { textLabel?.text = country.name }
///     static func content(for country: Country) -> CellContent { CellContent(text: country.name) }
/// }
///
/// let cells = CellConfigurators<Country> { CellConfigurator.cell(CountryCell.self) }
/// ```
///
/// ``content(for:)`` is optional: it says what the model looks like where this cell class cannot be
/// shown (the headless view in tests, the terminal), so the same declaration drives every view. By
/// default that is the model's description.
@MainActor
public protocol ConfigurableCell: AnyObject {
    /// What the cell shows.
    associatedtype Model

    /// The identifier the cell is registered and dequeued under; defaults to the class's name.
    nonisolated static var reuseIdentifier: String { get }

    /// Shows `model`.
    func configure(with model: Model)

    /// What `model` looks like in a view's standard content cell (the headless view, the
    /// terminal). Defaults to the model's description as the text.
    static func content(for model: Model) -> CellContent
}

extension ConfigurableCell {
    nonisolated public static var reuseIdentifier: String { String(describing: self) }
    public static func content(for model: Model) -> CellContent { CellContent(text: String(describing: model)) }
}
