/// Marks the elements of a longest strictly increasing subsequence of `values`.
///
/// Elements *not* marked are exactly the ones that must move: the minimum number of moves that
/// turns one order into another equals the count minus the length of this subsequence.
///
/// Negative elements are placeholders: they are skipped, and never part of the subsequence.
///
/// - Returns: a flag per element, `true` for the elements of the subsequence.
/// - Complexity: O(*n* log *k*) time for a subsequence of length *k*, O(*n*) memory. Already sorted
///   input (the common case: nothing moved) takes the O(*n*) fast path.
@inlinable
package func longestIncreasingSubsequenceMask(_ values: [Int32]) -> [Bool] {
    values.withUnsafeBufferPointer { longestIncreasingSubsequenceMask($0) }
}

/// ``longestIncreasingSubsequenceMask(_:)-([Int32])``, of the elements in a buffer.
@inlinable
package func longestIncreasingSubsequenceMask(_ values: UnsafeBufferPointer<Int32>) -> [Bool] {
    let n = values.count
    if n == 0 { return [] }
    let (sorted, placeholders) = _increasingScan(values)
    if sorted {
        guard placeholders else { return [Bool](repeating: true, count: n) }
        // Written into place, not mapped (onechange-100k-uuid in `instructions.sh` guards it).
        return [Bool](unsafeUninitializedCapacity: n) { mask, initialized in
            for i in 0..<n { (mask.baseAddress! + i).initialize(to: values[i] >= 0) }
            initialized = n
        }
    }

    let (previous, chainEnd, _, _) = _increasingChain(values)
    var mask = [Bool](repeating: false, count: n)
    mask.withUnsafeMutableBufferPointer { mask in
        previous.withUnsafeBufferPointer { previous in
            var cursor = chainEnd
            while cursor >= 0 {
                // Along a stretch of consecutive elements, the next one is known before its link
                // is read: the reads only confirm it, and do not wait for one another.
                while cursor > 0 && Int(previous[cursor]) == cursor - 1 {
                    mask[cursor] = true
                    cursor -= 1
                }
                mask[cursor] = true
                cursor = Int(previous[cursor])
            }
        }
    }
    return mask
}

/// The positions of the elements of `values` that are not in the subsequence
/// ``longestIncreasingSubsequenceMask(_:)-([Int32])`` marks, placeholders (negative elements)
/// left out, in ascending order: the elements that must move.
///
/// - Complexity: as the mask's. No flag per element is returned or visited: a mostly ordered list
///   is answered with the few positions that move.
@inlinable
package func elementsOffLongestIncreasingSubsequence(_ values: UnsafeBufferPointer<Int32>) -> [Int] {
    guard let base = values.baseAddress, !_increasingScan(values).sorted else { return [] }
    let (previous, chainEnd, length, present) = _increasingChain(values)
    let offCount = present &- length
    return previous.withUnsafeBufferPointer { previous in
        let previous = previous.baseAddress!
        return [Int](unsafeUninitializedCapacity: offCount) { off, initialized in
            // Filled from the end, walking the run back: what lies between two of its elements,
            // and after its last, is off it (placeholders aside).
            let off = off.baseAddress!
            var next = offCount, high = values.count, cursor = chainEnd
            while true {
                var k = high &- 1
                while k > cursor {
                    if base[k] >= 0 {
                        next &-= 1
                        (off + next).initialize(to: k)
                    }
                    k &-= 1
                }
                if cursor < 0 { break }
                // A stretch of consecutive elements leaves nothing between them.
                while cursor > 0 && Int(previous[cursor]) == cursor &- 1 { cursor &-= 1 }
                high = cursor
                cursor = Int(previous[cursor])
            }
            initialized = offCount
        }
    }
}

/// Whether the elements other than placeholders are already strictly increasing (the common
/// case: nothing moved), and whether the elements read hold a placeholder; the scan stops at the
/// first element not above the one before.
@inlinable
func _increasingScan(_ values: UnsafeBufferPointer<Int32>) -> (sorted: Bool, placeholders: Bool) {
    guard let base = values.baseAddress else { return (true, false) }
    var placeholders = false
    var last = Int32.min
    var i = 0
    while i < values.count {
        let value = base[i]
        i &+= 1
        if value < 0 {
            placeholders = true
        } else if last >= value {
            return (false, placeholders)
        } else {
            last = value
        }
    }
    return (true, placeholders)
}

/// The patience sort behind both: for each element, the element before it in the longest
/// increasing run that ends with it (-1 at a run's start; a placeholder's slot is not written), the
/// last element of a longest run (-1 when every element is a placeholder), the run's length, and
/// the number of elements that are not placeholders. Each element goes on the first pile whose
/// tail is not below it, as the textbook sort places it: the run is the one that sort reads back.
@inlinable
func _increasingChain(_ values: UnsafeBufferPointer<Int32>) -> (previous: [Int32], last: Int, length: Int, present: Int) {
    let n = values.count
    guard n > 0, let values = values.baseAddress else { return ([], -1, 0, 0) }
    var piles = 0, placeholders = 0, last = -1
    // Both sized once (a mostly ordered list has a run almost as long as itself) and left
    // uninitialised: each element's slot in `previous` is written when it is met (a placeholder's
    // is never read), and `tails` is written before it is read.
    let previous = [Int32](unsafeUninitializedCapacity: n) { previous, initialized in
        let previous = previous.baseAddress!
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: n) { tails in
            let tails = tails.baseAddress!
            // values[tails[piles - 1]] and tails[piles - 1], once there is a pile.
            var lastValue = Int32.min, lastTail: Int32 = -1
            var i = 0
            while i < n {
                defer { i &+= 1 }
                let value = values[i]
                if value < 0 {
                    placeholders &+= 1
                    continue
                }
                // Extends the longest run: most elements of a mostly ordered list do.
                if piles > 0 && lastValue < value {
                    previous[i] = lastTail
                    lastTail = Int32(truncatingIfNeeded: i)
                    tails[piles] = lastTail
                    piles &+= 1
                    lastValue = value
                    continue
                }
                // Next commonest: the element after one that jumped ahead (a moved item) goes on
                // the last pile, as the search would find.
                var low = 0, high = piles
                if piles >= 2 && values[Int(tails[piles &- 2])] < value {
                    low = piles &- 1
                    high = low
                }
                while low < high {
                    let mid = (low &+ high) &>> 1
                    if values[Int(tails[mid])] < value { low = mid &+ 1 } else { high = mid }
                }
                previous[i] = low > 0 ? tails[low &- 1] : -1
                tails[low] = Int32(truncatingIfNeeded: i)
                if low == piles { piles &+= 1 }
                if low == piles &- 1 {
                    lastValue = value
                    lastTail = Int32(truncatingIfNeeded: i)
                }
            }
            last = piles > 0 ? Int(lastTail) : -1
        }
        initialized = n
    }
    return (previous, last, piles, n &- placeholders)
}
