#if canImport(CoreData)
    import CoreData
    import Tabula

    /// Shows the results of a Core Data fetch in any Tabula view, with sections from the fetched
    /// results controller's section key path, and every save animated as a diff (SPEC S0.5, B6).
    ///
    /// Managed objects are turned into `Sendable` values with `item`, so the snapshot can be diffed
    /// off the main actor like any other.
    ///
    /// ```swift
    /// let list = FetchedResultsList(fetchRequest: Note.sortedByFolder(), context: container.viewContext,
    ///                               sectionNameKeyPath: "folder") { NoteValue(id: $0.objectID.uriRepresentation(), title: $0.title ?? "") }
    /// try list.start(driving: adapter.driver)
    /// ```
    ///
    /// - Precondition: `context` is a main-queue context (`viewContext`): the controller's delegate
    ///   calls arrive on its queue and are applied on the main actor.
    @MainActor
    public final class FetchedResultsList<Object: NSManagedObject, Item: Identifiable & Sendable>: NSObject,
        @preconcurrency NSFetchedResultsControllerDelegate
    where Item.ID: Sendable {
        /// The fetched results controller.
        public let controller: NSFetchedResultsController<Object>
        /// Called when the results cannot be shown (a failed fetch, a repeated identifier); the last
        /// good snapshot stays.
        public var onError: ((any Error) -> Void)?
        /// The most recent error.
        public private(set) var lastError: (any Error)?

        private let makeItem: (Object) -> Item
        private weak var driver: ListDriver<String, Item>?

        /// Creates a list over `fetchRequest` in `context`.
        public init(
            fetchRequest: NSFetchRequest<Object>, context: NSManagedObjectContext, sectionNameKeyPath: String?,
            item: @escaping (Object) -> Item
        ) {
            controller = NSFetchedResultsController(
                fetchRequest: fetchRequest, managedObjectContext: context, sectionNameKeyPath: sectionNameKeyPath, cacheName: nil)
            makeItem = item
            super.init()
            controller.delegate = self
        }

        /// Fetches, shows the results, and follows every change the context saves or merges.
        ///
        /// - Throws: the fetch's error.
        public func start(driving driver: ListDriver<String, Item>) throws {
            self.driver = driver
            do {
                try controller.performFetch()
            } catch {
                report(error)
                throw error
            }
            apply(animated: false)
        }

        /// The current results as a snapshot.
        ///
        /// - Throws: ``SnapshotError`` when two objects map to one identifier.
        public func snapshot() throws -> Snapshot<String, Item> {
            try Snapshot((controller.sections ?? []).map { section in
                Section(section.name, header: section.name.isEmpty ? nil : section.name,
                        items: (section.objects as? [Object] ?? []).map(makeItem))
            })
        }

        private func apply(animated: Bool) {
            do {
                driver?.apply(try snapshot(), animated: animated, completion: nil)
            } catch {
                report(error)
            }
        }

        private func report(_ error: any Error) {
            lastError = error
            onError?(error)
        }

        // A `@preconcurrency` conformance: the controller calls this on its context's queue, the
        // main queue (see the precondition), and the runtime checks that it is.
        public func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
            apply(animated: true)
        }
    }
#endif
