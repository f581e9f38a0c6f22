/// A 64-bit FNV-1a hash built incrementally, so feature names are never materialised as strings.
///
/// Features are identified by the hash of `template id, 0xFF, bytes…`; at 64 bits collisions
/// among the few million distinct features of a corpus are negligible (birthday bound ~1e-7).
@usableFromInline
struct FeatureHash: Hashable, Sendable {
    @usableFromInline var value: UInt64

    @inlinable
    init(template: UInt8) {
        value = 0xCBF2_9CE4_8422_2325
        combine(template)
        combine(0xFF)
    }

    @inlinable
    mutating func combine(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    @inlinable
    mutating func combine(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes { combine(byte) }
    }

    @inlinable
    mutating func combine(int value: Int) {
        var remaining = UInt64(bitPattern: Int64(value))
        for _ in 0..<8 {
            combine(UInt8(truncatingIfNeeded: remaining))
            remaining >>= 8
        }
    }

    /// Hashes a string's UTF-8 bytes (for building vocabularies, not on the hot path).
    static func of(_ text: String, template: UInt8) -> UInt64 {
        var hash = FeatureHash(template: template)
        for byte in text.utf8 { hash.combine(byte) }
        return hash.value
    }
}

extension [UInt64] {
    /// Whether this ascending array holds `value` (a binary search: cheaper than a `Set`'s
    /// hashing for the small tables of word hashes looked up once per token).
    @inline(__always)
    func sortedContains(_ value: UInt64) -> Bool {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < count && self[low] == value
    }
}
