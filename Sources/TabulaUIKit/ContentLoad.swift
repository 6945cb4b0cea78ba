#if canImport(UIKit)
    import Foundation
    import Tabula

    /// Loads the content of items dropped from another app, each as the type the list planned for
    /// it, and hands every item's outcome over together, in the drop's order, on the main actor:
    /// the content, or the failure that names the item and the type (also an item the plan left
    /// out, which loads nothing).
    @MainActor
    final class ContentLoad {
        private var outcomes: [Result<DroppedContent, DropLoadError>?]
        private var remaining: Int
        private let finish: ([Result<DroppedContent, DropLoadError>]) -> Void

        private init(count: Int, finish: @escaping ([Result<DroppedContent, DropLoadError>]) -> Void) {
            outcomes = Array(repeating: nil, count: count)
            remaining = count
            self.finish = finish
        }

        /// Loads `providers` as `plan` says (one step per provider, from the core's
        /// `dropLoadPlan(offering:)`) and calls `finish` with every outcome once all have
        /// answered; not at all when there is nothing in the drop.
        static func start(
            _ providers: [NSItemProvider], plan: [DropLoadPlan], then finish: @escaping ([Result<DroppedContent, DropLoadError>]) -> Void
        ) {
            guard !plan.isEmpty else { return }
            let load = ContentLoad(count: plan.count, finish: finish)
            for step in plan {
                switch step {
                case .skip(let failure):
                    load.answer(failure.itemIndex, .failure(failure))
                case .load(let index, let type):
                    let offered = providers[index].registeredTypeIdentifiers
                    _ = providers[index].loadDataRepresentation(forTypeIdentifier: type) { data, error in
                        let outcome: Result<DroppedContent, DropLoadError> =
                            if let data {
                                .success(DroppedContent(typeIdentifier: type, bytes: [UInt8](data)))
                            } else {
                                .failure(
                                    DropLoadError(
                                        itemIndex: index, typeIdentifier: type, offeredTypes: offered,
                                        reason: .loadFailed(error.map { String(describing: $0) } ?? "")))
                            }
                        Task { @MainActor in load.answer(index, outcome) }
                    }
                }
            }
        }

        private func answer(_ index: Int, _ outcome: Result<DroppedContent, DropLoadError>) {
            outcomes[index] = outcome
            remaining -= 1
            if remaining == 0 { finish(outcomes.compactMap { $0 }) }
        }
    }
#endif
