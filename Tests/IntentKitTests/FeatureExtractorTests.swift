import Testing
@testable import IntentKit

@Suite("Feature extractor")
struct FeatureExtractorTests {
    let utterances = ["send Buttercup 85 bucks", "play the new noise theology e p", "x", "book a table for 4 at 7:30pm tomorrow"]

    /// Per token, the features as a sorted list (a multiset).
    private func perToken(_ features: TokenFeatures) -> [[UInt64]] {
        (0..<features.tokenCount).map { features.features(of: $0).sorted() }
    }

    /// Without intent conjunctions, the intent-free features plus one intent's own are exactly
    /// that intent's features, token by token: what lets parsing score a second intent cheaply.
    @Test(arguments: [0, 1, 5])
    func theIntentsOwnFeaturesCompleteTheSharedOnes(intent: Int) {
        let extractor = FeatureExtractor(configuration: FeatureConfiguration())
        #expect(extractor.separatesIntentFeatures)
        let tokenizer = Tokenizer()
        var matches = [Gazetteer.Match]()
        for text in utterances {
            let tokens = tokenizer.tokenize(text)
            var full = TokenFeatures(), shared = TokenFeatures(), own = TokenFeatures()
            extractor.extract(tokens, gazetteer: Gazetteer(), intent: intent, into: &full, scratch: &matches)
            extractor.extract(tokens, gazetteer: Gazetteer(), intent: nil, into: &shared, scratch: &matches)
            extractor.extractIntentFeatures(tokens, intent: intent, into: &own)
            #expect(own.tokenCount == tokens.count && shared.tokenCount == tokens.count)
            #expect(own.sentence.isEmpty && shared.sentence.sorted() == full.sentence.sorted())
            let combined = zip(perToken(shared), perToken(own)).map { ($0 + $1).sorted() }
            #expect(combined == perToken(full), "\(text)")
            #expect(perToken(own).allSatisfy { $0.count == 4 })
        }
    }

    @Test func intentConjunctionsCannotBeSeparated() {
        var configuration = FeatureConfiguration()
        configuration.templates.insert(.intentConjunctions)
        #expect(!FeatureExtractor(configuration: configuration).separatesIntentFeatures)
    }

    /// The known-words template marks the tokens the gazetteer lists as known words, on the token
    /// itself (offset 0) and on its neighbours (±1); known-word matches are not vocabulary
    /// features.
    @Test func knownWordsAreMarkedOnThemselvesAndTheirNeighbours() {
        let known = Gazetteer(entries: ["play", "some", "by", "the"].map { (Gazetteer.knownWordEntity, $0) } + [("artist", "the beatles")])
        #expect(known.knownWordEntityID == 0)
        let tokens = Tokenizer().tokenize("play some Zorblax by the beatles")
        func seen(_ offset: Int) -> UInt64 {
            var hash = FeatureHash(template: FeatureTemplate.knownWords.id)
            hash.combine(int: offset)
            return hash.value
        }
        var matches = [Gazetteer.Match]()
        var with = TokenFeatures(), without = TokenFeatures()
        #expect(!FeatureConfiguration.defaultTemplates.contains(.knownWords))
        var configuration = FeatureConfiguration()
        configuration.templates.insert(.knownWords)
        FeatureExtractor(configuration: configuration).extract(tokens, gazetteer: known, into: &with, scratch: &matches)
        FeatureExtractor(configuration: FeatureConfiguration()).extract(tokens, gazetteer: known, into: &without, scratch: &matches)
        // "zorblax" (token 2) and "beatles" (token 5) are new words.
        let expected: [[UInt64]] = [
            [seen(0), seen(1)], [seen(-1), seen(0)], [seen(-1), seen(1)], [seen(0), seen(1)], [seen(-1), seen(0)], [seen(-1)],
        ]
        for token in 0..<tokens.count {
            let added = perToken(with)[token].filter { !perToken(without)[token].contains($0) }
            #expect(added == expected[token].sorted(), "token \(token)")
            #expect(perToken(without)[token].allSatisfy { !expected.joined().contains($0) })
        }
        // The artist match still gives vocabulary features, the known words none.
        var vocabularyOnly = FeatureConfiguration()
        vocabularyOnly.templates = [.vocabulary]
        FeatureExtractor(configuration: vocabularyOnly).extract(tokens, gazetteer: known, into: &with, scratch: &matches)
        #expect((0..<tokens.count).map { with.features(of: $0).count - 1 } == [0, 0, 0, 1, 2, 2])
    }
}
