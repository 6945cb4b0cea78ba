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
    var sorted = true, placeholders = false
    var last = Int32.min
    for value in values {
        if value < 0 {
            placeholders = true
        } else if last >= value {
            sorted = false
            break
        } else {
            last = value
        }
    }
    if sorted {
        guard placeholders else { return [Bool](repeating: true, count: n) }
        // Written into place: `map` cost 19 instructions an element (1.9 M of onechange-100k-uuid
        // in `Benchmarks/instructions.sh`).
        return [Bool](unsafeUninitializedCapacity: n) { mask, initialized in
            for i in 0..<n { (mask.baseAddress! + i).initialize(to: values[i] >= 0) }
            initialized = n
        }
    }

    // tails[k]: index of the smallest tail of an increasing run of length k + 1. Both arrays are
    // sized once (a mostly ordered list has a run almost as long as itself: growing `tails` by
    // doubling would copy it again and again).
    // Left uninitialised: each element's slot in `previous` is written when it is met (a
    // placeholder's is never read), and `tails` is written before it is read.
    var tails = [Int32](unsafeUninitializedCapacity: n) { $1 = n }
    var previous = [Int32](unsafeUninitializedCapacity: n) { $1 = n }
    var length = 0
    tails.withUnsafeMutableBufferPointer { tails in
        previous.withUnsafeMutableBufferPointer { previous in
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
                    let mid = (low + high) >> 1
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
    var mask = [Bool](repeating: false, count: n)
    mask.withUnsafeMutableBufferPointer { mask in
        previous.withUnsafeBufferPointer { previous in
            var cursor = length > 0 ? Int(tails[length - 1]) : -1
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
