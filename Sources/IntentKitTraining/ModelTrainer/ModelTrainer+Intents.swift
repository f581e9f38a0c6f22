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
    /// - Parameters:
    ///   - source: for each utterance of `dataset`, the original it derives from.
    ///   - gazetteerOf: the out-of-fold vocabulary of each utterance.
    func crossFittedIntents(
        _ dataset: SequenceDataset, intentNames: [String], intentIndex: [String: Int], source: [Int],
        gazetteerOf: (Int) -> Gazetteer
    ) -> ([Int?], IntentClassifierModel) {
        var predictedIntent = [Int?](repeating: nil, count: dataset.sequences.count)
        let intentExtractor = IntentFeatureExtractor(characterNGrams: options.intentCharacterNGrams, gazetteer: gazetteerOf(0))
        var scratch = [Gazetteer.Match]()
        let features = dataset.sequences.enumerated().map { index, sequence in
            scratch.removeAll(keepingCapacity: true)
            gazetteerOf(index).matches(in: sequence.tokens, into: &scratch)
            var output = [UInt64]()
            intentExtractor.extract(sequence.tokens, matches: scratch, into: &output)
            return output
        }
        let classes = dataset.sequences.map { intentIndex[$0.intent]! }
        let originals = dataset.sequences.indices.filter { source[$0] == $0 }
        var trainer = IntentClassifierTrainer()
        trainer.threads = options.threads
        trainer.characterNGrams = options.intentCharacterNGrams
        trainer.pruneBelow = options.pruneBelow
        let classifierFolds = max(2, options.vocabularyFolds)
        let classifierFold: (Int) -> Int = { index in Int(splitMix(self.options.seed &+ 0x5EED &+ UInt64(source[index])) % UInt64(classifierFolds)) }
        var correct = 0
        // The fold classifiers only supply cross-fitted predictions; fewer iterations get
        // them within a fraction of a point of the final classifier at a third of the cost.
        var foldTrainer = trainer
        foldTrainer.maxIterations = 40
        foldTrainer.pruneBelow = 0  // their models are not kept
        for k in 0..<classifierFolds {
            let training = originals.filter { classifierFold($0) != k }
            let model = foldTrainer.train(features: training.map { features[$0] }, classes: training.map { classes[$0] }, intents: intentNames)
            var probabilities = [Float]()
            for index in dataset.sequences.indices where classifierFold(index) == k {
                predictedIntent[index] = model.predict(features: features[index], scratch: &probabilities)
                if source[index] == index && predictedIntent[index] == classes[index] { correct += 1 }
            }
        }
        log(String(format: "intent classifier: %.2f%% out-of-fold accuracy on the training utterances", 100 * Double(correct) / Double(max(1, originals.count))))
        let classifier = trainer.train(features: originals.map { features[$0] }, classes: originals.map { classes[$0] }, intents: intentNames)
        return (predictedIntent, classifier)
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
            let tokens = tokenizer.tokenize(utterance.text)
            matches.removeAll(keepingCapacity: true)
            gazetteer.matches(in: tokens, into: &matches)
            var output = [UInt64]()
            extractor.extract(tokens, matches: matches, into: &output)
            features.append(output)
            classes.append(gold)
        }
        guard !features.isEmpty else { return classifier }
        let offsets = IntentBiasCalibration.offsets(for: classifier, features: features, classes: classes)
        log("intent classifier: bias offsets fitted on \(features.count) dev utterances: " + zip(classifier.intents, offsets).map { "\($0) \(String(format: "%+.2f", $1))" }.joined(separator: ", "))
        return classifier.addingBiases(offsets)
    }
}
