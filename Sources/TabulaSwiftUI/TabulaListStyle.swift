#if canImport(SwiftUI)
    import SwiftUI
    import Tabula

    /// How ``TabulaList`` shows its sections.
    public enum TabulaListStyle: Hashable, Sendable {
        /// A table: `UITableView` with this style on iOS, `NSTableView` on macOS.
        case table(Appearance)
        /// A collection view with a list layout of this appearance on iOS; a table on macOS, which
        /// has no list layout.
        case collection(Appearance)

        /// The look of the list.
        public enum Appearance: Hashable, Sendable {
            /// Plain rows, edge to edge.
            case plain
            /// Grouped sections.
            case grouped
            /// Grouped sections inset from the edges, as in Settings.
            case insetGrouped
        }
    }
#endif
