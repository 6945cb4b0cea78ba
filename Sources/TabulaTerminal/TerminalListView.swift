import Tabula

/// A list view that draws into a terminal: the same snapshots, configurators and apply pipeline as
/// `UITableView`.
///
/// Only visible rows are configured, into cells dequeued from a pool per reuse identifier. After a
/// batch update, inserted and moved rows are marked for a moment: a terminal's animation.
///
/// ```swift
/// let list = try TerminalListView<String, Country>(cells: Countries.cells)
/// await list.driver.apply(snapshot)
/// print(list.render(width: 80, height: 24).joined(separator: "\n"))
/// ```
@MainActor
public final class TerminalListView<SectionID: Hashable & Sendable, Item: Identifiable & Sendable>: ListAdapter
where Item.ID: Sendable {
    /// How a row was changed by the last update, for the moment it stays marked.
    public enum Mark: Hashable, Sendable {
        /// The row was inserted.
        case inserted
        /// The row moved.
        case moved
        /// The row's content changed.
        case updated
    }

    /// What the view is built on: driver, configurators, handlers.
    public let core: ListAdapterCore<SectionID, Item, NoListActions>
    /// The item under the cursor (`nil` when the list is empty).
    public private(set) var cursor: ItemPath?
    /// How long changed rows stay marked, in seconds.
    public var markDuration: Double = 0.8
    /// Cells created because a pool was empty, and configurations done.
    public private(set) var cellsCreated = 0, configurations = 0

    private var counts: [Int] = []
    private var loaded = false
    private var pools: [String: [TerminalCell]] = [:]
    private var classes = CellClasses<TerminalCell>(contentCell: TerminalCell.self)
    private var marks: [Item.ID: (mark: Mark, until: Double)] = [:]
    private var firstLine = 0
    /// The height of the last render, in lines (`nil` before the first): the viewport an anchor is
    /// held in.
    private var viewportHeight: Int?
    /// The snapshot the last batch or reload left on screen, and where the cursor was in it.
    private var shown: (snapshot: Snapshot<SectionID, Item>, cursor: Item.ID?)?
    private let clock: () -> Double

    /// Whether the cursor's line keeps its row of the screen when lines are inserted or deleted
    /// above it (a chat, a feed): each update holds the anchor `.item(cursor)` (unless
    /// `ListDriver.scrollAnchorForNextUpdate` says otherwise). `false` (the default): the
    /// driver's `ListDriver.scrollAnchor` is held, `.none` unless set.
    ///
    /// Rows are one line high; headers, footers and the blank line between sections count as
    /// lines too. Where the content ends (its top or its bottom at the screen's), the line moves
    /// as little as it can.
    public var holdsCursorLine = false

    /// Creates a view; `clock` returns seconds (injectable for tests).
    public init(
        cells: CellConfigurators<Item>, clock: @escaping () -> Double = { Double(DispatchTimeLite.nowNanoseconds()) / 1e9 },
        updateKind: @escaping @Sendable (Item, Item) -> UpdateKind?, differ: ListDriver<SectionID, Item>.Differ = .specialised
    ) throws {
        self.clock = clock
        self.core = ListAdapterCore(cells: cells, updateKind: updateKind, differ: differ)
        try core.connect(to: self)
    }

    /// The item under the cursor.
    public var selectedItem: Item? { cursor.flatMap { displayedSnapshot.item(at: $0) } }

    /// The mark of the row showing `id`, while it lasts.
    public func mark(of id: Item.ID) -> Mark? {
        guard let entry = marks[id], entry.until > clock() else { return nil }
        return entry.mark
    }

    /// Whether some row is still marked (the caller redraws until none is).
    public var hasMarks: Bool { marks.values.contains { $0.until > clock() } }

    // MARK: Cursor

    /// Moves the cursor by `delta` items (negative: up), across sections, clamped to the list.
    public func moveCursor(by delta: Int) {
        let flat = flatPaths()
        guard !flat.isEmpty else { cursor = nil; return }
        let current = cursor.flatMap { flat.firstIndex(of: $0) } ?? 0
        cursor = flat[max(0, min(flat.count - 1, current + delta))]
    }

    /// Moves the cursor to the first or last item.
    public func moveCursor(toEnd: Bool) {
        let flat = flatPaths()
        cursor = toEnd ? flat.last : flat.first
    }

    /// Moves the item under the cursor one place up (`down` false) or down, across sections, as
    /// the user's own reorder (kept for `undo()`, told to `onMove`);
    /// the cursor stays on the item. Returns whether it moved: not when the item is first (or
    /// last) already, or when `canMove` refuses it.
    @discardableResult
    public func moveSelectedItem(down: Bool) -> Bool {
        guard let item = selectedItem, core.canMove(item),
            let reorder = core.driver.latestSnapshot.reorder(moving: item.id, down: down)
        else { return false }
        return (try? core.reorder(reorder)) != nil
    }

    /// Puts the cursor on `path` when it exists.
    public func setCursor(_ path: ItemPath) {
        if displayedSnapshot.item(at: path) != nil { cursor = path }
    }

    /// Puts the cursor on the item `id` (the next render scrolls to keep it on screen).
    ///
    /// - Throws: `SnapshotError.unknownItem` naming `id` when it is not shown.
    public func selectItem(_ id: Item.ID) throws {
        cursor = try existingItemPath(for: id)
    }

    private func flatPaths() -> [ItemPath] {
        var paths: [ItemPath] = []
        for (s, section) in displayedSnapshot.sections.enumerated() {
            for i in section.items.indices { paths.append(ItemPath(item: i, section: s)) }
        }
        return paths
    }

    // MARK: Rendering

    /// The screen: at most `height` lines of `width` columns, with colours when `styled`. A
    /// negative width or height is taken as 0.
    public func render(width: Int, height: Int, styled: Bool = true) -> [String] {
        let width = max(0, width), height = max(0, height)
        viewportHeight = height
        let lines = self.lines(of: displayedSnapshot)
        revealCursor(in: lines, height: height)
        let visible = lines.dropFirst(firstLine).prefix(height)
        // Only visible rows are configured; their cells come from the pools.
        var output: [String] = []
        var used: [TerminalCell] = []
        let now = clock()
        for line in visible {
            let path: ItemPath
            switch line {
            case .blank: output.append(styled ? "".termDim : ""); continue
            case .header(let header):
                let text = header.uppercased().prefix(columns: width)
                output.append(styled ? text.termBold.termCyan : text)
                continue
            case .footer(let footer):
                let text = ("  " + footer).prefix(columns: width)
                output.append(styled ? text.termDim : text)
                continue
            case .item(let itemPath): path = itemPath
            }
            guard let item = displayedSnapshot.item(at: path) else { continue }
            // An item no configurator takes gets a placeholder line and a diagnostic.
            let cell = core.cell(at: path, in: self, registrar: self, dequeue: dequeue)
            configurations += 1
            used.append(cell)
            let selected = path == cursor
            // An item of a section snapshot shows its level and, with children, ▸ or ▾.
            let outline = driver.outlineState(of: item.id)?.decorate("") ?? ""
            // Cut to the width as a whole: the cursor's and the outline's columns count too.
            var text = ((selected ? "▸ " : "  ") + outline + cell.line(width: max(0, width - 2 - outline.count))).prefix(columns: width)
            if styled {
                if let entry = marks[item.id], entry.until > now {
                    text = entry.mark == .inserted ? text.termGreen.termBold : entry.mark == .moved ? text.termYellow : text.termMagenta
                }
                if cell.content.style.isSubdued { text = text.termItalic }
                if selected { text = text.termInverse }
            }
            output.append(text)
        }
        for cell in used { enqueue(cell) }
        marks = marks.filter { $0.value.until > now }
        return output
    }

    /// One line of the list, as `render` draws it.
    private enum Line: Equatable {
        case blank, header(String), item(ItemPath), footer(String)
    }

    /// Every line of `snapshot`, top to bottom: a blank line between sections, headers, one line a
    /// row, footers.
    private func lines(of snapshot: Snapshot<SectionID, Item>) -> [Line] {
        var lines: [Line] = []
        for (s, section) in snapshot.sections.enumerated() {
            if let header = section.header {
                if !lines.isEmpty { lines.append(.blank) }
                lines.append(.header(header))
            }
            for i in section.items.indices { lines.append(.item(ItemPath(item: i, section: s))) }
            if let footer = section.footer { lines.append(.footer(footer)) }
        }
        return lines
    }

    /// Scrolls, when needed, so that the cursor's line is on a screen of `height` lines.
    private func revealCursor(in lines: [Line], height: Int) {
        if let cursor, let index = lines.firstIndex(of: .item(cursor)) {
            if index < firstLine { firstLine = max(0, index - 1) }
            if index >= firstLine + height { firstLine = index - height + 1 }
        }
        firstLine = max(0, min(firstLine, max(0, lines.count - height)))
    }

    /// `snapshot` laid out in lines, scrolled to ``firstLine``: what the core's `ScrollAnchor`
    /// reads.
    private func anchorLayout(of snapshot: Snapshot<SectionID, Item>, height: Int) -> AnchorLayout<Item.ID> {
        let lines = self.lines(of: snapshot)
        var rows: [AnchorLayout<Item.ID>.Row] = []
        for (index, line) in lines.enumerated() {
            if case .item(let path) = line, let id = snapshot.item(at: path)?.id { rows.append(.init(id: id, minY: Double(index), height: 1)) }
        }
        return AnchorLayout(rows: rows, contentOffset: Double(firstLine), viewportHeight: Double(height), contentHeight: Double(lines.count))
    }

    /// What the anchor holds on the screen as it was before an update (`nil`: nothing, or
    /// nothing drawn yet).
    private func anchorHold(before snapshot: Snapshot<SectionID, Item>, cursor cursorID: Item.ID?) -> AnchorHold<Item.ID>? {
        guard let height = viewportHeight else { return nil }
        var anchor = driver.activeScrollAnchor
        if driver.scrollAnchorForNextUpdate == nil, holdsCursorLine, let cursorID { anchor = .item(cursorID) }
        guard anchor != .none else { return nil }
        // The screen as the user last saw it: the cursor on it.
        if let cursorID, let path = snapshot.itemPath(for: cursorID) {
            let saved = cursor
            cursor = path
            revealCursor(in: lines(of: snapshot), height: height)
            cursor = saved
        }
        return anchor.hold(in: anchorLayout(of: snapshot, height: height))
    }

    /// Scrolls so that `hold` holds on the screen now shown: the offset is the core's.
    private func holdAnchor(_ hold: AnchorHold<Item.ID>?) {
        guard let hold, let height = viewportHeight,
            let offset = hold.offset(in: anchorLayout(of: displayedSnapshot, height: height))
        else { return }
        firstLine = Int(offset.rounded())
    }

    /// Every line, no colours, no viewport: what `--dump` prints.
    public func plainText(width: Int = 60) -> String {
        render(width: width, height: Int.max / 2, styled: false).joined(separator: "\n")
    }

    private func dequeue(_ identifier: String) -> TerminalCell {
        if var pool = pools[identifier], let cell = pool.popLast() {
            pools[identifier] = pool
            return cell
        }
        cellsCreated += 1
        return classes[identifier].init(reuseIdentifier: identifier)
    }

    private func enqueue(_ cell: TerminalCell) {
        cell.prepareForReuse()
        pools[cell.reuseIdentifier, default: []].append(cell)
    }

}

