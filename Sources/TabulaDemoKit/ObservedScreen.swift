#if canImport(Observation)
    import Observation
    import Tabula

    /// The observed-list screen's model: chores, with a filter. Keys change only this model; the list
    /// follows it.
    @available(iOS 17, macOS 14, *)
    @Observable
    @MainActor
    public final class Chores {
        public struct Chore: Identifiable, Hashable, Sendable {
            public var id: Int
            public var title: String
            public var isUrgent: Bool
        }

        public var chores: [Chore] = [
            Chore(id: 1, title: "Water the plants", isUrgent: false), Chore(id: 2, title: "Pay the rent", isUrgent: true),
            Chore(id: 3, title: "Call the plumber", isUrgent: true), Chore(id: 4, title: "Sort the photos", isUrgent: false),
        ]
        public var urgentOnly = false
        private var nextID = 5
        private var renames = 0

        public init() {}

        public func add() {
            chores.append(Chore(id: nextID, title: "New chore \(nextID)", isUrgent: nextID % 2 == 0))
            nextID += 1
        }
        public func removeFirst() { if !chores.isEmpty { chores.removeFirst() } }
        public func moveLastToTop() { if let last = chores.popLast() { chores.insert(last, at: 0) } }
        public func renameFirst() {
            guard !chores.isEmpty else { return }
            renames += 1
            chores[0].title = chores[0].title.split(separator: " (")[0] + " (renamed \(renames)×)"
        }
        public func toggleFilter() { urgentOnly.toggle() }
    }

    @available(iOS 17, macOS 14, *)
    extension DemoScreens {
        func observedPage() -> any DemoPage {
            let cells = CellConfigurators<Chores.Chore> {
                CellConfigurator.content { CellContent(text: $0.title, secondaryText: $0.isUrgent ? "urgent" : nil) }
            }
            let page = try! ListPage<String, Chores.Chore>(title: "Observed model", cells: cells)
            let model = Chores()
            // The list is a function of the model; nothing below builds or applies a snapshot.
            page.list.follow(model) { model in
                try Snapshot {
                    Section("chores", header: model.urgentOnly ? "Urgent chores" : "All chores") {
                        model.chores.filter { !model.urgentOnly || $0.isUrgent }
                    }
                }
            }
            page.keyBindings = [
                "a": { model.add(); return .none },
                "d": { model.removeFirst(); return .none },
                "m": { model.moveLastToTop(); return .none },
                "r": { model.renameFirst(); return .none },
                "f": { model.toggleFilter(); return .none },
            ]
            page.extraHelp = "a add · d delete · m move · r rename · f filter"
            return page
        }
    }
#endif
