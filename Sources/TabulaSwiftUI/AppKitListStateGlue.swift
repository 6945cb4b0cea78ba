#if canImport(SwiftUI) && canImport(AppKit) && !targetEnvironment(macCatalyst)
    import Tabula
    import TabulaAppKit

    extension TabulaListState {
        /// Lends the AppKit table's view to the saved list state (`listState(_:onRestore:)`):
        /// what is saved and when is decided in `TabulaListState+ListState.swift`.
        func connectListState(to adapter: TableViewAdapter<SectionID, Item>) {
            connectListState(
                firstVisibleRow: { [weak adapter] in adapter?.firstVisibleRow() },
                scroll: { [weak adapter] path, offset in adapter?.scroll(toRowAt: path, offset: offset) })
        }
    }
#endif
