import CPrefetch

/// A frozen map from feature hash to attribute id: open addressing with linear probing over a
/// power-of-two table at most two-thirds full, so a lookup is one or two probes.
///
/// A slot is one 64-bit word holding the key and the id: the key is first mixed by a multiply
/// with an odd constant (a bijection), whose top k bits (k = log2 of the capacity) pick the home
/// slot and whose other 64 − k bits are stored above the id + 1 (k bits; 0 marks an empty slot).
/// Home and stored bits together are the whole key, so a key in its home slot is matched
/// exactly; a false match needs a key displaced from another home with the same 64 − k stored
/// bits (47 for a model of 100,000 attributes): about 2⁻⁴⁷ a probe, the order of the 2⁻⁶⁴ × attributes chance
/// that an unseen feature's 64-bit hash equals a known one's, which any hashed-feature model
/// takes. Against 16-byte slots (a 64-bit key and an id), the table is half the size: half the
/// cache misses in a parse's lookups, and half the memory to fill when a model loads.
///
/// Why not a `Dictionary<UInt64, Int32>`: a Swift dictionary keeps 12 bytes a key plus its
/// metadata, hashes every key again with a per-process seed, and is rebuilt by inserting one
/// key at a time when a model loads; this table is one array of words, built in one pass.
///
/// The hashes are kept in id order too, apart from the slots: model files store them, and
/// ``forEachKey(_:)`` reads them.
package struct AttributeTable: Sendable, Equatable {
    /// `[capacity]` slots: 0 where empty, else the mixed key's low 64 − ``idBits`` bits, then id + 1.
    @usableFromInline let slots: [UInt64]
    /// k: log2 of the capacity, the bits of a slot that hold id + 1.
    @usableFromInline let idBits: Int
    /// The hashes, in id order.
    private let hashes: [UInt64]
    /// The number of attributes stored.
    package let count: Int

    /// Builds the table of `hashes`, where `hashes[i]` gets attribute id `i`.
    ///
    /// Keys go in in the order of their home slots, not of their ids: a bucket sort on the top
    /// bits of the home slot (a bucket spans about 64 slots) turns a cache miss per key, in a
    /// table of megabytes, into a walk from front to back. The sort is stable, so a repeated
    /// hash still ends with its last id, and every key still sits in its probe sequence.
    package init(hashes: [UInt64]) {
        (slots, idBits, distinctCount) = hashes.withUnsafeBufferPointer { Self.build($0) }
        self.hashes = hashes
        count = hashes.count
    }

    private static func build(_ hashes: UnsafeBufferPointer<UInt64>) -> (slots: [UInt64], idBits: Int, distinct: Int) {
        var capacity = 16
        while capacity * 2 < hashes.count * 3 { capacity <<= 1 }
        let mask = capacity - 1
        let slotBits = capacity.trailingZeroBitCount
        let bucketShift = slotBits - min(11, slotBits - 4)
        var starts = [Int](repeating: 0, count: (capacity >> bucketShift) + 1)
        var order = [Int32](repeating: 0, count: hashes.count)
        var slots = [UInt64](repeating: 0, count: capacity)
        var distinct = 0
        @inline(__always) func home(_ id: Int) -> Int { Self.home(Self.mix(hashes[id]), idBits: slotBits) }
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
        let idMask: UInt64 = (1 << UInt64(slotBits)) - 1
        slots.withUnsafeMutableBufferPointer { slots in
            for id in order {
                let mixed = Self.mix(hashes[Int(id)])
                let stored = mixed &<< UInt64(slotBits)
                var slot = Self.home(mixed, idBits: slotBits)
                while slots[slot] != 0 && slots[slot] & ~idMask != stored { slot = (slot + 1) & mask }
                if slots[slot] == 0 { distinct += 1 }
                slots[slot] = stored | UInt64(id + 1)
            }
        }
        return (slots, slotBits, distinct)
    }

    /// The attribute id of `hash`, or `nil` if the model never saw that feature.
    @inlinable @inline(__always)
    func id(of hash: UInt64) -> Int? {
        let mixed = Self.mix(hash), bits = UInt64(truncatingIfNeeded: idBits)
        let stored = mixed &<< bits, idMask = (1 &<< bits) &- 1
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count &- 1
            var slot = Self.home(mixed, idBits: idBits)
            while true {
                let word = slots[slot]
                if word == 0 { return nil }
                if word & ~idMask == stored { return Int(truncatingIfNeeded: word & idMask) &- 1 }
                slot = (slot &+ 1) & mask
            }
        }
    }

    /// Starts loading the home slot of `hash` into the cache, so that a lookup of it soon after
    /// finds it there: issued for a batch of hashes before their lookups, the misses overlap.
    @inlinable @inline(__always)
    func prefetch(_ hash: UInt64) {
        slots.withUnsafeBufferPointer { slots in ik_prefetch(slots.baseAddress! + Self.home(Self.mix(hash), idBits: idBits)) }
    }

    /// The key of `hash`: the hash itself, 1 for 0 (from when key 0 marked an empty slot; model
    /// files and vocabulary filters still store keys).
    @inlinable @inline(__always)
    static func key(of hash: UInt64) -> UInt64 { hash == 0 ? 1 : hash }

    /// Calls `body` with the key (``key(of:)``) of every hash stored, in id order.
    func forEachKey(_ body: (UInt64) -> Void) {
        for hash in hashes { body(Self.key(of: hash)) }
    }

    /// The number of distinct hashes stored: less than ``count`` when the hashes the table was
    /// built from repeat one (leaving an attribute unreachable, which model readers refuse).
    let distinctCount: Int

    /// The feature hashes in attribute-id order, as keys (``key(of:)``): what model files store;
    /// ``init(hashes:)`` rebuilds the table from them.
    package var hashesInIDOrder: [UInt64] { hashes.map(Self.key) }

    /// A multiply by an odd constant (Knuth's multiplicative hashing, a bijection on 64 bits):
    /// its top bits pick the home slot, the rest are stored.
    @inlinable @inline(__always)
    static func mix(_ hash: UInt64) -> UInt64 { key(of: hash) &* 0x9E37_79B9_7F4A_7C15 }

    /// The home slot of a mixed key: its top `idBits` bits.
    @inlinable @inline(__always)
    static func home(_ mixed: UInt64, idBits: Int) -> Int { Int(truncatingIfNeeded: mixed &>> UInt64(truncatingIfNeeded: 64 &- idBits)) }
}
