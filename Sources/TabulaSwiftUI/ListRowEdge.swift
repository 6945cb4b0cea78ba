#if canImport(SwiftUI)
    import SwiftUI
    import Tabula

    /// The edge a row's swipe actions appear on.
    public enum ListRowEdge: Hashable, Sendable {
        /// The leading edge.
        case leading
        /// The trailing edge.
        case trailing
    }
#endif
