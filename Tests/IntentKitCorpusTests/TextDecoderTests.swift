import Testing
@testable import IntentKitCorpus

@Suite("Text decoding")
struct TextDecoderTests {
    /// "ok\n" then "a🍕" with the emoji as a CESU-8 surrogate pair.
    let cesu: [UInt8] = Array("ok\na".utf8) + [0xED, 0xA0, 0xBC, 0xED, 0xBD, 0x95] + Array("!\n".utf8)

    @Test func decodesValidUTF8AndDropsTheByteOrderMark() throws {
        let result = try TextDecoder().decode([0xEF, 0xBB, 0xBF] + Array("Música 🍕".utf8), file: "f.json")
        #expect(result.text == "Música 🍕")
        #expect(result.repairs.isEmpty)
    }

    @Test func refusesASurrogatePairWithItsPlace() {
        #expect(throws: CorpusError.invalidEncoding(
            file: "f.json", line: 2, column: 2, byteOffset: 4,
            detail: "a CESU-8 surrogate pair (ED A0 BC ED BD 95) for U+1F355; pass --repair-encoding to decode it")) {
            try TextDecoder().decode(cesu, file: "f.json")
        }
    }

    @Test func repairsASurrogatePairWhenAsked() throws {
        let result = try TextDecoder(options: .init(repairSurrogatePairs: true)).decode(cesu, file: "f.json")
        #expect(result.text == "ok\na🍕!\n")
        #expect(!result.text.contains("\u{FFFD}"))
        #expect(result.repairs.count == 1)
        #expect(result.repairs.first?.location == SourceLocation(file: "f.json", line: 2, column: 2))
    }

    @Test(arguments: [
        ([0x61, 0xFF, 0x62] as [UInt8], 1, "bytes FF 62 are not a UTF-8 sequence"),
        ([0xC0, 0xAF], 0, "bytes C0 AF are not a UTF-8 sequence"),            // overlong "/"
        ([0x61, 0xC3], 1, "bytes C3 are not a UTF-8 sequence"),               // truncated "é"
        ([0xED, 0xA0, 0xBC, 0x61], 0, "a lone UTF-16 surrogate (ED A0 BC) that no repair can decode"),
    ])
    func refusesOtherInvalidBytesEvenWithRepairs(bytes: [UInt8], offset: Int, detail: String) {
        #expect(throws: CorpusError.invalidEncoding(file: "f", line: 1, column: offset + 1, byteOffset: offset, detail: detail)) {
            try TextDecoder(options: .init(repairSurrogatePairs: true)).decode(bytes, file: "f")
        }
    }

    @Test func neverGuessesLatin1() {
        // "Música" in Latin-1: a strict decoder must refuse it, not produce mojibake.
        #expect(throws: CorpusError.self) {
            try TextDecoder().decode([0x4D, 0xFA, 0x73, 0x69, 0x63, 0x61], file: "latin1.txt")
        }
    }
}
