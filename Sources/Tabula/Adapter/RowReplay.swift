/// How a view that takes row operations one at a time, in order (`NSTableView`), turns the rows it
/// shows into new rows: one removal of every row that goes, then inserts and moves, each applied
/// to the rows as the steps before it left them.
///
/// The rows of a longest increasing subsequence (in their new order) never move; every other row
/// that stays moves once, straight to its place; new rows are inserted at theirs. So a swap of two
/// rows is one move, and a block that shifts past the others moves only its own rows.
///
/// ```swift
/// let replay = RowReplay(from: ["a", "b", "c"], to: ["c", "a", "d"])
/// // replay.removals == [1]                       ("b")
/// // replay.steps == [.move(from: 1, to: 0), .insert(at: 2, row: 2)]
/// ```
///
/// Applied as `NSTableView` documents its operations (`removeRows(at:)` takes indexes of the rows
/// before it; `insertRows(at:)` and `moveRow(at:to:)` take indexes of the rows as they are when
/// called, a move's destination being the row's index once it has moved), the rows end up as
/// `new`.
package struct RowReplay: Hashable, Sendable {
    /// One operation after the removals.
    package enum Step: Hashable, Sendable {
        /// Insert a row at `index`: the row at index `row` of the new rows.
        case insert(at: Int, row: Int)
        /// Move the row at `from` so that it ends at `to`.
        case move(from: Int, to: Int)
    }

    /// The indexes, in the old rows, of the rows that go, ascending: one `removeRows(at:)`.
    package var removals: [Int]
    /// The inserts and moves after the removals, in the order they are applied.
    package var steps: [Step]

    /// The replay that turns `old` into `new`.
    ///
    /// - Precondition: no row appears twice in `old`, nor in `new` (rows are identities: a
    ///   section's header, an item, a section's footer).
    /// - Complexity: O((*n* + *m*) log (*n* + *m*)) for *n* old and *m* new rows.
    package init<Row: Hashable>(from old: [Row], to new: [Row]) {
        var newIndex: [Row: Int] = [:]
        newIndex.reserveCapacity(new.count)
        for (index, row) in new.enumerated() {
            precondition(newIndex.updateValue(index, forKey: row) == nil, "RowReplay: row \(row) appears twice in the new rows")
        }
        // The rows that stay, in their old order, by their index in the new rows.
        var removals: [Int] = []
        var kept: [Int32] = []
        kept.reserveCapacity(old.count)
        var seen = Set<Int>()
        for (index, row) in old.enumerated() {
            if let target = newIndex[row] {
                precondition(seen.insert(target).inserted, "RowReplay: row \(row) appears twice in the old rows")
                kept.append(Int32(target))
            } else {
                removals.append(index)
            }
        }
        self.removals = removals
        self.steps = Self.steps(kept: kept, stays: longestIncreasingSubsequenceMask(kept), newCount: new.count)
    }

    /// The inserts and moves, given the new index of each row that stayed (in the order the rows
    /// are in once the removals are done) and which of them keep their place.
    ///
    /// Each row that moves or is new is placed right after the row that precedes it in the new
    /// rows, which is in place by then (it stays, or it was placed before). Positions are counted
    /// in a Fenwick tree over slots laid out once, in the order rows occupy them at any moment:
    /// after each staying row (and at the start), the slots of the rows placed after it, then the
    /// old slots of the rows that still wait to move.
    private static func steps(kept: [Int32], stays: [Bool], newCount: Int) -> [Step] {
        var keptAt = [Int](repeating: -1, count: newCount)  // new index → position among kept rows
        for (position, target) in kept.enumerated() { keptAt[Int(target)] = position }
        // Lay out the slots, group by group: a group starts at a staying row (or the start).
        var oldSlot = [Int](repeating: 0, count: kept.count)
        var placedSlot = [Int](repeating: -1, count: newCount)
        var slotCount = 0
        var position = 0  // next kept row to lay out
        var target = 0  // next new row to lay out
        // The rows up to the first staying row: the start's group.
        func layOutGroup(untilStay nextStayTarget: Int, untilPosition nextStayPosition: Int) {
            while target < nextStayTarget {
                if keptAt[target] < 0 || !stays[keptAt[target]] {
                    placedSlot[target] = slotCount
                    slotCount += 1
                }
                target += 1
            }
            while position < nextStayPosition {
                oldSlot[position] = slotCount  // a row that moves, waiting in its old place
                slotCount += 1
                position += 1
            }
        }
        var stayPositions: [Int] = []
        for (index, stay) in stays.enumerated() where stay { stayPositions.append(index) }
        layOutGroup(untilStay: stayPositions.first.map { Int(kept[$0]) } ?? newCount, untilPosition: stayPositions.first ?? kept.count)
        for (k, stayPosition) in stayPositions.enumerated() {
            oldSlot[stayPosition] = slotCount
            slotCount += 1
            position = stayPosition + 1
            target = Int(kept[stayPosition]) + 1
            let next = k + 1 < stayPositions.count ? stayPositions[k + 1] : nil
            layOutGroup(untilStay: next.map { Int(kept[$0]) } ?? newCount, untilPosition: next ?? kept.count)
        }
        // Replay: every kept row occupies its old slot; rows move to, or are inserted at, their
        // placed slot, in new order.
        var occupied = FenwickTree(count: slotCount)
        for slot in oldSlot { occupied.add(1, at: slot) }
        var steps: [Step] = []
        for target in 0..<newCount {
            let position = keptAt[target]
            if position >= 0 && stays[position] { continue }
            if position < 0 {
                steps.append(.insert(at: occupied.prefixSum(upTo: placedSlot[target]), row: target))
            } else {
                let from = occupied.prefixSum(upTo: oldSlot[position])
                occupied.add(-1, at: oldSlot[position])
                let to = occupied.prefixSum(upTo: placedSlot[target])
                steps.append(.move(from: from, to: to))
            }
            occupied.add(1, at: placedSlot[target])
        }
        return steps
    }
}
