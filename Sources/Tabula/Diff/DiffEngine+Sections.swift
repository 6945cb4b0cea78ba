// The first phase of the diff: which of the target's sections are the source's.

extension DiffEngine {
    /// Matches the target's sections with the source's by identifier, and finds the sections
    /// deleted, inserted and moved, and those whose titles changed.
    @inlinable
    func matchSections() -> SectionMatch {
        let oldSections = old._sections, newSections = new._sections
        let oldCount = oldSections.count, newCount = newSections.count
        var oldToNew = [Int](repeating: -1, count: oldCount)
        var newToOld = [Int](repeating: -1, count: newCount)
        for t in 0..<newCount {
            let id = newSections[t].id
            // Same position first: most updates leave the sections where they were.
            let s = (t < oldCount && oldSections[t].id == id) ? t : (old.sectionIndex(of: id) ?? -1)
            if s >= 0 {
                newToOld[t] = s
                oldToNew[s] = t
            }
        }
        var deleted = [Int](), inserted = [Int]()
        for s in 0..<oldCount where oldToNew[s] < 0 { deleted.append(s) }
        for t in 0..<newCount where newToOld[t] < 0 { inserted.append(t) }

        // Section moves: the matched sections, in target order, whose old positions are not on a
        // longest increasing run. Positions are counted among surviving sections (the stage-one
        // state), which preserves their order.
        var survivingRank = [Int](repeating: -1, count: oldCount)
        var rank = 0
        for s in 0..<oldCount where oldToNew[s] >= 0 {
            survivingRank[s] = rank
            rank += 1
        }
        var matchedTargets = [Int](), matchedOldRanks = [Int32]()
        for t in 0..<newCount where newToOld[t] >= 0 {
            matchedTargets.append(t)
            matchedOldRanks.append(Int32(survivingRank[newToOld[t]]))
        }
        let sectionStays = longestIncreasingSubsequenceMask(matchedOldRanks)
        var moves = [BatchUpdate.Move<Int>]()
        for (k, t) in matchedTargets.enumerated() where !sectionStays[k] {
            moves.append(.init(from: Int(matchedOldRanks[k]), to: t))
        }

        // Titles: compared for matched sections; reported in the last stage.
        var titleUpdates = [Int]()
        for t in 0..<newCount where newToOld[t] >= 0 {
            let s = newToOld[t]
            if !oldSections[s].hasSameTitles(as: newSections[t]) || new._reloadedSections.contains(newSections[t].id) {
                titleUpdates.append(t)
            }
        }
        return SectionMatch(
            oldToNew: oldToNew, newToOld: newToOld, deleted: deleted, inserted: inserted, survivingRank: survivingRank,
            moves: moves, titleUpdates: titleUpdates)
    }
}
