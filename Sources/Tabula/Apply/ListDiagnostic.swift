/// Something the apply pipeline noticed and recovered from instead of crashing the app.
public struct ListDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    ///
    /// A minor version may add kinds: give a `switch` over them a `default` case.
    public enum Kind: Hashable, Sendable {
        /// The view's counts were not those of the snapshot the pipeline believed was on screen:
        /// something changed the view behind Tabula's back. Tabula reloaded.
        case viewOutOfSync(viewCounts: [Int], snapshotCounts: [Int])
        /// A stage broke UIKit's rules (a bug Tabula's tests exist to catch). Tabula reloaded.
        case rejectedStage(BatchUpdateError)
        /// The view itself refused the batch. Tabula reloaded.
        case viewRejectedBatch(String)
        /// An item no configurator takes reached the view (through a live source, which skips
        /// ``ListAdapter/apply(_:animatingDifferences:)``'s check). The view shows a placeholder cell for it.
        case noConfigurator(item: String, at: ItemPath)
        /// The cell of a kind of item shown for the first time (``ListItem``) could not be
        /// registered; the view shows a placeholder cell for it.
        case configuration(String)
        /// A user's edit (a swipe to delete, a move) named an item or a path the list no longer
        /// has: an update removed it while the gesture ran. Nothing was changed.
        case staleEdit(String)
        /// The closure of an observed list (``ListObservation``) threw; the last
        /// good list stays on screen, and the models it read are still followed.
        case observedListFailed(String)
        /// The view moved a row into or out of a section shown as an outline, where no tree can
        /// hold it (a row of an outline moves among its siblings only). The row was moved back.
        case refusedMove(item: String, from: ItemPath, to: ItemPath)
        /// The view's `delegate` or `dataSource` (`property`, as the app's code names it:
        /// `tableView.delegate`) is another object, of type `object`, as a screen written for
        /// Apple's diffable data sources sets it: the adapter no longer hears that role's calls.
        /// `forwarded`: the adapter took the role back and passes its methods on to that object.
        case connectionReplaced(property: String, object: String, forwarded: Bool)
        /// A section snapshot could not be applied (``ListAdapter/apply(_:to:animatingDifferences:completion:)``):
        /// it holds an item another section has. The list is unchanged.
        case rejectedSectionSnapshot(String)
        /// A snapshot applied to the list holds two items with one identifier (`item`, at `first`
        /// and at `second`). It was not shown: the list keeps what it showed.
        case repeatedItem(item: String, first: ItemPath, second: ItemPath)
    }

    /// What happened.
    public var kind: Kind

    /// Creates a diagnostic.
    package init(_ kind: Kind) { self.kind = kind }

    public var description: String {
        switch kind {
        case let .viewOutOfSync(view, snapshot):
            return "the view showed section counts \(view) but Tabula's snapshot has \(snapshot); reloaded instead of animating"
        case let .rejectedStage(error):
            return "a batch update would have raised (\(error)); reloaded instead"
        case let .viewRejectedBatch(message):
            return "the view rejected a batch update (\(message)); reloaded instead"
        case let .noConfigurator(item, path):
            return "no configurator takes the item at \(path) (\(item)); a placeholder cell is shown: add a CellConfigurator for its kind"
        case let .configuration(problem):
            return "\(problem); a placeholder cell is shown"
        case let .staleEdit(error):
            return "an edit by the user no longer applies (\(error)); nothing was changed"
        case let .observedListFailed(error):
            return "the observed list could not be built (\(error)); the last good list stays"
        case let .refusedMove(item, from, to):
            return "the move of \(item) from \(from) to \(to) would take a row into or out of an outline section; it was moved back"
        case let .connectionReplaced(property, object, forwarded):
            return Self.replaced(property, by: object, forwarded: forwarded)
        case let .rejectedSectionSnapshot(error):
            return "the section snapshot was not applied (\(error)); the list is unchanged"
        case let .repeatedItem(item, first, second):
            return "the snapshot holds the item \(item) twice, at \(first) and at \(second); it was not shown, the list is unchanged"
        }
    }

    /// The line to change when `property` was set to an object of type `object`.
    private static func replaced(_ property: String, by object: String, forwarded: Bool) -> String {
        guard property.hasSuffix(".delegate") else {
            return "\(property) was set to \(object), so the adapter no longer answers it: remove '\(property) = …' (the adapter is the data source)"
        }
        if object == "nil" {
            return "\(property) was set to nil: the adapter's onSelect, onWillDisplay, swipe actions and context menus are cut off; remove that line"
        }
        let outcome = forwarded
            ? "the adapter took the delegate back and passes every delegate method on to \(object)"
            : "the adapter's onSelect, onWillDisplay, swipe actions and context menus are cut off"
        return "\(property) was set to \(object): write 'adapter.delegate = self' in place of '\(property) = self'; \(outcome)"
    }
}
