/// A frozen map from feature hash to attribute id: open addressing with linear probing over a
/// power-of-two table at most half full, so a lookup is one or two probes.
///
/// The key 0 marks an empty slot; a feature whose hash is 0 is stored as 1 (a collision of one
/// hash value in 2⁶⁴, harmless).
public struct AttributeTable: Sendable, Equatable {
    /// `[capacity]` keys, 0 where empty.
    let keys: [UInt64]
    /// `[capacity]` attribute ids, -1 where empty.
    let values: [Int32]
    /// The number of attributes stored.
    public let count: Int

    /// Builds the table of `hashes`, where `hashes[i]` gets attribute id `i`.
    public init(hashes: [UInt64]) {
        var capacity = 16
        while capacity < hashes.count * 2 { capacity <<= 1 }
        var keys = [UInt64](repeating: 0, count: capacity)
        var values = [Int32](repeating: -1, count: capacity)
        let mask = capacity - 1
        for (id, raw) in hashes.enumerated() {
            let key = raw == 0 ? 1 : raw
            var slot = Int(truncatingIfNeeded: Self.mix(key)) & mask
            while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & mask }
            keys[slot] = key
            values[slot] = Int32(id)
        }
        self.keys = keys
        self.values = values
        count = hashes.count
    }

    init(keys: [UInt64], values: [Int32], count: Int) {
        self.keys = keys
        self.values = values
        self.count = count
    }

    /// The attribute id of `hash`, or `nil` if the model never saw that feature.
    @inline(__always)
    public func id(of hash: UInt64) -> Int? {
        let key = hash == 0 ? 1 : hash
        let mask = keys.count - 1
        var slot = Int(truncatingIfNeeded: Self.mix(key)) & mask
        while true {
            let stored = keys[slot]
            if stored == key { return Int(values[slot]) }
            if stored == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// The feature hashes in attribute-id order (what model files store; ``init(hashes:)``
    /// rebuilds the table from them).
    public var hashesInIDOrder: [UInt64] {
        var hashes = [UInt64](repeating: 0, count: count)
        for (key, value) in zip(keys, values) where value >= 0 { hashes[Int(value)] = key }
        return hashes
    }

    /// FNV-1a's low bits are well mixed already; one multiply-shift spreads them further.
    @inline(__always)
    static func mix(_ key: UInt64) -> UInt64 { (key &* 0x9E37_79B9_7F4A_7C15) >> 20 }
}
