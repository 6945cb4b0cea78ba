// TabulaAppKit's landing page, compiled for macOS.
#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit
    import Tabula
    import TabulaAppKit

    final class CountriesTableController: NSViewController {
        private let tableView = NSTableView()
        private var adapter: TableViewAdapter<String, Country>?

        override func loadView() {
            tableView.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("country")))
            view = NSScrollView()
            (view as? NSScrollView)?.documentView = tableView
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            let cells = CellConfigurators<Country> {
                CellConfigurator.content { CellContent(text: $0.name, secondaryText: $0.code) }
            }
            let adapter: TableViewAdapter<String, Country>
            do { adapter = try TableViewAdapter(tableView: tableView, cells: cells) } catch { preconditionFailure("\(error)") }  // a registration conflict: a programming error, stop with its message
            adapter.onSelect = { country, _ in print("selected", country.name) }
            self.adapter = adapter   // keep it: the table holds its data source weakly
        }
    }
#endif
