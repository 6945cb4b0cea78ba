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
        // Written into place: `map` cost 19 instructions an element (1.9 M of onechange-100k-uuid
        // in `Benchmarks/instructions.sh`).
        return [Bool](unsafeUninitializedCapacity: n) { mask, initialized in
            for i in 0..<n { (mask.baseAddress! + i).initialize(to: values[i] >= 0) }
            initialized = n
        }
    }

    let (previous, chainEnd) = _increasingChain(values)
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
    let n = values.count
    if _increasingScan(values).sorted { return [] }
    let (previous, chainEnd) = _increasingChain(values)
    var off: [Int] = []
    guard let values = values.baseAddress else { return [] }
    previous.withUnsafeBufferPointer { previous in
        let previous = previous.baseAddress!
        // The chain, from its last element back: what lies between two of its elements, and after
        // its last, is off it (placeholders aside). Collected backwards, then reversed.
        func collect(from low: Int, below high: Int) {
            var k = high &- 1
            while k >= low {
                if values[k] >= 0 { off.append(k) }
                k &-= 1
            }
        }
        collect(from: chainEnd &+ 1, below: n)
        var cursor = chainEnd
        while cursor >= 0 {
            // A stretch of consecutive elements leaves nothing between them: followed four links
            // at a time, each one known before it is read (12 instructions an element as a loop
            // that took each next element from the link it read).
            while cursor >= 4 && previous[cursor] == Int32(truncatingIfNeeded: cursor &- 1)
                && previous[cursor &- 1] == Int32(truncatingIfNeeded: cursor &- 2)
                && previous[cursor &- 2] == Int32(truncatingIfNeeded: cursor &- 3)
                && previous[cursor &- 3] == Int32(truncatingIfNeeded: cursor &- 4)
            {
                cursor &-= 4
            }
            while cursor > 0 && previous[cursor] == Int32(truncatingIfNeeded: cursor &- 1) { cursor &-= 1 }
            let next = Int(previous[cursor])
            collect(from: next &+ 1, below: cursor)
            cursor = next
        }
    }
    off.reverse()
    return off
}

/// Whether the elements other than placeholders are already strictly increasing (the common
/// case: nothing moved), and whether the elements read hold a placeholder; the scan stops at the
/// first element not above the one before.
@inlinable
func _increasingScan(_ values: UnsafeBufferPointer<Int32>) -> (sorted: Bool, placeholders: Bool) {
    var placeholders = false
    var last = Int32.min
    guard let base = values.baseAddress else { return (true, false) }
    // Through the base pointer, with `while`: a Debug build made a call for each step of a
    // `for` loop over the buffer.
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
/// increasing run that ends with it (-1 at a run's start; a placeholder's slot is not written), and
/// the last element of a longest run (-1 when every element is a placeholder).
@inlinable
func _increasingChain(_ values: UnsafeBufferPointer<Int32>) -> (previous: [Int32], last: Int) {
    let n = values.count
    // tails[k]: index of the smallest tail of an increasing run of length k + 1. Both arrays are
    // sized once (a mostly ordered list has a run almost as long as itself: growing `tails` by
    // doubling would copy it again and again).
    // Left uninitialised: each element's slot in `previous` is written when it is met (a
    // placeholder's is never read), and `tails` is written before it is read.
    var tails = [Int32](unsafeUninitializedCapacity: n) { $1 = n }
    var previous = [Int32](unsafeUninitializedCapacity: n) { $1 = n }
    var length = 0
    guard n > 0, let values = values.baseAddress else { return (previous, -1) }
    // Read and written through base pointers, with no bounds to check: a Debug build checked each
    // access to a buffer in a call of its own.
    tails.withUnsafeMutableBufferPointer { tails in
        previous.withUnsafeMutableBufferPointer { previous in
            let tails = tails.baseAddress!, previous = previous.baseAddress!
            // values[tails[length - 1]] and tails[length - 1], once length > 0.
            var lastValue = Int32.min, lastTail: Int32 = -1
            for i in 0..<n {
                let value = values[i]
                if value < 0 { continue }
                // Fast path: extends the longest run (most elements in a mostly ordered list do).
                if length > 0 && lastValue < value {
                    previous[i] = lastTail
                    lastTail = Int32(truncatingIfNeeded: i)
                    tails[length] = lastTail
                    length += 1
                    lastValue = value
                    continue
                }
                // Next commonest: the element after one that jumped ahead (a moved item) goes just
                // below it, replacing the last tail. Checked first, with the same answer as the
                // search would give.
                var low = 0, high = length
                if length >= 2 && values[Int(tails[length - 2])] < value {
                    low = length - 1
                    high = low
                }
                while low < high {
                    let mid = (low + high) &>> 1
                    if values[Int(tails[mid])] < value { low = mid + 1 } else { high = mid }
                }
                previous[i] = low > 0 ? tails[low - 1] : -1
                tails[low] = Int32(truncatingIfNeeded: i)
                if low == length { length += 1 }
                if low == length - 1 {
                    lastValue = value
                    lastTail = Int32(truncatingIfNeeded: i)
                }
            }
        }
    }
    return (previous, length > 0 ? Int(tails[length - 1]) : -1)
}
