/// A one-hash Bloom filter of 16 bits a key (2 bytes) over the 40-bit fingerprints of
/// ``FingerprintTable``'s keys, or the 64-bit keys of an ``AttributeTable``: most words and
/// spans of an utterance are in no vocabulary, and the filter, small enough to stay in cache,
/// turns them away without touching a table's slots (a cache miss each in a large table). It
/// passes about 6 % of absent keys (1 − e^(−1/16)).
///
/// Because it reads only the fingerprint, which the table's slots keep, the filter of several
/// tables together can be built from the tables alone (``UserVocabulary`` does, so that a span
/// is tested once for all entity types).
struct KeyFilter: Sendable, Equatable {
    /// The filter's bits; a power of two of them.
    private let words: [UInt64]
    /// 64 − log2 of the bit count.
    private let shift: Int

    /// An empty filter that turns every key away.
    static let empty = KeyFilter(words: [0], shift: 58)

    /// A filter that lets every key through.
    static let all = KeyFilter(words: [~0], shift: 58)

    private init(words: [UInt64], shift: Int) {
        self.words = words
        self.shift = shift
    }

    /// The filter of `count` fingerprints (``FingerprintTable/fingerprint(_:)``) that `fingerprints` visits.
    init(fingerprints: (_ insert: (UInt64) -> Void) -> Void, count: Int) {
        var bits = 64
        while bits < count * 16 { bits <<= 1 }
        var words = [UInt64](repeating: 0, count: bits / 64)
        let shift = 64 - bits.trailingZeroBitCount
        words.withUnsafeMutableBufferPointer { words in
            fingerprints { fingerprint in
                let bit = Self.bit(fingerprint, shift: shift)
                words[bit >> 6] |= 1 << UInt64(bit & 63)
            }
        }
        self.words = words
        self.shift = shift
    }

    /// Whether the key whose fingerprint is `fingerprint` may be in the filter (if not, it is not).
    @inline(__always)
    func mayContain(fingerprint: UInt64) -> Bool { withView { $0.mayContain(fingerprint: fingerprint) } }

    /// Calls `body` with a view of the filter for many tests in a row.
    @inline(__always)
    func withView<Result>(_ body: (View) -> Result) -> Result {
        words.withUnsafeBufferPointer { body(View(words: $0, shift: shift)) }
    }

    /// The filter's bits, valid inside ``withView(_:)``.
    struct View {
        let words: UnsafeBufferPointer<UInt64>
        let shift: Int

        @inline(__always)
        func mayContain(fingerprint: UInt64) -> Bool {
            let bit = KeyFilter.bit(fingerprint, shift: shift)
            return words[bit >> 6] & (1 << UInt64(bit & 63)) != 0
        }
    }

    /// Bytes of memory the filter holds.
    var byteCount: Int { words.count * MemoryLayout<UInt64>.stride }

    /// The top bits of a multiply of the fingerprint: independent of the table's slot position.
    @inline(__always)
    private static func bit(_ fingerprint: UInt64, shift: Int) -> Int {
        Int(truncatingIfNeeded: (fingerprint &* 0xC2B2_AE3D_27D4_EB4F) >> UInt64(shift))
    }
}
