/// A frozen map from a 64-bit hash to a dense entry number in 8 bytes a slot: the hash's top
/// 40 bits beside a 24-bit entry, open addressing with linear probing at most three-quarters full.
///
/// Half the size of ``AttributeTable``'s slots, for vocabularies of a user's 100,000 terms. A
/// lookup compares 40 fingerprint bits after the slot position has matched on others: two
/// different keys are confused with odds of about one in 2⁴⁰ a probe.
///
/// In front of the slots sits a one-hash Bloom filter of 16 bits a key (2 bytes): most words and
/// spans of an utterance are in no vocabulary, and the filter, small enough to stay in cache,
/// turns them away without touching the slots (a cache miss each in a large table). It passes
/// about 6 % of absent keys (1 − e^(−1/16)).
struct FingerprintTable: Sendable {
    /// 0 where empty, else `fingerprint << 24 | (entry + 1)`.
    private let slots: [UInt64]
    /// The filter's bits; a power of two of them.
    private let filter: [UInt64]
    /// log2 of the filter's bit count.
    private let filterShift: Int
    /// The number of entries.
    let count: Int

    static let maximumEntries = (1 << 24) - 1

    /// The table of `keys`, where `keys[i]` (distinct) gets entry `i`.
    init(keys: [UInt64]) {
        precondition(keys.count < Self.maximumEntries, "too many vocabulary keys")
        var capacity = 8
        while capacity * 3 < keys.count * 4 { capacity <<= 1 }
        var slots = [UInt64](repeating: 0, count: capacity)
        let mask = capacity - 1
        for (entry, key) in keys.enumerated() {
            var slot = Self.position(key) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Self.fingerprint(key) << 24 | UInt64(entry + 1)
        }
        self.slots = slots
        count = keys.count
        var bits = 64
        while bits < keys.count * 16 { bits <<= 1 }
        var filter = [UInt64](repeating: 0, count: bits / 64)
        let shift = 64 - bits.trailingZeroBitCount
        for key in keys {
            let bit = Self.filterBit(key, shift: shift)
            filter[bit >> 6] |= 1 << UInt64(bit & 63)
        }
        self.filter = filter
        filterShift = shift
    }

    /// The entry of `key`, or `nil`.
    @inline(__always)
    func entry(of key: UInt64) -> Int? {
        let bit = Self.filterBit(key, shift: filterShift)
        guard filter.withUnsafeBufferPointer({ $0[bit >> 6] & (1 << UInt64(bit & 63)) }) != 0 else { return nil }
        let fingerprint = Self.fingerprint(key)
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var slot = Self.position(key) & mask
            while true {
                let stored = slots[slot]
                if stored == 0 { return nil }
                if stored >> 24 == fingerprint { return Int(stored & 0xFF_FFFF) - 1 }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Bytes of memory the table holds.
    var byteCount: Int { (slots.count + filter.count) * MemoryLayout<UInt64>.stride }

    @inline(__always)
    private static func fingerprint(_ key: UInt64) -> UInt64 { key >> 24 }

    /// The top bits of another multiply: independent of the slot position's bits.
    @inline(__always)
    private static func filterBit(_ key: UInt64, shift: Int) -> Int { Int(truncatingIfNeeded: (key &* 0xC2B2_AE3D_27D4_EB4F) >> UInt64(shift)) }

    /// Low bits of a multiply-shift: independent of the fingerprint's bits.
    @inline(__always)
    private static func position(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 17) }
}
