import Foundation
import IntentKit

extension IntentFolds {
    /// The most groups the in-scope intents are left out of training in.
    static let untaughtGroups = 5

    /// Requests for intents a classifier was never taught, from the corpus itself: the in-scope
    /// intents in up to ``untaughtGroups`` groups (drawn with the seed), each group left out of
    /// training in turn, and `setting`'s classifier fitted on the rest (the generated
    /// out-of-scope utterances included) asked about every original of the group's intents.
    /// Each answer is its log-probabilities with the untaught intents' taken out (−∞): what the
    /// parse of a model without those intents would weigh, and (with the encoder) its similarity
    /// to the nearest utterance of a taught intent. Empty for a corpus of fewer than two in-scope
    /// intents.
    func unknownIntentScores(of setting: IntentClassifierSetting) -> (logProbabilities: [[Float]], similarities: [Double]) {
        let taught = Set(originals.map { classes[$0] }).subtracting(outOfScopeClass.map { [$0] } ?? []).sorted()
        guard taught.count >= 2 else { return ([], []) }
        var random = SeededGenerator(seed: options.seed &+ 0x0E7_1E57)
        let order = taught.shuffled(using: &random)
        let groupCount = min(Self.untaughtGroups, order.count)
        let groups = (0..<groupCount).map { g in Set(stride(from: g, to: order.count, by: groupCount).map { order[$0] }) }
        let inputs = intentInputs(setting.characterNGrams)
        var foldTrainer = trainer
        foldTrainer.pruneBelow = 0
        foldTrainer.threads = 1
        // What these fits give is a figure for the log, rounded to a whole percent: a large
        // classifier's stop where the search's comparisons do.
        if isLarge { foldTrainer.tolerance = TrainingOptions.searchTolerance }
        foldTrainer.characterNGrams = setting.characterNGrams
        foldTrainer.c2 = setting.c2
        foldTrainer.balancesIntents = setting.balancesIntents
        foldTrainer.weighsRareFeatures = setting.weighsRareFeatures
        let encoder = setting.encoderScale != nil, neighbours = setting.neighbourScale != nil
        let answers = concurrentMap(groupCount, threads: options.threads) { g -> [([Float], Double?)] in
            let untaught = groups[g]
            let training = originals.filter { !untaught.contains(classes[$0]) }
            let problem = problem(
                inputs, of: training + noiseIndices, classes: training.map { classes[$0] } + noiseClasses, generated: generatedCount,
                minimumCount: minimumCount(setting.characterNGrams), encoderScale: setting.encoderScale, neighbourScale: setting.neighbourScale,
                untaught: untaught)
            let model = foldTrainer.model(foldTrainer.fit(problem), of: problem)
            var probabilities = [Float]()
            return originals.filter { untaught.contains(classes[$0]) }.map { index in
                _ = model.predict(
                    features: inputs.allFeatures(of: index),
                    denseInput: denseInput(of: index, encoder: encoder, neighbours: neighbours, fold: nil, untaught: untaught), scratch: &probabilities)
                let scores = probabilities.enumerated().map { c, p in untaught.contains(c) ? -.infinity : logf(max(p, .leastNormalMagnitude)) }
                return (scores, exemplarSimilarities == nil ? nil : nearestSimilarity(of: index, fold: nil, untaught: untaught))
            }
        }.flatMap { $0 }
        return (answers.map(\.0), answers.compactMap(\.1))
    }
}
