import Foundation
import IntentKitCorpus
import Testing
@testable import IntentKit
@testable import IntentKitTraining

/// Training with a sentence encoder adds the slot tagger's `encoderClusters` features: k-means
/// centroids of the encoder's token vectors, stored in the model (format 1.7) and found again
/// with the encoder at load. The encoder is the tiny random-weight one of the runtime's tests.
@Suite("Token clusters in training")
struct TokenClustersTrainingTests {
    static func train(levels: [Int], encoder: SentenceEncoder? = EncoderFeaturesTests.tiny, templates: Set<FeatureTemplate>? = nil) -> (NLUModel, [String]) {
        var lines = [String]()
        var options = TrainingOptions()
        options.maxIterations = 5
        options.noiseFactor = 0
        options.encoder = encoder
        options.encoderClusterLevels = levels
        if let templates { options.features.templates = templates }
        options.intentGrid = IntentClassifierGrid(c2: [0.02], characterNGrams: [nil], encoderScales: [nil])
        let model = ModelTrainer(options: options, log: { lines.append($0.description) }).train(ModelTrainerTests.corpora.train).0
        return (model, lines)
    }

    @Test func kMeansFindsSeparatedGroupsTheSameWayForASeed() {
        // Three groups of points around (0, 0), (10, 0) and (0, 10).
        var points = [Float]()
        for index in 0..<30 {
            let center: (Float, Float) = [(0, 0), (10, 0), (0, 10)][index % 3]
            points += [center.0 + Float(index % 5) * 0.1, center.1 - Float(index % 7) * 0.1]
        }
        let centroids = KMeans(count: 3, seed: 7).centroids(of: points, dimension: 2)
        #expect(centroids == KMeans(count: 3, seed: 7).centroids(of: points, dimension: 2))
        let found = stride(from: 0, to: 6, by: 2).map { (Int(centroids[$0].rounded()), Int(centroids[$0 + 1].rounded())) }
        #expect(Set(found.map { "\($0.0),\($0.1)" }) == ["0,0", "10,0", "0,10"], "\(centroids)")
        // More centroids than points: one a point.
        #expect(KMeans(count: 8, seed: 1).centroids(of: [1, 2, 3, 4], dimension: 2).count == 4)
    }

    @Test func aModelTrainedWithAnEncoderKeepsItsTokenClustersAndParsesTheSameAfterLoading() throws {
        let (model, lines) = Self.train(levels: [2, 4])
        #expect(model.features.templates.contains(.encoderClusters))
        let clusters = try #require(model.tokenClusters)
        #expect(clusters.levels.map(\.count) == [2, 4] && clusters.identity == EncoderFeaturesTests.tiny.identity)
        #expect(lines.contains { $0.contains("utterances encoded by tiny-bert") && $0.contains("2, 4 centroids") }, "\(lines)")
        // The cluster features were learnt: the tagger's table holds some.
        let tokens = Tokenizer().tokenize("lock the Moonracer")
        var ids = TokenClusterIDs()
        let encoding = EncoderFeaturesTests.tiny.encodeWithTokens([.init(text: tokens.text, tokens: tokens.tokens.map(\.range))])[0]
        clusters.assign(encoding.tokens, tokenCount: tokens.count, into: &ids)
        var with = TokenFeatures(), without = TokenFeatures()
        let extractor = FeatureExtractor(configuration: model.features)
        extractor.extract(tokens, matches: [], clusters: ids, into: &with)
        extractor.extract(tokens, matches: [], into: &without)
        let clusterFeatures = (0..<tokens.count).flatMap { Set(with.features(of: $0)).subtracting(without.features(of: $0)) }
        #expect(clusterFeatures.count == 2 * tokens.count)
        #expect(clusterFeatures.contains { model.attributes.id(of: $0) != nil })
        // Parsing computes the same ids.
        let tagger = SlotTagger(model: model)
        var workspace = tagger.makeWorkspace()
        tagger.labels(of: "lock the Moonracer", workspace: &workspace)
        #expect(workspace.parsing.encoding.clusters == ids)

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("token-clusters-\(UUID().uuidString).model")
        defer { try? FileManager.default.removeItem(at: url) }
        try model.write(to: url)
        for loaded in [try NLUModel(contentsOf: url), try NLUModel(contentsOf: url, encoder: EncoderFeaturesTests.tiny)] {
            #expect(loaded.tokenClusters == clusters && loaded.tokenClusters?.encoder != nil)
            #expect(loaded == model)
            let trained = IntentParser(model: model), read = IntentParser(model: loaded)
            for text in ["send Buttercup 85 bucks on Unicorn Pay", "lock the Moonracer", "how much fuel is left in the Sparkle Van"] {
                let a = trained.parse(text), b = read.parse(text)
                #expect(a.intent == b.intent && a.slots == b.slots, "\(text)")
            }
        }
        // Read without its encoder (inspect), the clusters are there, their encoder not.
        let parts = try NLUModel(reading: ModelFileReader(contentsOf: url))
        #expect(parts.tokenClusters?.levels.map(\.count) == [2, 4] && parts.tokenClusters?.encoder == nil)
    }

    @Test func aFileWhoseClustersEncoderHasAnImpossibleDimensionIsRefused() throws {
        let bytes = try Self.train(levels: [2]).0.fileBytes()
        let damaged = try ModelFileEditing.changingMetadata(of: bytes) { metadata in
            var encoder = metadata["tokenClusterEncoder"] as? [String: Any] ?? [:]
            encoder["dimension"] = 1 << 62
            metadata["tokenClusterEncoder"] = encoder
        }
        #expect(throws: ModelError.inconsistent("the sentence encoder's dimension \(1 << 62) is out of range")) {
            try NLUModel(reading: ModelFileReader(bytes: damaged, name: "damaged"))
        }
    }

    @Test func noLevelsOrNoEncoderLeaveTheTemplateOut() {
        let (none, _) = Self.train(levels: [])
        #expect(none.tokenClusters == nil && !none.features.templates.contains(.encoderClusters))
        var templates = FeatureConfiguration.defaultTemplates
        templates.insert(.encoderClusters)
        let (plain, lines) = Self.train(levels: [2], encoder: nil, templates: templates)
        #expect(plain.tokenClusters == nil && !plain.features.templates.contains(.encoderClusters))
        #expect(lines.contains { $0.contains("encoderClusters template needs a sentence encoder") })
    }
}
