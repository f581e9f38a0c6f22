import Foundation
import IntentKitCorpus
import Testing
@testable import IntentKit
@testable import IntentKitTraining

@Suite("Intent classifier")
struct IntentClassifierTests {
    private func features(_ corpus: Corpus) -> [[UInt64]] {
        let tokenizer = Tokenizer()
        let extractor = IntentFeatureExtractor()
        return corpus.utterances.map { utterance in
            var output = [UInt64]()
            extractor.extract(tokenizer.tokenize(utterance.text), matches: [], into: &output)
            return output
        }
    }

    @Test func classifiesUnseenUtterancesOfTheDefaultCorpus() {
        // Every fifth utterance held out: same phrasings, new fillers and combinations.
        let all = ModelTrainerTests.corpora.train
        var train = all, test = all
        train.utterances = all.utterances.enumerated().filter { $0.offset % 5 != 0 }.map(\.element)
        test.utterances = all.utterances.enumerated().filter { $0.offset % 5 == 0 }.map(\.element)
        let intents = Array(Set(train.utterances.map(\.intent))).sorted()
        var trainer = IntentClassifierTrainer()
        trainer.maxIterations = 50
        let model = trainer.train(features: features(train), classes: train.utterances.map { intents.firstIndex(of: $0.intent)! }, intents: intents)
        var probabilities = [Float]()
        let testFeatures = features(test)
        var correct = 0
        for (index, utterance) in test.utterances.enumerated() {
            let predicted = model.predict(features: testFeatures[index], scratch: &probabilities)
            if intents[predicted] == utterance.intent { correct += 1 }
            #expect(abs(probabilities.reduce(0, +) - 1) < 1e-4)
        }
        #expect(Double(correct) / Double(test.utterances.count) > 0.95)
    }

    @Test func gradientMatchesFiniteDifferences() {
        // Three utterances, three attributes, two classes (one rarer: class weights apply).
        var objective = IntentClassifierObjective(
            offsets: [0, 2, 3, 5], attributes: [0, 1, 2, 0, 2], classes: [0, 1, 0], attributeCount: 3, classCount: 2, l2: 0.3, threads: 2)
        let parameters: [Double] = [0.1, -0.2, 0.3, 0.05, -0.4, 0.2, 0.1, -0.1]
        var gradient = [Double](repeating: 0, count: parameters.count)
        func value(_ x: [Double]) -> Double {
            var scratch = [Double](repeating: 0, count: x.count)
            return x.withUnsafeBufferPointer { x in scratch.withUnsafeMutableBufferPointer { objective.evaluate(x, gradient: $0) } }
        }
        _ = parameters.withUnsafeBufferPointer { x in gradient.withUnsafeMutableBufferPointer { objective.evaluate(x, gradient: $0) } }
        for index in parameters.indices {
            var plus = parameters, minus = parameters
            plus[index] += 1e-5
            minus[index] -= 1e-5
            #expect(abs((value(plus) - value(minus)) / 2e-5 - gradient[index]) < 1e-6)
        }
    }

    @Test func charactersNGramsSurviveTypos() {
        let extractor = IntentFeatureExtractor(characterNGrams: 3...5)
        let tokenizer = Tokenizer()
        var clean = [UInt64](), typo = [UInt64]()
        extractor.extract(tokenizer.tokenize("transfer"), matches: [], into: &clean)
        extractor.extract(tokenizer.tokenize("trasnfer"), matches: [], into: &typo)
        // The word features differ, but character n-grams ("fer", "er>", "<tr", …) are shared.
        #expect(Set(clean).intersection(typo).count >= 4)
        // Without them, the two words share nothing but the bias.
        let words = IntentFeatureExtractor()
        words.extract(tokenizer.tokenize("transfer"), matches: [], into: &clean)
        words.extract(tokenizer.tokenize("trasnfer"), matches: [], into: &typo)
        #expect(Set(clean).intersection(typo).count == 1)
    }

    @Test func wholePhraseMatchesAreFeaturesAndSingleWordMatchesAreNot() {
        let gazetteer = Gazetteer(entries: [("artist", "larry carlton")], indexingWords: true)
        let extractor = IntentFeatureExtractor(gazetteer: gazetteer)
        let tokenizer = Tokenizer()
        func features(_ text: String) -> Set<UInt64> {
            let tokens = tokenizer.tokenize(text)
            var matches = [Gazetteer.Match](), output = [UInt64]()
            gazetteer.matches(in: tokens, into: &matches)
            extractor.extract(tokens, matches: matches, into: &output)
            return Set(output)
        }
        let plain = IntentFeatureExtractor()
        func withoutMatches(_ text: String) -> Set<UInt64> {
            var output = [UInt64]()
            plain.extract(tokenizer.tokenize(text), matches: [], into: &output)
            return Set(output)
        }
        #expect(features("play larry carlton").count == withoutMatches("play larry carlton").count + 1)
        #expect(features("play larry heard") == withoutMatches("play larry heard"))
    }
}