// MARK: What the core asks of the view

extension TerminalListView: ListViewGlue {
    package var keepsCells: Bool { false }
    package var flavor: ListFlavor { .table }
    package var canAnimateUpdates: Bool { loaded }
    package func displayedItemCounts() -> [Int] { counts }

    package func reloadData() {
        let hold = shown.flatMap { anchorHold(before: $0.snapshot, cursor: $0.cursor) }
        loaded = true
        counts = displayedSnapshot.itemCounts
        marks = [:]
        keepCursor(previous: holdsCursorLine ? shown?.cursor : nil)
        holdAnchor(hold)
        shown = (displayedSnapshot, selectedItem?.id)
    }

    package func performBatchUpdates(
        _ update: BatchUpdate, animated: Bool, updateData: () -> Void, completion: @escaping @MainActor () -> Void
    ) {
        let before = displayedSnapshot
        let cursorID = selectedItem?.id
        let hold = anchorHold(before: before, cursor: cursorID)
        updateData()
        let after = displayedSnapshot
        if let outcome = try? update.validate(before: counts, after: after.itemCounts) {
            let until = clock() + markDuration
            for path in outcome.freshItems {
                if let id = after.item(at: path)?.id { marks[id] = (update.insertedItems.contains(path) ? .inserted : .updated, until) }
            }
            for move in update.movedItems {
                if let id = after.item(at: move.to)?.id { marks[id] = (.moved, until) }
            }
            for path in update.reconfiguredItems {
                if let id = before.item(at: path)?.id { marks[id] = (.updated, until) }
            }
        }
        counts = after.itemCounts
        keepCursor(previous: cursorID)
        holdAnchor(hold)
        shown = (after, selectedItem?.id)
        completion()
    }

