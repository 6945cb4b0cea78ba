// The wide table's one-entry probe, apart from the narrow one in `LocationTable.swift`: most
// tables are narrow, and their probe tests the width once, not on every bucket.

extension _LocationTable {
    /// ``entryOrInsert(hash:token:row:where:)`` in a table whose buckets take 64 bits.
    @inlinable @inline(never)
    mutating func wideEntryOrInsert(
        hash: Int, token: Int32, row: Int32, where isMatch: (_ token: Int32, _ row: Int32) -> Bool
    ) -> (token: Int32, row: Int32)? {
        let print = fingerprint(hash), fields = ~locationMask
        var bucket = hash & mask
        var free = -1
        while true {
            let word = self[bucket]
            if word == Self.empty { break }
            if word == Self.tombstone {
                if free < 0 { free = bucket }
            } else if word & fields == print {
                let found = (token: self.token(word), row: self.row(word))
                if isMatch(found.token, found.row) { return found }
            }
            bucket = (bucket &+ 1) & mask
        }
        if free >= 0 {
            tombstones &-= 1
            bucket = free
        }
        self[bucket] = print | pack(token: token, row: row)
        count &+= 1
        return nil
    }
}
