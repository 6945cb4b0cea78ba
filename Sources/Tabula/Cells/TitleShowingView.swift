/// A view that can show a section's title: the standard header and footer views of every Tabula
/// view conform, which is how a supplementary configurator with `describe:` shows in the headless
/// view and the terminal.
@MainActor
package protocol TitleShowingView: AnyObject {
    /// Shows `title`.
    func showTitle(_ title: String?)
}
