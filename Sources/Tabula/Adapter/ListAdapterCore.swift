/// What every adapter is built on: the driver, the configurators, the cell registry, every typed
/// handler, the edit paths and the selection policy, decided once for the UIKit, AppKit, terminal
/// and headless adapters.
///
/// An adapter keeps only its view's glue: its data-source and delegate conformances call the core,
/// it dequeues, runs its view's batch call and forwards what it does not implement to the app's
/// object. So the headless adapter, which `swift test` runs on any platform, runs the decisions a
/// device runs. Apps set the handlers on the adapter (``ListAdapter/onSelect``, …), their one
/// spelling; the core holds them for the glue.
@MainActor
public final class ListAdapterCore<SectionID: Hashable & Sendable, Item: Identifiable & Sendable, Platform: ListPlatform>
where Item.ID: Sendable {
    /// The apply pipeline.
    @usableFromInline package let driver: ListDriver<SectionID, Item>
    /// The cell configurators.
    @usableFromInline package let cells: CellConfigurators<Item>

    /// Called when the user selects an item, with the item itself and its position.
    package var onSelect: ((Item, ItemPath) -> Void)?
    /// Called when the user deselects an item (a second tap in multiple selection, another row
    /// chosen in single selection, or the adapter deselecting after a tap).
    package var onDeselect: ((Item, ItemPath) -> Void)?
    /// Called when an item's cell is about to be shown: call ``PaginatedList/rowWillAppear(at:)``
    /// from here.
    package var onWillDisplay: ((Item, ItemPath) -> Void)?
    /// Called with the items the view will soon show: start loading their images here.
    package var onPrefetch: (([Item]) -> Void)? { didSet { glue?.handlersDidChange() } }
    /// Called with the items whose prefetching is no longer needed.
    package var onCancelPrefetch: (([Item]) -> Void)? { didSet { glue?.handlersDidChange() } }
    /// Whether to deselect a row right after the user selected it (default `false`: the view keeps
    /// its selection, as Apple's diffable data sources leave it). Never while the view is editing,
    /// so that multiple selection during editing keeps every row checked.
    package var deselectsAfterSelection = false
    /// Whether the user may delete an item with swipe to delete or in editing mode.
    package var canDelete: (Item) -> Bool = { _ in false } { didSet { declaresDeletion = true } }
    /// Called after the user deleted an item, with the new snapshot (update your model here).
    package var onDelete: ((Item, Snapshot<SectionID, Item>) -> Void)?
    /// Whether the user may reorder an item in editing mode.
    package var canMove: (Item) -> Bool = { _ in false } { didSet { declaresMoves = true } }
    /// Whether the app set ``canDelete`` (or ``canMove``): until it does, the view's questions
    /// about editing go to the app's object (``ListAdapterCore+Fallbacks``).
    package private(set) var declaresDeletion = false, declaresMoves = false
    /// Called after the user reordered items, with the reorder and the new snapshot.
    package var onMove: ((Reorder<SectionID, Item.ID>, Snapshot<SectionID, Item>) -> Void)?
    /// The user's edits (moves, deletes, toggles), for ``undo()`` and ``redo()``; off when
    /// ``recordsUndo`` is.
    package var history = EditHistory<SectionID, Item>()
    /// Whether the user's edits are kept for undo (an app with its own model-level undo
    /// turns this off).
    package var recordsUndo = true
    /// Asked before an edit is kept for undo; `false` leaves it out (`nil`: every edit is kept).
    package var shouldRecordUndo: ((ListEdit<SectionID, Item>) -> Bool)?
    /// The name an edit gets in the undo manager (`nil`: ``ListEdit/defaultActionName``).
    package var undoActionName: ((ListEdit<SectionID, Item>) -> String)?
    /// Called when an undo puts deleted items back, with the new snapshot.
    package var onReinsert: ((Reinsertion<SectionID, Item>, Snapshot<SectionID, Item>) -> Void)?
    /// Called when an undo or redo conflicts with a later change and is not applied.
    package var onUndoConflict: ((UndoConflict<SectionID, Item.ID>) -> Void)?
    /// Told when an edit the user made can be undone, with its name ("Move"): the UIKit and
    /// AppKit glue register it with the view's `UndoManager`.
    package var onUndoable: ((String) -> Void)?
    /// What the list accepts from other lists and apps, and whom it tells (`ListAdapterCore+Transfer.swift`).
    package var transfers = ListTransfers<SectionID, Item>() { didSet { glue?.handlersDidChange() } }
    /// Called when the user flips the switch of a ``CellContent/Accessory/toggle(isOn:)`` in a
    /// standard content cell.
    @usableFromInline package var onToggle: ((Item, Bool) -> Void)?
    /// Trailing swipe actions, declared next to the items they act on. `nil` for an item leaves it
    /// the default (swipe to delete, or the Delete action ``canDelete`` gives).
    package var trailingSwipeActions: ((Item, ItemPath) -> Platform.SwipeActions?)?
    /// Leading swipe actions, declared next to the items they act on.
    package var leadingSwipeActions: ((Item, ItemPath) -> Platform.SwipeActions?)?
    /// Context menus, declared next to the items they act on.
    package var contextMenu: ((Item, ItemPath) -> Platform.ContextMenu?)? { didSet { glue?.handlersDidChange() } }

    /// Whether a visible cell is configured again, alone, when an `@Observable` object its
    /// configuration read changes (default `true`; iOS 17, macOS 14 and Linux, where Observation
    /// exists). A change that adds, removes or reorders items still goes through a snapshot
    /// (``ListAdapter/follow(animatingDifferences:_:)``).
    ///
    /// Each configure call is tracked; one change, or a thousand in one turn of the main actor,
    /// configures that cell once, after the turn, with its item as the snapshot on screen has it.
    /// A cell reused for another item stops following the old one, and a cell no longer visible
    /// is not configured. Each visible cell keeps one tracking at a time, ended when the cell is
    /// configured again or leaves the screen (``observedCellRegistrations``); a change made on
    /// another thread configures the cell once more a frame later, so it ends with the stored value. UIKit's own observation tracking (iOS 26) covers `layoutSubviews`,
    /// `updateProperties` and `configurationUpdateHandler`, not the configure call, so the two
    /// never update a cell twice for one read.
    @usableFromInline package var cellsFollowTheirItems = true
    /// How many visible cells were configured again because an object their configuration read
    /// changed.
    public var observedReconfigurations: Int { observer.reconfigurations }
    /// How many trackings of visible cells' configurations are registered now with the objects
    /// they read: at most one per cell the view shows, however long the user scrolls.
    public var observedCellRegistrations: Int { observer.liveRegistrations }

    /// The header, footer and other supplementary view configurators the adapter registered.
    package private(set) var supplementaryViews: [SupplementaryConfigurator<SectionID>] = []

    /// Which class each reuse identifier stands for.
    package private(set) var registry = CellRegistry()
    /// The view's glue. Not retained: the adapter keeps the core.
    package private(set) weak var glue: (any ListViewGlue)?
    /// The app's object for the methods the adapter does not implement.
    package let forwarding: ForwardingTarget
    /// The view the driver updates (kept: the driver holds its view weakly).
    private let link: ViewLink
    /// Whether the view still calls the adapter, and what of it is still to report.
    var connection = ConnectionWatch()
    /// Stops the live source the adapter's `show` or `follow` started (`Live/`); showing another
    /// source calls it first, so one source at a time drives the list.
    package var stopCurrentSource: (@MainActor () -> Void)?
    /// Keyboard focus, and the selection as a show began (`ListAdapterCore+Keyboard.swift`).
    package var keyboard = KeyboardState()
    /// The words the list says to assistive technologies and titles its key commands with.
    package var accessibilityStrings = ListAccessibilityStrings()
    /// Announces live changes (`Accessibility/ListAnnouncer.swift`).
    package let announcer = ListAnnouncer<SectionID, Item>()
    /// Follows what visible cells' configurations read.
    @usableFromInline let observer = CellObserver<Item.ID>()
    /// The view cells are configured in (their ``CellContext/view``).
    @usableFromInline weak var cellView: AnyObject?

    /// Creates the core of an adapter; the adapter then ``connect(to:)``s its view.
    ///
    /// Inlinable, and called from the inlinable initialisers of the adapters that keep cells (the
    /// terminal's keeps none), so that the path that configures a cell again when an object it
    /// read changes (``cellsFollowTheirItems``) is compiled where the adapter is created, for your
    /// types, as the diff is (`differ`). It runs
    /// on every such change; compiled once for any item type, it would look up generic metadata
    /// (`Optional<Item>`, the snapshot's sections) at run time on each.
    @inlinable
    package convenience init(
        cells: CellConfigurators<Item>, updateKind: @escaping @Sendable (Item, Item) -> UpdateKind?,
        differ: ListDriver<SectionID, Item>.Differ, hop: @escaping ForwardingTarget.Hop = ForwardingTarget.mainThreadHop
    ) {
        self.init(unspecialisedCells: cells, updateKind: updateKind, differ: differ, hop: hop)
        observer.reconfigure = { [weak self] cell, id, path in self?.reconfigureVisible(cell, showing: id, configuredAt: path) }
        observer.resized = { [weak self] paths in self?.viewDidReconfigureInPlace(paths) }
    }

    /// Everything of the core but the path that configures a cell again, which the initialiser
    /// above adds, compiled for your types.
    @usableFromInline
    init(
        unspecialisedCells cells: CellConfigurators<Item>, updateKind: @escaping @Sendable (Item, Item) -> UpdateKind?,
        differ: ListDriver<SectionID, Item>.Differ, hop: @escaping ForwardingTarget.Hop
    ) {
        self.cells = cells
        self.driver = ListDriver(updateKind: updateKind, canReconfigure: cells.canReconfigure, differ: differ)
        self.link = ViewLink()
        self.forwarding = ForwardingTarget(hop: hop)
    }

    /// Attaches the view's glue: every configurator's cell is registered in it, the driver updates
    /// it, and a change of the app's object (``forwarding``) sets its data source and delegate
    /// again. Adapters call it once, from their initialiser.
    ///
    /// - Throws: ``ConfigurationError`` for conflicting registrations, naming both classes.
    package func connect(to glue: some ListViewGlue) throws {
        self.glue = glue
        link.glue = glue
        link.willApply = { [weak self] in self?.checkConnection() }
        link.willShow = { [weak self] in self?.viewWillShow($0) }
        link.didShow = { [weak self] in self?.viewDidShow() }
        driver.keepsShownForReload = { [weak self] in self?.readsShownOnReload ?? false }
        announcer.glue = glue as? any ListAccessibilityGlue
        announcer.glue?.keyboardSettingsDidChange(selectionFollowsFocus: keyboard.selectionFollowsFocus)
        forwarding.onChange = { [weak glue] in glue?.reconnect() }
        try cells.register(in: glue, registry: &registry)
        driver.view = link
        noteEarlierConnection(of: glue)
    }

    // MARK: Data source

    /// The snapshot's item at `path`, or `nil`.
    package func item(at path: ItemPath) -> Item? { driver.snapshot.item(at: path) }

    /// A configured cell for the item at `path`, from `dequeue`: the item's configurator (its cell
    /// registered the first time a kind of item is shown), a ``CellContext``, the toggle handler.
    /// A path the snapshot lacks, or an item no configurator takes, gets the placeholder cell and a
    /// diagnostic: never a trap.
    package func cell<Cell: AnyObject>(
        at path: ItemPath, in view: AnyObject?, registrar: some CellRegistrar, dequeue: (String) throws -> Cell
    ) rethrows -> Cell {
        noteCallback()
        let snapshot = driver.snapshot
        guard let item = snapshot.item(at: path) else {
            driver.report(ListDiagnostic(.noConfigurator(item: "nothing (no item at this path)", at: path)))
            return try dequeue(CellConfigurators<Item>.placeholderReuseIdentifier)
        }
        if let configurator = cells.configurator(for: item) {
            switch registry.identifier(for: configurator, in: registrar) {
            case .identifier(let identifier):
                let cell = try dequeue(identifier)
                cellView = view
                configure(cell, with: configurator, item: item, at: path, itemsInSection: snapshot.numberOfItems(inSectionAt: path.section))
                return cell
            case .problem(let problem):
                driver.report(ListDiagnostic(.configuration(problem.description)))
            }
        } else {
            driver.report(ListDiagnostic(.noConfigurator(item: "\(item)", at: path)))
        }
        let cell = try dequeue(CellConfigurators<Item>.placeholderReuseIdentifier)
        (cell as? any ContentCell)?.apply(CellConfigurators<Item>.placeholderContent(for: item))
        return cell
    }

    /// Configures `cell` for `item` at `path`, in a section of `itemsInSection` items, following
    /// what it reads when cells follow their items, and hands its switch to ``onToggle``.
    @inlinable
    func configure(_ cell: AnyObject, with configurator: CellConfigurator<Item>, item: Item, at path: ItemPath, itemsInSection: Int) {
        let context = CellContext(path: path, itemsInSection: itemsInSection, view: cellView)
        // A view that keeps no cells (the terminal configures every row as it draws) has nothing
        // to configure again: tracking its configurations would be work on every draw for nothing.
        if cellsFollowTheirItems, viewKeepsCells {
            observer.track(cell, id: item.id, at: path) { configurator.configure(cell, with: item, context: context) }
        } else {
            configurator.configure(cell, with: item, context: context)
        }
        if let toggling = cell as? any TogglingCell {
            toggling.onToggle = onToggle.map { _ in { [weak self] isOn in self?.didToggle(item, isOn: isOn) } }
        }
        viewDidConfigure(cell, at: path)
    }

    // The view's side of configuring a cell, for the inlinable path above: the glue is the
    // package's, out of reach of code compiled where the adapter is created.

    /// The user changed the item `id` (flipped its switch): the update that follows is theirs,
    /// not announced.
    @usableFromInline
    func noteUserEdit(_ id: Item.ID) { announcer.noteUserEdit([id]) }

    /// Whether the view keeps its cells between draws (``ListViewGlue/keepsCells``; `true` without
    /// a view).
    @usableFromInline
    var viewKeepsCells: Bool { glue?.keepsCells != false }

    /// Tells the view that `cell` was configured for the item at `path` (``ListViewGlue/didConfigure(_:at:)``).
    @usableFromInline
    func viewDidConfigure(_ cell: AnyObject, at path: ItemPath) { glue?.didConfigure(cell, at: path) }

    /// Whether `cell` is the cell the view shows now for the item at `path`.
    @usableFromInline
    func isVisibleCell(_ cell: AnyObject, at path: ItemPath) -> Bool {
        guard let glue else { return false }
        return glue.visibleCell(at: path) === cell
    }

    /// Configures `cell` again for the item `id` as the snapshot on screen has it, when `cell` is
    /// still the view's visible cell of that item; returns where it did, `nil` when it did not.
    /// The item is looked for where the cell was configured first (`configuredAt`), and by its
    /// identifier if it moved.
    // The snapshot is read where the driver keeps it: a copy of it would retain, then release,
    // each of its buffers.
    @inlinable
    func reconfigureVisible(_ cell: AnyObject, showing id: Item.ID, configuredAt hint: ItemPath) -> ItemPath? {
        guard cellsFollowTheirItems else { return nil }
        if let item = driver.snapshot.item(at: hint), item.id == id { return reconfigureVisible(cell, with: item, at: hint) ? hint : nil }
        guard let path = driver.snapshot.itemPath(for: id), let item = driver.snapshot.item(at: path) else { return nil }
        return reconfigureVisible(cell, with: item, at: path) ? path : nil
    }

    /// Configures `cell` again with `item`, at `path` in the snapshot on screen, when it is the
    /// view's visible cell there; returns whether it did.
    @inlinable
    func reconfigureVisible(_ cell: AnyObject, with item: Item, at path: ItemPath) -> Bool {
        guard isVisibleCell(cell, at: path), let configurator = cells.configurator(for: item) else { return false }
        configure(cell, with: configurator, item: item, at: path, itemsInSection: driver.snapshot.numberOfItems(inSectionAt: path.section))
        return true
    }

    /// Tells the view that the cells at `paths` were configured again in place, outside any batch
    /// update (their objects changed), so that it measures their rows again.
    @usableFromInline
    func viewDidReconfigureInPlace(_ paths: [ItemPath]) { glue?.resizeRows(at: paths) }

    /// The rows, at their positions in the snapshot on screen, whose height `update` may have
    /// changed in place: its reconfigured items (cells kept and configured again), and, for a view
    /// that keeps the height of a row it reloads (`includingReloads`: an AppKit table, whose
    /// reloads of rows are in place), its reloaded ones. Items are named in `before`, the snapshot
    /// the update started from; an item the update removed is left out.
    ///
    /// - Complexity: O(*r*) look-ups for *r* reconfigured and reloaded items.
    package func rowsNeedingSizePass(after update: BatchUpdate, before: ReplacedSnapshot<SectionID, Item.ID>, includingReloads: Bool) -> [ItemPath] {
        let named = includingReloads ? update.reconfiguredItems + update.reloadedItems : update.reconfiguredItems
        var paths = Set<ItemPath>()
        for path in named {
            guard let id = before.updatedItems[path], let now = driver.snapshot.itemPath(for: id) else { continue }
            paths.insert(now)
        }
        return paths.sorted()
    }

    /// How each reuse identifier was registered: the class (fully qualified), the nib and its
    /// class, or the standard content cell.
    package var registrations: [String: String] { registry.registrations.mapValues { $0.description } }

    // MARK: Supplementary views

    /// Takes `configurators` as the adapter's supplementary views, after checking that no two
    /// classes share a kind and reuse identifier (a default identifier taken by another class of
    /// the same name becomes the class's fully qualified name), and returns them as they are to
    /// be registered.
    ///
    /// - Throws: ``ConfigurationError`` naming both classes when the app named one identifier for
    ///   two classes; nothing is taken then.
    package func adoptSupplementaryViews(_ configurators: [SupplementaryConfigurator<SectionID>]) throws -> [SupplementaryConfigurator<SectionID>] {
        var owners: [String: ObjectIdentifier] = [:]
        var problems: [ConfigurationError.Problem] = []
        var adopted: [SupplementaryConfigurator<SectionID>] = []
        for var configurator in configurators {
            let type = ObjectIdentifier(configurator.viewType)
            let qualified = String(reflecting: configurator.viewType)
            let key = { (identifier: String) in "\(configurator.kind.rawValue)/\(identifier)" }
            if let owner = owners[key(configurator.reuseIdentifier)], owner != type {
                guard configurator.identifierIsDefault, owners[key(qualified)] == nil else {
                    problems.append(.identifierConflict(identifier: configurator.reuseIdentifier, first: "another view class", second: qualified))
                    continue
                }
                configurator.reuseIdentifier = qualified
            }
            owners[key(configurator.reuseIdentifier)] = type
            adopted.append(configurator)
        }
        guard problems.isEmpty else { throw ConfigurationError(problems: problems) }
        supplementaryViews = adopted
        return adopted
    }

    /// The configurator for supplementary views of `kind` that takes `section`, and the
    /// section's context, when both exist.
    package func supplementary(_ kind: SupplementaryKind, section: Int) -> (SupplementaryConfigurator<SectionID>, SectionContext<SectionID>)? {
        guard let context = driver.snapshot.sectionContext(at: section), let configurator = supplementaryViews.configurator(for: kind, in: context)
        else { return nil }
        return (configurator, context)
    }

    /// The sections whose supplementary views to configure again once `update` is on screen (the
    /// view keeps a surviving section's views as they were): those whose titles it changed, and
    /// those whose number of items it changed that a supplementary configurator shows (the
    /// ``SectionContext/numberOfItems`` it was given is stale). `before` is the snapshot the
    /// update started from.
    ///
    /// - Complexity: O(*s*) for *s* sections, when configurators exist.
    package func sectionsToRefresh(after update: BatchUpdate, before: ReplacedSnapshot<SectionID, Item.ID>) -> [Int] {
        guard !supplementaryViews.isEmpty else { return update.updatedSectionTitles }
        var sections = Set(update.updatedSectionTitles)
        let inserted = Set(update.insertedSections)
        let kinds = Set(supplementaryViews.map { $0.kind })
        for (index, section) in driver.snapshot.sections.enumerated() where !inserted.contains(index) && !sections.contains(index) {
            guard let old = before.sections[section.id], old.numberOfItems != section.items.count,
                let context = driver.snapshot.sectionContext(at: index),
                kinds.contains(where: { supplementaryViews.configurator(for: $0, in: context) != nil })
            else { continue }
            sections.insert(index)
        }
        return sections.sorted()
    }

    /// For each section whose titles an update changed: its context now, and whether a header or
    /// a footer shown as a title came or went (which changes the section's layout, so the view
    /// reloads that section instead of configuring its views again).
    package func titleChanges(in sections: [Int], before: ReplacedSnapshot<SectionID, Item.ID>) -> [(context: SectionContext<SectionID>, cameOrWent: Bool)] {
        sections.compactMap { section in
            guard let context = driver.snapshot.sectionContext(at: section) else { return nil }
            let old = before.sections[context.id]
            let header = (old?.header == nil) != (context.header == nil) && supplementaryViews.configurator(for: .header, in: context) == nil
            let footer = (old?.footer == nil) != (context.footer == nil) && supplementaryViews.configurator(for: .footer, in: context) == nil
            return (context, header || footer)
        }
    }
}

