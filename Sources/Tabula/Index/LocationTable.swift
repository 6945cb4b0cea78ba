import CTabulaMemory

/// A snapshot's item index: an open-addressing hash table that stores only where each item is, not
/// its identifier.
///
/// Each bucket holds one packed word, `fingerprint | token | row`, in 32 bits when the snapshot's
/// sections and rows fit (with room to grow), otherwise in 64. The identifier is read from the
/// snapshot's own items when a fingerprint matches, so the index of a million UUID items takes
/// 8 MB where a `Dictionary<UUID, Location>` takes about 48 MB, and building it writes a sixth
/// of the memory.
///
/// The table knows nothing of identifiers: the snapshot hashes them, and confirms candidates
/// (see `Snapshot._location(of:)`). Buckets are probed linearly; a removed entry leaves a
/// tombstone, reused by later inserts and cleared by the next rebuild.
///
/// A word is 0 when the bucket is empty and 1 for a tombstone. An entry always has the top bit of
/// its fingerprint set, so it is neither.
@usableFromInline
@frozen
struct _LocationTable: Sendable {
    /// The buckets: one word each when narrow, two (low half first) when wide.
    @usableFromInline var words: [UInt32]
    /// The number of buckets minus one; -1 when there are none.
    @usableFromInline var mask: Int
    /// The number of entries.
    @usableFromInline var count: Int
    /// The number of tombstones.
    @usableFromInline var tombstones: Int
    /// Bits of the row field; the token field follows it.
    @usableFromInline var rowBits: Int
    /// Bits of the row and token fields together; the fingerprint follows them.
    @usableFromInline var locationBits: Int
    /// How far a hash is shifted right to give the fingerprint's free bits.
    @usableFromInline var fingerprintShift: Int
    /// Whether a bucket takes 64 bits.
    @usableFromInline var wide: Bool
    /// Rows not yet written into the buckets (see `_PendingRows`): `nil` once they are. `count`
    /// and `tombstones` are always what they will be once written.
    @usableFromInline var pending: _PendingRows?
    /// The process's hash seeds (``_HashSeeds/current``), read once as the table is made: the
    /// one-item paths (an append, a lookup) hash with these, without the global's initialisation
    /// check each time (append-1000-one-by-one in `instructions.sh` guards it).
    @usableFromInline let seeds: _HashSeeds
    /// What the table holds without a rebuild: entries and tombstones together (three quarters of
    /// the buckets), and the rows and tokens below which the fields hold. Derived from the
    /// buckets and fields, and kept for ``fits(adding:rows:tokens:)``, which every edit tests
    /// (append-1000-one-by-one in `instructions.sh` guards it).
    @usableFromInline let limits: (entries: Int, rows: Int, tokens: Int)

    @usableFromInline static let empty: UInt64 = 0
    @usableFromInline static let tombstone: UInt64 = 1

    /// An empty table with no buckets.
    @inlinable
    init() {
        words = []
        mask = -1
        count = 0
        tombstones = 0
        rowBits = 0
        locationBits = 0
        fingerprintShift = 64
        wide = false
        pending = nil
        seeds = .current
        limits = (0, 1, 1)
    }

    /// An empty table for `capacity` entries, rows below `rows` and tokens below `tokens`, with
    /// room for each to double.
    @inlinable
    init(capacity: Int, rows: Int, tokens: Int) {
        // At most three quarters full.
        var buckets = 8
        while buckets - buckets / 4 < capacity { buckets &*= 2 }
        // Rows and tokens are below 2³¹, so each field takes at most 31 bits and a wide word keeps
        // at least two for the fingerprint.
        rowBits = Self.bits(for: min(max(rows, 8) &* 2, 1 << 31))
        locationBits = rowBits + Self.bits(for: min(max(tokens, 1) &* 2, 1 << 31))
        // Narrow when at least six bits are left for the fingerprint (five of them free).
        wide = locationBits > 26
        let fingerprintBits = (wide ? 64 : 32) - locationBits
        fingerprintShift = 64 - (fingerprintBits - 1)
        words = [UInt32](repeating: 0, count: wide ? buckets * 2 : buckets)
        mask = buckets - 1
        count = 0
        tombstones = 0
        pending = nil
        seeds = .current
        limits = (buckets - buckets / 4, 1 << rowBits, 1 << (locationBits - rowBits))
    }

