import Testing
@testable import IntentKit

@Suite("Tokenizer")
struct TokenizerTests {
    let tokenizer = Tokenizer()

    private func texts(_ text: String) -> [String] {
        let tokens = tokenizer.tokenize(text)
        return (0..<tokens.count).map { String(tokens.text(at: $0)) }
    }

    @Test func splitsWordsAndPunctuationKeepingRanges() {
        let tokens = tokenizer.tokenize("Send Buttercup 85 bucks, please!")
        #expect((0..<tokens.count).map { String(tokens.text(at: $0)) } == ["Send", "Buttercup", "85", "bucks", ",", "please", "!"])
        #expect(tokens.tokens.map(\.range) == [0..<4, 5..<14, 15..<17, 18..<23, 23..<24, 25..<31, 31..<32])
        #expect(tokens.tokens.map(\.kind) == [.word, .word, .number, .word, .punctuation, .word, .punctuation])
    }

    @Test(arguments: [
        ("it costs 8.5 or 1,000", ["it", "costs", "8.5", "or", "1,000"]),
        ("pay $85 now", ["pay", "$85", "now"]),
        ("€12.50 and 50%", ["€12.50", "and", "50%"]),
        ("at 7:30 o'clock", ["at", "7:30", "o'clock"]),
        ("don’t e-mail covid-19", ["don’t", "e-mail", "covid-19"]),
        ("mail bob.smith+nlu@example.co.uk.", ["mail", "bob.smith+nlu@example.co.uk", "."]),
        ("see (https://intentkit.dev/docs?q=1).", ["see", "(", "https://intentkit.dev/docs?q=1", ")", "."]),
        ("visit www.example.com today", ["visit", "www.example.com", "today"]),
        ("'quoted' words", ["'", "quoted", "'", "words"]),
        ("a - b", ["a", "-", "b"]),
        ("7am tomorrow", ["7am", "tomorrow"]),
        ("Stardust's messages, I'm late, we’ll see", ["Stardust", "'s", "messages", ",", "I", "'m", "late", ",", "we", "’ll", "see"]),
        ("rock'n'roll isn't it's", ["rock'n'roll", "isn't", "it", "'s"]),
        ("i 'd like", ["i", "'d", "like"]),
    ])
    func keepsOrSplitsByDocumentedRules(text: String, expected: [String]) {
        #expect(texts(text) == expected)
    }

    @Test func splitsCJKPerCharacterAndKeepsLatinRunsWhole() {
        #expect(texts("残高を確認して") == ["残", "高", "を", "確", "認", "し", "て"])
        #expect(texts("東京でSparkleCarを予約") == ["東", "京", "で", "SparkleCar", "を", "予", "約"])
    }

    @Test func keepsEmojiClustersTogether() {
        #expect(texts("nice 👍🏽!") == ["nice", "👍🏽", "!"])
        #expect(texts("👨‍👩‍👧 family") == ["👨‍👩‍👧", "family"])
        #expect(texts("🇫🇷🇩🇪") == ["🇫🇷", "🇩🇪"])
        #expect(tokenizer.tokenize("🍕").tokens.first?.kind == .symbol)
    }

    @Test func keepsCombiningMarksWithTheirLetter() {
        let decomposed = "Mu\u{0301}sica"
        #expect(texts(decomposed) == [decomposed])
        #expect(tokenizer.tokenize(decomposed).normalized(at: 0) == "musica")
    }

    @Test func normalisesCaseDiacriticsQuotesAndDashes() {
        let tokens = tokenizer.tokenize("Música ÉCOLE don’t Straße ΣΟΦΙΑ")
        #expect((0..<tokens.count).map { tokens.normalized(at: $0) } == ["musica", "ecole", "don't", "strasse", "σοφια"])
    }

    @Test func reportsUTF8RangesThatSliceTheText() {
        let text = "Música 🍕 ok"
        let tokens = tokenizer.tokenize(text)
        let bytes = Array(text.utf8)
        for (index, token) in tokens.tokens.enumerated() {
            #expect(String(decoding: bytes[token.utf8Range], as: UTF8.self) == String(tokens.text(at: index)))
        }
        #expect(tokens.tokens.map(\.range) == [0..<6, 7..<8, 9..<11])
    }

    @Test func reusesBuffersWithIdenticalResults() {
        var reused = TokenizedText()
        for text in ["a long first utterance with many tokens in it", "short", "", "   ", "Música 🍕"] {
            tokenizer.tokenize(text, into: &reused)
            let fresh = tokenizer.tokenize(text)
            #expect(reused.tokens == fresh.tokens)
            #expect((0..<fresh.count).map { reused.normalized(at: $0) } == (0..<fresh.count).map { fresh.normalized(at: $0) })
        }
    }

    /// Every scalar that is not white space lands in exactly one token, in order, whatever the input.
    @Test func losesNoTextOnRandomInput() {
        let alphabet: [Unicode.Scalar] = Array("aZé9 .,'’-$%@/:_\t\n東をÉ👍🏽‍🇫🇷\u{0301}\u{200D}\u{FE0F}[]()#€😀\u{FFFD}".unicodeScalars)
        var generator = SplitMix64(seed: 42)
        for _ in 0..<2_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(generator.next() % 24) {
                text.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
            }
            let string = String(text)
            let scalars = Array(string.unicodeScalars)
            let tokens = tokenizer.tokenize(string)
            var covered = [Bool](repeating: false, count: scalars.count)
            var previousEnd = 0
            for token in tokens.tokens {
                #expect(token.range.lowerBound >= previousEnd && !token.range.isEmpty)
                previousEnd = token.range.upperBound
                for index in token.range { covered[index] = true }
            }
            for (index, scalar) in scalars.enumerated() where !covered[index] {
                #expect(ScalarClass(scalar) == .space, "lost \(scalar.debugDescription) in \(string.debugDescription)")
            }
        }
    }
}

/// A small deterministic generator for reproducible random tests.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
