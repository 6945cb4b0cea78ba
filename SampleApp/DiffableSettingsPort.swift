// A settings screen written for `UITableViewDiffableDataSource`, and its port to Tabula, side by
// side: titles from the data source, a switch cell whose delegate is the controller, and a
// synchronous reload. The port keeps the original's lines; the comment block below is the
// original, and each line that differs is marked `// changed:` in the port.
//
// The original:
//
//     enum GeneralSettingsSection: Hashable {
//         case connectivity, display
//         var title: String { self == .connectivity ? "Connectivity" : "Display" }
//     }
//
//     enum GeneralSettingsRow: Hashable {
//         case airplaneMode, wifi, darkMode, textSize
//         var title: String { … }
//     }
//
//     final class GeneralSettingsDataSource: UITableViewDiffableDataSource<GeneralSettingsSection, GeneralSettingsRow> {
//         override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
//             sectionIdentifier(for: section)?.title
//         }
//     }
//
//     final class GeneralSettingsViewController: UIViewController, UITableViewDelegate, SettingSwitchCellDelegate {
//         private let tableView = UITableView(frame: .zero, style: .insetGrouped)
//         private var dataSource: GeneralSettingsDataSource!
//         private var settings = GeneralSettings()
//
//         override func viewDidLoad() {
//             super.viewDidLoad()
//             tableView.frame = view.bounds
//             view.addSubview(tableView)
//             tableView.register(SettingSwitchCell.self, forCellReuseIdentifier: "switch")
//             tableView.register(UITableViewCell.self, forCellReuseIdentifier: "value")
//             tableView.delegate = self
//             dataSource = GeneralSettingsDataSource(tableView: tableView) { [unowned self] tableView, indexPath, row in
//                 switch row {
//                 case .airplaneMode, .darkMode:
//                     let cell = tableView.dequeueReusableCell(withIdentifier: "switch", for: indexPath) as! SettingSwitchCell
//                     cell.show(row.title, isOn: settings.isOn(row))
//                     cell.delegate = self
//                     return cell
//                 case .wifi, .textSize:
//                     let cell = tableView.dequeueReusableCell(withIdentifier: "value", for: indexPath)
//                     var content = UIListContentConfiguration.valueCell()
//                     content.text = row.title
//                     content.secondaryText = settings.value(of: row)
//                     cell.contentConfiguration = content
//                     cell.accessoryType = .disclosureIndicator
//                     return cell
//                 }
//             }
//             reload()
//         }
//
//         func reload() {
//             var snapshot = NSDiffableDataSourceSnapshot<GeneralSettingsSection, GeneralSettingsRow>()
//             snapshot.appendSections([.connectivity, .display])
//             snapshot.appendItems([.airplaneMode, .wifi], toSection: .connectivity)
//             snapshot.appendItems([.darkMode, .textSize], toSection: .display)
//             dataSource.applySnapshotUsingReloadData(snapshot)
//         }
//
//         func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
//             guard let row = dataSource.itemIdentifier(for: indexPath) else { return }
//             settings.open(row)
//             tableView.deselectRow(at: indexPath, animated: true)
//         }
//
//         func settingSwitchCell(_ cell: SettingSwitchCell, didChange isOn: Bool) {
//             guard let indexPath = tableView.indexPath(for: cell), let row = dataSource.itemIdentifier(for: indexPath) else { return }
//             settings.set(row, isOn: isOn)
//             reload()
//         }
//     }
#if canImport(UIKit)
    import UIKit
    import Tabula
    import TabulaUIKit

    enum GeneralSettingsSection: Hashable {
        case connectivity, display
        var title: String { self == .connectivity ? "Connectivity" : "Display" }
    }

    enum GeneralSettingsRow: SelfIdentifiable {  // changed: Hashable
        case airplaneMode, wifi, darkMode, textSize
        var title: String {
            switch self {
            case .airplaneMode: "Airplane Mode"
            case .wifi: "Wi-Fi"
            case .darkMode: "Dark Mode"
            case .textSize: "Text Size"
            }
        }
    }

    /// The screen's model: which switches are on, and the rows opened.
    struct GeneralSettings {
        private var on: Set<GeneralSettingsRow> = []
        private(set) var opened: [GeneralSettingsRow] = []
        func isOn(_ row: GeneralSettingsRow) -> Bool { on.contains(row) }
        func value(of row: GeneralSettingsRow) -> String { row == .wifi ? (on.contains(.airplaneMode) ? "Off" : "Home") : "Large" }
        mutating func set(_ row: GeneralSettingsRow, isOn: Bool) {
            if isOn { on.insert(row) } else { on.remove(row) }
        }
        mutating func open(_ row: GeneralSettingsRow) { opened.append(row) }
    }

    @MainActor
    protocol SettingSwitchCellDelegate: AnyObject {
        func settingSwitchCell(_ cell: SettingSwitchCell, didChange isOn: Bool)
    }

    /// A row with a switch, which tells its delegate when the user flips it.
    final class SettingSwitchCell: UITableViewCell {
        weak var delegate: (any SettingSwitchCellDelegate)?
        private let toggle = UISwitch()

        override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            accessoryView = toggle
            toggle.addAction(UIAction { [unowned self] _ in delegate?.settingSwitchCell(self, didChange: toggle.isOn) }, for: .valueChanged)
        }

        required init?(coder: NSCoder) { nil }

        func show(_ title: String, isOn: Bool) {
            var content = defaultContentConfiguration()
            content.text = title
            contentConfiguration = content
            toggle.isOn = isOn
        }
    }

    final class GeneralSettingsViewController: UIViewController, UITableViewDelegate, SettingSwitchCellDelegate {
        private let tableView = UITableView(frame: .zero, style: .insetGrouped)
        private var dataSource: TableViewAdapter<GeneralSettingsSection, GeneralSettingsRow>!  // changed: the adapter's type
        private(set) var settings = GeneralSettings()

        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.frame = view.bounds
            view.addSubview(tableView)
            // changed: the two `register` lines go (the adapter registers each case's cell).
            dataSource = TableViewAdapter(tableView: tableView) { [unowned self] row in
                switch row {
                case .airplaneMode, .darkMode:
                    .cell(SettingSwitchCell.self) { [unowned self] cell, row in  // changed: the case gives its cell's configurator
                        cell.show(row.title, isOn: settings.isOn(row))
                        cell.delegate = self
                    }
                case .wifi, .textSize:
                    .cell(UITableViewCell.self, reuseIdentifier: "value") { [unowned self] cell, row in
                        var content = UIListContentConfiguration.valueCell()
                        content.text = row.title
                        content.secondaryText = settings.value(of: row)
                        cell.contentConfiguration = content
                        cell.accessoryType = .disclosureIndicator
                    }
                }
            }
            dataSource.delegate = self  // changed: `tableView.delegate = self`, which the adapter would report
            reload()
        }

        func reload() {
            var snapshot = Snapshot<GeneralSettingsSection, GeneralSettingsRow>()  // changed: the snapshot's type
            try? snapshot.appendSections([.connectivity, .display])  // changed: `try?` (an edit names what is wrong)
            try? snapshot.appendItems([.airplaneMode, .wifi], toSection: .connectivity)
            try? snapshot.appendItems([.darkMode, .textSize], toSection: .display)
            dataSource.applyUsingReloadData(snapshot)  // changed: Tabula's name
        }

        func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            guard let row = dataSource.itemIdentifier(for: indexPath) else { return }
            settings.open(row)
            tableView.deselectRow(at: indexPath, animated: true)
        }

        func settingSwitchCell(_ cell: SettingSwitchCell, didChange isOn: Bool) {
            guard let indexPath = tableView.indexPath(for: cell), let row = dataSource.itemIdentifier(for: indexPath) else { return }
            settings.set(row, isOn: isOn)
            reload()
        }
    }

    // changed: the data-source subclass becomes an extension of the controller, the adapter's
    // delegate, which the adapter asks for the titles the snapshot does not give.
    extension GeneralSettingsViewController {
        @objc func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {  // changed: `@objc`, no `override`
            dataSource.sectionIdentifier(at: section)?.title  // changed: `at:`, Tabula's label
        }
    }
#endif
