// A reusable settings data source: an enum of cell kinds with each reuse identifier written once,
// sections with titles, one data source object reused by the settings screen and a narrower
// sub-screen, unit-testable without a window, with a change callback.
import Tabula

/// A row of the settings screens.
public enum Setting: Identifiable, Hashable, Sendable {
    case toggle(String, isOn: Bool)
    case disclosure(String, value: String)
    case info(String, detail: String)

    public var title: String {
        switch self {
        case .toggle(let title, _), .disclosure(let title, _), .info(let title, _): return title
        }
    }
    public var id: String { title }

    /// Each kind of row's look, written once.
    public var content: CellContent {
        switch self {
        case .toggle(let title, let isOn): return CellContent(text: title, accessory: .toggle(isOn: isOn))
        case .disclosure(let title, let value): return CellContent(text: title, secondaryText: value, accessory: .disclosureIndicator)
        case .info(let title, let detail): return CellContent(text: title, secondaryText: detail)
        }
    }
}

/// The settings model and its data source: shared by every settings screen, and testable alone.
@MainActor
public final class SettingsDataSource {
    public private(set) var darkMode = false
    public private(set) var autoSave = true
    public private(set) var language = "English"
    public var usage = "2 days"
    public static let languages = ["English", "Français", "Deutsch", "日本語"]

    /// Called after every change, with nothing to do but apply the new snapshots.
    public var onChange: (() -> Void)?

    public init() {}

    /// One cell kind per kind of row, each reuse identifier written once. With storyboard
    /// prototype cells, add `.storyboardPrototype()` to each: Tabula registers nothing over them.
    public static let cells = CellConfigurators<Setting> {
        CellConfigurator.content(reuseIdentifier: "switch", for: { if case .toggle = $0 { $0 } else { nil } }) { $0.content }
        CellConfigurator.content(reuseIdentifier: "disclosure", for: { if case .disclosure = $0 { $0 } else { nil } }) { $0.content }
        CellConfigurator.content(reuseIdentifier: "info", for: { if case .info = $0 { $0 } else { nil } }) { $0.content }
    }

    /// The full settings screen.
    public func settings() -> Snapshot<String, Setting> {
        try! Snapshot {
            Section("general", header: "General") {
                Setting.toggle("Dark mode", isOn: darkMode)
                Setting.toggle("Auto save", isOn: autoSave)
                Setting.disclosure("Language", value: language)
            }
            Section("stats", header: "Stats", footer: "Counted since installation") {
                Setting.info("Usage", detail: usage)
            }
        }
    }

    /// The narrower screen the Language row opens.
    public func languages() -> Snapshot<String, Setting> {
        try! Snapshot {
            Section("language", header: "Language") {
                for name in Self.languages { Setting.toggle(name, isOn: name == language) }
            }
        }
    }

    /// Sets the switch `setting` to `isOn` (what a flip, or its undo, does to the model).
    public func set(_ setting: Setting, isOn: Bool) {
        switch setting {
        case .toggle("Dark mode", _): darkMode = isOn
        case .toggle("Auto save", _): autoSave = isOn
        case .toggle(let name, _) where isOn && Self.languages.contains(name): language = name
        default: return
        }
        onChange?()
    }

    /// What tapping a row does to the model (a switch on the model, not on the cell).
    /// Returns `true` when the row opens the language screen.
    @discardableResult
    public func select(_ setting: Setting) -> Bool {
        switch setting {
        case .toggle("Dark mode", _): darkMode.toggle()
        case .toggle("Auto save", _): autoSave.toggle()
        case .toggle(let name, _) where Self.languages.contains(name): language = name
        case .disclosure("Language", _): return true
        default: return false
        }
        onChange?()
        return false
    }
}
