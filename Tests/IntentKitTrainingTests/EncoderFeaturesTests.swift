import Foundation
import IntentKitCorpus
import Testing
@testable import IntentKit
@testable import IntentKitTraining

/// The intent classifier with a sentence encoder's vector as dense features: the objective's
/// dense block, the runtime's scores, and a model that records its encoder and finds it again.
/// The encoder is the tiny random-weight one of the runtime's tests (8 dimensions).
@Suite("Sentence encoder features")
struct EncoderFeaturesTests {
    static let tinyDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("IntentKitTests/Fixtures/tiny-bert")
    static let tiny = try! SentenceEncoder(directory: tinyDirectory)

    @Test func theDenseBlockOfTheGradientMatchesFiniteDifferences() {
        // Three utterances, two sparse attributes, two classes, three dense features each.
        var objective = IntentClassifierObjective(
            offsets: [0, 1, 2, 4], attributes: [0, 1, 0, 1], classes: [0, 1, 1], attributeCount: 2, classCount: 2, l2: 0.2, threads: 2,
            dense: [0.5, -0.25, 1, 0.1, 0.7, -0.3, -0.6, 0.2, 0.4], denseDimension: 3)
        #expect(objective.parameterCount == 2 * 2 + 2 + 3 * 2)
        let parameters: [Double] = [0.1, -0.2, 0.3, 0.05, -0.4, 0.2, 0.3, -0.1, 0.25, 0.15, -0.35, 0.05]
        func value(_ x: [Double]) -> Double {
            var scratch = [Double](repeating: 0, count: x.count)
            return x.withUnsafeBufferPointer { x in scratch.withUnsafeMutableBufferPointer { objective.evaluate(x, gradient: $0) } }
        }
        var gradient = [Double](repeating: .nan, count: parameters.count)
        _ = parameters.withUnsafeBufferPointer { x in gradient.withUnsafeMutableBufferPointer { objective.evaluate(x, gradient: $0) } }
        for index in parameters.indices {
            var plus = parameters, minus = parameters
            plus[index] += 1e-5
            minus[index] -= 1e-5
            #expect(abs((value(plus) - value(minus)) / 2e-5 - gradient[index]) < 1e-6, "parameter \(index)")
        }
        // Dense weights of zero are the sparse objective's value.
        var sparse = IntentClassifierObjective(
            offsets: [0, 1, 2, 4], attributes: [0, 1, 0, 1], classes: [0, 1, 1], attributeCount: 2, classCount: 2, l2: 0.2, threads: 1)
        var scratch = [Double](repeating: 0, count: 6)
        let sparseValue = Array(parameters.prefix(6)).withUnsafeBufferPointer { x in scratch.withUnsafeMutableBufferPointer { sparse.evaluate(x, gradient: $0) } }
        #expect(abs(value(Array(parameters.prefix(6)) + [Double](repeating: 0, count: 6)) - sparseValue) < 1e-12)
    }

