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

    /// Per-feature penalty factors: the gradient still matches the objective, factors of k on
    /// every feature are the coefficient times k, and rarer features get smaller factors.
    @Test func scaledPenaltiesKeepTheGradientAndScaleTheCoefficient() {
        let offsets: [Int32] = [0, 2, 3, 5], attributes: [Int32] = [0, 1, 2, 0, 2], classes: [Int32] = [0, 1, 0]
        func objective(l2: Double, scales: [Double]) -> IntentClassifierObjective {
            IntentClassifierObjective(offsets: offsets, attributes: attributes, classes: classes, attributeCount: 3, classCount: 2, l2: l2, threads: 2,
                                      penaltyScales: scales)
        }
        let parameters: [Double] = [0.1, -0.2, 0.3, 0.05, -0.4, 0.2, 0.1, -0.1]
        func evaluate(_ objective: IntentClassifierObjective, _ x: [Double]) -> (Double, [Double]) {
            var objective = objective
            var gradient = [Double](repeating: 0, count: x.count)
            let value = x.withUnsafeBufferPointer { x in gradient.withUnsafeMutableBufferPointer { objective.evaluate(x, gradient: $0) } }
            return (value, gradient)
        }
        let scaled = objective(l2: 0.3, scales: [0.5, 2, 1.5])
        let gradient = evaluate(scaled, parameters).1
        for index in parameters.indices {
            var plus = parameters, minus = parameters
            plus[index] += 1e-5
            minus[index] -= 1e-5
            #expect(abs((evaluate(scaled, plus).0 - evaluate(scaled, minus).0) / 2e-5 - gradient[index]) < 1e-6)
        }
        let (uniform, uniformGradient) = evaluate(objective(l2: 0.3, scales: [2, 2, 2]), parameters)
        let (doubled, doubledGradient) = evaluate(objective(l2: 0.6, scales: []), parameters)
        #expect(abs(uniform - doubled) < 1e-12 && zip(uniformGradient, doubledGradient).allSatisfy { abs($0 - $1) < 1e-12 })
        // Feature 0 is in two of the three utterances, 1 in one: (idf̄ / idf)², idf = ln(4 / (1 + df)) + 1.
        let problem = IntentClassifierTrainer.Problem(features: [[10, 11], [12], [10, 12]], classes: [0, 1, 0], intents: ["a", "b"], generated: 0,
                                                      generatedWeight: 1)
        let idf = [2.0, 1, 2].map { Foundation.log(4 / (1 + $0)) + 1 }
        let mean = (2 * idf[0] + idf[1] + 2 * idf[2]) / 5
        let factors = problem.rarityPenaltyScales()
        #expect(factors.count == 3 && zip(factors, idf.map { (mean / $0) * (mean / $0) }).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(factors[1] < 1 && factors[0] > 1)
    }

    @Test func theGradientIsTheSameWithAnyNumberOfThreads() {
        // 40 utterances over 30 attributes and 3 classes: 8 blocks of utterances write their
        // residuals, 8 blocks of attributes sum them into their rows, shared out among the
        // threads; an attribute no utterance has still gets its row (the L2 term alone).
        var random = SeededGenerator(seed: 7)
        var offsets: [Int32] = [0], attributes = [Int32](), classes = [Int32]()
        for _ in 0..<40 {
            for _ in 0..<(1 + Int(random.next() % 5)) { attributes.append(Int32(random.next() % 30)) }
            offsets.append(Int32(attributes.count))
            classes.append(Int32(random.next() % 3))
        }
        let parameters = (0..<93).map { _ in Double(random.next() % 1000) / 1000 - 0.5 }
        func gradient(threads: Int) -> ([Double], Double) {
            var objective = IntentClassifierObjective(
                offsets: offsets, attributes: attributes, classes: classes, attributeCount: 30, classCount: 3, l2: 0.1, threads: threads)
            var gradient = [Double](repeating: .nan, count: parameters.count)
            let loss = parameters.withUnsafeBufferPointer { x in gradient.withUnsafeMutableBufferPointer { objective.evaluate(x, gradient: $0) } }
            // A second evaluation starts from clean buffers.
            let again = parameters.withUnsafeBufferPointer { x in gradient.withUnsafeMutableBufferPointer { objective.evaluate(x, gradient: $0) } }
            #expect(again == loss)
            return (gradient, loss)
        }
        let one = gradient(threads: 1), two = gradient(threads: 2), three = gradient(threads: 3)
        #expect(one.0 == two.0 && one.0 == three.0 && one.1 == two.1 && one.1 == three.1)
        #expect(one.0.allSatisfy { $0.isFinite })
    }

    @Test func bundlesGiveTheObjectiveOfTheFeaturesTheyHold() {
        // 30 utterances over 12 attributes and 3 classes. Attributes 6-11 come in four bundles
        // (bundle 3 lists attribute 9 twice, and an utterance may have a bundle twice); given
        // flat, each utterance has its own attributes then its bundles' attributes.
        var random = SeededGenerator(seed: 11)
        let table: [[Int32]] = [[6, 7], [7, 8, 9], [10], [9, 9, 11]]
        var offsets: [Int32] = [0], attributes = [Int32](), classes = [Int32]()
        var flatOffsets: [Int32] = [0], flat = [Int32]()
        var bundles = FeatureBundles(utterances: 0)
        bundles.utteranceOffsets = [0]
        for (bundle, members) in table.enumerated() {
            precondition(bundle == bundles.count)
            bundles.attributes += members
            bundles.offsets.append(Int32(bundles.attributes.count))
        }
        for _ in 0..<30 {
            let own = (0..<(1 + Int(random.next() % 3))).map { _ in Int32(random.next() % 6) }
            let chosen = (0..<Int(random.next() % 3)).map { _ in Int32(random.next() % 4) }
            attributes += own
            offsets.append(Int32(attributes.count))
            bundles.utteranceBundles += chosen
            bundles.utteranceOffsets.append(Int32(bundles.utteranceBundles.count))
            flat += own + chosen.flatMap { table[Int($0)] }
            flatOffsets.append(Int32(flat.count))
            classes.append(Int32(random.next() % 3))
        }
        let parameters = (0..<39).map { _ in Double(random.next() % 1000) / 1000 - 0.5 }
        func evaluate(_ objective: inout IntentClassifierObjective) -> ([Double], Double) {
            var gradient = [Double](repeating: .nan, count: parameters.count)
            let loss = parameters.withUnsafeBufferPointer { x in gradient.withUnsafeMutableBufferPointer { objective.evaluate(x, gradient: $0) } }
            return (gradient, loss)
        }
        var bundled = IntentClassifierObjective(
            offsets: offsets, attributes: attributes, classes: classes, attributeCount: 12, classCount: 3, l2: 0.1, threads: 2, bundles: bundles)
        var plain = IntentClassifierObjective(
            offsets: flatOffsets, attributes: flat, classes: classes, attributeCount: 12, classCount: 3, l2: 0.1, threads: 2)
        let (bundledGradient, bundledLoss) = evaluate(&bundled), (plainGradient, plainLoss) = evaluate(&plain)
        #expect(abs(bundledLoss - plainLoss) < 1e-9)
        #expect(zip(bundledGradient, plainGradient).allSatisfy { abs($0 - $1) < 1e-9 }, "\(bundledGradient) \(plainGradient)")
        // And the same with any number of threads, bit for bit.
        var single = IntentClassifierObjective(
            offsets: offsets, attributes: attributes, classes: classes, attributeCount: 12, classCount: 3, l2: 0.1, threads: 1, bundles: bundles)
        let (singleGradient, singleLoss) = evaluate(&single)
        #expect(singleGradient == bundledGradient && singleLoss == bundledLoss)
    }

    @Test func theTrainingInputsHoldEveryFeatureTheParserExtracts() {
        let gazetteer = Gazetteer(entries: [("artist", "larry carlton")], indexingWords: true)
        let tokenizer = Tokenizer()
        let texts = ["play larry carlton", "play play it again", "", "naïve café au lait", String(repeating: "x", count: 80) + " long"]
        var inputs = IntentInputs(characterNGrams: 2...5, gazetteer: gazetteer)
        for text in texts { inputs.append(tokenizer.tokenize(text), gazetteer: gazetteer) }
        let extractor = IntentFeatureExtractor(characterNGrams: 2...5, gazetteer: gazetteer)
        for (index, text) in texts.enumerated() {
            let tokens = tokenizer.tokenize(text)
            var matches = [Gazetteer.Match](), expected = [UInt64]()
            gazetteer.matches(in: tokens, into: &matches)
            extractor.extract(tokens, matches: matches, into: &expected)
            #expect(inputs.allFeatures(of: index).sorted() == expected.sorted(), "\(text)")
        }
        // "play" twice: one entry of the table serves every occurrence.
        #expect(inputs.words[1][0] == inputs.words[1][1] && inputs.words[1][0] == inputs.words[0][0])
    }

    @Test func aWarmStartedFitEndsWhereAColdOneDoes() {
        let corpus = ModelTrainerTests.corpora.train
        let intents = Array(Set(corpus.utterances.map(\.intent))).sorted()
        let problem = IntentClassifierTrainer.Problem(
            features: features(corpus), classes: corpus.utterances.map { intents.firstIndex(of: $0.intent)! }, intents: intents, generated: 0, generatedWeight: 1)
        var trainer = IntentClassifierTrainer()
        trainer.maxIterations = 300
        trainer.c2 = 1
        let start = trainer.fit(problem)
        trainer.c2 = 0.25
        let warm = trainer.fit(problem, from: start), cold = trainer.fit(problem)
        // A strictly convex objective: one minimum, whichever the start.
        let largest = zip(warm, cold).map { abs($0 - $1) }.max()!
        #expect(largest < 0.02, "largest difference \(largest)")
    }

    @Test func aFitStartsAnotherProblemFromTheMeanOfTheFitsThatHaveEachFeature() {
        // Two classes. The first fit knows features 1 and 2, the second 2 and 3; the new problem
        // has 3, 2 and 4, in that order.
        let first = IntentClassifierFit(hashes: [1, 2], parameters: [1, -1, 2, -2, 0.5, -0.5])
        let second = IntentClassifierFit(hashes: [2, 3], parameters: [4, -4, 3, -3, 1.5, -1.5])
        let problem = IntentClassifierTrainer.Problem(
            features: [[3, 2], [4]], classes: [0, 1], intents: ["a", "b"], generated: 0, generatedWeight: 1)
        #expect(problem.hashes == [3, 2, 4])
        let parameters = problem.initialParameters(from: [first, second])
        // 3: the second fit's row alone; 2: the mean of both; 4: no fit has it; then the biases' mean.
        #expect(parameters == [3, -3, 3, -3, 0, 0, 1, -1])
        #expect(problem.initialParameters(from: []) == [Double](repeating: 0, count: 8))
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

/// The cross-validated choice of the intent classifier's setting (``IntentClassifierGrid``).
@Suite("Intent classifier search")
struct IntentClassifierSearchTests {
    private func train(_ grid: IntentClassifierGrid) -> NLUModel {
        var options = TrainingOptions()
        options.maxIterations = 5
        options.noiseFactor = 0
        options.intentGrid = grid
        return ModelTrainer(options: options).train(ModelTrainerTests.corpora.train).0
    }

    @Test func theSearchRecordsWhatItChoseAndTheClassifierIsThat() throws {
        var lines = [String]()
        var options = TrainingOptions()
        options.maxIterations = 5
        options.noiseFactor = 0
        options.intentGrid = IntentClassifierGrid(c2: [0.02, 2], characterNGrams: [nil, 2...5])
        let trainer = ModelTrainer(options: options, log: { lines.append($0.description) })
        let model = trainer.train(ModelTrainerTests.corpora.train).0
        let classifier = try #require(model.intentClassifier)
        // Two coefficients without character n-grams, then n-grams at the better one.
        let scored = lines.filter { $0.contains("held-out accuracy (folds") }
        #expect(scored.count == 3, "\(lines)")
        #expect(scored[0].contains("L2 2.0, words + bigrams, balanced:") && scored[1].contains("L2 0.02, words + bigrams, balanced:"))
        let chosen = try #require(scored.first { $0.hasSuffix(", chosen") })
        #expect(scored.filter { $0.hasSuffix(", chosen") }.count == 1)
        // The model is the chosen setting, and says so.
        let c2 = try #require(model.provenance["intentC2"])
        #expect(chosen.contains("L2 \(c2),"))
        #expect(model.provenance["intentFeatures"] == IntentClassifierSetting(c2: 0, characterNGrams: classifier.characterNGrams).featureDescription)
        #expect(chosen.contains(model.provenance["intentFeatures"]! + ", balanced:") && model.provenance["intentWeighting"] == "balanced")
        #expect(model.provenance["intentSelection"]?.hasPrefix("5-fold cross-validation of 3 settings, held-out accuracy ") == true)
        // A setting other than the untuned one is chosen only when it is more accurate or, as
        // accurate within noise, likelier.
        func accuracy(_ line: String) -> Double? { line.split(separator: ": ").last?.split(separator: "%").first.flatMap { Double($0) } }
        func likelihood(_ line: String) -> Double? {
            line.components(separatedBy: "log-likelihood ").last?.split(separator: ",").first.flatMap { Double($0) }
        }
        #expect(scored.compactMap(accuracy).count == 3 && scored.compactMap(likelihood).count == 3)
        let untuned = scored[1]
        #expect(chosen == untuned || accuracy(chosen)! > accuracy(untuned)! || likelihood(chosen)! > likelihood(untuned)!)
    }

    /// The choice between two settings: right on significantly more held-out utterances, or,
    /// neither being, a significantly higher likelihood; each phrasing counts once.
    @Test func aChallengerWinsByAccuracyOrElseByLikelihood() {
        // Eight phrasings of two utterances each, two classes, gold class 0.
        let phrasings = (0..<16).map { UInt64($0 / 2) }
        let classes = [Int](repeating: 0, count: 16)
        func candidate(_ goldProbabilities: [Float]) -> SettingCandidate {
            SettingCandidate(
                setting: .untuned, predicted: [], heldOut: goldProbabilities.map { [log($0), log(1 - $0)] },
                right: goldProbabilities.map { $0 > 0.5 }, foldCorrect: [])
        }
        let sure = candidate([Float](repeating: 0.9, count: 16))
        let hesitant = candidate((0..<16).map { $0 % 3 == 0 ? 0.65 : 0.6 })
        // Both right everywhere: the surer one is likelier on every phrasing.
        #expect(SettingComparison.isPreferred(sure, over: hesitant, phrasings: phrasings, classes: classes))
        #expect(!SettingComparison.isPreferred(hesitant, over: sure, phrasings: phrasings, classes: classes))
        // Much likelier on one phrasing, a little less on the seven others: no significant gain.
        let mixed = candidate([0.999, 0.999] + [Float](repeating: 0.85, count: 14))
        #expect(!SettingComparison.isPreferred(mixed, over: sure, phrasings: phrasings, classes: classes))
        // Wrong on every phrasing: never preferred, however the likelihoods compare.
        let wrong = candidate([Float](repeating: 0.45, count: 16))
        #expect(!SettingComparison.isPreferred(wrong, over: hesitant, phrasings: phrasings, classes: classes))
        #expect(SettingComparison.isPreferred(hesitant, over: wrong, phrasings: phrasings, classes: classes))
    }

    /// Several values of one coordinate (the encoder's factors): of those that beat the
    /// incumbent, the best, whatever their order. Here the first challenger beats the incumbent,
    /// and the second, right on four phrasings more, does not beat the first significantly (4
    /// against 2√4): offered one by one, the first would have stayed.
    @Test func theBestOfSeveralValuesChallengesTheIncumbent() {
        let phrasings = (0..<20).map { UInt64($0) }, classes = [Int](repeating: 0, count: 20)
        func candidate(rightOn count: Int) -> SettingCandidate {
            let right = (0..<20).map { $0 < count }
            return SettingCandidate(
                setting: .untuned, predicted: [], heldOut: right.map { $0 ? [log(0.8), log(0.2)] : [log(0.3), log(0.7)] },
                right: right, foldCorrect: [count])
        }
        let candidates = [candidate(rightOn: 10), candidate(rightOn: 16), candidate(rightOn: 20), candidate(rightOn: 12)]
        #expect(SettingComparison.isPreferred(candidates[1], over: candidates[0], phrasings: phrasings, classes: classes))
        #expect(!SettingComparison.isSignificantlyBetter(candidates[2], than: candidates[1], phrasings: phrasings))
        #expect(SettingComparison.choice(of: candidates, challengers: 1..<4, incumbent: 0, phrasings: phrasings, classes: classes) == 2)
        #expect(SettingComparison.choice(of: candidates, challengers: 3..<4, incumbent: 0, phrasings: phrasings, classes: classes) == 0)
        // Of two as accurate, the likelier in sum is no better than the incumbent but by one
        // phrasing; the other is surer on every phrasing, significantly: that one.
        func candidate(goldProbabilities: [Float]) -> SettingCandidate {
            var result = SettingCandidate(setting: .untuned, predicted: [], heldOut: goldProbabilities.map { [log($0), log(1 - $0)] },
                                                right: goldProbabilities.map { $0 > 0.5 }, foldCorrect: [20])
            result.logLikelihood = goldProbabilities.reduce(0) { $0 + Double(log($1)) }
            return result
        }
        let plain = candidate(goldProbabilities: [Float](repeating: 0.55, count: 20))
        let spiked = candidate(goldProbabilities: [0.9999] + [Float](repeating: 0.55, count: 19))
        let surer = candidate(goldProbabilities: [Float](repeating: 0.56, count: 20))
        #expect(spiked.logLikelihood > surer.logLikelihood)
        #expect(!SettingComparison.isPreferred(spiked, over: plain, phrasings: phrasings, classes: classes))
        #expect(SettingComparison.isPreferred(surer, over: plain, phrasings: phrasings, classes: classes))
        #expect(SettingComparison.choice(of: [plain, spiked, surer], challengers: 1..<3, incumbent: 0, phrasings: phrasings, classes: classes) == 2)
        // Between two as accurate, the likelier.
        var likelier = candidates[2], lessLikely = candidates[2]
        likelier.logLikelihood = -2
        lessLikely.logLikelihood = -5
        #expect(SettingComparison.best(of: [lessLikely, likelier, candidates[1]], among: 0..<3) == 1)
    }

    /// With rarity-scaled penalties in the grid, they challenge the setting chosen so far, and
    /// the model records them when chosen (fixing them, as `--intent-penalty idf` does).
    @Test func rarityScaledPenaltiesChallengeAndAreRecorded() throws {
        var lines = [String]()
        var options = TrainingOptions()
        options.maxIterations = 5
        options.noiseFactor = 0
        options.intentGrid = IntentClassifierGrid(c2: [0.02], characterNGrams: [nil], weighsRareFeatures: [false, true])
        _ = ModelTrainer(options: options, log: { lines.append($0.description) }).train(ModelTrainerTests.corpora.train)
        let scored = lines.filter { $0.contains("held-out accuracy (folds") }
        #expect(scored.count == 2 && scored[1].contains("L2 0.02, words + bigrams, IDF-scaled penalty, balanced:"), "\(lines)")
        options.intentGrid = IntentClassifierGrid(c2: [0.02], characterNGrams: [nil], weighsRareFeatures: [true])
        let fixed = ModelTrainer(options: options).train(ModelTrainerTests.corpora.train).0
        #expect(fixed.provenance["intentFeatures"] == "words + bigrams, IDF-scaled penalty")
        options.intentGrid.weighsRareFeatures = []
        #expect(options.problems.contains { $0.hasPrefix("--intent-penalty") })
    }

    /// Balanced and unbalanced weightings are compared only for intents of different sizes.
    @Test func weightingIsComparedOnlyWhenIntentsDifferInSize() {
        #expect(!SettingComparison.intentsDifferInSize([100, 100, 100]))
        #expect(!SettingComparison.intentsDifferInSize([100, 150, 120]))
        #expect(SettingComparison.intentsDifferInSize([100, 151]))
        #expect(SettingComparison.intentsDifferInSize([1_000, 40, 300]))
    }

    @Test func anUntunedGridTrainsTheDefaultSetting() throws {
        let model = train(.untuned)
        #expect(model.provenance["intentC2"] == "0.02" && model.provenance["intentFeatures"] == "words + bigrams" && model.provenance["intentWeighting"] == "balanced")
        #expect(model.provenance["intentSelection"]?.hasPrefix("not tuned") == true)
        #expect(model.intentClassifier?.characterNGrams == nil)
    }

    @Test func theOptionsRefuseAnEmptyOrNegativeGrid() {
        var options = TrainingOptions()
        options.intentGrid = IntentClassifierGrid(c2: [], characterNGrams: [nil])
        #expect(options.problems.contains { $0.hasPrefix("--intent-c2") })
        options.intentGrid = IntentClassifierGrid(c2: [-1], characterNGrams: [])
        #expect(options.problems.contains { $0.hasPrefix("--intent-c2") } && options.problems.contains { $0.hasPrefix("--intent-char-ngrams") })
    }

    @Test func featuresOfFewerUtterancesThanTheMinimumAreLeftOutUnlessKept() {
        // Feature 2 is in two utterances, 3 and 4 in one each (3 twice in one), 4 is kept.
        let problem = IntentClassifierTrainer.Problem(
            features: [[1, 2, 3, 3], [1, 4], [1, 2]], classes: [0, 1, 0], intents: ["a", "b"], generated: 0, generatedWeight: 1,
            minimumCount: 2, kept: [4])
        #expect(problem.hashes == [1, 2, 4])
        #expect(problem.offsets == [0, 2, 4, 6])
        let everything = IntentClassifierTrainer.Problem(
            features: [[1, 2, 3, 3], [1, 4], [1, 2]], classes: [0, 1, 0], intents: ["a", "b"], generated: 0, generatedWeight: 1)
        #expect(everything.hashes == [1, 2, 3, 4])
    }

    @Test func aBundledFeatureCountsTheUtterancesOfAnyOfItsBundles() {
        // Feature 7 is in bundles 0 and 1, used by one utterance each: two utterances. Feature
        // 8 is in bundle 1 only, used once: left out. Bundle 2 is no utterance's: not numbered.
        let problem = IntentClassifierTrainer.Problem(
            features: [[1], [1, 2], [2]], bundles: [[0], [1, 1], []], bundleTable: [[7], [8, 7], [9]], classes: [0, 1, 0],
            intents: ["a", "b"], generated: 0, generatedWeight: 1, minimumCount: 2)
        #expect(problem.hashes == [1, 7, 2])
        #expect(problem.bundles.offsets == [0, 1, 2])
        #expect(problem.bundles.attributes == [1, 1])
        #expect(problem.bundles.utteranceBundles == [0, 1, 1])
        #expect(problem.bundles.utteranceOffsets == [0, 1, 3, 3])
    }
}
