/// Calls `body` with each position below `count` whose flag in `flags`, from `base` on, is false,
/// in ascending order.
///
/// Eight flags are read at once: a `Bool` is one byte, 1 when true, so the bytes of a word that are
/// 0 are its unset flags, found by their lowest set bit in the inverted word (churn10-100k-uuid in
/// `instructions.sh` guards it).
@inlinable @inline(__always)
func _forEachUnset(_ flags: UnsafeBufferPointer<Bool>, from base: Int, count: Int, _ body: (Int) -> Void) {
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
