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
}
