/// A run of rows that kept their order from one snapshot to the next: `count` rows from `from` on
/// are now `count` rows from `to` on.
@usableFromInline
@frozen
struct _RowRun: Hashable, Sendable {
    @usableFromInline var from: Int32
    @usableFromInline var count: Int32
    @usableFromInline var to: Int32

    @inlinable init(from: Int32, count: Int32, to: Int32) {
        self.from = from
        self.count = count
        self.to = to
    }
}

/// Where the entries of an index table are now, when the table was carried over from an earlier
/// snapshot without being rewritten (see `_LocationTable.pending`).
///
/// A build against the snapshot on screen keeps its index table as it is, shared, and records only
/// what changed: for each section token, the runs of the table's rows that are still there and
/// where they went, and the entries of items the table lacks. A lookup translates a table entry's
/// row through its token's runs (a binary search among a few), and looks in `added` after the
/// table. One item changed in 100,000 then costs the walk that finds the runs and nothing that
/// grows with the list, where rewriting every entry behind an insertion (`_LocationTable.remap`)
/// grows with it (onechange-100k-uuid in `instructions.sh` guards it).
///
/// Each build against a snapshot with pending rows composes the runs again. A build whose notes
/// would pass their limits (64 runs and two a section token, or 1/256 of the list if more; 64
/// items added, or 1/64 of the list; dead entries an eighth of the list) writes the table out
/// instead (`_LocationTable.settle()`), as does every edit that changes the index (adding,
/// removing or moving items, section edits that carry items); edits that keep every item where it
/// is (content, titles, moving or adding an empty section) keep the notes.
@usableFromInline
@frozen
struct _PendingRows: Sendable {
    /// By the table's token, where its runs start in `runs`; one element more than there are
    /// tokens. The runs of a token are in the order of their rows, before and after alike.
    @usableFromInline var runStart: [Int32]
    @usableFromInline var runs: [_RowRun]
    /// By the table's token, how many rows its section had when the table was written.
    @usableFromInline var baseRows: [Int32]
    /// Entries the table lacks: each item's hash, section token and current row.
    @usableFromInline var added: [(hash: Int, token: Int32, row: Int32)]
    /// Open addressing over `added`, by hash: an index into it, or -1. At most half full.
    @usableFromInline var addedSlots: [Int32]
    /// The table's own counts of entries and tombstones in its words.
    @usableFromInline var baseCount: Int, baseTombstones: Int

    @inlinable
    init(runStart: [Int32], runs: [_RowRun], baseRows: [Int32], baseCount: Int, baseTombstones: Int) {
        self.runStart = runStart
        self.runs = runs
        self.baseRows = baseRows
        self.added = []
        self.addedSlots = []
        self.baseCount = baseCount
        self.baseTombstones = baseTombstones
    }

    /// The number of table entries that still have a row.
    @inlinable
    var liveBaseCount: Int {
        var live = 0
        for run in runs { live &+= Int(run.count) }
        return live
    }

    /// The current row of the table's entry at `token` and `row`, or `nil` when its item is gone.
    @inlinable @inline(__always)
    func row(token: Int32, row: Int32) -> Int32? {
        let t = Int(token)
        guard t &+ 1 < runStart.count else { return nil }
        return runs.withUnsafeBufferPointer { runs in
            Self.translate(row, in: runs, Int(runStart[t])..<Int(runStart[t &+ 1]))
        }
    }

    /// `row` translated through the runs `range` of `runs` (ordered by `from`), or `nil`.
    @inlinable @inline(__always)
    static func translate(_ row: Int32, in runs: UnsafeBufferPointer<_RowRun>, _ range: Range<Int>) -> Int32? {
        // The last run that starts at or before `row`.
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let mid = (low &+ high) &>> 1
            if runs[mid].from <= row { low = mid &+ 1 } else { high = mid }
        }
        guard low > range.lowerBound else { return nil }
        let run = runs[low &- 1]
        let offset = row &- run.from
        return offset < run.count ? run.to &+ offset : nil
    }

    /// Indexes `added` by hash again, with room for `capacity` entries in all.
    @inlinable
    mutating func reindexAdded(capacity: Int) {
        var buckets = 16
        while buckets < capacity &* 2 { buckets &*= 2 }
        addedSlots = [Int32](repeating: -1, count: buckets)
        for k in added.indices { placeAdded(k) }
    }

    /// Places `added[k]` in `addedSlots`, which must have a free bucket.
    @inlinable
    mutating func placeAdded(_ k: Int) {
        let mask = addedSlots.count &- 1
        var bucket = added[k].hash & mask
        while addedSlots[bucket] >= 0 { bucket = (bucket &+ 1) & mask }
        addedSlots[bucket] = Int32(truncatingIfNeeded: k)
    }

    /// The first entry of `added` with `hash` for whose token and row `isMatch` holds.
    @inlinable @inline(__always)
    func firstAdded(hash: Int, where isMatch: (_ token: Int32, _ row: Int32) -> Bool) -> (token: Int32, row: Int32)? {
        guard !addedSlots.isEmpty else { return nil }
        let mask = addedSlots.count &- 1
        var bucket = hash & mask
        while true {
            let k = Int(addedSlots[bucket])
            if k < 0 { return nil }
            let entry = added[k]
            if entry.hash == hash && isMatch(entry.token, entry.row) { return (entry.token, entry.row) }
            bucket = (bucket &+ 1) & mask
        }
    }
}

