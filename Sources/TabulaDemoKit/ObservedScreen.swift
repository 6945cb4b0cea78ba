#if canImport(Observation)
    import Observation
    import Tabula

    /// The observed-list screen's model: chores, with a filter. Keys change only this model; the list
    /// follows it.
    @available(iOS 17, macOS 14, *)
    @Observable
    @MainActor
    public final class Chores {
        /// A chore: an object whose cell follows it. Its title can change without the list being
        /// built again.
        @Observable
        @MainActor
        public final class Chore: Identifiable, Equatable {
            public let id: Int
            public var title: String
            public var isUrgent: Bool

            init(id: Int, title: String, isUrgent: Bool) {
                self.id = id
                self.title = title
                self.isUrgent = isUrgent
            }

            /// The same chore: the list's content is the object; what it shows, its cell follows.
            public nonisolated static func == (lhs: Chore, rhs: Chore) -> Bool { lhs === rhs }
        }

        public var chores: [Chore] = [
            Chore(id: 1, title: "Water the plants", isUrgent: false), Chore(id: 2, title: "Pay the rent", isUrgent: true),
            Chore(id: 3, title: "Call the plumber", isUrgent: true), Chore(id: 4, title: "Sort the photos", isUrgent: false),
        ]
        public var urgentOnly = false
        /// How many times the list was built: a rename leaves it as it is.
        @ObservationIgnored public private(set) var listBuilds = 0
        private var nextID = 5
        private var renames = 0

        public init() {}

        public func add() {
            chores.append(Chore(id: nextID, title: "New chore \(nextID)", isUrgent: nextID % 2 == 0))
            nextID += 1
        }
        public func removeFirst() { if !chores.isEmpty { chores.removeFirst() } }
        public func moveLastToTop() { if let last = chores.popLast() { chores.insert(last, at: 0) } }
        /// Renames the first chore: a property of one object, which only its cell reads.
        public func renameFirst() {
            guard let first = chores.first else { return }
            renames += 1
            first.title = first.title.split(separator: " (")[0] + " (renamed \(renames)×)"
        }
        public func toggleFilter() { urgentOnly.toggle() }

        /// The list, built from the model: what `follow` evaluates again when what it read changes.
        public func snapshot() throws -> Snapshot<String, Chore> {
            listBuilds += 1
            return try Snapshot {
                Section("chores", header: urgentOnly ? "Urgent chores" : "All chores", footer: "list built \(listBuilds)×") {
                    chores.filter { !urgentOnly || $0.isUrgent }
                }
            }
        }
    }

    @available(iOS 17, macOS 14, *)
    extension DemoScreens {
        func observedPage() -> any DemoPage {
            let cells = CellConfigurators<Chores.Chore> {
                CellConfigurator.content { CellContent(text: $0.title, secondaryText: $0.isUrgent ? "urgent" : nil) }
            }
            let page = try! ListPage<String, Chores.Chore>(title: "Observed model", cells: cells)
            let model = Chores()
            // The list is a function of the model; nothing below builds or applies a snapshot. A
            // rename changes one chore's title, which only its cell reads: the list is not built
            // again (its footer counts the builds).
            page.list.follow(model) { model in try model.snapshot() }
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
