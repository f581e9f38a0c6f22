/// A frozen map from feature hash to attribute id: open addressing with linear probing over a
/// power-of-two table at most two-thirds full, so a lookup is one or two probes.
///
/// Each slot holds its key and id side by side: a lookup in a table larger than the cache
/// costs one cache miss, not one for the key and another for the id.
///
/// The key 0 marks an empty slot; a feature whose hash is 0 is stored as 1 (a collision of one
/// hash value in 2⁶⁴, harmless).
public struct AttributeTable: Sendable, Equatable {
    @usableFromInline
    struct Slot: Sendable, Equatable {
        @usableFromInline var key: UInt64
        @usableFromInline var id: Int32
    }

    /// `[capacity]` slots, key 0 where empty.
    @usableFromInline let slots: [Slot]
    /// The number of attributes stored.
    public let count: Int

    /// Builds the table of `hashes`, where `hashes[i]` gets attribute id `i`.
    ///
    /// Keys go in in the order of their home slots, not of their ids: a bucket sort on the top
    /// bits of the home slot (a bucket spans about 64 slots) turns a cache miss per key, in a
    /// table of megabytes, into a walk from front to back. The sort is stable, so a repeated
    /// hash still ends with its last id, and every key still sits in its probe sequence.
    public init(hashes: [UInt64]) {
        self = hashes.withUnsafeBufferPointer { AttributeTable(hashes: $0) }
    }

    /// Builds the same table from `hashes` read in place (a model file's section, uncopied).
    public init(hashes: UnsafeBufferPointer<UInt64>) {
        var capacity = 16
        while capacity * 2 < hashes.count * 3 { capacity <<= 1 }
        let mask = capacity - 1
        let slotBits = capacity.trailingZeroBitCount
        let bucketShift = slotBits - min(11, slotBits - 4)
        var starts = [Int](repeating: 0, count: (capacity >> bucketShift) + 1)
        var order = [Int32](repeating: 0, count: hashes.count)
        var slots = [Slot](repeating: Slot(key: 0, id: -1), count: capacity)
        var distinct = 0
        @inline(__always) func home(_ id: Int) -> Int {
            Int(truncatingIfNeeded: Self.mix(Self.key(of: hashes[id]))) & mask
        }
        starts.withUnsafeMutableBufferPointer { starts in
            for id in hashes.indices { starts[(home(id) >> bucketShift) &+ 1] &+= 1 }
            for bucket in 1..<starts.count { starts[bucket] &+= starts[bucket &- 1] }
            order.withUnsafeMutableBufferPointer { order in
                for id in hashes.indices {
                    let bucket = home(id) >> bucketShift
                    order[starts[bucket]] = Int32(id)
                    starts[bucket] &+= 1
                }
            }
        }
        slots.withUnsafeMutableBufferPointer { slots in
            for id in order {
                let key = Self.key(of: hashes[Int(id)])
                var slot = home(Int(id))
                while slots[slot].key != 0 && slots[slot].key != key { slot = (slot + 1) & mask }
                if slots[slot].key == 0 { distinct += 1 }
                slots[slot] = Slot(key: key, id: id)
            }
        }
        self.slots = slots
        count = hashes.count
        distinctCount = distinct
    }

    /// The attribute id of `hash`, or `nil` if the model never saw that feature.
    @inlinable @inline(__always)
    public func id(of hash: UInt64) -> Int? {
        let key = Self.key(of: hash)
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: Self.mix(key)) & mask
            while true {
                let stored = slots[slot]
                if stored.key == key { return Int(stored.id) }
                if stored.key == 0 { return nil }
                slot = (slot + 1) & mask
            }
        }
    }

    /// The key a slot stores for `hash`: the hash itself, 1 for 0 (which marks an empty slot).
    @inlinable @inline(__always)
    static func key(of hash: UInt64) -> UInt64 { hash == 0 ? 1 : hash }

    /// Calls `body` with the key (``key(of:)``) of every hash stored, in slot order.
    func forEachKey(_ body: (UInt64) -> Void) {
        for slot in slots where slot.key != 0 { body(slot.key) }
    }

    /// The number of distinct hashes stored: less than ``count`` when the hashes the table was
    /// built from repeat one (leaving an attribute unreachable, which model readers refuse).
    public let distinctCount: Int

    /// The feature hashes in attribute-id order (what model files store; ``init(hashes:)``
    /// rebuilds the table from them).
    public var hashesInIDOrder: [UInt64] {
        var hashes = [UInt64](repeating: 0, count: count)
        for slot in slots where slot.id >= 0 { hashes[Int(slot.id)] = slot.key }
        return hashes
    }

    /// FNV-1a's low bits are well mixed already; one multiply-shift spreads them further.
    @inlinable @inline(__always)
    static func mix(_ key: UInt64) -> UInt64 { (key &* 0x9E37_79B9_7F4A_7C15) >> 20 }
}
