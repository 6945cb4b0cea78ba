import CTabulaMemory

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
        [Int](unsafeUninitializedCapacity: offCount) { off, initialized in
            tabula_off_chain(base, values.count, previous.baseAddress!, chainEnd, off.baseAddress, offCount)
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
    let sorted = tabula_increasing_scan(base, values.count, &placeholders)
    return (sorted, placeholders)
}

/// The patience sort behind both: for each element, the element before it in the longest
/// increasing run that ends with it (-1 at a run's start; a placeholder's slot is not written), the
/// last element of a longest run (-1 when every element is a placeholder), the run's length, and
/// the number of elements that are not placeholders.
// The loops are C's (`tabula_increasing_chain`): a Debug build runs them in a few instructions an
// element, where Swift's made a call for each access to a buffer.
@inlinable
func _increasingChain(_ values: UnsafeBufferPointer<Int32>) -> (previous: [Int32], last: Int, length: Int, present: Int) {
    let n = values.count
    // Both sized once (a mostly ordered list has a run almost as long as itself) and left
    // uninitialised: each element's slot in `previous` is written when it is met (a placeholder's
    // is never read), and `tails` is written before it is read.
    var length = 0, present = 0, last = -1
    guard n > 0, let base = values.baseAddress else { return ([], -1, 0, 0) }
    let previous = [Int32](unsafeUninitializedCapacity: n) { previous, initialized in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: n) { tails in
            last = tabula_increasing_chain(base, n, previous.baseAddress!, tails.baseAddress!, &length, &present)
        }
        initialized = n
    }
    return (previous, last, length, present)
}
