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
    /// The same folds choose the classifier's setting (``TrainingOptions/intentGrid``): each
    /// setting's held-out accuracy is measured on them, and the best one's predictions are the
    /// ones the tagger learns from; with a sentence encoder, the best on words alone.
    ///
    /// The held-out predictions also calibrate the final classifier (``ConfidenceCalibration``):
    /// its temperature, and the minimum confidence that rejects
    /// ``TrainingOptions/falseRejectionRate`` of the in-scope requests.
    ///
    /// - Parameters:
    ///   - source: for each utterance of `dataset`, the original it derives from.
    ///   - gazetteerOf: the out-of-fold vocabulary of each utterance.
    ///   - noise: generated out-of-scope utterances, matched against `noiseGazetteer`, in every
    ///     fold's training.
    ///   - everyday: everyday requests for other apps, which join `noise` unless the sentence
    ///     encoder finds them like the corpus (``IntentFolds``).
    ///   - outOfScopeClass: the class of "no intent", if any.
    func crossFittedIntents(
        _ dataset: SequenceDataset, intentNames: [String], intentIndex: [String: Int], source: [Int],
        gazetteerOf: @escaping (Int) -> Gazetteer, noise: [TokenizedText] = [], everyday: [TokenizedText] = [], noiseGazetteer: Gazetteer = Gazetteer(),
        outOfScopeClass: Int? = nil,
        tokenizer: Tokenizer = Tokenizer()
    ) -> (predicted: [Int?], classifier: IntentClassifierModel, search: IntentClassifierSelection) {
        let started = Date()
        let folds = IntentFolds(
            dataset, intentNames: intentNames, intentIndex: intentIndex, source: source, gazetteerOf: gazetteerOf, noise: noise,
            everyday: everyday, noiseGazetteer: noiseGazetteer, outOfScopeClass: outOfScopeClass, tokenizer: tokenizer, options: options, log: log)
        var search = IntentSettingSearch(folds)
        search.run(log: log)
        let record = report(search, started: started)
        // The tagger learns from the held-out intents of the setting on words alone, so that
        // training with an encoder gives it the tagger training without one gives: its features
        // condition on the predicted intent, and one more or fewer held-out intent right moves
        // its L-BFGS path and the iteration early stopping keeps by more than the encoder's few
        // intents are worth to it (docs/design.md).
        var wordsOnly: SettingCandidate?
        if search.best.setting.encoderScale != nil {
            let words = search.wordsOnly()
            detail(String(format: "intent classifier: the tagger learns from the held-out intents of %@ (%.2f%% right)", words.setting.description,
                          100 * Double(words.correct) / Double(max(1, words.heldOutCount))))
            wordsOnly = words
        }
        // Folds not compared, and the final classifier, start from the mean of the folds' weights.
        let best = search.onEveryFold(search.best)
        return ((wordsOnly ?? best).predicted, finalClassifier(best, folds: folds), record)
    }

    /// Logs each setting's held-out scores and the choice, and returns the record of the search.
    private func report(_ search: IntentSettingSearch, started: Date) -> IntentClassifierSelection {
        let candidates = search.candidates, best = search.best, folds = search.folds
        for candidate in candidates {
            let perFold = candidate.folds.map { String(format: "%.2f", 100 * Double(candidate.foldCorrect[$0]) / Double(max(1, folds.foldSizes[$0]))) }
            detail(String(format: "intent classifier: %@: %.2f%% held-out accuracy (folds %@), log-likelihood %.1f%@", candidate.setting.description,
                          100 * Double(candidate.correct) / Double(max(1, candidate.heldOutCount)), perFold.joined(separator: " "),
                          candidate.logLikelihood, candidates.count > 1 && candidate.setting == best.setting ? ", chosen" : ""))
        }
        let accuracy = Double(best.correct) / Double(max(1, best.heldOutCount))
        // An intent said one way only (one pattern, or one phrasing) is untaught in the fold
        // that holds that phrasing out, so each of its requests counts wrong there: say so.
        let saidOneWay = folds.intentsSaidOneWay.count, intents = Set(folds.originalClasses).count
        let oneWay = saidOneWay == 0 ? "" : "; \(saidOneWay) of \(intents) intents are said one way, which a fold that holds it out cannot teach"
        if candidates.count > 1 {
            step(String(format: "intent classifier: search of %d settings on %@ in %.1f s chose %@ (%.2f%% held-out accuracy%@)", candidates.count,
                        search.compared.count == folds.folds ? "\(folds.folds) folds" : "\(search.compared.count) of \(folds.folds) folds",
                        Date().timeIntervalSince(started), best.setting.description, 100 * accuracy, oneWay))
        } else {
            step(String(format: "intent classifier: %@ (%.2f%% held-out accuracy%@)", best.setting.description, 100 * accuracy, oneWay))
        }
        return IntentClassifierSelection(
            chosen: best.setting, folds: folds.folds, comparedFolds: search.compared.count, settings: candidates.count, heldOutAccuracy: accuracy,
            encoder: options.encoder?.identity)
    }

    /// The classifier for parse time: `best`'s setting fitted on every original, starting from
    /// the mean of its folds' weights, and calibrated on its held-out predictions.
    private func finalClassifier(_ best: SettingCandidate, folds: IntentFolds) -> IntentClassifierModel {
        let inputs = folds.intentInputs(best.setting.characterNGrams)
        let originals = folds.originals, classes = folds.classes, noiseClasses = folds.noiseClasses
        // A request of an intent said one way was untaught in the fold that held it out: a request
        // for something that fold's classifier never learnt, not a new phrasing of what it knows.
        // Spending the false-rejection budget on it would keep the scope from turning anything
        // away (an app of one pattern would answer every request).
        let untaughtInItsFold = folds.intentsSaidOneWay
        let held = best.heldOut.indices.filter { !best.heldOut[$0].isEmpty && !untaughtInItsFold.contains(folds.originalClasses[$0]) }
        let variants = best.withoutOneWord.indices.filter {
            !best.withoutOneWord[$0].isEmpty && !untaughtInItsFold.contains(classes[folds.variantOriginals[$0]])
        }
        // The minimum similarity reads the encoder's sentence vector, whether or not the classifier
        // weighs it: a corpus without out-of-scope examples gets its boundary in either case.
        let usesEncoder = options.encoder != nil
        let similarities = usesEncoder ? folds.heldOutSimilarities() : [], variantSimilarities = usesEncoder ? folds.variantSimilarities() : []
        let (calibration, shift) = calibrate(held.map { best.heldOut[$0] }, classes: held.map { classes[originals[$0]] },
                                             withoutOneWord: variants.map { best.withoutOneWord[$0] },
                                             outOfScopeClass: folds.outOfScopeClass, intentNames: folds.intentNames, generated: folds.generatedCount,
                                             similarities: similarities.isEmpty ? [] : held.map { similarities[$0] },
                                             variantSimilarities: variantSimilarities.isEmpty ? [] : variants.map { variantSimilarities[$0] },
                                             untaught: folds.unknownIntentScores(of: best.setting))
        var trainer = folds.trainer
        trainer.c2 = best.setting.c2
        trainer.characterNGrams = best.setting.characterNGrams
        trainer.balancesIntents = best.setting.balancesIntents
        trainer.weighsRareFeatures = best.setting.weighsRareFeatures
        let problem = folds.problem(
            inputs, of: originals + folds.noiseIndices, classes: originals.map { classes[$0] } + noiseClasses, generated: folds.generatedCount,
            minimumCount: folds.minimumCount(best.setting.characterNGrams), encoderScale: best.setting.encoderScale, neighbourScale: best.setting.neighbourScale)
        let exemplars = problem.neighbourDimension > 0 ? folds.exemplars() : nil
        let classifier = trainer.model(
            trainer.fit(problem, from: problem.initialParameters(from: best.foldFits)), of: problem, exemplars: exemplars)
        var offsets = [Double](repeating: 0, count: folds.intentNames.count)
        if let outOfScopeClass = folds.outOfScopeClass { offsets[outOfScopeClass] = -shift }
        let final = classifier.addingBiases(offsets).with(calibration)
        guard calibration.minimumSimilarity != nil, let encoder = options.encoder else { return final }
        return final.with(scopeExemplars: folds.exemplars(), encoder: encoder.identity)
    }
}
