/// A set of rows of one section, as bits: what validation needs (insert, membership, count) without
/// hashing. Empty until the first insert, which sizes it for the section.
struct RowSet {
    private var words: [UInt64] = []
    /// The number of rows in the set.
    private(set) var count = 0

    /// Adds `row`, which must be below `limit`, the section's row count; returns whether it was new.
    @discardableResult
    mutating func insert(_ row: Int, below limit: Int) -> Bool {
        if words.isEmpty { words = [UInt64](repeating: 0, count: (limit + 63) / 64) }
        let bit: UInt64 = 1 << UInt64(row & 63)
        guard words[row >> 6] & bit == 0 else { return false }
        words[row >> 6] |= bit
        count += 1
        return true
    }

    /// Whether `row` is in the set.
    func contains(_ row: Int) -> Bool {
        let word = row >> 6
        return row >= 0 && word < words.count && words[word] & (1 << UInt64(row & 63)) != 0
    }
}
