import Testing
@testable import IntentKit

/// The built-in grammars' word keys and tables: a literal's key is the key of the same word
/// read from text, whatever its script, and the tables find what they hold and nothing else.
@Suite("Word keys and tables")
struct WordTableTests {
    @Test("a literal's key is the key of the word cut from text", arguments: ["the", "o'clock", "–", "°", "¢", "元", "kč", "zł", "₹", "a"])
    func literalKeysMatchTextKeys(_ word: String) throws {
        let fromText = WordKey(word)
        let literal: WordKey
        switch word {
        case "the": literal = "the"
        case "o'clock": literal = "o'clock"
        case "–": literal = "–"
        case "°": literal = "°"
        case "¢": literal = "¢"
        case "元": literal = "元"
        case "kč": literal = "kč"
        case "zł": literal = "zł"
        case "₹": literal = "₹"
        default: literal = "a"
        }
        #expect(literal == fromText)
        var bytes = Array(word.utf8)
        #expect(bytes.withUnsafeMutableBufferPointer { WordKey(bytes: UnsafeBufferPointer($0)) } == fromText)
    }

    @Test func tablesFindWhatTheyHoldAndNothingElse() {
        let table: WordTable<Int> = ["january": 1, "feb": 2, "°": 3]
        #expect(table["january"] == 1)
        #expect(table[WordKey("feb")] == 2)
        #expect(table["°"] == 3)
        #expect(table["march"] == nil)
        #expect(table[""] == nil)
        // The key past an utterance's end is in no table, even one with empty slots to spare.
        #expect(table[WordKey.none] == nil)
        #expect(table.keys == ["january", "feb", "°"])

        let set = WordSet(["in", "on", "in", "at"])
        #expect(Array(set) == ["in", "on", "at"])
        #expect(set.contains("on") && set.contains(WordKey("at")))
        #expect(!set.contains("by") && !set.contains(WordKey.none))
        #expect(Array(set.union(["by"]).subtracting(["in"])) == ["on", "at", "by"])
    }

    @Test func aLargeTableFindsEveryWord() {
        let words = (0..<5_000).map { "word\($0)" }
        let table = WordTable(words.enumerated().map { ($1, $0) })
        #expect(words.enumerated().allSatisfy { table[$1] == $0 })
        #expect((5_000..<6_000).allSatisfy { table["word\($0)"] == nil })
    }

    /// The words of an utterance carry their keys, and past either end the key is `none`.
    @Test func entityWordsCarryTheirKeys() {
        let words = EntityWords(Tokenizer().tokenize("Send $85 at 7:30 tomorrow"), tokens: 0..<5)
        #expect((0..<words.count).map { words.key(at: $0) } == (0..<words.count).map { WordKey(words[$0]) })
        #expect(words.key(at: 1) == "$" && words.key(at: 2) == "85" && words.key(at: 0) == "send")
        #expect(words.key(at: -1) == WordKey.none && words.key(at: words.count) == WordKey.none)
        #expect(words.isDigits(at: 2) && !words.isDigits(at: 4) && words.startsWithLetter(at: 0) && !words.startsWithLetter(at: 1))
    }
}
