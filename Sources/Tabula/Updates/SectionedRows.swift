/// Rows of every section on one side of a batch (before it or after it), as bits: what validation
/// needs (insert, membership, a count for each section) without hashing.
///
/// One block of words for all sections, each section starting on a word of its own. A class over
/// memory it owns, where a set of bits in an array for each section made every one of a large
/// diff's thousands of inserts check two arrays for uniqueness. Private to validation.
final class SectionedRows {
    // Pointers, not arrays, and the words' pointer unchecked for exclusive access (only `allocate`
    // writes it): no uniqueness or exclusivity check for each row (apply-churn10-100k-uuid in
    // `instructions.sh` guards it).
    /// For each section, its first word; then the number of words.
    private let wordStarts: UnsafeMutablePointer<Int>
    private let rowCounts: UnsafeMutablePointer<Int>
    private let sectionCount: Int
    /// Made, all zero, at the first insert.
    @exclusivity(unchecked) private var words: UnsafeMutablePointer<UInt64>?
    /// For each section, how many of its rows are in the set.
    private let counts: UnsafeMutablePointer<Int>

    /// An empty set for sections of `rowCounts` rows each. Counts come from a data source:
    /// negative ones and absurdly large ones (whose words could not be allocated) do not trap here,
    /// where nothing is inserted yet.
    init(rowCounts: [Int]) {
        sectionCount = rowCounts.count
        wordStarts = .allocate(capacity: rowCounts.count + 1)
        var total = 0
        for (section, count) in rowCounts.enumerated() {
            (wordStarts + section).initialize(to: total)
            let words = count > 0 ? count >> 6 + (count & 63 == 0 ? 0 : 1) : 0
            let (sum, overflow) = total.addingReportingOverflow(words)
            total = overflow ? Int.max : sum
        }
        (wordStarts + rowCounts.count).initialize(to: total)
        self.rowCounts = .allocate(capacity: rowCounts.count)
        self.rowCounts.initialize(from: rowCounts, count: rowCounts.count)
        counts = .allocate(capacity: rowCounts.count)
        counts.initialize(repeating: 0, count: rowCounts.count)
    }

    deinit {
        words?.deallocate()
        counts.deallocate()
        rowCounts.deallocate()
        wordStarts.deallocate()
    }

    /// Adds `row` of `section`; returns whether it was new. `false` for a row outside the section.
    ///
    /// - Precondition: `section` is one of the set's sections (the validator checks it first).
    @inline(__always)
    func insert(_ row: Int, in section: Int) -> Bool {
        let words: UnsafeMutablePointer<UInt64>
        if let allocated = self.words {
            words = allocated
        } else {
            // A row outside its section allocates nothing, as before any insert (see `init`).
            guard row >= 0 && row < rowCounts[section] else { return false }
            words = allocate()
        }
        return insert(row, in: section, words: words)
    }

    /// Adds `row` of `section` to the set whose words are `words`; returns whether it was new.
    @inline(__always)
    private func insert(_ row: Int, in section: Int, words: UnsafeMutablePointer<UInt64>) -> Bool {
        guard row >= 0 && row < rowCounts[section] else { return false }
        let word = words + (wordStarts[section] &+ row &>> 6)
        let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: row & 63)
        guard word.pointee & bit == 0 else { return false }
        word.pointee |= bit
        counts[section] &+= 1
        return true
    }

    /// Adds the rows of `paths`, in order, while each is in one of the set's sections, outside the
    /// sections that `excluded` flags (when given, one flag a section), in its section's rows and
    /// new; returns how many were added. The caller checks the path it stopped at, if any, one
    /// condition at a time, for the error to report.
    func insert(_ paths: UnsafeBufferPointer<ItemPath>, excluding excluded: UnsafePointer<Bool>?) -> Int {
        guard let first = paths.first, let base = paths.baseAddress else { return 0 }
        let words: UnsafeMutablePointer<UInt64>
        if let allocated = self.words {
            words = allocated
        } else {
            // As `insert(_:in:)`: nothing is allocated before a row that can go in (a count from a
            // data source may be too large to allocate, and the caller then throws).
            guard first.section >= 0 && first.section < sectionCount && excluded?[first.section] != true && first.item >= 0
                && first.item < rowCounts[first.section]
            else { return 0 }
            words = allocate()
        }
        let count = paths.count, sectionCount = self.sectionCount
        var i = 0
        while i < count {
            let path = base[i]
            let section = path.section
            guard section >= 0 && section < sectionCount else { return i }
            if let excluded, excluded[section] { return i }
            guard insert(path.item, in: section, words: words) else { return i }
            i &+= 1
        }
        return count
    }

    private func allocate() -> UnsafeMutablePointer<UInt64> {
        let count = wordStarts[sectionCount]
        let words = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
        words.initialize(repeating: 0, count: count)
        self.words = words
        return words
    }

    /// Whether `row` of `section` is in the set: `false` for a row outside the section.
    ///
    /// - Precondition: `section` is one of the set's sections, as for ``insert(_:in:)``.
    @inline(__always)
    func contains(_ row: Int, in section: Int) -> Bool {
        guard let words, row >= 0 && row < rowCounts[section] else { return false }
        return (words[wordStarts[section] &+ row &>> 6] &>> UInt64(truncatingIfNeeded: row & 63)) & 1 != 0
    }

    /// How many rows of `section` are in the set: 0 for a section it does not have.
    func count(in section: Int) -> Int {
        section >= 0 && section < sectionCount ? counts[section] : 0
    }
}
