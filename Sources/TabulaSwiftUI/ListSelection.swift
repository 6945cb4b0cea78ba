import Tabula

/// How a list's selection is bound to the app's state.
package enum ListSelection<ID: Hashable> {
    /// Not bound: a tap is an action, and the row does not stay selected.
    case none
    /// One selected item, or none.
    case single(get: @MainActor () -> ID?, set: @MainActor (ID?) -> Void)
    /// Any number of selected items (multiple selection, in editing mode on iOS).
    case multiple(get: @MainActor () -> Set<ID>, set: @MainActor (Set<ID>) -> Void)
}
