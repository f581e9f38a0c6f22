import Testing
@testable import IntentKit

@Suite("CRC-32")
struct CRC32Tests {
    /// Bit by bit, straight from the definition.
    private func reference(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    @Test func matchesTheStandardCheckValueAndTheBitwiseDefinition() {
        #expect(Array("123456789".utf8).withUnsafeBytes { CRC32.checksum($0) } == 0xCBF4_3926)
        var generator = SplitMix64(seed: 11)
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            #expect(bytes.withUnsafeBytes { CRC32.checksum($0) } == reference(bytes), "length \(length)")
        }
    }

    /// Two threads check the two halves of a model file: the halves' checksums combine into
    /// the whole's, wherever the split.
    @Test func checksumsOfTwoPartsCombineIntoTheWholes() {
        var generator = SplitMix64(seed: 12)
        for length in [0, 1, 7, 8, 9, 100, 1_000, 4_097] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            for split in Set([0, length / 3, length / 2, length]) {
                let first = bytes[..<split].withUnsafeBytes { CRC32.checksum($0) }
                let second = bytes[split...].withUnsafeBytes { CRC32.checksum($0) }
                #expect(CRC32.combine(first, second, count: length - split) == reference(bytes), "length \(length), split \(split)")
            }
        }
    }
}