    @Test func theEncodersScoresAddToTheSparseFeatures() throws {
        let encoder = Self.tiny
        let D = encoder.dimension
        let dense = (0..<(D * 2)).map { Float($0 % 5) * 0.3 - 0.6 }
        let model = try IntentClassifierModel(
            intents: ["a", "b"], attributes: AttributeTable(hashes: [7]), weights: [0.5, -0.5], biases: [0.1, 0],
            encoderFeatures: EncoderFeatures(identity: encoder.identity, weights: dense, intents: 2, encoder: encoder))
        let embedding = try #require(model.embedding(of: "lock the car"))
        #expect(embedding == encoder.encode("lock the car"))
        var scores: [Float] = [0.1 + 0.5, -0.5]
        for d in 0..<D {
            scores[0] += dense[d * 2] * embedding[d]
            scores[1] += dense[d * 2 + 1] * embedding[d]
        }
        let expected = [Float(1 / (1 + exp(Double(scores[1] - scores[0])))), Float(1 / (1 + exp(Double(scores[0] - scores[1]))))]
        var probabilities = [Float]()
        model.probabilities(features: [7, 99], embedding: embedding, into: &probabilities)
        #expect(abs(probabilities[0] - expected[0]) < 1e-5 && abs(probabilities[1] - expected[1]) < 1e-5)
        // The weights must be dimension × intents.
        #expect(throws: ModelError.self) {
            try EncoderFeatures(identity: encoder.identity, weights: [1, 2, 3], intents: 2)
        }
    }

    /// A model of the small corpus trained with `encoder` at factors `scales`, and the log.
    static func train(encoder: SentenceEncoder, scales: [Double?]) -> (NLUModel, [String]) {
        var lines = [String]()
        var options = TrainingOptions()
        options.maxIterations = 5
        options.noiseFactor = 0
        options.encoder = encoder
        options.intentGrid = IntentClassifierGrid(c2: [0.02], characterNGrams: [nil], encoderScales: scales)
        let model = ModelTrainer(options: options, log: { lines.append($0.description) }).train(ModelTrainerTests.corpora.train).0
        return (model, lines)
    }

    /// With a ``IntentParser/shortcutSimilarity``, an utterance whose encoder vector is at least
    /// that similar to a shortcut phrase's parses as that shortcut, its similarity the confidence.
    @Test func aShortcutSaidAnotherWayMatchesAtTheStatedSimilarity() throws {
        let (model, _) = Self.train(encoder: Self.tiny, scales: [4])
        let said = "lock up the car please"
        func unit(_ v: [Float]) -> [Float] { let n = v.reduce(0) { $0 + $1 * $1 }.squareRoot(); return v.map { $0 / n } }
        let cosine = Double(zip(unit(Self.tiny.encode("lock up")), unit(Self.tiny.encode(said))).reduce(0) { $0 + $1.0 * $1.1 })
        let shortcuts = UserShortcuts([UserShortcut("lock up", intent: "LockCar", identifier: "night")])
        var parser = IntentParser(model: model).using(shortcuts.encoded(by: IntentParser(model: model)))
        #expect(parser.parse(said).shortcut == nil)  // off unless a similarity is stated
        parser.shortcutSimilarity = cosine - 1e-4
        let near = parser.parse(said)
        #expect(near.shortcut == "night" && near.intent == "LockCar" && abs(near.confidence - cosine) < 1e-4, "\(near)")
        #expect(parser.parse("Lock up!").confidence == 1)  // the phrase itself, as before
        parser.shortcutSimilarity = cosine + 1e-4
        #expect(parser.parse(said) == IntentParser(model: model).parse(said))
        // Shortcuts not encoded match only their phrases.
        var unencoded = IntentParser(model: model).using(shortcuts)
        unencoded.shortcutSimilarity = 0
        #expect(!shortcuts.isEncoded && unencoded.parse(said).shortcut == nil)
        #expect(shortcuts.encoded(by: IntentParser(model: model)).isEncoded)
    }

    @Test func aModelTrainedWithAnEncoderRecordsItAndParsesWithItAfterLoading() throws {
        let (model, lines) = Self.train(encoder: Self.tiny, scales: [4])
        let classifier = try #require(model.intentClassifier)
        #expect(classifier.encoder == Self.tiny.identity)
        #expect(classifier.encoderFeatures?.weights.contains { $0 != 0 } == true)
        #expect(model.provenance["intentFeatures"] == "words + bigrams + sentence encoder ×4")
        #expect(lines.contains { $0.contains("distinct texts encoded by tiny-bert") })
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("encoder-features-\(UUID().uuidString).model")
        defer { try? FileManager.default.removeItem(at: url) }
        try model.write(to: url)
        // Found again in the directory the model recorded, or given.
        for loaded in [try NLUModel(contentsOf: url), try NLUModel(contentsOf: url, encoder: Self.tiny)] {
            #expect(loaded.intentClassifier?.encoderFeatures?.encoder != nil)
            #expect(loaded.intentClassifier == classifier)
            let trained = IntentParser(model: model), read = IntentParser(model: loaded)
            for text in ["send Buttercup 85 bucks on Unicorn Pay", "lock the car", "how much fuel is left"] {
                let a = trained.parse(text), b = read.parse(text)
                #expect(a.intent == b.intent && abs(a.confidence - b.confidence) < 1e-3, "\(text)")
            }
        }
        // With no out-of-scope examples, a boundary around the corpus: the least similarity, the
        // training utterances' vectors it is measured against, kept in the file (the equality above).
        let minimum = try #require(classifier.outOfScope.minimumSimilarity)
        #expect((-1...1).contains(minimum) && classifier.scopeExemplars != nil)
        var strict = IntentParser(model: model)
        strict.minimumConfidence = nil
        strict.minimumSimilarity = 1.01  // no request is that like a training utterance
        let turnedAway = strict.parse("lock the car", alternatives: 1)
        #expect(turnedAway.isOutOfScope && turnedAway.intent == nil && turnedAway.alternatives.count == 2)
        strict.minimumSimilarity = -1.01
        #expect(!strict.parse("lock the car").isOutOfScope)
        // The encoder's vector counts: without it, the probabilities differ.
        var with = [Float](), without = [Float]()
        let features = [UInt64]()
        classifier.probabilities(features: features, embedding: Self.tiny.encode("lock the car"), into: &with)
        classifier.probabilities(features: features, into: &without)
        #expect(with != without)
    }

    @Test func loadingAModelWithoutItsEncoderIsAnErrorNamingIt() throws {
        let fileManager = FileManager.default
        let scratch = fileManager.temporaryDirectory.appendingPathComponent("encoder-features-\(UUID().uuidString)")
        defer { try? fileManager.removeItem(at: scratch) }
        try fileManager.createDirectory(at: scratch, withIntermediateDirectories: true)
        let copy = scratch.appendingPathComponent("my-encoder")
        try fileManager.copyItem(at: Self.tinyDirectory, to: copy)
        let (model, _) = Self.train(encoder: try SentenceEncoder(directory: copy), scales: [4])
        let url = scratch.appendingPathComponent("model.model")
        try model.write(to: url)
        #expect(try NLUModel(contentsOf: url).intentClassifier?.encoder?.name == "my-encoder")
        // Another encoder in its place: other files, another checksum.
        let other = scratch.appendingPathComponent("other-encoder")
        try fileManager.copyItem(at: Self.tinyDirectory, to: other)
        let config = other.appendingPathComponent("config.json")
        try (String(contentsOf: config, encoding: .utf8) + "\n").write(to: config, atomically: true, encoding: .utf8)
        let otherEncoder = try SentenceEncoder(directory: other)
        #expect(otherEncoder.identity.checksum != Self.tiny.identity.checksum)
        do {
            _ = try NLUModel(contentsOf: url, encoder: otherEncoder)
            Issue.record("another encoder was accepted")
        } catch let error {
            guard case .missingEncoder(let detail) = error else { throw error }
            #expect(detail.contains("my-encoder") && detail.contains("other-encoder"), "\(detail)")
        }
        // The recorded directory gone, and none given.
        try fileManager.removeItem(at: copy)
        do {
            _ = try NLUModel(contentsOf: url)
            Issue.record("a model was loaded without its encoder")
        } catch let error {
            guard case .missingEncoder(let detail) = error else { throw error }
            #expect(detail.contains("my-encoder") && detail.contains(copy.path) && detail.contains("--encoder"), "\(detail)")
        }
        // The model itself reads (inspect shows which encoder it needs).
        let parts = try NLUModel(reading: ModelFileReader(contentsOf: url))
        #expect(parts.intentClassifier?.encoder?.name == "my-encoder")
    }

    @Test func theSearchComparesTheEncoderAgainstNoneAndRecordsIt() throws {
        let (model, lines) = Self.train(encoder: Self.tiny, scales: [nil, 4])
        let scored = lines.filter { $0.contains("held-out accuracy (folds") }
        #expect(scored.count == 2, "\(lines)")
        #expect(scored[0].contains("L2 0.02, words + bigrams, balanced:") && scored[1].contains("words + bigrams + sentence encoder ×4, balanced:"))
        let entry = try #require(model.provenance["intentEncoder"])
        #expect(entry.hasPrefix("tiny-bert (8 dimensions, checksum \(Self.tiny.identity.checksumText))"))
        // (An encoder the classifier does not weigh may stay, with zero weights, for the scope decision.)
        let chosen = model.intentClassifier?.encoderFeatures?.weighsVector == true
        #expect(chosen == scored[1].hasSuffix(", chosen"))
        #expect(chosen != entry.hasSuffix("not used: no gain on the held-out folds"))
        // Without an encoder, the factors are not compared.
        var options = TrainingOptions()
        options.maxIterations = 5
        options.noiseFactor = 0
        options.intentGrid = IntentClassifierGrid(c2: [0.02], characterNGrams: [nil], encoderScales: [nil, 4])
        let plain = ModelTrainer(options: options).train(ModelTrainerTests.corpora.train).0
        #expect(plain.intentClassifier?.encoder == nil && plain.provenance["intentEncoder"] == nil)
    }

    /// A corpus without out-of-scope examples whose folds choose words alone still gets the
    /// boundary the encoder draws (the minimum similarity): the classifier keeps the encoder
    /// with zero weights, its intents exactly the words-only classifier's.
    @Test func aClassifierOnWordsAloneKeepsItsEncoderForTheScopeBoundary() throws {
        var options = TrainingOptions()
        options.maxIterations = 5
        options.noiseFactor = 0
        // (On this corpus the folds favour words alone over the tiny encoder's random vectors.)
        options.intentGrid = IntentClassifierGrid(c2: [0.02], characterNGrams: [nil], encoderScales: [nil, 4])
        let plain = try #require(ModelTrainer(options: options).train(ModelTrainerTests.corpora.train).0.intentClassifier)
        options.encoder = Self.tiny
        let scoped = try #require(ModelTrainer(options: options).train(ModelTrainerTests.corpora.train).0.intentClassifier)
        let features = try #require(scoped.encoderFeatures)
        #expect(!features.weighsVector && scoped.encoder?.isSameEncoder(as: Self.tiny.identity) == true)
        #expect(scoped.outOfScope.minimumSimilarity != nil && scoped.scopeExemplars != nil)
        #expect(scoped.storage.weights == plain.storage.weights && scoped.storage.biases == plain.storage.biases)
        #expect(scoped.outOfScope.temperature == plain.outOfScope.temperature)
        #expect(plain.encoderFeatures == nil && plain.outOfScope.minimumSimilarity == nil)
    }

    /// Every factor is fitted, whatever its place in the grid, before one is chosen
    /// (``SettingComparison/choice(of:challengers:incumbent:phrasings:classes:)``, tested on its own),
    /// and the model is the setting the log marks chosen.
    @Test func everyFactorIsFittedBeforeOneIsChosen() throws {
        let (model, lines) = Self.train(encoder: Self.tiny, scales: [nil, 16, 4, 1])
        let scored = lines.filter { $0.contains("held-out accuracy (folds") }
        let factors = scored.filter { $0.contains("sentence encoder ×") }
        #expect(factors.count == 3 && ["×16", "×4", "×1"].allSatisfy { f in factors.contains { $0.contains("sentence encoder \(f),") } }, "\(lines)")
        let chosen = scored.filter { $0.hasSuffix(", chosen") }
        #expect(chosen.count == 1, "\(scored)")
        #expect(chosen.first?.contains((model.provenance["intentFeatures"] ?? "?") + ", balanced:") == true, "\(chosen)")
    }

    /// With the encoder's vector in the classifier, the tagger learns from the held-out intents
    /// of the setting on words alone, so it is the tagger training without the encoder gives.
    /// Both ways of choosing the encoder: its factor fixed (the words' setting is fitted for
    /// the tagger) and searched (the setting the search held before the encoder joined it).
    @Test(arguments: [[4.0], [nil, 4.0]] as [[Double?]])
    func theTaggerLearnsFromTheWordsAloneAsWithoutTheEncoder(scales: [Double?]) throws {
        var options = TrainingOptions()
        options.maxIterations = 5
        options.noiseFactor = 0
        options.intentGrid = IntentClassifierGrid(c2: [0.02], characterNGrams: [nil], encoderScales: scales)
        let plain = ModelTrainer(options: options).train(ModelTrainerTests.corpora.train).0
        options.encoder = Self.tiny
        var lines = [String]()
        let encoded = ModelTrainer(options: options, log: { lines.append($0.description) }).train(ModelTrainerTests.corpora.train).0
        let (a, b) = (encoded.storage, plain.storage)
        #expect(encoded.attributes.count == plain.attributes.count)
        #expect(a.rowOffsets == b.rowOffsets && a.stateLabels == b.stateLabels && a.stateWeights == b.stateWeights && a.transitions == b.transitions)
        // The encoder's vector is in the classifier when it is fixed, and the log says which
        // setting the tagger learnt from whenever it is.
        guard encoded.intentClassifier?.encoderFeatures?.weighsVector == true else {
            #expect(scales.first! == nil, "\(lines)")
            return
        }
        #expect(encoded.intentClassifier?.storage.biases != plain.intentClassifier?.storage.biases)
        #expect(lines.contains { $0.hasPrefix("intent classifier: the tagger learns from the held-out intents of L2 0.02, words + bigrams, balanced (") },
                "\(lines)")
    }
}
