import CTabulaMemory

// Two items whose bytes are the same are one value: the same identifier, and content that `==`
// finds equal, as `==` is reflexive (`Equatable` requires it). Every comparison of content in
// Tabula (the diff's, the build's against the snapshot on screen, `cheapestUpdate`) counts such
// items as equal, and calls `==` for the others. Comparing bytes is what keeps the comparison of
// two long lists one `memcmp` call per block of items, in a Debug build too, where `==` would go
// through the unspecialised generic code for every item.
//
// For an item that is not equal to itself (a `Double` field holding NaN) the answer depends on
// how it was copied: a type with padding between its fields may have other bytes in the padding
// of a copy (an optimised build copies field by field), so such an item may or may not be
// updated when it did not change. Without padding, an unchanged one is found equal everywhere.

/// Whether `a` and `b` have the same content: `==`, or the same bytes (of copies: see above).
// `==` first: most items compared are equal, and the bytes are read only for those it finds not.
@inlinable @inline(__always)
package func _sameContent<Item: Equatable>(_ a: Item, _ b: Item) -> Bool {
    a == b || withUnsafePointer(to: a) { a in withUnsafePointer(to: b) { b in _sameBytes(a, b) } }
}

/// Whether the items at `a` and `b` have the same bytes.
@inlinable @inline(__always)
func _sameBytes<T>(_ a: UnsafePointer<T>, _ b: UnsafePointer<T>) -> Bool {
    tabula_same_bytes(a, b, MemoryLayout<T>.size)
}

/// The number of leading items of `a` and `b`, below `count`, in whole blocks of 64 whose bytes are
/// the same: items that are equal (see above) without a call to `==`. The items after it may be
/// equal too (with other bytes): the caller compares them.
@inlinable @inline(__always)
func _leadingSameBytes<T>(_ a: UnsafePointer<T>, _ b: UnsafePointer<T>, count: Int) -> Int {
    let block = 64
    let bytes = MemoryLayout<T>.stride &* block
    var k = 0
    while k &+ block <= count && tabula_same_bytes(a + k, b + k, bytes) { k &+= block }
    return k
}

/// The number of leading items of `a` and `b`, below `count`, that `equal` finds equal: one by one
/// for the first `probe`, then, while the run goes on, in blocks of 64 with the same bytes (equal
/// without a call: see above; `equal` must find them equal too), then one by one again. A `probe`
/// of 0 takes blocks at once (two whole lists compared); 16 lets the short runs of a list with
/// many changes end without a call to `memcmp`; `count` or more takes no block.
// The comparison loop of the `Equatable` build's prefixes, the build's runs and the diff's
// comparison of two snapshots built apart.
@inlinable @inline(__always)
func _leadingEqualItems<T>(
    _ a: UnsafePointer<T>, _ b: UnsafePointer<T>, count: Int, probe: Int, where equal: (UnsafePointer<T>, UnsafePointer<T>) -> Bool
) -> Int {
    let first = Swift.min(count, probe)
    let probed = _leadingRun(first) { equal(a + $0, b + $0) }
    guard probed == first && probed < count else { return probed }
    let start = probed &+ _leadingSameBytes(a + probed, b + probed, count: count &- probed)
    let a = a + start, b = b + start
    return start &+ _leadingRun(count &- start) { equal(a + $0, b + $0) }
}
