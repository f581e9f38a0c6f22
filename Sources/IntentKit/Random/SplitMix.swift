/// SplitMix64's output function: a well-mixed hash of a seed (Steele et al. 2014).
package func splitMix(_ seed: UInt64) -> UInt64 {
    var z = seed &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}

/// The top 53 bits of `bits` as a uniform draw in [0, 1).
package func unitInterval(_ bits: UInt64) -> Double {
    Double(bits >> 11) / Double(1 << 53)
}

/// SplitMix64 as a generator: small, fast and seedable, for reproducible shuffles and folds.
package struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        defer { state &+= 0x9E37_79B9_7F4A_7C15 }
        return splitMix(state)
    }
}
