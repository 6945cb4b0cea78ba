/// The number of leading positions below `count` at which `equal` holds: the comparison loop of
/// every place that matches two lists in order (the `Equatable` build's prefixes, the build's
/// runs, the diff's comparison of two snapshots built apart).
///
/// Four positions an iteration, so that the loop's own count, add and branch are shared by four
/// items (nochange-10k in `instructions.sh` guards it). Always inlined, so that
/// `equal` is too, in the caller's specialised code.
@inlinable @inline(__always)
func _leadingRun(_ count: Int, where equal: (Int) -> Bool) -> Int {
    var k = 0
    while k &+ 4 <= count && equal(k) && equal(k &+ 1) && equal(k &+ 2) && equal(k &+ 3) { k &+= 4 }
    while k < count && equal(k) { k &+= 1 }
    return k
}

/// Whether two arrays are one storage: then neither was changed in place since the other was
/// taken from it, as long as one of them is held (see `Snapshot._sameContentAs`, `_Lineage`).
@inlinable
func _sameStorage<Element>(_ a: [Element], _ b: [Element]) -> Bool {
    a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count } }
}
