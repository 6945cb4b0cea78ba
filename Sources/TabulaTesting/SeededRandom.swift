#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A random number generator for property tests: SplitMix64, small, fast and identical on every
/// platform, so a printed seed replays the same case anywhere.
///
/// ```swift
/// let seed = propertyTestSeed()
/// print("seed \(seed) (replay with TABULA_SEED=\(seed))")
/// var rng = SeededRandomGenerator(seed: seed)
/// let count = Int.random(in: 0...10, using: &rng)
/// ```
public struct SeededRandomGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator; equal seeds give equal sequences.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The seed for a property test: the `TABULA_SEED` environment variable when it is set (to replay a
/// failure), otherwise a fresh random one.
public func propertyTestSeed() -> UInt64 {
    if let text = getenv("TABULA_SEED").map({ String(cString: $0) }), let seed = UInt64(text) { return seed }
    return UInt64.random(in: 1...UInt64.max)
}
