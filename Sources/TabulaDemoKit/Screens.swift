import Tabula
import TabulaTerminal

extension TerminalCell: TerminalCellLike {
    func setText(_ text: String) { self.text = text }
    func setDetail(_ text: String) { detailText = text }
    func setToggle(_ isOn: Bool) { accessory = .toggle(isOn: isOn) }
    func setDisclosure() { accessory = .disclosureIndicator }
}

/// The screens of the demo, each rendered from a real snapshot through the core.
public enum DemoScreen: String, CaseIterable, Sendable {
    case countries, settings

    public var title: String {
        switch self {
        case .countries: return "Countries (S4: one data provider, one cell type)"
        case .settings: return "Settings (S3: a reusable data source with three kinds of row)"
        }
    }

    @MainActor
    public func plainText(width: Int = 60) -> String {
        switch self {
        case .countries:
            let snapshot = try! Snapshot<String, Country>([Section("countries", header: "Countries", items: CountryLoader.all)])
            let view = TerminalListView(snapshot: snapshot) { cell, country in
                cell.text = country.name
                cell.detailText = country.capital
            }
            return view.plainText(width: width)
        case .settings:
            let view = TerminalListView(snapshot: SettingsModel().snapshot()) { cell, setting in setting.configure(cell) }
            return view.plainText(width: width)
        }
    }
}
