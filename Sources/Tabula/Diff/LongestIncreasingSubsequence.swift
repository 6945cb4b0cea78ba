/// Marks the elements of a longest strictly increasing subsequence of `values`.
///
/// Elements *not* marked are exactly the ones that must move: the minimum number of moves that
/// turns one order into another equals the count minus the length of this subsequence.
///
/// - Returns: a flag per element, `true` for the elements of the subsequence.
/// - Complexity: O(*n* log *k*) time for a subsequence of length *k*, O(*n*) memory. Already sorted
///   input (the common case: nothing moved) takes the O(*n*) fast path.
@inlinable
package func longestIncreasingSubsequenceMask(_ values: [Int32]) -> [Bool] {
    let n = values.count
    if n == 0 { return [] }
    var sorted = true
    for i in 1..<n where values[i - 1] >= values[i] {
        sorted = false
        break
    }
    if sorted { return [Bool](repeating: true, count: n) }

    // tails[k]: index of the smallest tail of an increasing run of length k + 1.
    var tails = [Int32]()
    var previous = [Int32](repeating: -1, count: n)
    tails.reserveCapacity(64)
    for i in 0..<n {
        let value = values[i]
        // Fast path: extends the longest run (most elements in a mostly ordered list do).
        if let last = tails.last, values[Int(last)] < value {
            previous[i] = last
            tails.append(Int32(i))
            continue
        }
        var low = 0, high = tails.count
        while low < high {
            let mid = (low + high) >> 1
            if values[Int(tails[mid])] < value { low = mid + 1 } else { high = mid }
        }
        if low > 0 { previous[i] = tails[low - 1] }
        if low == tails.count { tails.append(Int32(i)) } else { tails[low] = Int32(i) }
    }
    var mask = [Bool](repeating: false, count: n)
    var cursor = tails.last.map(Int.init) ?? -1
    while cursor >= 0 {
        mask[cursor] = true
        cursor = Int(previous[cursor])
    }
    return mask
}
