// Sections of configured cells: a two-section table whose rows use two cell classes, one loaded
// from a nib and one registered by class. Written the usual way, this takes a configurator
// protocol, a generic configurator, a plug-in table view controller and an aggregate configurator
// that forwards every method by hand; here the two configurators are simply listed.
import Tabula
import TabulaTesting

/// A row of the mixed table: a picture or a line of text.
public enum MixedRow: Identifiable, Hashable, Sendable {
    case picture(String)
    case text(String)

    public var id: String {
        switch self {
        case .picture(let name): return "picture:\(name)"
        case .text(let text): return "text:\(text)"
        }
    }
    public var picture: String? { if case .picture(let name) = self { name } else { nil } }
    public var text: String? { if case .text(let text) = self { text } else { nil } }
}

/// The picture cell, designed in a nib called `PictureCell`.
public final class PictureCell: HeadlessCell {
    public var pictureName: String?
}

/// The text cell, registered by class.
public final class TextCell: HeadlessCell {}

@MainActor
public enum MixedCellsExample {
    /// The app's bundle: it has `PictureCell.nib`, and no nib for `TextCell`.
    public static let bundle = ResourceCatalog(nibs: [HeadlessNib(name: "PictureCell", cellClass: PictureCell.self)])

    public static let cells = CellConfigurators<MixedRow> {
        CellConfigurator.cell(PictureCell.self, for: \.picture) { cell, name in
            cell.pictureName = name
            cell.text = "🖼 \(name)"
        }
        CellConfigurator.cell(TextCell.self, for: \.text) { cell, text in cell.text = text }
    }

    public static let snapshot = try! Snapshot<String, MixedRow> {
        Section("pictures", header: "Pictures") {
            MixedRow.picture("Sunrise")
            MixedRow.picture("Harbour")
        }
        Section("notes", header: "Notes") {
            MixedRow.text("Cells come from a nib when one is named after the class")
            MixedRow.text("and from the class otherwise")
        }
    }
}
