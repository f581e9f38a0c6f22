import Foundation
import Testing
@testable import IntentKit
@testable import IntentKitTraining

/// The intent classifier's nearest-exemplar features: each intent's highest cosine similarity to
/// the utterance, at parse time (``EncoderExemplars``) and in training, where no utterance is
/// its own exemplar nor has a twin of its phrasing or a held-out fold's utterance as one
/// (``ExemplarSimilarities``); a model with them writes, reads and parses alike.
@Suite("Nearest-exemplar features")
struct EncoderExemplarsTests {
    @Test func eachIntentsFeatureIsItsMostSimilarExemplar() throws {
        // Intent 0: (1, 0) and (0.6, 0.8) once normalised; intent 1: (0, 1); intent 2: none.
        // Stored in steps of 1/127 of each row's largest value: 0.6 is 95 steps of 0.8/127.
        let exemplars = try EncoderExemplars(normalising: [[3, 0], [0.3, 0.4], [0, 2]], classes: [0, 0, 1], intents: 3)
        #expect(exemplars.levels == [127, 0, 95, 127, 0, 127])
        #expect(zip(exemplars.vectors, [1, 0, 0.6, 0.8, 0, 1] as [Float]).allSatisfy { abs($0 - $1) <= 0.8 / 254 })
        func similarities(_ vector: [Float]) -> [Float] {
            var result = [Float](repeating: .nan, count: 3)
            vector.withUnsafeBufferPointer { v in result.withUnsafeMutableBufferPointer { exemplars.similarities(of: v, into: $0) } }
            return result
        }
        // The utterance's vector is quantised too (256 levels over its range): within 0.01.
        let along = similarities([2, 0])
        #expect(abs(along[0] - 1) < 0.01 && abs(along[1]) < 0.01 && along[2] == 0)
        // A negative similarity is kept; an intent without exemplars says 0.
        let below = similarities([0, -3])
        #expect(abs(below[0] - 0) < 0.01 && abs(below[1] + 1) < 0.01 && below[2] == 0)
        let between = similarities([1, 1])
        #expect(abs(between[0] - Float(1.4 / 2.squareRoot())) < 0.01 && abs(between[1] - Float(1 / 2.squareRoot())) < 0.01)
        #expect(similarities([0, 0]) == [0, 0, 0])
        // Classes must be intents, vectors of the dimension, steps within −127…127.
        #expect(throws: ModelError.self) { try EncoderExemplars(vectors: [1, 0], classes: [3], dimension: 2, intents: 3) }
        #expect(throws: ModelError.self) { try EncoderExemplars(vectors: [1, 0, 1], classes: [0], dimension: 2, intents: 3) }
        #expect(throws: ModelError.self) { try EncoderExemplars(vectors: [.nan, 0], classes: [0], dimension: 2, intents: 3) }
        #expect(throws: ModelError.self) { try EncoderExemplars(levels: [-128, 0], scales: [1], classes: [0], dimension: 2, intents: 3) }
        #expect(throws: ModelError.self) { try EncoderExemplars(levels: [127, 0], scales: [-1], classes: [0], dimension: 2, intents: 3) }
        #expect(throws: ModelError.self) { try EncoderExemplars(levels: [127, 0], scales: [1, 1], classes: [0], dimension: 2, intents: 3) }
        #expect(throws: ModelError.self) { try EncoderExemplars(levels: [], scales: [], classes: [], dimension: 2, intents: 3) }
    }

