import Testing
@testable import IntentKit

@Suite("Gazetteer")
struct GazetteerTests {
    let tokenizer = Tokenizer()

    /// `count` distinct phrases of 1 to `length` words drawn from `words`.
    private static func randomPhrases(_ count: Int, ofUpTo length: Int, from words: [String], _ generator: inout SeededGenerator) -> Set<[String]> {
        var phrases = Set<[String]>()
        while phrases.count < count {
            phrases.insert((0..<(1 + Int(generator.next() % UInt64(length)))).map { _ in words[Int(generator.next() % UInt64(words.count))] })
        }
        return phrases
    }

    private func matches(_ gazetteer: Gazetteer, _ text: String) -> [Gazetteer.Match] {
        var result = [Gazetteer.Match]()
        gazetteer.matches(in: tokenizer.tokenize(text), into: &result)
        return result
    }

    @Test func matchesWholePhrasesInsensitiveToCaseAndDiacritics() {
        let gazetteer = Gazetteer(entries: [(entity: "account", phrase: "nest egg"), (entity: "payee", phrase: "Zoë")])
        let found = matches(gazetteer, "move 5 from Nest Egg to zoe")
        let account = gazetteer.entityNames.firstIndex(of: "account")!, payee = gazetteer.entityNames.firstIndex(of: "payee")!
        #expect(found == [
            Gazetteer.Match(token: 3, entity: account, position: .begin),
            Gazetteer.Match(token: 4, entity: account, position: .last),
            Gazetteer.Match(token: 6, entity: payee, position: .unit),
        ])
        #expect(matches(gazetteer, "my nest is empty").isEmpty)
    }

    @Test func indexesTheWordsOfPhrasesByRole() {
        let gazetteer = Gazetteer(entries: [("artist", "larry van carlton")], indexingWords: true)
        let first = gazetteer.entityNames.firstIndex(of: Gazetteer.wordEntityName("artist", .first))!
        let inner = gazetteer.entityNames.firstIndex(of: Gazetteer.wordEntityName("artist", .inner))!
        let last = gazetteer.entityNames.firstIndex(of: Gazetteer.wordEntityName("artist", .last))!
        #expect(!gazetteer.isWordEntity(gazetteer.entityNames.firstIndex(of: "artist")!))
        #expect(gazetteer.isWordEntity(first) && gazetteer.isWordEntity(inner) && gazetteer.isWordEntity(last))
        // A new name sharing the first word: only word entries match, each as a single token.
        #expect(matches(gazetteer, "play larry heard") == [Gazetteer.Match(token: 1, entity: first, position: .unit)])
        #expect(Set(matches(gazetteer, "van carlton").map(\.entity)) == [inner, last])
        // Without word indexing, nothing but whole phrases.
        #expect(matches(Gazetteer(entries: [("artist", "larry van carlton")]), "play larry heard").isEmpty)
    }

    @Test func aFixedNumberingIsSharedByGazetteersOfDifferentPhrases() {
        let names = ["artist", "playlist"]
        let a = Gazetteer(entries: [("playlist", "chill")], entityNames: names)
        let b = Gazetteer(entries: [(entity: "artist", phrase: "nina simone"), (entity: "playlist", phrase: "focus")], entityNames: names)
        #expect(a.entityNames == names && b.entityNames == names)
        #expect(matches(a, "chill").first?.entity == 1)
        #expect(matches(b, "focus").first?.entity == 1)
    }

    @Test func theFilterInFrontOfThePhraseTableLosesNoMatch() {
        // 3,000 phrases of one to three words out of 40: the filter passes every phrase and
        // turns most other spans away; the matches must be every phrase span, as a scan finds them.
        let words = (0..<40).map { "w\($0)" }
        var generator = SeededGenerator(seed: 7)
        let phrases = Self.randomPhrases(3_000, ofUpTo: 3, from: words, &generator)
        let gazetteer = Gazetteer(entries: phrases.map { (entity: "thing", phrase: $0.joined(separator: " ")) })
        for _ in 0..<20 {
            let utterance = (0..<12).map { _ in words[Int(generator.next() % 40)] }
            var expected = Set<Gazetteer.Match>()
            for start in utterance.indices {
                for end in start + 1...min(start + 4, utterance.count) where phrases.contains(Array(utterance[start..<end])) {
                    for token in start..<end {
                        let position: Gazetteer.Position = end - start == 1 ? .unit : token == start ? .begin : token == end - 1 ? .last : .inside
                        expected.insert(Gazetteer.Match(token: token, entity: 0, position: position))
                    }
                }
            }
            #expect(!expected.isEmpty)
            #expect(Set(matches(gazetteer, utterance.joined(separator: " "))) == expected)
        }
    }

    /// Ending the search from a token once the span is no phrase's prefix loses no match and
    /// keeps their order: the same matches as a gazetteer without prefixes (a model file from
    /// before format 1.3), which tries every span up to the longest phrase.
    @Test func stoppingWhereNoPhraseGoesOnLosesNoMatch() {
        let words = (0..<30).map { "w\($0)" }
        var generator = SeededGenerator(seed: 11)
        let phrases = Self.randomPhrases(2_000, ofUpTo: 6, from: words, &generator)
        let gazetteer = Gazetteer(entries: phrases.map { (entity: "thing", phrase: $0.joined(separator: " ")) }, indexingWords: true)
        let stored = gazetteer.storage
        let withoutPrefixes = Gazetteer(
            entityNames: gazetteer.entityNames, maxPhraseLength: gazetteer.maxPhraseLength, phraseTable: AttributeTable(hashes: stored.keys),
            phraseOffsets: stored.offsets, phraseEntities: stored.entities, prefixKeys: nil)
        #expect(!stored.prefixes.isEmpty && gazetteer.maxPhraseLength == 6)
        var total = 0
        for _ in 0..<50 {
            let utterance = (0..<16).map { _ in words[Int(generator.next() % 30)] }.joined(separator: " ")
            let found = matches(gazetteer, utterance)
            #expect(found == matches(withoutPrefixes, utterance), "\(utterance)")
            total += found.filter { $0.position == .begin }.count
        }
        #expect(total > 50)  // multi-word phrases were found, not only single words
    }
}
