#if canImport(SwiftUI) && canImport(UIKit)
    import Tabula
    import TabulaUIKit

    extension TabulaListState {
        /// Lends a UIKit adapter's view to the saved list state (`listState(_:onRestore:)`):
        /// what is saved and when is decided in `TabulaListState+ListState.swift`.
        func connectListState<Adapter: UIKitAdapterGlue & ListAdapter>(to adapter: Adapter) {
            connectListState(
                firstVisibleRow: { [weak adapter] in adapter?.firstVisibleRow() },
                scroll: { [weak adapter] path, offset in adapter?.scroll(toRowAt: path, offset: offset) })
        }
    }
#endif
