/// The edge a `TabulaList` starts at: its first rows, or its last (a chat).
///
/// `TabulaList`'s `scrollPosition(id:initialAnchor:)` takes one.
public enum ListScrollEdge: Hashable, Sendable {
    /// The top: the first rows show.
    case top
    /// The bottom: the last rows show, the last one at the bottom of the list.
    case bottom
}
