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
}
