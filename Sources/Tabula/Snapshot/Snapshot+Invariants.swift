extension Snapshot {
    /// Checks that the section tables and the item index agree with the sections.
    ///
    /// Compiled to nothing unless the `TABULA_INVARIANTS` condition is set: the package sets it in
    /// Debug builds with its `Invariants` trait (`swift test --traits Invariants`), which CI turns on
    /// for one run of the suite. Every mutation calls it, which makes each edit O(*n*), so apps do
    /// not get it by default, and the benchmarks refuse to run with it.
    @usableFromInline
    @inline(__always)
    func _checkInvariants() {
        #if TABULA_INVARIANTS
            _checkInvariantsNow()
        #endif
    }

    /// Whether this build checks invariants after every mutation.
    static var checksInvariants: Bool {
        #if TABULA_INVARIANTS
            return true
        #else
            return false
        #endif
    }

    /// Checks the invariants now, whatever the build flags; used by tests.
    package func _checkInvariantsNow() {
        precondition(_tokens.count == _sections.count, "token table and sections differ in length")
        precondition(_sectionTokens.count == _sections.count, "section index and sections differ in length")
        var itemCount = 0
        for index in _sections.indices {
            let section = _sections[index]
            let token = _tokens[index]
            precondition(_tokenIndex[Int(token)] == Int32(index), "token \(token) maps to the wrong section")
            precondition(_sectionTokens[section.id] == token, "section \(section.id) has the wrong token")
            for row in section.items.indices {
                let item = section.items[row]
                precondition(
                    _location(of: item.id) == Location(token: token, row: row),
                    "item \(item.id) is indexed at the wrong place")
            }
            itemCount += section.items.count
        }
        precondition(_index.count == itemCount, "the item index has \(_index.count) entries for \(itemCount) items")
        if let pending = _index.pending {
            // Counted as they will be once written; written out, they must give the same
            // snapshot in every other way.
            precondition(pending.added.count <= pending.addedSlots.count / 2, "the added entries' table is over half full")
            var settled = self
            settled._index.settle()
            // Entries written out may take the place of tombstones: never more of them.
            precondition(
                settled._index.count == _index.count && settled._index.tombstones <= _index.tombstones,
                "the pending rows miscount the index")
            settled._checkInvariantsNow()
        } else {
            var entries = 0, tombstones = 0
            for bucket in 0..<_index.bucketCount {
                let word = _index[bucket]
                if word == _LocationTable.tombstone { tombstones += 1 } else if word != _LocationTable.empty { entries += 1 }
            }
            precondition(entries == _index.count && tombstones == _index.tombstones, "the item index miscounts its buckets")
        }
        let live = _tokenIndex.filter { $0 >= 0 }.count
        precondition(live == _sections.count, "dead tokens still map to sections")
    }
}
