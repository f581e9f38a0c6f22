import Testing
@testable import IntentKit

@Suite("Attribute table")
struct AttributeTableTests {
    @Test func findsEveryHashAndGivesThemBackInIDOrder() {
        var generator = SplitMix64(seed: 3)
        let hashes = (0..<1_000).map { _ in generator.next() } + [0]  // 0 is stored as 1
        let table = AttributeTable(hashes: hashes)
        #expect(table.count == hashes.count)
        #expect(hashes.indices.allSatisfy { table.id(of: hashes[$0]) == $0 })
        #expect(table.id(of: 12_345) == nil)
        let rebuilt = AttributeTable(hashes: table.hashesInIDOrder)
        #expect(hashes.indices.allSatisfy { rebuilt.id(of: hashes[$0]) == $0 })
    }

    @Test func aLargeTableFindsEveryHashAndARepeatedOneKeepsItsLastID() {
        // 100,000 hashes: 2,048 buckets of home slots, keys inserted bucket by bucket.
        var generator = SplitMix64(seed: 5)
        var hashes = (0..<100_000).map { _ in generator.next() }
        hashes[70_000] = hashes[10]
        let table = AttributeTable(hashes: hashes)
        #expect(table.distinctCount == hashes.count - 1)
        #expect(table.id(of: hashes[10]) == 70_000)
        #expect(hashes.indices.allSatisfy { $0 == 10 || table.id(of: hashes[$0]) == $0 })
        #expect((0..<1_000).allSatisfy { _ in table.id(of: generator.next()) == nil })
    }

    @Test func aKeyWithTheSameStoredBitsButAnotherHomeIsNotFound() {
        // Slots keep the mixed key's bits below the home; the home bits are implied by the slot.
        // Two keys that differ in the home bits alone must not be taken for each other.
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var inverse = multiplier  // Newton's iteration for the inverse modulo 2⁶⁴
        for _ in 0..<5 { inverse = inverse &* (2 &- multiplier &* inverse) }
        #expect(multiplier &* inverse == 1)
        let stored: UInt64 = 0x0123_4567_89AB_CDEF
        let hash = stored &* inverse
        let table = AttributeTable(hashes: [hash])
        #expect(table.id(of: hash) == 0)
        for bit in 60..<64 {  // a 1-key table has 16 slots: the top 4 bits pick the home
            #expect(table.id(of: (stored ^ (1 << UInt64(bit))) &* inverse) == nil)
        }
    }
}