extension _LocationTable {
    /// Writes the pending rows into the table: each entry gets its current row, or becomes a
    /// tombstone, and the added entries go in. The table must hold them (the build that left
    /// them pending checked it). One pass over the buckets, hashing nothing.
    // Not inlined: every mutating method of the table calls it when rows are pending, and the
    // table is not generic, so one copy serves every client.
    @usableFromInline @inline(never)
    mutating func settle() {
        guard let pending else { return }
        self.pending = nil
        let tokens = pending.runStart.count &- 1
        var firstRow = [Int](repeating: -1, count: tokens)
        var total = 0
        for t in 0..<tokens {
            firstRow[t] = total
            total &+= Int(pending.baseRows[t])
        }
        var newRow = [Int32](repeating: -1, count: total)
        newRow.withUnsafeMutableBufferPointer { newRow in
            for t in 0..<tokens {
                let base = firstRow[t]
                for k in Int(pending.runStart[t])..<Int(pending.runStart[t &+ 1]) {
                    let run = pending.runs[k]
                    for i in 0..<Int(run.count) { newRow[base &+ Int(run.from) &+ i] = run.to &+ Int32(truncatingIfNeeded: i) }
                }
            }
        }
        count = pending.baseCount
        tombstones = pending.baseTombstones
        remap(newToken: Array(0..<Int32(truncatingIfNeeded: tokens)), firstRow: firstRow, newRow: newRow)
        for entry in pending.added { insert(hash: entry.hash, token: entry.token, row: entry.row) }
    }

    /// The table of `previous` (which may have pending rows of its own) with its rows carried
    /// through `runs`: by token, runs of `previous`'s rows to the new rows, as
    /// ``_PendingRows/runStart`` and ``_PendingRows/runs`` lay them out. Entries `previous` had
    /// and no run carries are dead. Nothing is written to the buckets.
    @inlinable
    static func carrying(_ previous: _LocationTable, runStart: [Int32], runs: [_RowRun], sectionRows: (Int32) -> Int32) -> _LocationTable {
        var table = previous
        let tokens = runStart.count &- 1
        guard let old = previous.pending else {
            var baseRows = [Int32](repeating: 0, count: tokens)
            for t in 0..<tokens { baseRows[t] = sectionRows(Int32(truncatingIfNeeded: t)) }
            table.pending = _PendingRows(
                runStart: runStart, runs: runs, baseRows: baseRows, baseCount: previous.count, baseTombstones: previous.tombstones)
            return table
        }
        // Runs from the table's rows to `previous`'s, then from `previous`'s to the new ones:
        // their overlaps, token by token (both are in row order).
        var composed = [_RowRun]()
        composed.reserveCapacity(old.runs.count &+ runs.count)
        var composedStart = [Int32](repeating: 0, count: old.runStart.count)
        for t in 0..<(old.runStart.count &- 1) {
            composedStart[t] = Int32(truncatingIfNeeded: composed.count)
            guard t < tokens else { continue }
            var i = Int(old.runStart[t]), k = Int(runStart[t])
            let iEnd = Int(old.runStart[t &+ 1]), kEnd = Int(runStart[t &+ 1])
            while i < iEnd && k < kEnd {
                let a = old.runs[i], w = runs[k]
                let low = Swift.max(a.to, w.from), high = Swift.min(a.to &+ a.count, w.from &+ w.count)
                if low < high {
                    let run = _RowRun(from: a.from &+ (low &- a.to), count: high &- low, to: w.to &+ (low &- w.from))
                    if let last = composed.last, composed.count > Int(composedStart[t]), last.from &+ last.count == run.from,
                        last.to &+ last.count == run.to
                    {
                        composed[composed.count &- 1].count &+= run.count
                    } else {
                        composed.append(run)
                    }
                }
                if a.to &+ a.count <= w.from &+ w.count { i &+= 1 } else { k &+= 1 }
            }
        }
        composedStart[old.runStart.count &- 1] = Int32(truncatingIfNeeded: composed.count)
        var pending = _PendingRows(
            runStart: composedStart, runs: composed, baseRows: old.baseRows, baseCount: old.baseCount,
            baseTombstones: old.baseTombstones)
        // The entries added before, carried through the runs like the rows they are on.
        runs.withUnsafeBufferPointer { runs in
            for entry in old.added {
                let t = Int(entry.token)
                guard t < tokens, let row = _PendingRows.translate(entry.row, in: runs, Int(runStart[t])..<Int(runStart[t &+ 1])) else {
                    continue
                }
                pending.added.append((entry.hash, entry.token, row))
            }
        }
        table.pending = pending
        return table
    }

    /// Sets the counts of a table with pending rows to what they will be once settled: the live
    /// entries (`live` of the table's own, ``_PendingRows/liveBaseCount``, and those added), and
    /// the tombstones that the dead ones will leave.
    @inlinable
    mutating func countPending(live: Int) {
        guard let pending else { return }
        count = live &+ pending.added.count
        tombstones = pending.baseTombstones &+ (pending.baseCount &- live)
    }
}
