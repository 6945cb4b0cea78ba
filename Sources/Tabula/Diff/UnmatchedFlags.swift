import CTabulaMemory

/// Calls `body` with each position below `count` whose flag in `flags`, from `base` on, is false,
/// in ascending order.
///
/// Eight flags are read at once: a `Bool` is one byte, 1 when true, so the bytes of a word that are
/// 0 are its unset flags, found by their lowest set bit in the inverted word. One flag at a time,
/// finding the few old items no run matched was 11 instructions an old item (1.1 M of
/// churn10-100k-uuid in `instructions.sh`). A Debug build, which made a call for each word and each
/// bit of that loop (2 M instructions of a Debug apply-churn10-100k-uuid), scans in C instead; in
/// an optimised build, where the flags are dense (half the items unmatched), the C scan cost 4%
/// more in `shape-churn50-10k`.
@inlinable @inline(__always)
func _forEachUnset(_ flags: UnsafeBufferPointer<Bool>, from base: Int, count: Int, _ body: (Int) -> Void) {
    if _isUnoptimised {
        _forEachUnsetScanning(flags, from: base, count: count, body)
    } else {
        _forEachUnsetByWords(flags, from: base, count: count, body)
    }
}

/// ``_forEachUnset(_:from:count:_:)`` as an optimised build runs it: a loop over words and bits.
@inlinable @inline(__always)
func _forEachUnsetByWords(_ flags: UnsafeBufferPointer<Bool>, from base: Int, count: Int, _ body: (Int) -> Void) {
    let bytes = UnsafeRawPointer(flags.baseAddress)
    var r = 0
    while r &+ 8 <= count {
        let word = UInt64(littleEndian: bytes!.loadUnaligned(fromByteOffset: base &+ r, as: UInt64.self))
        var unset = ~word & 0x0101_0101_0101_0101
        while unset != 0 {
            body(r &+ unset.trailingZeroBitCount &>> 3)
            unset &= unset &- 1
        }
        r &+= 8
    }
    while r < count {
        if !flags[base &+ r] { body(r) }
        r &+= 1
    }
}

/// ``_forEachUnset(_:from:count:_:)`` as a Debug build runs it: one C call (`tabula_next_unset`)
/// for each unset flag.
@inlinable @inline(__always)
func _forEachUnsetScanning(_ flags: UnsafeBufferPointer<Bool>, from base: Int, count: Int, _ body: (Int) -> Void) {
    guard count > 0, let start = flags.baseAddress.map({ $0 + base }) else { return }
    var r = tabula_next_unset(start, 0, count)
    while r < count {
        body(r)
        r = tabula_next_unset(start, r &+ 1, count)
    }
}
