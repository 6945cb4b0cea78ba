import Tabula

/// One row of the S3 settings screen: each kind of setting has its own look, written once.
public enum Setting: Identifiable, Hashable, Sendable {
    case toggle(String, isOn: Bool)
    case disclosure(String)
    case info(String, detail: String)

    public var title: String {
        switch self {
        case .toggle(let title, _), .disclosure(let title), .info(let title, _): return title
        }
    }

    public var id: String { title }

    /// Configures a row for this setting (the seed's `switch` in `cellForRowAt`, once).
    @MainActor
    func configure(_ cell: TerminalCellLike) {
        cell.setText(title)
        switch self {
        case .toggle(_, let isOn): cell.setToggle(isOn)
        case .disclosure: cell.setDisclosure()
        case .info(_, let detail): cell.setDetail(detail)
        }
    }
}

/// What a settings row needs from a cell, so the same configuration serves every view.
@MainActor
protocol TerminalCellLike: AnyObject {
    func setText(_ text: String)
    func setDetail(_ text: String)
    func setToggle(_ isOn: Bool)
    func setDisclosure()
}

/// The settings data source of S3, reused by the main settings screen and a narrower one.
public struct SettingsModel: Sendable {
    public init() {}
    public var darkMode = false
    public var autoSave = true
    public var language = "English"
    public var usage = "2 days"

    /// The full settings screen: General and Stats.
    public func snapshot() -> Snapshot<String, Setting> {
        try! Snapshot {
            Section("general", header: "General") {
                Setting.toggle("Dark mode", isOn: darkMode)
                Setting.toggle("Auto save", isOn: autoSave)
                Setting.disclosure("Language")
            }
            Section("stats", header: "Stats", footer: "Counted since installation") {
                Setting.info("Usage", detail: usage)
            }
        }
    }

    /// The narrower screen the Language row opens, built from the same model.
    public func languageSnapshot() -> Snapshot<String, Setting> {
        try! Snapshot {
            Section("language", header: "Language") {
                for name in ["English", "Français", "Deutsch", "日本語"] {
                    Setting.toggle(name, isOn: name == language)
                }
            }
        }
    }
}
