import Foundation
import Testing
@testable import IntentKit

/// The sentence encoder's token vectors and their clusters, the slot tagger's
/// `encoderClusters` features: pieces tied to their words' offsets, each IntentKit token's
/// vector against the numpy reference (`scripts/dev/encoder_reference.py`'s `forward`, the mean
/// of the token's pieces' rows), nearest-centroid ids, and the features they become.
@Suite("Token clusters")
struct TokenClustersTests {
    @Test func everyPieceKnowsWhereItsWordStarts() throws {
        let encoder = try SentenceEncoder(directory: SentenceEncoderTests.tinyDirectory, precision: .float32)
        for (text, _, _) in SentenceEncoderTests.tinyReference {
            let (pieces, offsets) = encoder.wordPieceTokenizer!.encodeWithOffsets(text, maximumLength: encoder.maximumLength)
            #expect(pieces == encoder.wordPieceTokenizer!.encode(text, maximumLength: encoder.maximumLength), "\(text)")
            #expect(offsets.count == pieces.count && offsets.first == -1 && offsets.last == -1, "\(text)")
        }
        // "Unlocking the Moonracer!": un ##lock ##ing | the | moon ##racer | !
        let (_, offsets) = encoder.wordPieceTokenizer!.encodeWithOffsets("Unlocking the Moonracer!", maximumLength: 32)
        #expect(offsets == [-1, 0, 0, 0, 10, 14, 14, 23, -1])
        // Offsets count Unicode scalars of the original text, accents and all.
        let words = WordPieceTokenizer.wordsWithOffsets(of: "Héllo, WÖRLD  東京")
        #expect(words.map(\.word) == ["hello", ",", "world", "東", "京"])
        #expect(words.map(\.start) == [0, 5, 7, 14, 15])
    }

    /// Expected vectors from the numpy reference: `forward(config, w, tokenize(text))` rows
    /// averaged over each token's pieces (Unlocking: rows 1-3, the: 4, Moonracer: 5-6, !: 7).
    @Test func eachTokensVectorIsTheMeanOfItsPiecesRows() throws {
        let encoder = try SentenceEncoder(directory: SentenceEncoderTests.tinyDirectory, precision: .float32)
        let text = "Unlocking the Moonracer!"
        let tokens = Tokenizer().tokenize(text)
        #expect(tokens.tokens.map(\.range) == [0..<9, 10..<13, 14..<23, 23..<24])
        let encoding = encoder.encodeWithTokens([.init(text: text, tokens: tokens.tokens.map(\.range))])[0]
        #expect(encoding.sentence == encoder.encode(text))
        let expected: [[Float]] = [
            [1.605482, -0.564151, -0.850803, -1.557039, 0.000060, 0.049178, 0.305648, 0.856659],
            [1.608972, -0.729067, -0.994619, -1.362989, -0.152420, 0.116966, 0.368254, 1.042887],
            [1.537425, -0.697247, -0.966807, -1.446112, -0.167306, 0.183320, 0.372591, 1.088003],
            [1.725798, -0.680074, -1.075038, -1.253141, -0.096906, -0.040481, 0.355787, 0.932036],
        ]
        #expect(encoding.tokens.count == 4 * 8)
        for (token, vector) in expected.enumerated() {
            let got = Array(encoding.tokens[(token * 8)..<(token * 8 + 8)])
            #expect(zip(got, vector).allSatisfy { abs($0 - $1) < 1e-4 }, "token \(token): \(got) against \(vector)")
        }
        // A token that holds no piece (here: past the encoder's 12 pieces) is zeros; batches
        // give what one utterance at a time does.
        let long = "the the the the the the the the the the the the the the"
        let longTokens = Tokenizer().tokenize(long).tokens.map(\.range)
        let batch = encoder.encodeWithTokens([.init(text: long, tokens: longTokens), .init(text: text, tokens: tokens.tokens.map(\.range))], threads: 2)
        #expect(batch[1].tokens == encoding.tokens && batch[1].sentence == encoding.sentence)
        #expect(batch[0].tokens[(10 * 8)...].allSatisfy { $0 == 0 } && batch[0].tokens[(9 * 8)..<(10 * 8)].contains { $0 != 0 })
    }

    @Test func eachTokenGetsItsNearestCentroidAtEveryLevel() throws {
        let identity = EncoderIdentity(name: "test", checksum: 1, dimension: 2, directory: "/nowhere")
        let clusters = try TokenClusters(identity: identity, levels: [[1, 0, -1, 0], [0, 1, 0, -1, 3, 3]])
        var ids = TokenClusterIDs()
        clusters.assign([0.9, 0.2, -2, -0.5, 2, 2.5, 0, 0], tokenCount: 4, into: &ids)
        #expect(ids.levels == 2)
        // Per token (level 0, level 1); a zero vector is each level's "none" id.
        #expect(ids.ids == [0, 0, 1, 1, 0, 2, 2, 3])
        #expect(throws: ModelError.self) { try TokenClusters(identity: identity, levels: [[1, 0, 2]]) }
        #expect(throws: ModelError.self) { try TokenClusters(identity: identity, levels: [[1, .nan]]) }
    }

    @Test func clustersBecomeOneFeatureALevelOnlyWithTheirTemplate() {
        let tokens = Tokenizer().tokenize("lock the car")
        var ids = TokenClusterIDs()
        ids.levels = 2
        ids.ids = [0, 5, 1, 5, 0, 5]
        var with = TokenFeatures(), without = TokenFeatures(), other = TokenFeatures()
        let templates: Set<FeatureTemplate> = [.words, .encoderClusters]
        FeatureExtractor(configuration: FeatureConfiguration(templates: templates)).extract(tokens, matches: [], clusters: ids, into: &with)
        FeatureExtractor(configuration: FeatureConfiguration(templates: [.words])).extract(tokens, matches: [], clusters: ids, into: &without)
        var changed = ids
        changed.ids[5] = 6
        FeatureExtractor(configuration: FeatureConfiguration(templates: templates)).extract(tokens, matches: [], clusters: changed, into: &other)
        for token in 0..<3 {
            #expect(with.features(of: token).count == without.features(of: token).count + 2)
            #expect(Set(without.features(of: token)).isSubset(of: Set(with.features(of: token))))
        }
        // Tokens 0 and 2 share both clusters and so both features; a changed id changes one.
        #expect(Set(with.features(of: 0)).subtracting(without.features(of: 0)) == Set(with.features(of: 2)).subtracting(without.features(of: 2)))
        #expect(Array(with.features(of: 2)) != Array(other.features(of: 2)) && Array(with.features(of: 1)) == Array(other.features(of: 1)))
        // Ids that do not fit the tokens add nothing.
        var wrong = ids
        wrong.ids.removeLast()
        var none = TokenFeatures()
        FeatureExtractor(configuration: FeatureConfiguration(templates: templates)).extract(tokens, matches: [], clusters: wrong, into: &none)
        #expect((0..<3).allSatisfy { Array(none.features(of: $0)) == Array(without.features(of: $0)) })
        #expect(!FeatureConfiguration.defaultTemplates.contains(.encoderClusters))
    }
}
