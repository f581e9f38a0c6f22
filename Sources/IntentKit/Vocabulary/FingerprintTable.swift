/// A frozen map from a 64-bit hash to a dense entry number in 8 bytes a slot: the hash's top
/// 40 bits beside a 24-bit entry, open addressing with linear probing at most three-quarters full.
///
/// Half the size of ``AttributeTable``'s slots, for vocabularies of a user's 100,000 terms. A
/// lookup compares 40 fingerprint bits after the slot position has matched on others: two
/// different keys are confused with odds of about one in 2⁴⁰ a probe.
struct FingerprintTable: Sendable {
    /// 0 where empty, else `fingerprint << 24 | (entry + 1)`.
    private let slots: [UInt64]
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
    }

    /// The entry of `key`, or `nil`.
    @inline(__always)
    func entry(of key: UInt64) -> Int? {
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
    var byteCount: Int { slots.count * MemoryLayout<UInt64>.stride }

    @inline(__always)
    private static func fingerprint(_ key: UInt64) -> UInt64 { key >> 24 }

    /// Low bits of a multiply-shift: independent of the fingerprint's bits.
    @inline(__always)
    private static func position(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 17) }
}
