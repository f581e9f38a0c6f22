import Foundation
import IntentKitCorpus
import Testing
@testable import IntentKit
@testable import IntentKitTraining

/// What the model writer keeps: a trained model written and read back parses as before.
@Suite("Model writing")
struct ModelWritingTests {
    static let model: NLUModel = {
        var options = TrainingOptions()
        options.maxIterations = 40
        return ModelTrainer(options: options).train(ModelTrainerTests.corpora.train).0
    }()
    /// A fixed moment for relative dates, so that two parses of one utterance resolve alike.
    static let reference = Date(timeIntervalSince1970: 1_795_334_400)

    @Test func theModelFileCarriesTheSchemaAndEachIntentsSlots() throws {
        let reread = try NLUModel(reading: ModelFileReader(bytes: Self.model.fileBytes(), name: "parser"))
        #expect(reread.schema == Self.model.schema && !reread.schema.entities.isEmpty)
        #expect(reread.intentSlots == Self.model.intentSlots && !reread.intentSlots.isEmpty)
        let text = "pay Buttercup twenty euros"
        #expect(IntentParser(model: reread).parse(text, reference: Self.reference)
                == IntentParser(model: Self.model).parse(text, reference: Self.reference))
    }

    @Test func int8ClassifierWeightsAreWholeStepsOfTheirRowAndReadBackBitForBit() throws {
        let classifier = try #require(Self.model.intentClassifier)
        let scales = try #require(classifier.rowScales, "int8 is the default")
        let C = classifier.intents.count
        let weights = classifier.storage.weights
        for (row, scale) in scales.enumerated() {
            let levels = weights[row * C..<(row + 1) * C].map { scale > 0 ? $0 / scale : 0 }
            #expect(levels.allSatisfy { abs($0 - $0.rounded()) < 1e-3 && abs($0) <= 127.001 })
            #expect(scale == 0 || levels.contains { abs(abs($0) - 127) < 1e-3 }, "a row's largest weight is 127 steps")
        }
        let bytes = try Self.model.fileBytes()
        let reader = try ModelFileReader(bytes: bytes, name: "int8")
        #expect(reader.has(.intentQuantizedWeights) && reader.has(.intentRowScales) && !reader.has(.intentWeights))
        #expect(try NLUModel(reading: reader).intentClassifier == classifier)

        var options = TrainingOptions()
        options.maxIterations = 40
        options.intentWeightPrecision = .float32
        let float = ModelTrainer(options: options).train(ModelTrainerTests.corpora.train).0
        let floatReader = try ModelFileReader(bytes: float.fileBytes(), name: "float32")
        #expect(float.intentClassifier?.rowScales == nil && floatReader.has(.intentWeights) && !floatReader.has(.intentQuantizedWeights))
        // The same classifier but for the rounding: the same intents for the same utterances.
        let text = "pay Buttercup twenty euros"
        #expect(IntentParser(model: float).parse(text, reference: Self.reference).intent
                == IntentParser(model: Self.model).parse(text, reference: Self.reference).intent)
        let floatSize = try #require(floatReader.sectionTable.first { $0.tag == "CWGT" }).range.count
        let int8Size = try #require(reader.sectionTable.first { $0.tag == "CWQ8" }).range.count
        #expect(int8Size * 4 == floatSize)
    }

    @Test func rareWordPairsAreLeftOutOnlyOfALargeClassifierOrWhenAsked() throws {
        let small = try #require(Self.model.intentClassifier)
        var options = TrainingOptions()
        options.maxIterations = 40
        options.intentMinimumFeatureCount = 2
        let asked = try #require(ModelTrainer(options: options).train(ModelTrainerTests.corpora.train).0.intentClassifier)
        // This corpus's classifier is far below the size at which training leaves them out by itself.
        #expect(small.attributes.count * small.intents.count < TrainingOptions.largeClassifierWeights)
        #expect(asked.attributes.count < small.attributes.count)
        #expect(asked.intents == small.intents)
    }
    /// A classifier small on words and word pairs but large with character n-grams: made-up
    /// words, forty intents, each utterance words of its own.
    @Test func theCharacterNGramsASettingAddsCountTowardTheSizeThatLeavesRarePairsOut() throws {
        var generator = SeededGenerator(seed: 7)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        func word() -> String { String((0..<(6 + Int(generator.next() % 5))).map { _ in letters[Int(generator.next() % 26)] }) }
        var utterances = [Utterance]()
        for intent in 0..<40 {
            for _ in 0..<30 { utterances.append(Utterance(text: (0..<5).map { _ in word() }.joined(separator: " "), intent: "intent\(intent)")) }
        }
        func train(_ lengths: ClosedRange<Int>?) -> (classifier: IntentClassifierModel?, lines: [String]) {
            var options = TrainingOptions()
            options.maxIterations = 5
            options.noiseFactor = 0
            options.intentGrid = IntentClassifierGrid(c2: [0.02], characterNGrams: [lengths])
            var lines = [String]()
            let model = ModelTrainer(options: options, log: { lines.append($0.description) }).train(Corpus(utterances: utterances)).0
            return (model.intentClassifier, lines)
        }
        let (words, wordLines) = train(nil)
        let (nGrams, nGramLines) = train(2...5)
        let wordClassifier = try #require(words), nGramClassifier = try #require(nGrams)
        // Words and pairs alone stay under the size, and every pair of a single utterance is kept.
        #expect(wordClassifier.attributes.count * wordClassifier.intents.count < TrainingOptions.largeClassifierWeights)
        #expect(!wordLines.contains { $0.contains("utterances left out") }, "\(wordLines)")
        // With n-grams the classifier would be over it: n-grams of a single utterance are left out.
        #expect(nGramLines.contains { $0.contains("intent classifier with character 2-5-grams: word pairs and character n-grams of fewer than 2 utterances left out") },
                "\(nGramLines)")
        #expect(nGramClassifier.attributes.count * nGramClassifier.intents.count < TrainingOptions.largeClassifierWeights)
    }
}