/// The view the driver updates, for a core: it passes each call to the glue, which it does not
/// retain.
@MainActor
private final class ViewLink: ListViewUpdating {
    weak var glue: (any ListViewGlue)?
    /// Checks that the view still calls the adapter: run as each apply asks whether it can animate.
    var willApply: (@MainActor () -> Void)?
    /// Told before the view changes what it shows (the batch, or `nil` for `reloadData`), and
    /// after (the core's focus, selection and announcements follow the list:
    /// `ListAdapterCore+Keyboard.swift`).
    var willShow: (@MainActor (_ update: BatchUpdate?) -> Void)?, didShow: (@MainActor () -> Void)?

    var flavor: ListFlavor { glue?.flavor ?? .table }
    var canAnimateUpdates: Bool {
        willApply?()
        return glue?.canAnimateUpdates ?? false
    }
    func displayedItemCounts() -> [Int] { glue?.displayedItemCounts() ?? [] }
    func reloadData() {
        willShow?(nil)
        glue?.reloadData()
        didShow?()
    }
    func performBatchUpdates(_ update: BatchUpdate, animated: Bool, updateData: () -> Void, completion: @escaping @MainActor () -> Void) {
        guard let glue else {
            updateData()
            completion()
            return
        }
        willShow?(update)
        glue.performBatchUpdates(update, animated: animated, updateData: updateData) { [didShow] in
            didShow?()
            completion()
        }
    }
}
