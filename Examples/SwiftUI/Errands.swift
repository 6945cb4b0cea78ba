// An errands list in SwiftUI with what `List` offers: a Set selection in editing mode, reordering,
// swipe actions, a context menu and sections built in `body` without `try`. The model builds and is
// tested everywhere; the screen is in Screens.swift.
import Tabula
import TabulaSwiftUI

#if canImport(Observation)
    import Observation
#endif

/// One errand.
public struct Errand: Identifiable, Hashable, Sendable {
    public var id: Int
    public var title: String
    public var isDone = false

    public init(id: Int, title: String, isDone: Bool = false) {
        self.id = id
        self.title = title
        self.isDone = isDone
    }
}

#if canImport(Observation)
    /// The errands screen's model: open errands in the order the user sets, done ones below.
    @available(iOS 17, macOS 14, *)
    @Observable
    @MainActor
    public final class ErrandsModel {
        /// Every errand, open ones in the user's order.
        public var errands: [Errand] = [
            Errand(id: 1, title: "Post the parcel"), Errand(id: 2, title: "Buy bread"), Errand(id: 3, title: "Return the books"),
            Errand(id: 4, title: "Book the dentist", isDone: true),
        ]
        /// The selected errands (in editing mode).
        public var selection: Set<Int> = []

        public init() {}

        /// The sections, built in `body`: nothing is thrown.
        public var sections: [Tabula.Section<String, Errand>] {
            [
                Tabula.Section("open", header: "To do", items: errands.filter { !$0.isDone }),
                Tabula.Section("done", header: "Done", items: errands.filter(\.isDone)),
            ]
        }

        /// The configurators: the row shows the errand's title, done ones struck through.
        public var cells: CellConfigurators<Errand> {
            CellConfigurators { CellConfigurator.content { CellContent(text: $0.title, accessory: $0.isDone ? .checkmark : .none) } }
        }

        /// Marks an errand done, or open again.
        public func toggleDone(_ errand: Errand) {
            guard let index = errands.firstIndex(where: { $0.id == errand.id }) else { return }
            errands[index].isDone.toggle()
        }

        /// Deletes an errand.
        public func delete(_ errand: Errand) {
            errands.removeAll { $0.id == errand.id }
            selection.remove(errand.id)
        }

        /// Deletes the selected errands.
        public func deleteSelected() {
            errands.removeAll { selection.contains($0.id) }
            selection = []
        }

        /// Takes the order the user left the open errands in.
        public func reorder(to snapshot: Snapshot<String, Errand>) {
            let open = snapshot.items(inSection: "open") ?? []
            errands = open + errands.filter(\.isDone)
        }

        /// Adds a copy of an errand after it.
        public func duplicate(_ errand: Errand) {
            guard let index = errands.firstIndex(where: { $0.id == errand.id }) else { return }
            let id = (errands.map(\.id).max() ?? 0) + 1
            errands.insert(Errand(id: id, title: errand.title + " (again)"), at: index + 1)
        }
    }
#endif
