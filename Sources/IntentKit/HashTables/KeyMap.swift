/// A growing map from 64-bit hash to entry number for building vocabularies, and for reading
/// words by their keys: open addressing with linear probing, at most half full.
///
/// Why not a `Dictionary<UInt64, Int32>`: the keys are hashes already, and a dictionary hashes
/// them again with its per-process seed on every insert; for the 100,000s of inserts of a large
/// vocabulary this table is about ten times faster.
struct KeyMap {
    /// `(key, entry)`, entry -1 where empty.
    private var slots: [(key: UInt64, entry: Int32)]
    private var count = 0

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: (0, -1), count: size)
    }

    /// The entry of `key`; when absent, `new` is stored for it and returned.
    mutating func entry(of key: UInt64, inserting new: Int32) -> Int32 {
        if count * 2 >= slots.count { grow() }
        let mask = slots.count - 1
        var slot = Self.position(key) & mask
        while slots[slot].entry >= 0 {
            if slots[slot].key == key { return slots[slot].entry }
            slot = (slot + 1) & mask
        }
        slots[slot] = (key, new)
        count += 1
        return new
    }

    /// The entry of `key`, or `nil` when it has none.
    func entry(of key: UInt64) -> Int32? {
        let mask = slots.count - 1
        var slot = Self.position(key) & mask
        while slots[slot].entry >= 0 {
            if slots[slot].key == key { return slots[slot].entry }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: (0, -1), count: old.count * 2)
        let mask = slots.count - 1
        for (key, entry) in old where entry >= 0 {
            var slot = Self.position(key) & mask
            while slots[slot].entry >= 0 { slot = (slot + 1) & mask }
            slots[slot] = (key, entry)
        }
    }

    @inline(__always)
    private static func position(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 29) }
}
