import Foundation
import IntentKit

extension IntentFolds {
    /// One setting's results on one held-out fold.
    struct FoldResult {
        var predicted = [(index: Int, intent: Int)]()
        var heldOut = [(position: Int, logProbabilities: [Float], right: Bool)]()
        /// Held-out log-probabilities of the originals with a word left out, by their index
        /// in `variantOriginals`.
        var withoutOneWord = [(variant: Int, logProbabilities: [Float])]()
        var correct = 0
        var logLikelihood = 0.0
        var fit: IntentClassifierFit?
    }

    /// The held-out results of `settings` on `heldOut` folds; the settings share their
    /// character n-grams, and each fold's fits start from the previous setting's weights (a
    /// regularisation path when the coefficients come from the largest down), the first
    /// from the fits `start` gives for the fold (``IntentClassifierFit``), each stopping at
    /// `tolerance`.
    func evaluate(
        _ settings: [IntentClassifierSetting], on heldOut: [Int], from start: (Int) -> [IntentClassifierFit] = { _ in [] },
        tolerance: Double = IntentClassifierTrainer().tolerance
    ) -> [SettingCandidate] {
        let lengths = settings[0].characterNGrams, encoderScale = settings[0].encoderScale, neighbourScale = settings[0].neighbourScale
        precondition(settings.allSatisfy { $0.characterNGrams == lengths && $0.encoderScale == encoderScale && $0.neighbourScale == neighbourScale },
                     "settings of other features")
        let inputs = intentInputs(lengths)
        // The folds at once, one thread each: each fold's fits are small, and a thread apiece
        // beats sharing every gradient evaluation between them.
        var foldTrainer = trainer
        foldTrainer.pruneBelow = 0  // their models are not kept
        foldTrainer.threads = 1
        foldTrainer.characterNGrams = lengths
        foldTrainer.tolerance = tolerance
        let results = concurrentMap(heldOut.count, threads: options.threads) { position in
            fits(of: settings, heldOut: heldOut[position], inputs: inputs, trainer: foldTrainer, from: start(heldOut[position]))
        }
        return candidates(of: settings, heldOut: heldOut, results: results)
    }

    /// Each of `settings` fitted on every fold but `k`, one after the other from `starts`, and
    /// its results on fold `k`.
    private func fits(
        of settings: [IntentClassifierSetting], heldOut k: Int, inputs: IntentInputs, trainer foldTrainer: IntentClassifierTrainer,
        from starts: [IntentClassifierFit]
    ) -> [FoldResult] {
        let encoderScale = settings[0].encoderScale, neighbourScale = settings[0].neighbourScale
        let training = originals.filter { foldOf($0) != k }
        let problem = problem(
            inputs, of: training + noiseIndices, classes: training.map { classes[$0] } + noiseClasses, generated: generatedCount,
            minimumCount: minimumCount(settings[0].characterNGrams), encoderScale: encoderScale, neighbourScale: neighbourScale, fold: k)
        var parameters = starts.isEmpty ? nil : problem.initialParameters(from: starts)
        var trainer = foldTrainer
        return settings.map { setting in
            trainer.c2 = setting.c2
            trainer.balancesIntents = setting.balancesIntents
            trainer.weighsRareFeatures = setting.weighsRareFeatures
            parameters = trainer.fit(problem, from: parameters)
            var result = heldOutResult(
                of: trainer.model(parameters!, of: problem), fold: k, inputs: inputs, encoder: encoderScale != nil, neighbours: neighbourScale != nil)
            result.fit = IntentClassifierFit(hashes: problem.hashes, parameters: parameters!, denseScales: problem.denseScales)
            return result
        }
    }

    /// What `model` predicts for the utterances fold `k` holds out, and for its originals with
    /// a word left out.
    private func heldOutResult(of model: IntentClassifierModel, fold k: Int, inputs: IntentInputs, encoder: Bool, neighbours: Bool) -> FoldResult {
        var result = FoldResult()
        var probabilities = [Float]()
        var position = 0
        for index in dataset.sequences.indices {
            let isOriginal = source[index] == index
            defer { if isOriginal { position += 1 } }
            guard foldOf(index) == k else { continue }
            var predicted = model.predict(
                features: inputs.allFeatures(of: index), denseInput: denseInput(of: index, encoder: encoder, neighbours: neighbours, fold: k),
                scratch: &probabilities)
            // A corpus with no out-of-scope utterances of its own holds out requests for its
            // intents only: each counts with the likeliest of them, and how often the class
            // learnt from elsewhere may take one is the calibration's to set (its shift).
            var inScopeShare: Float = 1
            if let outOfScopeClass, !hasOwnOutOfScope {
                inScopeShare = max(1 - probabilities[outOfScopeClass], .leastNormalMagnitude)
                if predicted == outOfScopeClass {
                    predicted = probabilities.indices.filter { $0 != outOfScopeClass }.max { probabilities[$0] < probabilities[$1] } ?? predicted
                }
            }
            result.predicted.append((index, predicted))
            guard isOriginal else { continue }
            if predicted == classes[index] { result.correct += 1 }
            result.logLikelihood += Double(logf(max(probabilities[classes[index]] / inScopeShare, .leastNormalMagnitude)))
            result.heldOut.append((position, probabilities.map { logf(max($0, .leastNormalMagnitude)) }, predicted == classes[index]))
        }
        for (variant, original) in variantOriginals.enumerated() where foldOf(original) == k {
            let index = variantStart + variant
            _ = model.predict(
                features: inputs.allFeatures(of: index), denseInput: denseInput(of: index, encoder: encoder, neighbours: neighbours, fold: k),
                scratch: &probabilities)
            result.withoutOneWord.append((variant, probabilities.map { logf(max($0, .leastNormalMagnitude)) }))
        }
        return result
    }

    /// Each setting's results on the `heldOut` folds gathered into a candidate.
    private func candidates(of settings: [IntentClassifierSetting], heldOut: [Int], results: [[FoldResult]]) -> [SettingCandidate] {
        var candidates = settings.map { setting in
            SettingCandidate(
                setting: setting, predicted: Array(repeating: nil, count: dataset.sequences.count),
                heldOut: Array(repeating: [], count: originals.count), right: Array(repeating: false, count: originals.count),
                withoutOneWord: Array(repeating: [], count: variantOriginals.count), foldCorrect: Array(repeating: 0, count: folds))
        }
        for (k, fold) in zip(heldOut, results) {
            for (c, result) in fold.enumerated() {
                for (index, predicted) in result.predicted { candidates[c].predicted[index] = predicted }
                for (position, logProbabilities, right) in result.heldOut {
                    candidates[c].heldOut[position] = logProbabilities
                    candidates[c].right[position] = right
                }
                for (variant, logProbabilities) in result.withoutOneWord { candidates[c].withoutOneWord[variant] = logProbabilities }
                candidates[c].foldCorrect[k] = result.correct
                candidates[c].fits[k] = result.fit
                candidates[c].folds.append(k)
                candidates[c].heldOutCount += foldSizes[k]
                candidates[c].logLikelihood += result.logLikelihood
            }
        }
        return candidates
    }
}
