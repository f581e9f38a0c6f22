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

    /// The built-in entity template reads the corpus's language: a French model's tagger sees
    /// "vingt minutes" as a duration, an English one nothing there.
    @Test func builtinEntityFeaturesReadTheCorpusLanguage() {
        var onlyBuiltins = FeatureConfiguration()
        onlyBuiltins.templates = [.builtinEntities]
        let tokens = Tokenizer().tokenize("une soupe dans vingt minutes")
        var features = TokenFeatures(), matches = [Gazetteer.Match]()
        FeatureExtractor(configuration: onlyBuiltins, language: "fr").extract(tokens, gazetteer: Gazetteer(), into: &features, scratch: &matches)
        // "vingt" and "minutes" and their neighbours carry more than the bias.
        #expect(features.features(of: 3).count > 1 && features.features(of: 4).count > 1)
        FeatureExtractor(configuration: onlyBuiltins).extract(tokens, gazetteer: Gazetteer(), into: &features, scratch: &matches)
        #expect(features.features(of: 3).count == 1 && features.features(of: 4).count == 1)
    }

    /// The built-in entity template gives each token of a match its kind and place in it
    /// (begin, inside, last, or unit for one token), and the tokens beside it the same with
    /// their offset; tokens further away, and every token of an utterance without a match, get
    /// nothing from it. The features do not depend on the day they are extracted.
    @Test func builtinEntityFeaturesMarkTheMatchesAndTheirNeighbours() {
        var onlyBuiltins = FeatureConfiguration()
        onlyBuiltins.templates = [.builtinEntities]
        let extractor = FeatureExtractor(configuration: onlyBuiltins)
        func feature(_ offset: Int, _ kind: BuiltinEntity, _ position: Gazetteer.Position) -> UInt64 {
            var hash = FeatureHash(template: FeatureTemplate.builtinEntities.id)
            hash.combine(int: offset)
            for byte in kind.rawValue.utf8 { hash.combine(byte) }
            hash.combine(position.rawValue)
            return hash.value
        }
        // "book a table for 4 people next friday at 8:30 pm please"
        //   0    1 2     3   4 5      6    7      8  9    10 11
        let tokens = Tokenizer().tokenize("book a table for 4 people next friday at 8:30 pm please")
        var features = TokenFeatures(), matches = [Gazetteer.Match]()
        extractor.extract(tokens, gazetteer: Gazetteer(), into: &features, scratch: &matches)
        let expected: [Int: [UInt64]] = [
            3: [feature(-1, .number, .unit)],
            4: [feature(0, .number, .unit)],
            5: [feature(1, .number, .unit), feature(-1, .dateTime, .begin)],
            6: [feature(0, .dateTime, .begin), feature(-1, .dateTime, .inside)],
            7: [feature(1, .dateTime, .begin), feature(0, .dateTime, .inside), feature(-1, .dateTime, .inside)],
            8: [feature(1, .dateTime, .inside), feature(0, .dateTime, .inside), feature(-1, .dateTime, .inside)],
            9: [feature(1, .dateTime, .inside), feature(0, .dateTime, .inside), feature(-1, .dateTime, .last)],
            10: [feature(1, .dateTime, .inside), feature(0, .dateTime, .last)],
            11: [feature(1, .dateTime, .last)],
        ]
        for token in 0..<tokens.count {
            // After the bias, which every token has.
            #expect(Array(features.features(of: token).dropFirst()).sorted() == (expected[token] ?? []).sorted(), "token \(token)")
        }
        let plain = Tokenizer().tokenize("add this song to my road trip playlist")
        extractor.extract(plain, gazetteer: Gazetteer(), into: &features, scratch: &matches)
        #expect((0..<plain.count).allSatisfy { features.features(of: $0).count == 1 })
        // Without the template (the defaults but it), no extraction and no such feature.
        let without = FeatureExtractor(configuration: FeatureConfiguration(templates: FeatureConfiguration.defaultTemplates.subtracting([.builtinEntities])))
        without.extract(tokens, gazetteer: Gazetteer(), into: &features, scratch: &matches)
        let every = Set([-1, 0, 1].flatMap { offset in BuiltinEntity.allCases.flatMap { kind in Gazetteer.Position.allCases.map { feature(offset, kind, $0) } } })
        #expect((0..<tokens.count).allSatisfy { Set(features.features(of: $0)).isDisjoint(with: every) })
    }
}