    @Test func bytePerValueSimilaritiesStayWithinAHundredthOfTheCosines() {
        // 300 random exemplars of 384 dimensions, 20 intents, 50 random utterance vectors.
        var state: UInt64 = 11
        func uniform() -> Float { state = splitMix(state); return Float(state % 20_001) / 10_000 - 1 }
        let D = 384, n = 300, intents = 20
        let rows = (0..<n).map { _ in (0..<D).map { _ in uniform() } }
        let classes = (0..<n).map { $0 % intents }
        let exemplars = try! EncoderExemplars(normalising: rows, classes: classes, intents: intents)
        let unit = rows.map { row in row.map { $0 / row.reduce(0) { $0 + $1 * $1 }.squareRoot() } }
        var largestError: Float = 0
        for _ in 0..<50 {
            let vector = (0..<D).map { _ in uniform() }
            let norm = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
            var expected = [Float](repeating: -.infinity, count: intents)
            for (row, c) in zip(unit, classes) { expected[c] = max(expected[c], zip(row, vector).map(*).reduce(0, +) / norm) }
            var result = [Float](repeating: .nan, count: intents)
            vector.withUnsafeBufferPointer { v in result.withUnsafeMutableBufferPointer { exemplars.similarities(of: v, into: $0) } }
            for (a, b) in zip(result, expected) { largestError = max(largestError, abs(a - b)) }
        }
        #expect(largestError < 0.01 && largestError > 0)
    }

