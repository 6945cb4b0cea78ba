#if canImport(UIKit)
    import Foundation
    import Tabula

    /// Loads the content of items dropped from another app, each as the type the list chose for
    /// it, and hands them over together, in the drop's order, on the main actor; an item whose
    /// content fails to load is left out.
    @MainActor
    final class ContentLoad {
        private var loaded: [DroppedContent?]
        private var remaining: Int
        private let finish: ([DroppedContent]) -> Void

        private init(count: Int, finish: @escaping ([DroppedContent]) -> Void) {
            loaded = Array(repeating: nil, count: count)
            remaining = count
            self.finish = finish
        }

        /// Loads `requests` (an item provider and the type to load it as, each) and calls
        /// `finish` with what loaded, once all have answered; not at all when there is nothing
        /// to load.
        static func start(_ requests: [(NSItemProvider, String)], then finish: @escaping ([DroppedContent]) -> Void) {
            guard !requests.isEmpty else { return }
            let load = ContentLoad(count: requests.count, finish: finish)
            for (index, (provider, type)) in requests.enumerated() {
                _ = provider.loadDataRepresentation(forTypeIdentifier: type) { data, _ in
                    let content = data.map { DroppedContent(typeIdentifier: type, bytes: [UInt8]($0)) }
                    Task { @MainActor in load.answer(index, content) }
                }
            }
        }

        private func answer(_ index: Int, _ content: DroppedContent?) {
            loaded[index] = content
            remaining -= 1
            if remaining == 0 { finish(loaded.compactMap { $0 }) }
        }
    }
#endif
