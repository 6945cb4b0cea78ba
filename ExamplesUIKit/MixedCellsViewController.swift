// Mixed cells in UIKit: a container screen that embeds a table of two cell classes, one from a nib
// named after the class when the app has one, one registered by class. A plug-in table view
// controller is `ListTableViewController`; an aggregate configurator is the
// `CellConfigurators` list; the data is `MixedCellsExample.snapshot`, which the headless tests drive.
#if canImport(UIKit)
    import UIKit
    import Tabula
    import TabulaExamples
    import TabulaUIKit

    /// The picture cell (`PictureTableCell.nib` when the app has one; the class otherwise).
    final class PictureTableCell: UITableViewCell {
        let pictureView = UIImageView()
    }

    /// The text cell, registered by class.
    final class TextTableCell: UITableViewCell {}

    @MainActor
    public final class MixedCellsViewController: UIViewController {
        static let cells = CellConfigurators<MixedRow> {
            CellConfigurator.cell(PictureTableCell.self, for: \.picture) { cell, name in
                cell.textLabel?.text = name
                cell.imageView?.image = UIImage(systemName: "photo")
            }
            CellConfigurator.cell(TextTableCell.self, for: \.text) { cell, text in cell.textLabel?.text = text }
        }

        public override func viewDidLoad() {
            super.viewDidLoad()
            title = "Mixed cells"
            let table = ListTableViewController<String, MixedRow>(style: .insetGrouped, cells: Self.cells)
            // The child embedding, with its configure closure.
            embed(table, in: view) { table in table.clearsSelectionOnViewWillAppear = true }
            Task { await table.apply(MixedCellsExample.snapshot) }
        }
    }
#endif