    /// Keeps the cursor on the same item when it is still there, otherwise near where it was.
    private func keepCursor(previous id: Item.ID?) {
        if let id, let path = displayedSnapshot.itemPath(for: id) {
            cursor = path
        } else if let cursor, displayedSnapshot.item(at: cursor) == nil {
            let flat = flatPaths()
            self.cursor = flat.last(where: { $0 < cursor }) ?? flat.first
        } else if cursor == nil {
            cursor = flatPaths().first
        }
    }

    package func nibCellTypeName(named name: String) -> String? { nil }
    package func registerNib(named name: String, forReuseIdentifier identifier: String) {}
    package func registerClass(_ cellType: AnyObject.Type, forReuseIdentifier identifier: String) -> Bool {
        classes.register(cellType, as: identifier)
    }
    package func registerContentCell(forReuseIdentifier identifier: String) { classes.registerContentCell(as: identifier) }
}

extension TerminalListView where Item: Equatable {
    /// Creates a view that compares content with `==` and reconfigures changed rows.
    // Inlinable, so that the `==` the diff runs for every matched item is specialised for
    // your item type.
    @inlinable
    public convenience init(cells: CellConfigurators<Item>, differ: ListDriver<SectionID, Item>.Differ = .specialised) throws {
        try self.init(cells: cells, updateKind: { _sameContent($0, $1) ? nil : .reconfigure }, differ: differ)
        driver._comparesWithEquality(updates: .reconfigure)  // the same classification, with `==` inline
    }
}
