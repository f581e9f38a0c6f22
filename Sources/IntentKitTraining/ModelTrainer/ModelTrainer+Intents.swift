import Foundation
import IntentKit
import IntentKitCorpus

extension ModelTrainer {
    /// Predicted intents for the training utterances and the classifier for parse time.
    ///
    /// Each training utterance's intent comes from a classifier trained on the other folds
    /// (cross-fitting), so the tagger learns to trust predictions as much as they deserve, not
    /// gold labels it will never see at parse time. Vocabulary matches are out of fold for the
    /// classifier too (a classifier that always sees its training names matched learns to
    /// expect a match, as the tagger would), and only original utterances train it: swapped
    /// copies (``swappedCopies(_:copies:fold:)``) would teach it names, not requests.
    ///
    /// The held-out predictions also calibrate the final classifier (``ConfidenceCalibration``):
    /// its temperature, and the minimum confidence that rejects
    /// ``TrainingOptions/falseRejectionRate`` of the in-scope requests.
    ///
    /// - Parameters:
    ///   - source: for each utterance of `dataset`, the original it derives from.
    ///   - gazetteerOf: the out-of-fold vocabulary of each utterance.
    ///   - noise: the features of generated out-of-scope utterances, in every fold's training.
    ///   - outOfScopeClass: the class of "no intent", if any.
    func crossFittedIntents(
        _ dataset: SequenceDataset, intentNames: [String], intentIndex: [String: Int], source: [Int],
        gazetteerOf: (Int) -> Gazetteer, noise: [[UInt64]] = [], outOfScopeClass: Int? = nil
    ) -> ([Int?], IntentClassifierModel) {
        var predictedIntent = [Int?](repeating: nil, count: dataset.sequences.count)
        let intentExtractor = IntentFeatureExtractor(characterNGrams: options.intentCharacterNGrams, gazetteer: gazetteerOf(0))
        var scratch = [Gazetteer.Match]()
        let features = dataset.sequences.enumerated().map { index, sequence in
            Self.intentFeatures(of: sequence.tokens, gazetteer: gazetteerOf(index), extractor: intentExtractor, scratch: &scratch)
        }
        let classes = dataset.sequences.map { intentIndex[$0.intent]! }
        let originals = dataset.sequences.indices.filter { source[$0] == $0 }
        let noiseClasses = outOfScopeClass.map { [Int](repeating: $0, count: noise.count) } ?? []
        let noise = noiseClasses.isEmpty ? [] : noise
        var trainer = IntentClassifierTrainer()
        trainer.threads = options.threads
        trainer.characterNGrams = options.intentCharacterNGrams
        trainer.pruneBelow = options.pruneBelow
        let classifierFolds = max(2, options.vocabularyFolds)
        // Utterances of one phrasing share a fold (``phrasingKey(of:labels:)``).
        var phrasingFold = [Int: Int]()
        for original in originals {
            phrasingFold[original] = Int(splitMix(options.seed &+ 0x5EED &+ Self.phrasingKey(of: dataset.sequences[original], labels: dataset.labels)) % UInt64(classifierFolds))
        }
        let classifierFold: (Int) -> Int = { index in phrasingFold[source[index]]! }
        var correct = 0
        // Held-out log-probabilities of the originals, for the calibration.
        var heldOut = [(original: Int, logProbabilities: [Float])]()
        heldOut.reserveCapacity(originals.count)
        var foldTrainer = trainer
        foldTrainer.pruneBelow = 0  // their models are not kept
        for k in 0..<classifierFolds {
            let training = originals.filter { classifierFold($0) != k }
            let model = foldTrainer.train(features: training.map { features[$0] } + noise, classes: training.map { classes[$0] } + noiseClasses,
                                          intents: intentNames, generated: noise.count, generatedWeight: options.noiseWeight)
            var probabilities = [Float]()
            for index in dataset.sequences.indices where classifierFold(index) == k {
                predictedIntent[index] = model.predict(features: features[index], scratch: &probabilities)
                if source[index] == index {
                    if predictedIntent[index] == classes[index] { correct += 1 }
                    heldOut.append((index, probabilities.map { logf(max($0, .leastNormalMagnitude)) }))
                }
            }
        }
        log(String(format: "intent classifier: %.2f%% out-of-fold accuracy on the training utterances", 100 * Double(correct) / Double(max(1, originals.count))))
        let calibration = calibrate(heldOut.map(\.logProbabilities), classes: heldOut.map { classes[$0.original] },
                                    outOfScopeClass: outOfScopeClass, intentNames: intentNames, generated: noise.count)
        let classifier = trainer.train(features: originals.map { features[$0] } + noise, classes: originals.map { classes[$0] } + noiseClasses,
                                       intents: intentNames, generated: noise.count, generatedWeight: options.noiseWeight)
        return (predictedIntent, classifier.with(calibration))
    }

