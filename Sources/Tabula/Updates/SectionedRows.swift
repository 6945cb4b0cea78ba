import CTabulaMemory

/// Rows of every section on one side of a batch (before it or after it), as bits: what validation
/// needs (insert, membership, a count for each section) without hashing.
///
/// One block of words for all sections, each section starting on a word of its own. A class over
/// memory it owns, where a set of bits in an array for each section made every one of a large
/// diff's thousands of inserts check two arrays for uniqueness. Private to validation.
final class SectionedRows {
    // Pointers, not arrays, and the words' pointer unchecked for exclusive access (only `allocate`
    // writes it): a Debug build retained an array, called its subscript and checked the access
    // for every row, about 580 instructions an insert (24,000 inserts in apply-churn10-100k-uuid).
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
        // Not `??`: a Debug build retained the set for its autoclosure, once an insert.
        let words: UnsafeMutablePointer<UInt64>
        if let allocated = self.words {
            words = allocated
        } else {
            // A row outside its section allocates nothing, as before any insert (see `init`).
            guard row >= 0 && row < rowCounts[section] else { return false }
            words = allocate()
        }
        // In C: a Debug build made a call for each read of the tables and each shift.
        return tabula_rows_insert(words, wordStarts, rowCounts, counts, section, row)
    }

    /// Adds the rows of `paths`, in order, while each is in one of the set's sections, outside the
    /// sections that `excluded` flags (when given, one flag a section), in its section's rows and
    /// new; returns how many were added. The caller checks the path it stopped at, if any, one
    /// condition at a time, for the error to report.
    // One C call for a whole batch: a Debug build spent about 380 instructions on each path of a
    // loop in Swift (22,000 of them in apply-churn10-100k-uuid).
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
        // `ItemPath` is two words, its section first (`SortPathsTests` checks the layout).
        let count = paths.count
        return base.withMemoryRebound(to: Int.self, capacity: 2 &* count) { pathWords in
            tabula_rows_insert_paths(words, wordStarts, rowCounts, counts, sectionCount, excluded, pathWords, count)
        }
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
        guard let words else { return false }
        return tabula_rows_contain(words, wordStarts, rowCounts, section, row)
    }

    /// How many rows of `section` are in the set: 0 for a section it does not have.
    func count(in section: Int) -> Int {
        section >= 0 && section < sectionCount ? counts[section] : 0
    }
}
