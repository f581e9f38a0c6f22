/// A frozen map from a 64-bit hash to a dense entry number in 8 bytes a slot: the hash's top
/// 40 bits (its fingerprint) beside a 24-bit entry, open addressing with linear probing at most
/// three-quarters full, behind a ``KeyFilter``.
///
/// Half the size of ``AttributeTable``'s slots, for vocabularies of a user's 100,000 terms. A
/// lookup compares 40 fingerprint bits after the slot position has matched on others: two
/// different keys are confused with odds of about one in 2⁴⁰ a probe.
///
/// Why not a `Dictionary<UInt64, Int32>`: a user vocabulary is rebuilt whenever the app hands
/// over new terms, and looked up for every token span of every parse; a dictionary takes twice
/// the memory a key, rehashes keys that are hashes already, and has no filter to turn most
/// misses away before the table is touched.
struct FingerprintTable: Sendable {
    /// 0 where empty, else `fingerprint << 24 | (entry + 1)`.
    private let slots: [UInt64]
    /// The keys' filter.
    let filter: KeyFilter
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
        filter = KeyFilter(fingerprints: { insert in for key in keys { insert(Self.fingerprint(key)) } }, count: keys.count)
    }

    /// Calls `body` with the fingerprint of every key.
    func forEachFingerprint(_ body: (UInt64) -> Void) {
        for stored in slots where stored != 0 { body(stored >> 24) }
    }

    /// The entry of `key`, or `nil`.
    @inline(__always)
    func entry(of key: UInt64) -> Int? { withView { $0.entry(of: key) } }

    /// Calls `body` with a view of the table for many probes in a row: the arrays are pinned
    /// once, not at every probe.
    @inline(__always)
    func withView<Result>(_ body: (View) -> Result) -> Result {
        slots.withUnsafeBufferPointer { slots in filter.withView { filter in body(View(slots: slots, filter: filter)) } }
    }

    /// The table's arrays, valid inside ``withView(_:)``.
    struct View {
        let slots: UnsafeBufferPointer<UInt64>
        let filter: KeyFilter.View

        /// The entry of `key`, or `nil`.
        @inline(__always)
        func entry(of key: UInt64) -> Int? {
            let fingerprint = FingerprintTable.fingerprint(key)
            guard filter.mayContain(fingerprint: fingerprint) else { return nil }
            let mask = slots.count - 1
            var slot = FingerprintTable.position(key) & mask
            while true {
                let stored = slots[slot]
                if stored == 0 { return nil }
                if stored >> 24 == fingerprint { return Int(stored & 0xFF_FFFF) - 1 }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Bytes of memory the table holds.
    var byteCount: Int { slots.count * MemoryLayout<UInt64>.stride + filter.byteCount }

    /// The top 40 bits of `key`, which the slots keep.
    @inline(__always)
    static func fingerprint(_ key: UInt64) -> UInt64 { key >> 24 }

    /// Low bits of a multiply-shift: independent of the fingerprint's bits.
    @inline(__always)
    private static func position(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 17) }
}
