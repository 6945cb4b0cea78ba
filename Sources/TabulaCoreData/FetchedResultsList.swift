#if canImport(CoreData)
    import CoreData
    import Tabula

    /// Shows the results of a Core Data fetch in any Tabula view, with sections from the fetched
    /// results controller's section key path, and every save animated as a diff.
    ///
    /// Managed objects are turned into `Sendable` values with `item`, so the snapshot can be diffed
    /// off the main actor like any other. After the first fetch, only the objects a change inserts,
    /// moves or updates are turned into items: the others are not read, so they stay faults and
    /// `fetchBatchSize` keeps its effect.
    ///
    /// ```swift
    /// let list = FetchedResultsList(fetchRequest: Note.sortedByFolder(), context: container.viewContext,
    ///                               sectionNameKeyPath: "folder") { NoteValue(id: $0.objectID.uriRepresentation(), title: $0.title ?? "") }
    /// try list.start(driving: adapter.driver)
    /// ```
    ///
    /// Identity: an object's `objectID` is temporary until its context saves, and its
    /// `uriRepresentation()` changes then, which would show as a delete and an insert. The list
    /// obtains permanent identifiers for new objects (`obtainPermanentIDs(for:)`) before it turns
    /// them into items, so an identity built from `objectID` is stable from the first time a row is
    /// shown.
    ///
    /// - Precondition: `context` is a main-queue context (`viewContext`): the controller's delegate
    ///   calls arrive on its queue and are applied on the main actor.
    @MainActor
    public final class FetchedResultsList<Object: NSManagedObject, SectionID: Hashable & Sendable, Item: Identifiable & Sendable>: NSObject,
        @preconcurrency NSFetchedResultsControllerDelegate
    where Item.ID: Sendable {
        /// Called when the results cannot be shown (a failed fetch, a repeated identifier); the last
        /// good snapshot stays.
        public var onError: ((any Error) -> Void)?
        /// The most recent error.
        public private(set) var lastError: (any Error)?
        /// The results as last shown.
        public private(set) var snapshot = Snapshot<SectionID, Item>()

        // Private: the controller holds its delegate unowned, so it must not outlive this list.
        private let controller: NSFetchedResultsController<Object>
        private let makeItem: (Object) -> Item
        private let sectionID: (String) -> SectionID
        private let sectionTitle: (String) -> String?
        private weak var driver: ListDriver<SectionID, Item>?
        private var changes = ResultsChanges<Object>()

        /// Creates a list over `fetchRequest` in `context`; `sectionID` turns a section's name (the
        /// value at `sectionNameKeyPath`, or "" without one) into its identifier.
        public init(
            fetchRequest: NSFetchRequest<Object>, context: NSManagedObjectContext, sectionNameKeyPath: String?,
            sectionID: @escaping (String) -> SectionID, sectionTitle: @escaping (String) -> String? = { $0.isEmpty ? nil : $0 },
            item: @escaping (Object) -> Item
        ) {
            controller = NSFetchedResultsController(
                fetchRequest: fetchRequest, managedObjectContext: context, sectionNameKeyPath: sectionNameKeyPath, cacheName: nil)
            makeItem = item
            self.sectionID = sectionID
            self.sectionTitle = sectionTitle
            super.init()
        }

        /// Fetches, shows the results, and follows every change the context saves or merges.
        ///
        /// - Throws: the fetch's error, or a ``SnapshotError`` when two objects map to one identifier.
        public func start(driving driver: ListDriver<SectionID, Item>) throws {
            self.driver = driver
            controller.delegate = self
            do {
                try controller.performFetch()
                snapshot = try wholeSnapshot()
            } catch {
                report(error)
                throw error
            }
            driver.apply(snapshot, animatingDifferences: false, completion: nil)
        }

        /// Stops following changes; the view keeps what it shows.
        public func stop() {
            controller.delegate = nil
            changes = ResultsChanges()
        }

        /// Every fetched object as an item: the first fetch, and the fallback when a change cannot
        /// be applied incrementally.
        private func wholeSnapshot() throws -> Snapshot<SectionID, Item> {
            let objects = controller.fetchedObjects ?? []
            try makePermanent(objects)
            return try Snapshot((controller.sections ?? []).map { section in
                Section(sectionID(section.name), header: sectionTitle(section.name), items: (section.objects as? [Object] ?? []).map(makeItem))
            }).validated()
        }

        /// Gives new objects their permanent identifiers before they become items.
        private func makePermanent(_ objects: [Object]) throws {
            let temporary = objects.filter { $0.objectID.isTemporaryID }
            if !temporary.isEmpty { try controller.managedObjectContext.obtainPermanentIDs(for: temporary) }
        }

        private func report(_ error: any Error) {
            lastError = error
            onError?(error)
        }

        // MARK: NSFetchedResultsControllerDelegate
        // A `@preconcurrency` conformance: the controller calls these on its context's queue, the
        // main queue (see the precondition), and the runtime checks that it is.

        /// Starts collecting the controller's changes (`NSFetchedResultsControllerDelegate`).
        public func controllerWillChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
            changes = ResultsChanges()
        }

        /// Collects one object change (`NSFetchedResultsControllerDelegate`).
        public func controller(
            _ controller: NSFetchedResultsController<NSFetchRequestResult>, didChange anObject: Any, at indexPath: IndexPath?,
            for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?
        ) {
            guard let object = anObject as? Object else { return }
            func path(_ indexPath: IndexPath?) -> ItemPath? {
                indexPath.map { ItemPath(item: $0.count > 1 ? $0[1] : 0, section: $0.count > 0 ? $0[0] : 0) }
            }
            switch type {
            case .insert: if let to = path(newIndexPath) { changes.changes.append(.insert(object, at: to)) }
            case .delete: if let from = path(indexPath) { changes.changes.append(.delete(at: from)) }
            case .move:
                if let from = path(indexPath), let to = path(newIndexPath) { changes.changes.append(.move(object, from: from, to: to)) }
            case .update: if let at = path(indexPath) { changes.changes.append(.update(object, at: at)) }
            @unknown default: break
            }
        }

        /// Collects one section change (`NSFetchedResultsControllerDelegate`).
        public func controller(
            _ controller: NSFetchedResultsController<NSFetchRequestResult>, didChange sectionInfo: any NSFetchedResultsSectionInfo,
            atSectionIndex sectionIndex: Int, for type: NSFetchedResultsChangeType
        ) {
            switch type {
            case .insert: changes.changes.append(.insertSection(name: sectionInfo.name, at: sectionIndex))
            case .delete: changes.changes.append(.deleteSection(at: sectionIndex))
            default: break
            }
        }

        /// Applies the collected changes to the snapshot and the list (`NSFetchedResultsControllerDelegate`).
        public func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
            let pending = changes
            changes = ResultsChanges()
            do {
                var touched: [Object] = []
                for change in pending.changes {
                    switch change {
                    case .insert(let object, _), .move(let object, _, _), .update(let object, _): touched.append(object)
                    default: break
                    }
                }
                try makePermanent(touched)
                let sectionID = self.sectionID, sectionTitle = self.sectionTitle, makeItem = self.makeItem
                snapshot = try pending.applied(to: snapshot, sectionID: sectionID, sectionTitle: sectionTitle, makeItem: makeItem)
            } catch {
                // The change list did not fit what is shown: read the results whole instead.
                report(error)
                do { snapshot = try wholeSnapshot() } catch {
                    report(error)
                    return
                }
            }
            driver?.apply(snapshot, completion: nil)
        }
    }

    extension FetchedResultsList where SectionID == String {
        /// Creates a list whose section identifiers are the sections' names.
        public convenience init(
            fetchRequest: NSFetchRequest<Object>, context: NSManagedObjectContext, sectionNameKeyPath: String?,
            item: @escaping (Object) -> Item
        ) {
            self.init(fetchRequest: fetchRequest, context: context, sectionNameKeyPath: sectionNameKeyPath, sectionID: { $0 }, item: item)
        }
    }
    /// A fetched results list is a ``ListSource``: show it with `adapter.show(list)`, swapped for
    /// an array or a database list without touching the view code.
    extension FetchedResultsList: ListSource {}
#endif
