/// What a driver keeps of section snapshots: the trees of the list it heads to, the trees the
/// cells on screen were configured with, and the expansion handlers.
///
/// A cell that draws an outline item's level and disclosure reads them when it is configured, so
/// its drawing is only as new as its last configuration. Each update therefore compares the
/// states that cells may show with the states of the update's target, and reconfigures every
/// item whose state differs, whatever was queued, replaced or interrupted in between.
@usableFromInline
struct SectionTrees<SectionID: Hashable, Item: Identifiable> where Item.ID: Sendable {
    @usableFromInline typealias Trees = [SectionID: SectionSnapshot<Item>]

    /// The tree of each outline section of ``ListDriver/latestSnapshot``.
    @usableFromInline var trees: Trees = [:] { didSet { refresh() } }
    /// The trees whose states the cells on screen may show, newest last: one once an update has
    /// settled, more after updates that were interrupted before every stage had run (a stage
    /// that did not run did not reconfigure its cells). ``outlineState(of:in:)`` answers from the
    /// newest. Never empty.
    private(set) var shown: [Trees] = [[:]] { didSet { refresh() } }
    /// Set when more interrupted updates followed each other than ``shown`` keeps: a cell of an
    /// outline section may then show any state, and the next update reconfigures them all.
    private(set) var shownIsUncertain = false { didSet { refresh() } }
    /// Whether a section of the list, shown or heading to be shown, is an outline: a stored flag,
    /// which a list without outlines reads on every update (`apply-onechange-100k-uuid`).
    @usableFromInline private(set) var hasOutlines = false
    var handlers = SectionSnapshotHandlers<Item>()

    /// How many trees ``shown`` keeps before it gives up and reconfigures every outline item once.
    static var shownLimit: Int { 4 }

    /// Whether no section of the list, shown or heading to be shown, is an outline.
    @inlinable
    var isEmpty: Bool { !hasOutlines }

    private mutating func refresh() {
        hasOutlines = !trees.isEmpty || shown.count > 1 || !shown[0].isEmpty || shownIsUncertain
    }

    /// The trees of the newest state on screen.
    var newestShown: Trees { shown[shown.count - 1] }

    /// Forgets the tree of each section whose items `snapshot` changed another way than through
    /// the tree: it no longer describes what the section shows.
    ///
    /// - Complexity: O(*v*) for the trees' *v* visible items.
    mutating func keepTrees(matching snapshot: Snapshot<SectionID, Item>) where SectionID: Sendable {
        guard !trees.isEmpty else { return }
        trees = trees.filter { section, tree in
            guard let items = snapshot.items(inSection: section) else { return false }
            return tree.hasVisibleItems(identifiedAs: items)
        }
    }

    /// The cells now show `trees` and nothing older: an update settled, or the view reloaded.
    mutating func settle(on trees: Trees) {
        shown = [trees]
        shownIsUncertain = false
    }

    /// An update's first stage reaches the view: the cells it configures show `trees`; the cells
    /// it has not reached yet still show the older states.
    mutating func beginShowing(_ trees: Trees) {
        if shown.count >= Self.shownLimit {
            shownIsUncertain = true
            shown.removeFirst(shown.count - 1)
        }
        shown.append(trees)
    }

    /// Replaces the newest shown tree of `section`: the view moved a row itself.
    mutating func replaceNewestShown(_ tree: SectionSnapshot<Item>, for section: SectionID) {
        shown[shown.count - 1][section] = tree
    }

    /// The outline state of the item `id` as the cells on screen draw it: from the newest shown
    /// tree of its section in `snapshot` (the snapshot the data source answers with).
    func outlineState(of id: Item.ID, in snapshot: Snapshot<SectionID, Item>) -> OutlineState? where SectionID: Sendable {
        let trees = newestShown
        guard !trees.isEmpty, let section = snapshot.sectionIdentifier(containingItem: id) else { return nil }
        return Self.state(of: id, in: trees[section])
    }

    /// Marks in `target` every item that `source` shows too and whose outline state in
    /// `targetTrees` differs from a state its cell may show, so that the diff reconfigures its
    /// cell. An item already marked keeps its mark.
    ///
    /// - Complexity: O(*v*·*k*) for the *v* items of the outline sections of `source` and
    ///   `target` and the *k* trees its cells may show (at most ``shownLimit``).
    func markOutlineChanges(
        in target: inout Snapshot<SectionID, Item>, from source: Snapshot<SectionID, Item>, to targetTrees: Trees
    ) where SectionID: Sendable {
        var candidates = Set<Item.ID>()
        if shownIsUncertain {
            // Sections that were outlines in the trees no longer kept may show any state too.
            for section in target.sections { for item in section.items { candidates.insert(item.id) } }
        }
        for section in targetTrees.keys {
            for item in target.items(inSection: section) ?? [] { candidates.insert(item.id) }
        }
        for trees in shown {
            for section in trees.keys {
                for item in source.items(inSection: section) ?? [] { candidates.insert(item.id) }
            }
        }
        for id in candidates where target._updateMarks[_MarkKey(id)] == nil {
            guard let now = source.sectionIdentifier(containingItem: id), let next = target.sectionIdentifier(containingItem: id) else {
                continue
            }
            let state = Self.state(of: id, in: targetTrees[next])
            if shownIsUncertain || shown.contains(where: { Self.state(of: id, in: $0[now]) != state }) {
                target._updateMarks[_MarkKey(id)] = .reconfigure
            }
        }
    }

    /// The state of the item `id` in `tree`, `nil` when the tree does not show it.
    static func state(of id: Item.ID, in tree: SectionSnapshot<Item>?) -> OutlineState? {
        guard let tree, tree.isVisible(id) else { return nil }
        return tree.outlineState(of: id)
    }
}
