// Ordering helpers for the diff's paths and moves: cheap when the input is in order already,
// as it usually is.

extension Array where Element: Comparable {
    /// Whether the elements are in ascending order.
    @inlinable
    var isSorted: Bool {
        var i = 1
        while i < count {
            if self[i] < self[i - 1] { return false }
            i += 1
        }
        return true
    }
}

extension Array where Element == BatchUpdate.Move<ItemPath> {
    /// The moves in ascending order of their targets: as they are when they already are (the
    /// common case: one section's moves come in target order), otherwise sorted.
    @inlinable
    func sortedByTarget() -> [Element] {
        guard count > 1 else { return self }
        let inOrder = withUnsafeBufferPointer { moves in
            var k = 1
            while k < moves.count {
                if moves[k].to < moves[k &- 1].to { return false }
                k &+= 1
            }
            return true
        }
        return inOrder ? self : sorted { $0.to < $1.to }
    }
}

extension Array where Element == ItemPath {
    /// Puts the paths in ascending order: at once when they are already, in one merge when they
    /// are two ascending runs (the diff's inserts: those of the walk, then those of the items it
    /// put off), otherwise by sorting them.
    @inlinable
    mutating func sortPaths() {
        let n = count
        guard n > 1 else { return }
        let (split, end) = withUnsafeBufferPointer { paths in
            let split = Self._ascendingRunEnd(paths, from: 0)
            return (split, split < n ? Self._ascendingRunEnd(paths, from: split) : n)
        }
        guard split < n else { return }
        guard end == n else { return sort() }
        self = withUnsafeBufferPointer { paths in
            [ItemPath](unsafeUninitializedCapacity: n) { merged, initialized in
                let out = merged.baseAddress!
                // Of two equal paths, the first run's goes first.
                var a = 0, b = split, k = 0
                while a < split && b < n {
                    if paths[b] < paths[a] {
                        (out + k).initialize(to: paths[b])
                        b &+= 1
                    } else {
                        (out + k).initialize(to: paths[a])
                        a &+= 1
                    }
                    k &+= 1
                }
                while a < split {
                    (out + k).initialize(to: paths[a])
                    a &+= 1
                    k &+= 1
                }
                while b < n {
                    (out + k).initialize(to: paths[b])
                    b &+= 1
                    k &+= 1
                }
                initialized = n
            }
        }
    }

    /// The end of the run of paths in ascending order (none before the one before it) that starts
    /// at `from`, which is below `paths.count`.
    @inlinable
    static func _ascendingRunEnd(_ paths: UnsafeBufferPointer<ItemPath>, from: Int) -> Int {
        var end = from &+ 1
        while end < paths.count && !(paths[end] < paths[end &- 1]) { end &+= 1 }
        return end
    }
}