    /// The number of bits that hold every value below `limit`.
    @inlinable @inline(__always)
    static func bits(for limit: Int) -> Int {
        Int.bitWidth - (limit - 1).leadingZeroBitCount
    }

    /// The number of buckets.
    @inlinable @inline(__always)
    var bucketCount: Int { mask + 1 }

    /// Whether the table holds `adding` more entries (tombstones count as taken), rows below `rows`
    /// and tokens below `tokens`, without a rebuild.
    @inlinable @inline(__always)
    func fits(adding: Int, rows: Int, tokens: Int) -> Bool {
        // Wrapping arithmetic: every figure is a count far below `Int.max`.
        count &+ tombstones &+ adding <= limits.entries && rows <= limits.rows && tokens <= limits.tokens
    }

    // Shifts here and in the loops below are masking shifts (`&<<`, `&>>`): every count is below
    // 64 (the fingerprint's shift is 28 to 63, the location's at most 62), where they equal `<<`
    // and `>>`, which a Debug build calls as generic functions. Their counts are converted with
    // `truncatingIfNeeded`, and the counters step with `&+`, `&-`: every field is a small
    // non-negative number, and a checked conversion or step is a test and a branch on every
    // probe and insert.

    /// The packed location of `token` and `row`, without a fingerprint.
    @inlinable @inline(__always)
    func pack(token: Int32, row: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: row)) | UInt64(UInt32(bitPattern: token)) &<< UInt64(truncatingIfNeeded: rowBits)
    }

    /// The fingerprint of `hash`, in place above the location fields.
    @inlinable @inline(__always)
    func fingerprint(_ hash: Int) -> UInt64 {
        let free = UInt64(UInt(bitPattern: hash)) &>> UInt64(truncatingIfNeeded: fingerprintShift)
        let top: UInt64 = 1 &<< UInt64(truncatingIfNeeded: 64 &- fingerprintShift)
        return (free | top) &<< UInt64(truncatingIfNeeded: locationBits)
    }

    /// The mask of the location fields.
    @inlinable @inline(__always)
    var locationMask: UInt64 { (1 &<< UInt64(truncatingIfNeeded: locationBits)) &- 1 }

    /// The row of an entry.
    @inlinable @inline(__always)
    func row(_ entry: UInt64) -> Int32 { Int32(truncatingIfNeeded: entry & ((1 &<< UInt64(truncatingIfNeeded: rowBits)) &- 1)) }

    /// The token of an entry.
    @inlinable @inline(__always)
    func token(_ entry: UInt64) -> Int32 { Int32(truncatingIfNeeded: (entry & locationMask) &>> UInt64(truncatingIfNeeded: rowBits)) }

    @inlinable @inline(__always)
    subscript(bucket: Int) -> UInt64 {
        get {
            if wide { return UInt64(words[bucket &* 2]) | UInt64(words[bucket &* 2 &+ 1]) &<< 32 }
            return UInt64(words[bucket])
        }
        set {
            if wide {
                words[bucket &* 2] = UInt32(truncatingIfNeeded: newValue)
                words[bucket &* 2 &+ 1] = UInt32(truncatingIfNeeded: newValue &>> 32)
            } else {
                words[bucket] = UInt32(truncatingIfNeeded: newValue)
            }
        }
    }

    /// The first entry, probing from `hash`, with `hash`'s fingerprint for whose token and row
    /// `isMatch` holds; returns its bucket and word.
    @inlinable @inline(__always)
    func first(hash: Int, where isMatch: (_ token: Int32, _ row: Int32) -> Bool) -> (bucket: Int, entry: UInt64)? {
        guard count > 0 else { return nil }
        return first(hash: hash, firstWord: self[hash & mask], where: isMatch)
    }

    /// ``first(hash:where:)``, with the word of the first bucket probed (`hash & mask`) already
    /// read: batched lookups read it ahead of the probe (see `Snapshot._location(of:hash:firstWord:)`).
    ///
    /// - Precondition: the table has buckets.
    @inlinable @inline(__always)
    func first(
        hash: Int, firstWord: UInt64, where isMatch: (_ token: Int32, _ row: Int32) -> Bool
    ) -> (bucket: Int, entry: UInt64)? {
        let print = fingerprint(hash), fields = ~locationMask
        var bucket = hash & mask
        var word = firstWord
        while true {
            if word == Self.empty { return nil }
            if word & fields == print && isMatch(token(word), row(word)) { return (bucket, word) }
            bucket = (bucket &+ 1) & mask
            word = self[bucket]
        }
    }

    /// The token and current row of the entry, probing from `hash` (whose first bucket's word is
    /// `firstWord`), with `hash`'s fingerprint for whose token and current row `isMatch` holds:
    /// ``first(hash:firstWord:where:)`` for lookups, through the pending rows when there are any.
    ///
    /// - Precondition: the table has buckets.
    @inlinable @inline(__always)
    func location(
        hash: Int, firstWord: UInt64, where isMatch: (_ token: Int32, _ row: Int32) -> Bool
    ) -> (token: Int32, row: Int32)? {
        // Without pending rows, exactly `first`: the lookup every edit and read makes.
        if _slowPath(pending != nil) { return pendingLocation(hash: hash, firstWord: firstWord, where: isMatch) }
        guard let found = first(hash: hash, firstWord: firstWord, where: isMatch) else { return nil }
        return (token(found.entry), row(found.entry))
    }

    /// ``location(hash:firstWord:where:)`` through the pending rows.
    // Not inlined into every lookup: only snapshots built against an earlier one take it.
    @inlinable @inline(never)
    func pendingLocation(
        hash: Int, firstWord: UInt64, where isMatch: (_ token: Int32, _ row: Int32) -> Bool
    ) -> (token: Int32, row: Int32)? {
        var result: (token: Int32, row: Int32)? = nil
        // Entries whose item is gone have no current row, and match nothing.
        _ = first(hash: hash, firstWord: firstWord) { token, row in
            guard let current = pending!.row(token: token, row: row), isMatch(token, current) else { return false }
            result = (token, current)
            return true
        }
        return result ?? pending!.firstAdded(hash: hash, where: isMatch)
    }

    /// The location of the entry, probing from `hash`, with `hash`'s fingerprint for whose token
    /// and row `isMatch` holds; when there is none, adds one for `token` and `row` and returns
    /// `nil`.
    ///
    /// - Precondition: ``fits(adding:rows:tokens:)`` holds for one more entry at this row and token.
    @inlinable @inline(__always)
    mutating func entryOrInsert(
        hash: Int, token: Int32, row: Int32, where isMatch: (_ token: Int32, _ row: Int32) -> Bool
    ) -> (token: Int32, row: Int32)? {
        if pending != nil { settle() }
        guard !wide else { return wideEntryOrInsert(hash: hash, token: token, row: row, where: isMatch) }
        // A narrow table's buckets are probed through a read-only view of their storage, with no
        // bounds checks and no test of the width on every probe, up to an empty bucket or one
        // whose fingerprint matches; a candidate's identifier is compared outside that view.
        let print = UInt32(truncatingIfNeeded: fingerprint(hash)), fields = ~UInt32(truncatingIfNeeded: locationMask)
        let mask = self.mask
        var bucket = hash & mask
        var free = -1
        while true {
            let candidate = words.withUnsafeBufferPointer { words in
                while true {
                    let word = words[bucket]
                    if word == 0 { return false }
                    if word == 1 {
                        if free < 0 { free = bucket }
                    } else if word & fields == print {
                        return true
                    }
                    bucket = (bucket &+ 1) & mask
                }
            }
            if !candidate { break }
            let word = UInt64(words[bucket])
            let found = (token: self.token(word), row: self.row(word))
            if isMatch(found.token, found.row) { return found }
            bucket = (bucket &+ 1) & mask
        }
        if free >= 0 {
            tombstones &-= 1
            bucket = free
        }
        words[bucket] = print | UInt32(truncatingIfNeeded: pack(token: token, row: row))
        count &+= 1
        return nil
    }

    /// Adds an entry for each row below `rows` of the section with `token`, whose hash is
    /// `hash(row)`, unless an entry with the same fingerprint for whose token and row
    /// `isMatch(token, row, newRow)` holds is already there: then stops and returns that entry
    /// and the row that met it. ``entryOrInsert(hash:token:row:where:)`` for a whole section.
    ///
    /// - Precondition: ``fits(adding:rows:tokens:)`` holds for `rows` more entries below `rows`.
    // One pass with the buckets' storage open and the table's fields in registers: through
    // `entryOrInsert`, every insert would check that the storage is not shared and read the
    // fields again (build-100k-uuid in `instructions.sh` guards it).
    @inlinable @inline(__always)
    mutating func insertRows(
        _ rows: Int, token: Int32, hash: (_ row: Int) -> Int,
        where isMatch: (_ token: Int32, _ row: Int32, _ newRow: Int) -> Bool
    ) -> (token: Int32, row: Int32, newRow: Int)? {
        if pending != nil { settle() }
        guard !wide else {
            for r in 0..<rows {
                if let found = entryOrInsert(hash: hash(r), token: token, row: Int32(truncatingIfNeeded: r), where: { isMatch($0, $1, r) }) {
                    return (found.token, found.row, r)
                }
            }
            return nil
        }
        let locationShift = UInt64(locationBits), fingerprintShift = UInt64(fingerprintShift)
        let top: UInt64 = 1 << (64 - fingerprintShift)
        let rowShift = UInt32(rowBits), rowMask = UInt32(truncatingIfNeeded: (1 << UInt64(rowBits)) &- 1)
        let locations = UInt32(truncatingIfNeeded: (1 << locationShift) &- 1), fields = ~locations
        let tokenField = UInt32(bitPattern: token) << rowShift
        let mask = self.mask
        var added = 0, reused = 0
        var found: (token: Int32, row: Int32, newRow: Int)? = nil
        let ahead = 16
        words.withUnsafeMutableBufferPointer { words in
            let words = words.baseAddress!
            // Each row's hash is taken `ahead` rows early and its bucket fetched then: a table
            // larger than the cache would otherwise stall on every row's bucket in turn.
            withUnsafeTemporaryAllocation(of: Int.self, capacity: ahead) { hashes in
                @inline(__always) func fetch(_ r: Int) {
                    let h = hash(r)
                    hashes[r & (ahead - 1)] = h
                    tabula_prefetch(words + (h & mask))
                }
                for r in 0..<min(ahead, rows) { fetch(r) }
                for r in 0..<rows {
                    let h = hashes[r & (ahead - 1)]
                    if r &+ ahead < rows { fetch(r &+ ahead) }
                    let print = UInt32(truncatingIfNeeded: ((UInt64(UInt(bitPattern: h)) &>> fingerprintShift) | top) &<< locationShift)
                    var bucket = h & mask
                    var free = -1
                    while true {
                        let word = words[bucket]
                        if word == 0 { break }
                        if word == 1 {
                            if free < 0 { free = bucket }
                        } else if word & fields == print {
                            let t = Int32(bitPattern: (word & locations) &>> rowShift), row = Int32(bitPattern: word & rowMask)
                            if isMatch(t, row, r) {
                                found = (t, row, r)
                                return
                            }
                        }
                        bucket = (bucket &+ 1) & mask
                    }
                    if free >= 0 {
                        bucket = free
                        reused &+= 1
                    }
                    words[bucket] = print | tokenField | UInt32(truncatingIfNeeded: r)
                    added &+= 1
                }
            }
        }
        count += added
        tombstones -= reused
        return found
    }

    /// Adds an entry the table does not hold (``entryOrInsert(hash:token:row:where:)`` with nothing
    /// to match).
    ///
    /// - Precondition: ``fits(adding:rows:tokens:)`` holds for one more entry at this row and token.
    @inlinable @inline(__always)
    mutating func insert(hash: Int, token: Int32, row: Int32) {
        _ = entryOrInsert(hash: hash, token: token, row: row) { _, _ in false }
    }

    /// The bucket of the entry for an item whose hash is `hash` and whose location is `token`,
    /// `row`: locations are unique, so no identifier needs comparing.
    @inlinable
    func bucket(hash: Int, token: Int32, row: Int32) -> Int {
        guard let found = first(hash: hash, where: { $0 == token && $1 == row }) else {
            // Only an item whose `id` changed while a snapshot held it (a class item) is missing
            // under its hash. `fatalError`: an optimised build drops a precondition's message.
            fatalError(
                "Tabula: the item at row \(row) of its section is not found under its identifier: its identifier changed while a "
                    + "snapshot held it. Identifiers must be stable: give a class item a `let id`, or make a new object for a new identity.")
        }
        return found.bucket
    }

    /// Moves the entry of an item from one location to another.
    @inlinable
    mutating func move(hash: Int, fromToken: Int32, row: Int32, toToken: Int32, row newRow: Int32) {
        if pending != nil { settle() }
        let bucket = bucket(hash: hash, token: fromToken, row: row)
        self[bucket] = fingerprint(hash) | pack(token: toToken, row: newRow)
    }

    /// Removes the entry of an item.
    @inlinable
    mutating func remove(hash: Int, token: Int32, row: Int32) {
        if pending != nil { settle() }
        let bucket = bucket(hash: hash, token: token, row: row)
        self[bucket] = Self.tombstone
        count -= 1
        tombstones += 1
    }

    /// Rewrites every entry's token through `newToken`.
    @inlinable
    mutating func retoken(_ newToken: [Int32]) {
        if pending != nil { settle() }
        let locations = locationMask
        for bucket in 0..<bucketCount {
            let word = self[bucket]
            guard word > Self.tombstone else { continue }
            self[bucket] = (word & ~locations) | pack(token: newToken[Int(token(word))], row: row(word))
        }
    }

    /// Moves every entry to a new location, or replaces it with a tombstone: the entry at `token`
    /// and `row` goes to token `newToken[token]` and row `newRow[firstRow[token] + row]`, and is
    /// removed where either is negative. One pass over the buckets, hashing nothing.
    ///
    /// - Precondition: the new locations are distinct and fit the table's fields.
    // Written out, without a closure per entry that returns an optional location
    // (onechange-100k-uuid in `instructions.sh` guards it).
    @inlinable
    mutating func remap(newToken: [Int32], firstRow: [Int], newRow: [Int32]) {
        if pending != nil { settle() }
        let rowShift = UInt64(rowBits), rowMask: UInt64 = (1 << UInt64(rowBits)) &- 1
        let locations: UInt64 = (1 << UInt64(locationBits)) &- 1
        let buckets = bucketCount, isWide = wide
        var removed = 0
        newToken.withUnsafeBufferPointer { newToken in
            firstRow.withUnsafeBufferPointer { firstRow in
                newRow.withUnsafeBufferPointer { newRow in
                    words.withUnsafeMutableBufferPointer { words in
                        @inline(__always) func rewrite(_ word: UInt64) -> UInt64 {
                            let token = Int((word & locations) &>> rowShift)
                            let start = firstRow[token]
                            let row = start < 0 ? -1 : newRow[start &+ Int(word & rowMask)]
                            if row < 0 {
                                removed &+= 1
                                return Self.tombstone
                            }
                            return (word & ~locations) | UInt64(UInt32(bitPattern: row)) | UInt64(UInt32(bitPattern: newToken[token])) &<< rowShift
                        }
                        if isWide {
                            for bucket in 0..<buckets {
                                let word = UInt64(words[bucket &* 2]) | UInt64(words[bucket &* 2 &+ 1]) &<< 32
                                guard word > Self.tombstone else { continue }
                                let new = rewrite(word)
                                words[bucket &* 2] = UInt32(truncatingIfNeeded: new)
                                words[bucket &* 2 &+ 1] = UInt32(truncatingIfNeeded: new &>> 32)
                            }
                        } else {
                            for bucket in 0..<buckets {
                                let word = UInt64(words[bucket])
                                guard word > Self.tombstone else { continue }
                                words[bucket] = UInt32(truncatingIfNeeded: rewrite(word))
                            }
                        }
                    }
                }
            }
        }
        count -= removed
        tombstones += removed
    }

    /// The bytes the buckets take.
    @inlinable
    var byteCount: Int { words.count * MemoryLayout<UInt32>.stride }
}
