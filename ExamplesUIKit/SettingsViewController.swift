// The settings in UIKit: one `SettingsDataSource` (the object the headless tests drive) behind the
// settings screen and the narrower language screen, with the same cells (`SettingsDataSource.cells`:
// each kind of row's reuse identifier written once).
#if canImport(UIKit)
    import UIKit
    import Tabula
    import TabulaExamples
    import TabulaUIKit

    @MainActor
    public final class SettingsViewController: UITableViewController {
        public enum Screen { case settings, languages }

        private let model: SettingsDataSource
        private let screen: Screen
        private var adapter: TableViewAdapter<String, Setting>?

        public init(model: SettingsDataSource, screen: Screen = .settings) {
            self.model = model
            self.screen = screen
            super.init(style: .insetGrouped)
        }

        public required init?(coder: NSCoder) {
            model = SettingsDataSource()
            screen = .settings
            super.init(coder: coder)
        }

        public override func viewDidLoad() {
            super.viewDidLoad()
            title = screen == .settings ? "Settings" : "Language"
            let adapter: TableViewAdapter<String, Setting>
            do { adapter = try TableViewAdapter<String, Setting>(tableView: tableView, cells: SettingsDataSource.cells) } catch { preconditionFailure("\(error)") }  // a registration conflict: a programming error, stop with its message
            adapter.onSelect = { [weak self] setting, _ in self?.select(setting) }
            adapter.onToggle = { [weak self] setting, _ in self?.select(setting) }
            adapter.deselectsAfterSelection = true  // a tap opens or picks; the row does not stay selected
            self.adapter = adapter
            show()
        }

        public override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            // Both screens share the model; whichever is on screen follows its changes.
            model.onChange = { [weak self] in self?.show() }
            show()
        }

        private func select(_ setting: Setting) {
            if model.select(setting) {
                navigationController?.pushViewController(SettingsViewController(model: model, screen: .languages), animated: true)
            }
        }

        private func show() {
            adapter?.apply(screen == .settings ? model.settings() : model.languages())
        }
    }
#endif
