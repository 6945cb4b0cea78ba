import Tabula

/// A header or footer view of a ``HeadlessListView`` (`UITableViewHeaderFooterView`,
/// `UICollectionReusableView`). Subclass it for views with more to show; its ``text`` is what the
/// view renders as the section's title.
open class HeadlessSupplementaryView: TitleShowingView {
    /// The identifier it was registered and dequeued under.
    public let reuseIdentifier: String
    /// The element kind, for example ``HeadlessListView/headerKind``.
    public let kind: String
    /// The text it shows.
    open var text: String?

    /// Creates a view; the list view calls it when its pool is empty.
    public required init(kind: String, reuseIdentifier: String) {
        self.kind = kind
        self.reuseIdentifier = reuseIdentifier
    }

    /// Shows `title` as the view's text.
    public func showTitle(_ title: String?) { text = title }
}
