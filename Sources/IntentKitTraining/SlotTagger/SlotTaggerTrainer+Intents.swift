import IntentKit
import IntentKitCorpus

extension SlotTaggerTrainer {
    /// Predicted intents for the training utterances and the classifier for parse time.
    ///
    /// Each training utterance's intent comes from a classifier trained on the other folds
    /// (cross-fitting), so the tagger learns to trust predictions as much as they deserve, not
    /// gold labels it will never see at parse time.
    func crossFittedIntents(
        _ dataset: SequenceDataset, intentNames: [String], intentIndex: [String: Int],
        gazetteerOf: (Int) -> Gazetteer, fullGazetteer: Gazetteer
    ) -> ([Int?], IntentClassifierModel) {
        var predictedIntent = [Int?](repeating: nil, count: dataset.sequences.count)
        let intentExtractor = IntentFeatureExtractor()
        var scratch = [Gazetteer.Match]()
        func intentFeatures(_ tokens: TokenizedText, _ gazetteer: Gazetteer) -> [UInt64] {
            scratch.removeAll(keepingCapacity: true)
            gazetteer.matches(in: tokens, into: &scratch)
            var output = [UInt64]()
            intentExtractor.extract(tokens, matches: scratch, into: &output)
            return output
        }
        let classes = dataset.sequences.map { intentIndex[$0.intent]! }
        var trainer = IntentClassifierTrainer()
        trainer.threads = options.threads
        let classifierFolds = max(2, options.vocabularyFolds)
        let classifierFold: (Int) -> Int = { index in Int(splitMix(self.options.seed &+ 0x5EED &+ UInt64(index)) % UInt64(classifierFolds)) }
        let foldFeatures = dataset.sequences.enumerated().map { index, sequence in
            intentFeatures(sequence.tokens, gazetteerOf(index))
        }
        var correct = 0
        // The fold classifiers only supply cross-fitted predictions; fewer iterations get
        // them within a fraction of a point of the final classifier at a third of the cost.
        var foldTrainer = trainer
        foldTrainer.maxIterations = 40
        for k in 0..<classifierFolds {
            let training = dataset.sequences.indices.filter { classifierFold($0) != k }
            let model = foldTrainer.train(features: training.map { foldFeatures[$0] }, classes: training.map { classes[$0] }, intents: intentNames)
            var probabilities = [Float]()
            for index in dataset.sequences.indices where classifierFold(index) == k {
                predictedIntent[index] = model.predict(features: foldFeatures[index], scratch: &probabilities)
                if predictedIntent[index] == classes[index] { correct += 1 }
            }
        }
        log(String(format: "intent classifier: %.2f%% out-of-fold accuracy on the training utterances", 100 * Double(correct) / Double(max(1, classes.count))))
        let classifier = trainer.train(
            features: dataset.sequences.map { intentFeatures($0.tokens, fullGazetteer) }, classes: classes, intents: intentNames)
        return (predictedIntent, classifier)
    }
}