    @Test func aFileWhoseEncoderHasAnImpossibleDimensionIsRefusedNotMultiplied() throws {
        let bytes = try Self.train().fileBytes()
        for dimension in [1 << 62, 0, -5, EncoderIdentity.maximumDimension + 1] {
            let damaged = try ModelFileEditing.changingMetadata(of: bytes) { metadata in
                var encoder = metadata["intentEncoder"] as? [String: Any] ?? [:]
                encoder["dimension"] = dimension
                metadata["intentEncoder"] = encoder
            }
            #expect(throws: ModelError.inconsistent("the sentence encoder's dimension \(dimension) is out of range")) {
                try NLUModel(reading: ModelFileReader(bytes: damaged, name: "damaged"))
            }
        }
    }

    @Test func exemplarsStoredInFloatsByFormatOnePointEightReadAsTheSameSteps() throws {
        // The current file with the exemplars' two byte-per-value sections replaced by the
        // float rows format 1.8 wrote (CEXV).
        let model = Self.train()
        let exemplars = try #require(model.intentClassifier?.encoderFeatures?.exemplars)
        let current = try ModelFileReader(bytes: model.fileBytes(), name: "current")
        var writer = ModelFileWriter()
        for (tag, _) in current.sectionTable {
            let section = try #require(ModelFileFormat.Tag(rawValue: tag))
            switch section {
            case .intentExemplarLevels: writer.add(.intentExemplarVectors, floats: exemplars.vectors)
            case .intentExemplarScales: continue
            default: writer.add(section, bytes: Array(try current.data(section)))
            }
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("exemplars-1.8-\(UUID().uuidString).model")
        defer { try? FileManager.default.removeItem(at: url) }
        try writer.write(to: url)
        let loaded = try NLUModel(contentsOf: url, encoder: EncoderFeaturesTests.tiny)
        #expect(loaded.intentClassifier?.encoderFeatures?.exemplars == exemplars)
    }

    @Test func trainingFeaturesLeaveOutTheUtterancesPhrasingItsFoldAndTheOutOfScopeClass() {
        // 60 random rows of 5 dimensions, 3 classes (2 is out of scope), in groups 0-2 (folds)
        // and 3 (every fold's training), of 12 phrasings: compared with a direct search.
        var state: UInt64 = 7
        func next() -> UInt64 { state = splitMix(state); return state }
        func uniform() -> Float { Float(next() % 10_000) / 5_000 - 1 }
        let n = 60
        let vectors = (0..<n).map { _ in (0..<5).map { _ in uniform() } }
        let classes = (0..<n).map { _ in Int(next() % 3) }, groups = (0..<n).map { _ in Int(next() % 4) }
        let phrasings = (0..<n).map { _ in next() % 12 }
        let similarities = ExemplarSimilarities(
            vectors: vectors, classes: classes, groups: groups, groupCount: 4, phrasings: phrasings, classCount: 3, excludedClass: 2, threads: 2)
        func cosine(_ a: [Float], _ b: [Float]) -> Float {
            zip(a, b).map(*).reduce(0, +) / (a.map { $0 * $0 }.reduce(0, +).squareRoot() * b.map { $0 * $0 }.reduce(0, +).squareRoot())
        }
        for row in 0..<n {
            for excluded in [nil, 0, 1, 2] as [Int?] {
                var expected: [Float] = [0, 0, 0], seen = [false, false, false]
                for j in 0..<n where phrasings[j] != phrasings[row] && groups[j] != excluded && classes[j] != 2 {
                    let s = cosine(vectors[row], vectors[j])
                    if !seen[classes[j]] || s > expected[classes[j]] { expected[classes[j]] = s; seen[classes[j]] = true }
                }
                let features = similarities.features(of: row, excluding: excluded)
                #expect(zip(features, expected).allSatisfy { abs($0 - $1) < 1e-5 }, "row \(row) excluding \(String(describing: excluded))")
                #expect(features[2] == 0)
            }
        }
    }

    @Test func aFitWithoutNeighboursStartsTheVectorsRowsAndLeavesTheirsAtZero() {
        // One feature, two classes, two dense dimensions scaled by 2 in the fit; the new problem
        // scales the vector by 4 and adds two nearest-exemplar features.
        let fit = IntentClassifierFit(hashes: [1], parameters: [1, -1, 0.5, -0.5, 1, 2, 3, 4], denseScales: [2, 2])
        var problem = IntentClassifierTrainer.Problem(features: [[1], [1]], classes: [0, 1], intents: ["a", "b"], generated: 0, generatedWeight: 1)
        problem = problem.withDense([[1, 0], [0, 1]], scale: 4, neighbours: [[0.5, 0.25], [0.125, 0.75]], neighbourScale: 8)
        #expect(problem.denseDimension == 4 && problem.neighbourDimension == 2 && problem.denseScales == [4, 4, 8, 8])
        #expect(problem.dense == [4, 0, 4, 2, 0, 4, 1, 6])
        // The vector's weights of the features themselves (2·w) over the new scale, 4.
        #expect(problem.initialParameters(from: [fit]) == [1, -1, 0.5, -0.5, 0.5, 1, 1.5, 2, 0, 0, 0, 0])
    }

    /// The small corpus trained with the tiny encoder, its vector ×4 and the nearest exemplars
    /// ×4 (an explicit choice: a grid of one factor).
    static func train() -> NLUModel {
        var options = TrainingOptions()
        options.maxIterations = 5
        options.noiseFactor = 0
        options.encoder = EncoderFeaturesTests.tiny
        options.intentGrid = IntentClassifierGrid(c2: [0.02], characterNGrams: [nil], encoderScales: [4], neighbourScales: [4])
        return ModelTrainer(options: options).train(ModelTrainerTests.corpora.train).0
    }

    @Test func aModelWithExemplarsScoresThemWritesThemAndReadsThemBack() throws {
        let model = Self.train()
        let classifier = try #require(model.intentClassifier)
        let features = try #require(classifier.encoderFeatures)
        let exemplars = try #require(features.exemplars)
        #expect(model.provenance["intentFeatures"] == "words + bigrams + sentence encoder ×4 + nearest exemplars ×4")
        #expect(features.neighbourDimension == classifier.intents.count)
        // Each distinct training text once.
        let texts = Set(ModelTrainerTests.corpora.train.utterances.map { "\($0.intent) \($0.text)" })
        #expect(exemplars.count == texts.count && exemplars.dimension == EncoderFeaturesTests.tiny.dimension)
        // Parse time computes the features the classifier was given in training.
        let embedding = try #require(classifier.embedding(of: "lock the car"))
        var neighbours = [Float](repeating: 0, count: classifier.intents.count)
        embedding.withUnsafeBufferPointer { e in neighbours.withUnsafeMutableBufferPointer { exemplars.similarities(of: e, into: $0) } }
        #expect(neighbours.contains { $0 > 0.5 })
        var parsed = [Float](), given = [Float](), vectorOnly = [Float]()
        classifier.probabilities(features: [], embedding: embedding, into: &parsed)
        classifier.probabilities(features: [], denseInput: embedding + neighbours, into: &given)
        classifier.probabilities(features: [], denseInput: embedding + [Float](repeating: 0, count: neighbours.count), into: &vectorOnly)
        #expect(zip(parsed, given).allSatisfy { abs($0 - $1) < 1e-6 })
        #expect(parsed != vectorOnly)
        // Written and read back whole.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("exemplars-\(UUID().uuidString).model")
        defer { try? FileManager.default.removeItem(at: url) }
        try model.write(to: url)
        let loaded = try NLUModel(contentsOf: url, encoder: EncoderFeaturesTests.tiny)
        #expect(loaded.intentClassifier == classifier)
        let trained = IntentParser(model: model), read = IntentParser(model: loaded)
        for text in ["send Buttercup 85 bucks on Unicorn Pay", "lock the car", "how much fuel is left"] {
            let a = trained.parse(text), b = read.parse(text)
            #expect(a.intent == b.intent && abs(a.confidence - b.confidence) < 1e-4, "\(text)")
        }
    }

    @Test func theSearchChallengesTheVectorWithExemplarsAndRecordsTheChoice() throws {
        var lines = [String]()
        var options = TrainingOptions()
        options.maxIterations = 5
        options.noiseFactor = 0
        options.encoder = EncoderFeaturesTests.tiny
        options.intentGrid = IntentClassifierGrid(c2: [0.02], characterNGrams: [nil], encoderScales: [4], neighbourScales: [nil, 4])
        let model = ModelTrainer(options: options, log: { lines.append($0.description) }).train(ModelTrainerTests.corpora.train).0
        let scored = lines.filter { $0.contains("held-out accuracy (folds") }
        #expect(scored.count == 2, "\(lines)")
        #expect(scored[1].contains("words + bigrams + sentence encoder ×4 + nearest exemplars ×4, balanced:"))
        let chosen = scored[1].hasSuffix(", chosen")
        #expect(chosen == (model.intentClassifier?.encoderFeatures?.exemplars != nil))
        #expect(model.provenance["intentFeatures"]?.hasSuffix("nearest exemplars ×4") == chosen)
        // Without an encoder, no exemplars are compared.
        options.encoder = nil
        lines = []
        _ = ModelTrainer(options: options, log: { lines.append($0.description) }).train(ModelTrainerTests.corpora.train)
        #expect(lines.filter { $0.contains("held-out accuracy (folds") }.count == 1 && !lines.contains { $0.contains("nearest exemplars") })
    }

    @Test func encoderWeightsMustFitTheirNearestExemplarFeatures() throws {
        let identity = EncoderFeaturesTests.tiny.identity, D = identity.dimension
        let exemplars = try EncoderExemplars(normalising: [[Float](repeating: 1, count: D)], classes: [1], intents: 2)
        // (D + 2) × 2 weights with exemplars of 2 intents: consistent.
        #expect(throws: Never.self) {
            try EncoderFeatures(identity: identity, weights: [Float](repeating: 0, count: (D + 2) * 2), intents: 2, neighbourDimension: 2, exemplars: exemplars)
        }
        // The vector's weights alone, or exemplars without their features' weights.
        #expect(throws: ModelError.self) {
            try EncoderFeatures(identity: identity, weights: [Float](repeating: 0, count: D * 2), intents: 2, neighbourDimension: 2, exemplars: exemplars)
        }
        #expect(throws: ModelError.self) {
            try EncoderFeatures(identity: identity, weights: [Float](repeating: 0, count: D * 2), intents: 2, exemplars: exemplars)
        }
        // Exemplars of another number of intents.
        let three = try EncoderExemplars(normalising: [[Float](repeating: 1, count: D)], classes: [2], intents: 3)
        #expect(throws: ModelError.self) {
            try EncoderFeatures(identity: identity, weights: [Float](repeating: 0, count: (D + 2) * 2), intents: 2, neighbourDimension: 2, exemplars: three)
        }
    }
}
