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

    /// Vocabulary features prepared for the gazetteer's entities hash to the values computed as
    /// they come, for those entities and for matches beyond them (a user's vocabulary).
    @Test func preparedVocabularyFeaturesHashAsComputedOnes() {
        let gazetteer = Gazetteer(
            entries: [("payee", "buttercup"), ("amount", "85 bucks"), ("track", "noise theology"), ("time", "tomorrow")]
                .map { (entity: $0.0, phrase: $0.1) },
            indexingWords: true)
        let plain = FeatureExtractor(configuration: FeatureConfiguration())
        let prepared = FeatureExtractor(configuration: FeatureConfiguration(), vocabularyEntities: gazetteer.entityNames.count - 1)
        let tokenizer = Tokenizer()
        var matches = [Gazetteer.Match]()
        for text in utterances {
            let tokens = tokenizer.tokenize(text)
            var expected = TokenFeatures(), actual = TokenFeatures()
            plain.extract(tokens, gazetteer: gazetteer, into: &expected, scratch: &matches)
            prepared.extract(tokens, gazetteer: gazetteer, into: &actual, scratch: &matches)
            #expect(actual.hashes == expected.hashes && actual.offsets == expected.offsets, "\(text)")
        }
        // Not vacuous: the gazetteer matched, and its features are there.
        var withoutVocabulary = FeatureConfiguration()
        withoutVocabulary.templates.remove(.vocabulary)
        var expected = TokenFeatures(), fewer = TokenFeatures()
        plain.extract(tokenizer.tokenize("send Buttercup 85 bucks"), gazetteer: gazetteer, into: &expected, scratch: &matches)
        FeatureExtractor(configuration: withoutVocabulary).extract(
            tokenizer.tokenize("send Buttercup 85 bucks"), gazetteer: gazetteer, into: &fewer, scratch: &matches)
        #expect(expected.hashes.count > fewer.hashes.count)
    }

    @Test func intentConjunctionsCannotBeSeparated() {
        var configuration = FeatureConfiguration()
        configuration.templates.insert(.intentConjunctions)
        #expect(!FeatureExtractor(configuration: configuration).separatesIntentFeatures)
    }

    /// Each token's vocabulary features are those of the matches on it and its neighbours, in
    /// the order of the matches, whatever that order is (a user's matches come after the
    /// gazetteer's, on any token).
    @Test func vocabularyFeaturesFollowTheMatchesInTheirOrder() {
        var onlyVocabulary = FeatureConfiguration()
        onlyVocabulary.templates = [.vocabulary]
        let extractor = FeatureExtractor(configuration: onlyVocabulary)
        let tokens = Tokenizer().tokenize("play the new noise theology e p tomorrow")
        var matches: [Gazetteer.Match] = [
            .init(token: 3, entity: 0, position: .begin), .init(token: 4, entity: 0, position: .last),
            .init(token: 7, entity: 1, position: .unit), .init(token: 0, entity: 2, position: .unit),
            .init(token: 4, entity: 3, position: .unit), .init(token: 2, entity: 1, position: .begin),
            .init(token: 3, entity: 1, position: .inside), .init(token: 4, entity: 1, position: .last),
        ]
        let given = matches
        var features = TokenFeatures()
        extractor.extract(tokens, gazetteer: Gazetteer(), into: &features, scratch: &matches, matchesReady: true)
        for token in 0..<tokens.count {
            let expected = given.compactMap { match -> UInt64? in
                let offset = token - match.token
                guard abs(offset) <= 1 else { return nil }
                var hash = FeatureHash(template: FeatureTemplate.vocabulary.id)
                hash.combine(int: offset)
                hash.combine(int: match.entity)
                hash.combine(match.position.rawValue)
                return hash.value
            }
            // After the bias, which every token has.
            #expect(Array(features.features(of: token).dropFirst()) == expected, "token \(token)")
        }
        #expect(features.features(of: 3).count == 1 + 6)
    }
}
