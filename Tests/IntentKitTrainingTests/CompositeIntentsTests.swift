import Foundation
import IntentKitCorpus
import Testing
@testable import IntentKit
import IntentKitEvaluation
@testable import IntentKitTraining

/// Intents that combine others (`flight#fare`): the confidence in a combination is that of its
/// least certain part, summed over the classes that contain it, and a parse's minimum
/// confidence judges it so.
@Suite("Composite intents")
struct CompositeIntentsTests {
    @Test func aCombinationIsAsSureAsItsLeastCertainPart() throws {
        #expect(CompositeIntents(intents: ["flight", "fare", "out_of_scope"]) == nil)
        let composites = try #require(CompositeIntents(intents: ["flight", "fare", "flight#fare", "ground", "fare#flight#fare", "out_of_scope"]))
        #expect(composites.partCount == 4)
        #expect(composites.parts == [[0], [1], [0, 1], [2], [1, 0], [3]])
        let probabilities: [Float] = [0.2, 0.15, 0.3, 0.1, 0.05, 0.2]
        // flight: 0.2 + 0.3 + 0.05; fare: 0.15 + 0.3 + 0.05.
        #expect(abs(composites.confidence(of: 2, probabilities: probabilities) - 0.5) < 1e-6)
        #expect(abs(composites.confidence(of: 4, probabilities: probabilities) - 0.5) < 1e-6)
        #expect(abs(composites.confidence(of: 0, probabilities: probabilities) - 0.55) < 1e-6)
        #expect(abs(composites.confidence(of: 3, probabilities: probabilities) - 0.1) < 1e-6)
    }

    /// Flights, fares, both, and ground transport to twelve cities, phrased alike.
    static let corpus: Corpus = {
        let cities = ["Boston", "Denver", "Dallas", "Atlanta", "Seattle", "Miami", "Chicago", "Newark", "Austin", "Phoenix", "Detroit", "Orlando"]
        let phrasings: [(String, [String])] = [
            ("flight", ["show me flights to {}", "list flights to {}", "flights to {} please", "which flights go to {}"]),
            ("fare", ["what is the fare to {}", "show me fares to {}", "how much does a ticket to {} cost", "fares to {} please"]),
            ("flight#fare", ["show me flights and fares to {}", "list flights to {} with their fares"]),
            ("ground", ["ground transportation in {}", "how do I get downtown in {}", "car rental in {}"]),
        ]
        var utterances = [Utterance]()
        for (intent, templates) in phrasings {
            for (index, city) in cities.enumerated() {
                let template = templates[index % templates.count]
                let text = template.replacingOccurrences(of: "{}", with: city)
                let start = text.distance(from: text.startIndex, to: text.range(of: city)!.lowerBound)
                utterances.append(Utterance(text: text, intent: intent, slots: [SlotAnnotation(name: "city", range: start..<(start + city.count))]))
            }
        }
        return Corpus(utterances: utterances)
    }()

    @Test func theMinimumConfidenceJudgesACombinationByItsLeastCertainPart() throws {
        var options = TrainingOptions()
        options.maxIterations = 20
        options.noiseFactor = 0
        let model = ModelTrainer(options: options).train(Self.corpus).0
        let classifier = try #require(model.intentClassifier)
        let composites = try #require(CompositeIntents(intents: classifier.intents))
        // The parts' rule, not the two likeliest classes': the model says so.
        #expect(classifier.outOfScope.confidenceMeasure == .likeliestIntent)
        var parser = IntentParser(model: model)
        parser.minimumConfidence = nil
        parser.intentReranking = false
        let text = "flights and fares to Phoenix"
        let parse = parser.parse(text, alternatives: classifier.intents.count)
        #expect(parse.intent == "flight#fare")
        var probabilities = [Float](repeating: 0, count: classifier.intents.count)
        for candidate in [IntentCandidate(intent: parse.intent ?? "", confidence: parse.confidence)] + parse.alternatives {
            probabilities[try #require(classifier.intents.firstIndex(of: candidate.intent))] = Float(candidate.confidence)
        }
        let index = try #require(classifier.intents.firstIndex(of: "flight#fare"))
        let partsConfidence = composites.confidence(of: index, probabilities: probabilities)
        // The combination's own probability is below what its parts are sure of.
        try #require(parse.confidence + 0.05 < partsConfidence, "\(parse.confidence) against \(partsConfidence)")
        parser.minimumConfidence = (parse.confidence + partsConfidence) / 2
        #expect(parser.parse(text).intent == "flight#fare")
        // The report's out-of-scope histograms plot what the minimum compared, on its scale:
        // the parts' confidence, in its bin, not the combination's probability.
        let evaluator = Evaluator()
        let comparison = try #require(evaluator.comparisons(of: parser, on: [Utterance(text: text, intent: "flight#fare")]).first)
        #expect(abs(comparison.judgedConfidence - partsConfidence) < 1e-4, "\(comparison.judgedConfidence) against \(partsConfidence)")
        #expect(abs(comparison.confidence - parse.confidence) < 1e-4)
        let outOfScope = try #require(evaluator.evaluate(parser, on: [Utterance(text: text, intent: "flight#fare"), Utterance(text: "book a hotel", intent: "none")]).outOfScope)
        let bins = outOfScope.inScopeHistogram.count
        #expect(outOfScope.inScopeHistogram[min(bins - 1, Int(partsConfidence * Double(bins)))] == 1)
        #expect(Int(parse.confidence * Double(bins)) != Int(partsConfidence * Double(bins)), "the two confidences share a bin: the test tells nothing")
        parser.minimumConfidence = partsConfidence + 0.01
        #expect(parser.parse(text).isOutOfScope)
        // Out of scope, the likeliest intent's parts are what fell short.
        let rejected = try #require(evaluator.comparisons(of: parser, on: [Utterance(text: text, intent: "flight#fare")]).first)
        #expect(rejected.predictedIntent == FrameComparison.outOfScopeLabel)
        #expect(abs(rejected.judgedConfidence - partsConfidence) < 1e-4)
    }
}
