// The settings screen with SwiftUI rows: one row declaration for every kind of setting,
// shown by UIKit and AppKit cells through SwiftUI, and by the headless view and the terminal through
// its description (issue 17).
import Tabula
import TabulaExamples
import TabulaSwiftUI

#if canImport(SwiftUI)
    import SwiftUI
#endif

#if canImport(Observation)
    import Observation
#endif

/// The settings rows in SwiftUI: a switch, a value that leads to another screen, and information.
public struct SettingRow: HostedRow {
    /// Called when the user flips a row's switch, with the row and the switch's new state.
    public var onToggle: @MainActor (Setting, Bool) -> Void

    public init(onToggle: @escaping @MainActor (Setting, Bool) -> Void) {
        self.onToggle = onToggle
    }

    /// The same look as the UIKit screen's content cells.
    public func describe(_ setting: Setting) -> CellContent { setting.content }

    #if canImport(SwiftUI)
        public func body(for setting: Setting) -> some View {
            switch setting {
            case .toggle(let title, let isOn):
                Toggle(title, isOn: Binding(get: { isOn }, set: { onToggle(setting, $0) }))
            case .disclosure(let title, let value):
                HStack {
                    Text(title)
                    Spacer()
                    Text(value).foregroundColor(.secondary)
                    Image(systemName: "chevron.right").foregroundColor(.secondary)
                }
            case .info(let title, let detail):
                HStack {
                    Text(title)
                    Spacer()
                    Text(detail).foregroundColor(.secondary)
                }
            }
        }
    #endif
}

#if canImport(Observation)
    /// The settings screens' model for SwiftUI: the settings data source, shared with the UIKit screens,
    /// and the snapshots it gives, kept current and observable, so a SwiftUI view follows them.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Observable
    @MainActor
    public final class SettingsScreenModel {
        /// The reusable settings data source.
        @ObservationIgnored public let source: SettingsDataSource
        /// The full settings screen.
        public private(set) var settings: Snapshot<String, Setting>
        /// The language screen.
        public private(set) var languages: Snapshot<String, Setting>
        /// Called after each change, when both snapshots are current.
        @ObservationIgnored public var onChange: (() -> Void)?

        public init(source: SettingsDataSource = SettingsDataSource()) {
            self.source = source
            settings = source.settings()
            languages = source.languages()
            source.onChange = { [weak self] in self?.refresh() }
        }

        /// The configurators: SwiftUI rows whose switches change the model.
        public var cells: CellConfigurators<Setting> {
            CellConfigurators {
                CellConfigurator.hosting(SettingRow { [weak self] setting, isOn in self?.toggle(setting, to: isOn) })
            }
        }

        /// What tapping a row does (the data source's `select`); `true` when it opens the language screen.
        @discardableResult
        public func select(_ setting: Setting) -> Bool { source.select(setting) }

        /// Sets a switch: selects its row when the switch is not already in that state.
        public func toggle(_ setting: Setting, to isOn: Bool) {
            guard case .toggle(_, let current) = setting, current != isOn else { return }
            source.select(setting)
        }

        private func refresh() {
            settings = source.settings()
            languages = source.languages()
            onChange?()
        }
    }
#endif
