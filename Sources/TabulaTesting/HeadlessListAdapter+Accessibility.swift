import Tabula

/// What VoiceOver meets on one row or section header of a ``HeadlessListView``.
public struct HeadlessAccessibilityElement: Sendable {
    /// The traits VoiceOver speaks after the label.
    public struct Traits: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// A section header.
        public static let header = Traits(rawValue: 1 << 0)
        /// A selected row.
        public static let selected = Traits(rawValue: 1 << 1)
        /// A row whose selection the app handles.
        public static let button = Traits(rawValue: 1 << 2)
    }

    /// What VoiceOver reads: the text the cell (or header) shows.
    public var label: String
    /// The element's traits.
    public var traits: Traits
    /// What VoiceOver reads after the traits: "expanded" or "collapsed" (in the adapter's
    /// `accessibilityStrings`) for an outline item with children (``isExpanded``); `nil`
    /// otherwise.
    public var value: String?
    /// Whether the row is an expanded (`true`) or collapsed (`false`) outline item; `nil` for a
    /// row without children, a plain section's row or a header. Its custom actions then end with
    /// "Collapse" or "Expand", which toggles it as a tap on its disclosure does.
    public var isExpanded: Bool?
    /// Every swipe action and context-menu action of the row, in that order; perform one with
    /// ``HeadlessAction/perform()``.
    public var customActions: [HeadlessAction]

    /// The custom action titled `title`, if the row has one.
    public func customAction(titled title: String) -> HeadlessAction? { customActions.first { $0.title == title } }
}

/// Where the VoiceOver cursor of the headless view is, and what it has been told since.
struct HeadlessFocusState<SectionID: Hashable & Sendable, Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
    var item: Item.ID?
    var shown = Snapshot<SectionID, Item>()
}

extension HeadlessListAdapter {
    /// The item the VoiceOver cursor is on; `nil` when none is. It stays on its item across every
    /// update the adapter applies, and moves to the neighbour `Snapshot.focusTarget(after:from:to:)`
    /// names when the item is deleted.
    public var focusedItem: Item.ID? { focus.item }

    /// Where the focused item is shown now.
    public var focusedPath: ItemPath? { focus.item.flatMap { driver.snapshot.itemPath(for: $0) } }

    /// Puts the VoiceOver cursor on the item shown at `path`, as a swipe or a touch does; a path
    /// outside the list clears it.
    public func focus(at path: ItemPath) {
        let item = driver.snapshot.item(at: path)?.id
        focus = HeadlessFocusState(item: item, shown: item == nil ? Snapshot() : driver.snapshot)
    }

    /// Moves the focus along when the adapter changes what the view shows. It follows the
    /// newest state the list is heading to, not each batch: an update the driver shows in stages
    /// moves it once, from the list before to the list after.
    ///
    /// The snapshot shown is kept only while an item is focused: held, it makes the driver's next
    /// edit in place copy every item (`update-one-100k-headless` in `instructions.sh` guards it).
    func followFocus() {
        guard let item = focus.item else { return }
        let shown = driver.latestSnapshot
        focus.item = Snapshot.focusTarget(after: item, from: focus.shown, to: shown)
        focus.shown = focus.item == nil ? Snapshot() : shown
    }

    /// What VoiceOver meets on the row at `path`; `nil` outside the list.
    public func accessibilityElement(at path: ItemPath) -> HeadlessAccessibilityElement? {
        guard let row = core.accessibilityRow(at: path) else { return nil }
        var traits: HeadlessAccessibilityElement.Traits = []
        if listView.indexPathsForSelectedItems.contains(path) { traits.insert(.selected) }
        if row.isButton { traits.insert(.button) }
        let swipes = row.swipes.flatMap { $0 }, menu = row.contextMenu ?? []
        let offered = ListRowAction.accessibleEntries(titled: menu.map(\.title), besides: swipes.map(\.title))
        var actions = swipes + offered.map { menu[$0] }
        if let title = row.expansionAction {
            actions.append(HeadlessAction(title) { [weak self, id = row.id] in self?.core.toggleExpansion(of: id) })
        }
        return HeadlessAccessibilityElement(
            label: listView.cellForItem(at: path)?.text ?? "", traits: traits, value: row.value, isExpanded: row.isExpanded,
            customActions: actions)
    }

    /// What VoiceOver meets on the header of the section at `index`; `nil` when it has no title.
    public func accessibilityHeader(inSection index: Int) -> HeadlessAccessibilityElement? {
        guard let title = listView(listView, titleForHeaderInSection: index) else { return nil }
        return HeadlessAccessibilityElement(label: title, traits: .header, value: nil, isExpanded: nil, customActions: [])
    }
}