    /// A key shared by the utterances of one phrasing: the words outside slots, each slot as its
    /// name, without a final punctuation mark (the folded words ignore case). Holding out
    /// phrasings, not utterances, keeps the held-out predictions honest on a corpus written
    /// from templates, where an utterance's twins with other slot values would otherwise sit in
    /// the training folds and make every held-out prediction look certain (and the calibration
    /// it feeds reject every new phrasing); on crowd-sourced corpora nearly every phrasing is
    /// its own.
    static func phrasingKey(of sequence: TaggedSequence, labels: LabelSet) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
        func add<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3 }
            hash = (hash ^ 0x1F) &* 0x0100_0000_01B3
        }
        var count = sequence.tokens.count
        while count > 0, labels.tag(sequence.labels[count - 1]) == .outside,
              sequence.tokens.normalized(at: count - 1).allSatisfy({ ".?!".contains($0) }) {
            count -= 1
        }
        for index in 0..<count {
            switch labels.tag(sequence.labels[index]) {
            case .outside: add(sequence.tokens.normalized(at: index).utf8)
            case .begin(let slot): add(("{" + slot + "}").utf8)
            default: continue
            }
        }
        return hash
    }

    /// The temperature and minimum confidence fitted to held-out predictions
    /// (``ConfidenceCalibration``), logged with the held-out out-of-scope recall they give.
    func calibrate(
        _ logProbabilities: [[Float]], classes: [Int], outOfScopeClass: Int?, intentNames: [String], generated: Int
    ) -> OutOfScopeCalibration {
        let temperature = ConfidenceCalibration.temperature(logProbabilities: logProbabilities, classes: classes)
        // The calibrated probability of each utterance's likeliest in-scope intent, and whether
        // the out-of-scope class wins.
        var inScope = [Double](), rejectedByClass = 0
        var outOfScope = [(confidence: Double, byClass: Bool)]()
        for (scores, gold) in zip(logProbabilities, classes) {
            var best = -1, maximum = -Float.infinity, sum = 0.0
            for (c, score) in scores.enumerated() where score > maximum { best = c; maximum = score }
            var bestInScope = -Double.infinity
            for (c, score) in scores.enumerated() {
                let scaled = Double(score - maximum) / temperature
                sum += exp(scaled)
                if c != outOfScopeClass { bestInScope = max(bestInScope, scaled) }
            }
            let confidence = exp(bestInScope) / sum
            if gold == outOfScopeClass {
                outOfScope.append((confidence, best == outOfScopeClass))
            } else if best == outOfScopeClass {
                rejectedByClass += 1
            } else {
                inScope.append(confidence)
            }
        }
        let rate = options.falseRejectionRate
        let (threshold, rejected) = rate > 0
            ? ConfidenceCalibration.minimumConfidence(confidences: inScope, rejectedOtherwise: rejectedByClass, rate: rate)
            : (nil, Double(rejectedByClass) / Double(max(1, inScope.count + rejectedByClass)))
        var line = String(format: "intent classifier: temperature %.3f; ", temperature)
        if let outOfScopeClass {
            line += "out of scope: '\(intentNames[outOfScopeClass])', \(generated) generated utterances; "
        }
        line += threshold.map { String(format: "minimum confidence %.3f", $0) } ?? "no minimum confidence"
        line += String(format: ", %.2f%% of held-out in-scope requests rejected", 100 * rejected)
        if !outOfScope.isEmpty {
            let caught = outOfScope.filter { $0.byClass || $0.confidence < (threshold ?? 0) }.count
            line += String(format: ", %.2f%% of held-out out-of-scope ones (%d)", 100 * Double(caught) / Double(outOfScope.count), outOfScope.count)
        }
        log(line)
        return OutOfScopeCalibration(
            intent: outOfScopeClass.map { intentNames[$0] }, temperature: temperature, minimumConfidence: threshold, falseRejectionRate: rejected)
    }

    /// The intent classifier's features of `tokens`, matched against `gazetteer` (`scratch`
    /// holds the matches).
    static func intentFeatures(
        of tokens: TokenizedText, gazetteer: Gazetteer, extractor: IntentFeatureExtractor, scratch: inout [Gazetteer.Match]
    ) -> [UInt64] {
        scratch.removeAll(keepingCapacity: true)
        gazetteer.matches(in: tokens, into: &scratch)
        var features = [UInt64]()
        extractor.extract(tokens, matches: scratch, into: &features)
        return features
    }

    /// `classifier` with its biases fitted to `dev` (``IntentBiasCalibration``); dev utterances
    /// of intents the training data lacks are left out.
    func calibrated(
        _ classifier: IntentClassifierModel, on dev: Corpus, gazetteer: Gazetteer, intentIndex: [String: Int], tokenizer: Tokenizer
    ) -> IntentClassifierModel {
        let extractor = IntentFeatureExtractor(characterNGrams: classifier.characterNGrams, gazetteer: gazetteer)
        var features = [[UInt64]](), classes = [Int]()
        var matches = [Gazetteer.Match]()
        for utterance in dev.utterances {
            guard let gold = intentIndex[utterance.intent] else { continue }
            features.append(Self.intentFeatures(of: tokenizer.tokenize(utterance.text), gazetteer: gazetteer, extractor: extractor, scratch: &matches))
            classes.append(gold)
        }
        guard !features.isEmpty else { return classifier }
        let offsets = IntentBiasCalibration.offsets(for: classifier, features: features, classes: classes)
        log("intent classifier: bias offsets fitted on \(features.count) dev utterances: " + zip(classifier.intents, offsets).map { "\($0) \(String(format: "%+.2f", $1))" }.joined(separator: ", "))
        return classifier.addingBiases(offsets)
    }
}
