import Foundation
import GRDB
import Tabula

/// The rows of the list, sorted, grouped by section, kept off the main actor.
///
/// The snapshot itself is the model, edited in place: a row whose content changed but which keeps
/// its place is replaced in O(1); only rows that move or arrive are deleted and inserted at their
/// sorted position (binary search). Rebuilding the whole snapshot for every commit would hash every
/// row again: with 100,000 rows that alone cost several times the diff (measured).
actor SortedRows<Record: ListRecord> {
    /// Rows that repeat a record id: the id, the rowid shown and the rowids hidden.
    struct Repeat: Hashable, Sendable {
        var id: Int64
        var shown: Int64
        var hidden: [Int64]
    }

    private(set) var snapshot = Snapshot<Record.SectionKey, Record>()
    /// Which record each rowid holds, shown or hidden (the record's `id` need not be the rowid).
    private var recordIDs: [Int64: Int64] = [:]
    /// Which rowid each record on screen comes from.
    private var shownRowIDs: [Int64: Int64] = [:]
    /// Rows not shown because another row holds the same record id (only ids that are repeated).
    private var hidden: [Int64: [Int64: Record]] = [:]
    /// Which of the rows that hold one id is shown: the smallest rowid, or with `.keepLast` the
    /// largest. A function of the table alone, so a whole fetch and a merge agree.
    private let keepsLargestRowID: Bool
    /// The run of the list whose whole fetch the rows come from.
    private var run = Int.min

    init(policy: DuplicatePolicy) {
        keepsLargestRowID = policy == .keepLast
    }

    /// The rows on screen, and the record ids repeated (by id).
    typealias Rows = (snapshot: Snapshot<Record.SectionKey, Record>, repeats: [Repeat])

    var current: Rows {
        (snapshot, hidden.map { Repeat(id: $0.key, shown: shownRowIDs[$0.key]!, hidden: $0.value.keys.sorted()) }.sorted { $0.id < $1.id })
    }

    private func prefers(_ a: Int64, over b: Int64) -> Bool { keepsLargestRowID ? a > b : a < b }

    /// Replaces every row with those of `run`'s whole fetch; `rowIDs` is parallel to `rows`.
    /// Returns `nil`, and changes nothing, for a run older than the rows'.
    func replace(with rows: [Record], rowIDs: [Int64], run: Int) throws -> Rows? {
        guard run >= self.run else { return nil }
        var shownRowIDs: [Int64: Int64] = [:]
        shownRowIDs.reserveCapacity(rows.count)
        var repeated = false
        for (rowID, row) in zip(rowIDs, rows) {
            if let other = shownRowIDs.updateValue(rowID, forKey: row.id) {
                repeated = true
                if !prefers(rowID, over: other) { shownRowIDs[row.id] = other }
            }
        }
        var kept = rows
        var hidden: [Int64: [Int64: Record]] = [:]
        if repeated {
            kept = []
            for (rowID, row) in zip(rowIDs, rows) {
                if shownRowIDs[row.id] == rowID { kept.append(row) } else { hidden[row.id, default: [:]][rowID] = row }
            }
        }
        var sections = Dictionary(grouping: kept, by: \.sectionKey)
        for key in sections.keys { sections[key]!.sort(by: Record.areInIncreasingOrder) }
        snapshot = try Snapshot(sections.keys.sorted().map { key in
            Section(key, header: Record.sectionTitle(for: key), items: sections[key]!)
        }).validated()
        recordIDs = Dictionary(zip(rowIDs, rows.map(\.id)), uniquingKeysWith: { _, last in last })
        self.shownRowIDs = shownRowIDs
        self.hidden = hidden
        self.run = run
        return current
    }

    /// What one merge does to the rows that hold one record id.
    private struct Change {
        var arrivals: [(rowID: Int64, record: Record)] = []
        var departures: [Int64] = []
        func touches(_ rowID: Int64) -> Bool { departures.contains(rowID) || arrivals.contains { $0.rowID == rowID } }
    }

    /// Applies the changes of one or more commits of `run`. On a throw the rows stay as they
    /// were; for another run than the rows' it returns `nil` and changes nothing.
    ///
    /// Each record id touched is settled from every row that holds it after the commits: none
    /// (the item goes), one (it is shown), or several (one is shown, the others are kept aside
    /// and shown when it goes).
    func merge(upserted: [(rowID: Int64, record: Record)], deleted: Set<Int64>, run: Int) throws -> Rows? {
        guard run == self.run else { return nil }
        var next = snapshot
        var ids = recordIDs
        var shownRowIDs = self.shownRowIDs
        var hidden = self.hidden
        var changes: [Int64: Change] = [:]
        for rowID in deleted {
            if let id = ids.removeValue(forKey: rowID) { changes[id, default: Change()].departures.append(rowID) }
        }
        for (rowID, row) in upserted {
            // A rowid whose record id changed leaves its old record.
            if let old = ids.updateValue(row.id, forKey: rowID), old != row.id { changes[old, default: Change()].departures.append(rowID) }
            changes[row.id, default: Change()].arrivals.append((rowID, row))
        }
        var moving: [Record] = []
        var removed: [Int64] = []
        for (id, change) in changes {
            let shownRowID = shownRowIDs[id]
            var holders: [(rowID: Int64, record: Record)] = []
            if let shownRowID, !change.touches(shownRowID), let path = next.itemPath(for: id), let record = next.item(at: path) {
                holders.append((shownRowID, record))
            }
            if let aside = hidden[id] {
                for (rowID, record) in aside where !change.touches(rowID) { holders.append((rowID, record)) }
            }
            holders += change.arrivals
            guard var chosen = holders.first else {
                shownRowIDs[id] = nil
                hidden[id] = nil
                removed.append(id)
                continue
            }
            for holder in holders.dropFirst() where prefers(holder.rowID, over: chosen.rowID) { chosen = holder }
            shownRowIDs[id] = chosen.rowID
            hidden[id] = holders.count == 1 ? nil : Dictionary(holders.lazy.filter { $0.rowID != chosen.rowID }.map { ($0.rowID, $0.record) }, uniquingKeysWith: { _, last in last })
            // Unchanged: the row shown is the same and did not arrive in these commits.
            if chosen.rowID == shownRowID && !change.touches(chosen.rowID) { continue }
            if let path = next.itemPath(for: id), keepsPlace(chosen.record, at: path, in: next) {
                try next.updateItems([chosen.record])
            } else {
                removed.append(id)
                moving.append(chosen.record)
            }
        }
        let present = removed.filter { next.contains($0) }
        if !present.isEmpty { try next.deleteItems(present) }
        for row in moving.sorted(by: Record.areInIncreasingOrder) { try insert(row, into: &next) }
        let emptied = next.sections.filter { $0.items.isEmpty }.map(\.id)
        if !emptied.isEmpty { try next.deleteSections(emptied) }
        snapshot = next
        recordIDs = ids
        self.shownRowIDs = shownRowIDs
        self.hidden = hidden
        return current
    }

    /// Whether `row`, at `path`, still sorts between its neighbours in the same section.
    private func keepsPlace(_ row: Record, at path: ItemPath, in snapshot: Snapshot<Record.SectionKey, Record>) -> Bool {
        guard let section = snapshot.section(at: path.section), section.id == row.sectionKey else { return false }
        let items = section.items
        if path.item > 0 && !Record.areInIncreasingOrder(items[path.item - 1], row) { return false }
        if path.item + 1 < items.count && !Record.areInIncreasingOrder(row, items[path.item + 1]) { return false }
        return true
    }

    private func insert(_ row: Record, into snapshot: inout Snapshot<Record.SectionKey, Record>) throws {
        let key = row.sectionKey
        if !snapshot.containsSection(key) {
            let keys = snapshot.sectionIdentifiers
            let index = keys.firstIndex { key < $0 } ?? keys.count
            try snapshot.insertSections([Section(key, header: Record.sectionTitle(for: key))], at: index)
        }
        let items = snapshot.items(inSection: key) ?? []
        var low = 0, high = items.count
        while low < high {
            let mid = (low + high) / 2
            if Record.areInIncreasingOrder(items[mid], row) { low = mid + 1 } else { high = mid }
        }
        try snapshot.insertItems([row], at: ItemPath(item: low, section: snapshot.sectionIndex(of: key)!))
    }
}
