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
    ///   - outOfScopeClass: the class of "no intent", if any.
    func crossFittedIntents(
        _ dataset: SequenceDataset, intentNames: [String], intentIndex: [String: Int], source: [Int],
        gazetteerOf: (Int) -> Gazetteer, noise: [TokenizedText] = [], noiseGazetteer: Gazetteer = Gazetteer(), outOfScopeClass: Int? = nil,
        tokenizer: Tokenizer = Tokenizer()
    ) -> (predicted: [Int?], classifier: IntentClassifierModel, search: IntentClassifierSearch) {
        let started = Date()
        let classes = dataset.sequences.map { intentIndex[$0.intent]! }
        let originals = dataset.sequences.indices.filter { source[$0] == $0 }
        var trainer = IntentClassifierTrainer()
        trainer.threads = options.threads
        trainer.pruneBelow = options.pruneBelow
        trainer.encoder = options.encoder
        let folds = max(2, options.vocabularyFolds)
        // Utterances of one phrasing share a fold (``phrasingKey(of:labels:)``).
        var phrasingFold = [Int: Int]()
        let phrasings = originals.map { Self.phrasingKey(of: dataset.sequences[$0], labels: dataset.labels) }
        let originalClasses = originals.map { classes[$0] }
        for (original, phrasing) in zip(originals, phrasings) {
            phrasingFold[original] = Int(splitMix(options.seed &+ 0x5EED &+ phrasing) % UInt64(folds))
        }
        let foldOf: (Int) -> Int = { index in phrasingFold[source[index]]! }
        let foldSizes = (0..<folds).map { k in originals.filter { foldOf($0) == k }.count }
        var scratch = [Gazetteer.Match]()
        let noiseCount = outOfScopeClass == nil ? 0 : noise.count
        // Each in-scope original once more with a word outside its slots left out
        // (``withoutOneWord(_:labels:tokenizer:seed:)``), held out with it, for the out-of-scope
        // class's budget; their rows follow the generated ones.
        var variantOriginals = [Int](), variantTokens = [TokenizedText]()
        if let outOfScopeClass, options.falseRejectionRate > 0 {
            let inScopePhrasings = zip(originals, phrasings).filter { classes[$0.0] != outOfScopeClass }.map(\.1)
            let countsWordsLeftOut = options.calibratesOnUnknownWords ?? Self.isTemplated(phrasings: inScopePhrasings)
            detail(String(format: "intent classifier: %.1f%% of the in-scope requests phrased once", 100 * Self.shareOfUniquePhrasings(inScopePhrasings))
                + (countsWordsLeftOut ? "; the out-of-scope calibration also counts each held-out request with a word left out" : ""))
            for index in originals where countsWordsLeftOut && classes[index] != outOfScopeClass {
                guard let tokens = Self.withoutOneWord(
                    dataset.sequences[index], labels: dataset.labels, tokenizer: tokenizer, seed: options.seed &+ 0x0DD_3090 &+ UInt64(index)) else { continue }
                variantOriginals.append(index)
                variantTokens.append(tokens)
            }
        }
        let variantStart = dataset.sequences.count + noiseCount
        /// The classifier's inputs for the utterances of `dataset`, then the generated ones.
        func intentInputs(_ lengths: ClosedRange<Int>?) -> IntentInputs {
            var inputs = IntentInputs(characterNGrams: lengths, gazetteer: gazetteerOf(0))
            for (index, sequence) in dataset.sequences.enumerated() { inputs.append(sequence.tokens, gazetteer: gazetteerOf(index)) }
            for tokens in noise.prefix(noiseCount) { inputs.append(tokens, gazetteer: noiseGazetteer) }
            for (original, tokens) in zip(variantOriginals, variantTokens) { inputs.append(tokens, gazetteer: gazetteerOf(original)) }
            return inputs
        }
        // The sentence encoder's vector of every utterance, then of the generated ones, each
        // distinct text encoded once: the encoder is most of what training with it costs. A
        // swapped copy (``swappedCopies(_:copies:fold:)``) takes its original's vector: it says
        // the same with other names, and only the tagger learns from its predicted intent.
        var embeddings = [[Float]]()
        if let encoder = options.encoder {
            let encodingStarted = Date()
            let texts = dataset.sequences.indices.map { dataset.sequences[source[$0]].tokens.text } + noise.prefix(noiseCount).map(\.text)
                + variantTokens.map(\.text)
            var distinct = [String: Int](), unique = [String]()
            for text in texts where distinct[text] == nil {
                distinct[text] = unique.count
                unique.append(text)
            }
            let vectors = encoder.encode(unique, threads: options.threads)
            embeddings = texts.map { vectors[distinct[$0]!] }
            step(String(format: "intent classifier: %d distinct texts encoded by %@ in %.1f s", unique.count, encoder.name,
                       Date().timeIntervalSince(encodingStarted)))
        }
        // The nearest-exemplar features (``ExemplarSimilarities``), when the search may weigh
        // them: their rows are the originals, then the generated utterances, then the originals
        // with a word left out (exemplars of no intent).
        var rowOfOriginal = [Int: Int]()
        for (row, original) in originals.enumerated() { rowOfOriginal[original] = row }
        func exemplarRow(_ index: Int) -> Int {
            index < dataset.sequences.count ? rowOfOriginal[source[index]]! : originals.count + index - dataset.sequences.count
        }
        let generatedIndices = dataset.sequences.count..<(dataset.sequences.count + noiseCount)
        var exemplarSimilarities: ExemplarSimilarities?
        if !embeddings.isEmpty && options.intentGrid.neighbourScales.contains(where: { $0 != nil }) {
            let similaritiesStarted = Date()
            let variantIndices = variantStart..<(variantStart + variantOriginals.count)
            exemplarSimilarities = ExemplarSimilarities(
                vectors: (originals + generatedIndices + variantIndices).map { embeddings[$0] },
                classes: originals.map { classes[$0] } + [Int](repeating: outOfScopeClass ?? 0, count: noiseCount + variantOriginals.count),
                groups: originals.map(foldOf) + [Int](repeating: folds, count: noiseCount) + variantOriginals.map(foldOf), groupCount: folds + 1,
                phrasings: phrasings + (0..<noiseCount).map { UInt64.max - UInt64($0) } + variantOriginals.map { phrasings[rowOfOriginal[$0]!] },
                classCount: intentNames.count,
                excludedClass: outOfScopeClass, threads: options.threads)
            detail(String(format: "intent classifier: nearest-exemplar similarities of %d utterances in %.1f s", originals.count + noiseCount,
                       Date().timeIntervalSince(similaritiesStarted)))
        }
        /// The dense features of utterance `index` as the classifier of held-out fold `fold`
        /// (`nil`: the final one) sees them: none without the encoder's vector, then the vector
        /// and, with `neighbours`, its nearest-exemplar features.
        func denseInput(of index: Int, encoder: Bool, neighbours: Bool, fold: Int?) -> [Float]? {
            guard encoder, !embeddings.isEmpty else { return nil }
            guard neighbours, let exemplarSimilarities else { return embeddings[index] }
            return embeddings[index] + exemplarSimilarities.features(of: exemplarRow(index), excluding: fold)
        }
        /// The problem of `utterances` with the encoder's vectors at `encoderScale` (none for
        /// `nil`) and their nearest-exemplar features at `neighbourScale` (none for `nil`) as the
        /// classifier of held-out fold `fold` (`nil`: the final one) sees them.
        func problem(
            _ inputs: IntentInputs, of utterances: [Int], classes: [Int], generated: Int, minimumCount: Int, encoderScale: Double?,
            neighbourScale: Double? = nil, fold: Int? = nil
        ) -> IntentClassifierTrainer.Problem {
            let problem = inputs.problem(
                of: utterances, classes: classes, intents: intentNames, generated: generated, generatedWeight: options.noiseWeight,
                minimumCount: minimumCount, kept: words)
            guard let encoderScale, !embeddings.isEmpty else { return problem }
            guard let neighbourScale, let exemplarSimilarities else { return problem.withDense(utterances.map { embeddings[$0] }, scale: encoderScale) }
            return problem.withDense(
                utterances.map { embeddings[$0] }, scale: encoderScale,
                neighbours: utterances.map { exemplarSimilarities.features(of: exemplarRow($0), excluding: fold) }, neighbourScale: neighbourScale)
        }
        // Every word of the corpus stays a feature, however rare (``IntentClassifierTrainer/minimumFeatureCount``).
        let words = Set(originals.flatMap { IntentFeatureExtractor().wordFeatures(of: dataset.sequences[$0].tokens) })
        // The classifier's size: the words and word pairs of the corpus, times the intents.
        let isLarge: Bool = {
            let extractor = IntentFeatureExtractor(gazetteer: gazetteerOf(0))
            var distinct = Set<UInt64>()
            for index in originals {
                distinct.formUnion(Self.intentFeatures(of: dataset.sequences[index].tokens, gazetteer: gazetteerOf(index), extractor: extractor, scratch: &scratch))
            }
            return distinct.count * intentNames.count > TrainingOptions.largeClassifierWeights
        }()
        trainer.minimumFeatureCount = options.intentMinimumFeatureCount ?? (isLarge ? 2 : 1)
        if trainer.minimumFeatureCount > 1 {
            detail("intent classifier: word pairs and character n-grams of fewer than \(trainer.minimumFeatureCount) utterances left out")
        }

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
        ) -> [Candidate] {
            let lengths = settings[0].characterNGrams, encoderScale = settings[0].encoderScale, neighbourScale = settings[0].neighbourScale
            precondition(settings.allSatisfy { $0.characterNGrams == lengths && $0.encoderScale == encoderScale && $0.neighbourScale == neighbourScale },
                         "settings of other features")
            let inputs = intentInputs(lengths)
            let noiseClasses = outOfScopeClass.map { [Int](repeating: $0, count: noiseCount) } ?? []
            let noiseIndices = dataset.sequences.count..<(dataset.sequences.count + noiseClasses.count)
            // The folds at once, one thread each: each fold's fits are small, and a thread apiece
            // beats sharing every gradient evaluation between them.
            var foldTrainer = trainer
            foldTrainer.pruneBelow = 0  // their models are not kept
            foldTrainer.threads = 1
            foldTrainer.characterNGrams = lengths
            foldTrainer.tolerance = tolerance
            let results = concurrentMap(heldOut.count, threads: options.threads) { position in
                let k = heldOut[position]
                let training = originals.filter { foldOf($0) != k }
                let problem = problem(
                    inputs, of: training + noiseIndices, classes: training.map { classes[$0] } + noiseClasses, generated: noiseClasses.count,
                    minimumCount: foldTrainer.minimumFeatureCount, encoderScale: encoderScale, neighbourScale: neighbourScale, fold: k)
                let starts = start(k)
                var parameters = starts.isEmpty ? nil : problem.initialParameters(from: starts)
                var trainer = foldTrainer
                return settings.map { setting in
                    trainer.c2 = setting.c2
                    trainer.balancesIntents = setting.balancesIntents
                    trainer.weighsRareFeatures = setting.weighsRareFeatures
                    parameters = trainer.fit(problem, from: parameters)
                    let model = trainer.model(parameters!, of: problem)
                    var result = FoldResult()
                    result.fit = IntentClassifierFit(hashes: problem.hashes, parameters: parameters!, denseScales: problem.denseScales)
                    var probabilities = [Float]()
                    var position = 0
                    for index in dataset.sequences.indices {
                        let isOriginal = source[index] == index
                        defer { if isOriginal { position += 1 } }
                        guard foldOf(index) == k else { continue }
                        let predicted = model.predict(
                            features: inputs.allFeatures(of: index),
                            denseInput: denseInput(of: index, encoder: encoderScale != nil, neighbours: neighbourScale != nil, fold: k),
                            scratch: &probabilities)
                        result.predicted.append((index, predicted))
                        guard isOriginal else { continue }
                        if predicted == classes[index] { result.correct += 1 }
                        result.logLikelihood += Double(logf(max(probabilities[classes[index]], .leastNormalMagnitude)))
                        result.heldOut.append((position, probabilities.map { logf(max($0, .leastNormalMagnitude)) }, predicted == classes[index]))
                    }
                    for (variant, original) in variantOriginals.enumerated() where foldOf(original) == k {
                        let index = variantStart + variant
                        _ = model.predict(
                            features: inputs.allFeatures(of: index),
                            denseInput: denseInput(of: index, encoder: encoderScale != nil, neighbours: neighbourScale != nil, fold: k),
                            scratch: &probabilities)
                        result.withoutOneWord.append((variant, probabilities.map { logf(max($0, .leastNormalMagnitude)) }))
                    }
                    return result
                }
            }
            var candidates = settings.map { setting in
                Candidate(setting: setting, predicted: Array(repeating: nil, count: dataset.sequences.count),
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

        // One coordinate at a time (``IntentClassifierGrid``). First every coefficient: the one
        // nearest the untuned coefficient stays unless another is significantly better.
        let grid = options.intentGrid
        let coefficients = grid.c2.isEmpty ? [IntentClassifierSetting.untuned.c2] : grid.c2.sorted(by: >)
        let searches = coefficients.count > 1 || grid.characterNGrams.count > 1 || grid.balancesIntents.count > 1 || grid.weighsRareFeatures.count > 1
            || (options.encoder != nil && (grid.encoderScales.count > 1 || grid.neighbourScales.count > 1))
        // A large classifier's fits are what training costs: its settings are compared on the
        // first two folds when they hold enough utterances to tell settings apart
        // (``TrainingOptions/searchHeldOutUtterances``), and the other folds are fitted with
        // the chosen setting alone, when the tagger learns from their predictions.
        let compared = isLarge && searches && folds > 2 && foldSizes[0] + foldSizes[1] >= TrainingOptions.searchHeldOutUtterances
            ? [0, 1] : Array(0..<folds)
        let tolerance = searches && compared.count < folds ? TrainingOptions.searchTolerance : trainer.tolerance
        // With an encoder, its factors (``IntentClassifierGrid/encoderScales``); without, none.
        let encoderScales: [Double?] = options.encoder == nil ? [nil]
            : grid.encoderScales.allSatisfy({ $0 == nil }) ? [IntentClassifierSetting.untunedEncoderScale] : grid.encoderScales
        var candidates = evaluate(coefficients.map {
            IntentClassifierSetting(c2: $0, characterNGrams: grid.characterNGrams.first ?? nil, balancesIntents: grid.balancesIntents.first ?? true,
                                    encoderScale: encoderScales[0], weighsRareFeatures: grid.weighsRareFeatures.first ?? false)
        }, on: compared, tolerance: tolerance)
        let distance = { (c: Int) in abs(Foundation.log(candidates[c].setting.c2 / IntentClassifierSetting.untuned.c2)) }
        let incumbent = candidates.indices.min { distance($0) < distance($1) }!
        let top = Self.best(of: candidates, among: candidates.indices)
        var chosen = Self.isPreferred(candidates[top], over: candidates[incumbent], phrasings: phrasings, classes: originalClasses) ? top : incumbent
        // Only the chosen setting's weights are kept, as starts.
        func keepFitsOfChosen() { for c in candidates.indices where c != chosen { candidates[c].fits = [:] } }
        keepFitsOfChosen()
        /// `incumbent`'s setting changed by `change`, on the compared folds, each fold's fit
        /// starting from `incumbent`'s weights on that fold.
        func challenger(of incumbent: Candidate, _ change: (inout IntentClassifierSetting) -> Void) -> Candidate {
            var setting = incumbent.setting
            change(&setting)
            return evaluate([setting], on: compared, from: incumbent.start, tolerance: tolerance)[0]
        }
        // Then the other feature sets and weightings, each against the setting chosen so far,
        // each fold's fit starting from the chosen setting's weights on that fold.
        func challenge(with change: (inout IntentClassifierSetting) -> Void) {
            candidates.append(challenger(of: candidates[chosen], change))
            if Self.isPreferred(candidates[candidates.count - 1], over: candidates[chosen], phrasings: phrasings, classes: originalClasses) {
                chosen = candidates.count - 1
            }
            keepFitsOfChosen()
        }
        /// `candidate`'s fits taken on to the usual tolerance, when the search stopped them sooner.
        func atUsualTolerance(_ candidate: inout Candidate) {
            guard tolerance != trainer.tolerance else { return }
            candidate = evaluate([candidate.setting], on: compared, from: candidate.start)[0]
        }
        // A coordinate of several values (the encoder's factors, the exemplars'): every value is
        // fitted, and of those that beat the setting chosen so far the best is kept
        // (``choice(of:challengers:incumbent:phrasings:classes:)``). An explicit option
        // (`forced`) takes the best whatever the folds say of the incumbent.
        func challengeWithBest(of values: [Double?], forced: Bool = false, _ change: (inout IntentClassifierSetting, Double?) -> Void) {
            guard !values.isEmpty else { return }
            let incumbent = candidates[chosen], first = candidates.count
            for value in values {  // each its own features: a fit of its own from the chosen weights
                candidates.append(challenger(of: incumbent) { change(&$0, value) })
            }
            chosen = forced ? Self.best(of: candidates, among: first..<candidates.count)
                : Self.choice(of: candidates, challengers: first..<candidates.count, incumbent: chosen, phrasings: phrasings, classes: originalClasses)
            keepFitsOfChosen()
        }
        for lengths in grid.characterNGrams.dropFirst() { challenge { $0.characterNGrams = lengths } }
        for rare in grid.weighsRareFeatures.dropFirst() { challenge { $0.weighsRareFeatures = rare } }
        // The setting on words alone, as the search stands before the encoder joins it: what the
        // tagger learns from if the encoder's vector is chosen (below).
        let searchedWords = encoderScales.first! == nil ? candidates[chosen] : nil
        challengeWithBest(of: Array(encoderScales.dropFirst())) { $0.encoderScale = $1 }
        // The encoder's vector changes what the sparse features must carry: once it is in, the
        // feature sets and the neighbouring coefficients are challenged again.
        if candidates[chosen].setting.encoderScale != nil && encoderScales.first! == nil {
            for lengths in grid.characterNGrams where lengths != candidates[chosen].setting.characterNGrams {
                challenge { $0.characterNGrams = lengths }
            }
            let coefficient = candidates[chosen].setting.c2
            for neighbour in coefficients where neighbour != coefficient && max(neighbour / coefficient, coefficient / neighbour) <= 4.5 {
                challenge { $0.c2 = neighbour }
            }
        }
        // With the encoder's vector in, the similarity to each intent's nearest training utterances.
        let forcesExemplars = grid.neighbourScales.count == 1 && grid.neighbourScales[0] != nil
        if candidates[chosen].setting.encoderScale != nil && exemplarSimilarities != nil {
            challengeWithBest(of: grid.neighbourScales.filter { $0 != nil }, forced: forcesExemplars) { $0.neighbourScale = $1 }
        } else if forcesExemplars && exemplarSimilarities != nil {
            step("intent classifier: nearest exemplars not used: they come with the encoder's vector, which the search left out")
        }
        var sizes = [Int: Int]()
        for index in originals { sizes[classes[index], default: 0] += 1 }
        let comparesWeighting = Self.intentsDifferInSize(Array(sizes.values))
        if comparesWeighting {
            for balanced in grid.balancesIntents.dropFirst() { challenge { $0.balancesIntents = balanced } }
        } else if grid.balancesIntents.count > 1 {
            detail("intent classifier: intents of about the same size (within a factor of 1.5), weighting not compared")
        }
        atUsualTolerance(&candidates[chosen])
        var best = candidates[chosen]
        for candidate in candidates {
            let perFold = candidate.folds.map { String(format: "%.2f", 100 * Double(candidate.foldCorrect[$0]) / Double(max(1, foldSizes[$0]))) }
            detail(String(format: "intent classifier: %@: %.2f%% held-out accuracy (folds %@), log-likelihood %.1f%@", candidate.setting.description,
                       100 * Double(candidate.correct) / Double(max(1, candidate.heldOutCount)), perFold.joined(separator: " "),
                       candidate.logLikelihood, candidates.count > 1 && candidate.setting == best.setting ? ", chosen" : ""))
        }
        let accuracy = Double(best.correct) / Double(max(1, best.heldOutCount))
        let search = IntentClassifierSearch(
            chosen: best.setting, folds: folds, comparedFolds: compared.count, settings: candidates.count, heldOutAccuracy: accuracy,
            encoder: options.encoder?.identity)
        if candidates.count > 1 {
            step(String(format: "intent classifier: search of %d settings on %@ in %.1f s chose %@ (%.2f%% held-out accuracy)", candidates.count,
                        compared.count == folds ? "\(folds) folds" : "\(compared.count) of \(folds) folds", Date().timeIntervalSince(started),
                        best.setting.description, 100 * accuracy))
        } else {
            step(String(format: "intent classifier: %@ (%.2f%% held-out accuracy)", best.setting.description, 100 * accuracy))
        }
        let rest = (0..<folds).filter { !compared.contains($0) }
        /// `candidate` on the folds not compared too, each fit starting from the mean of its folds' weights.
        func onEveryFold(_ candidate: inout Candidate) {
            guard !rest.isEmpty && dataset.labels.count > 1 else { return }
            let fits = candidate.foldFits
            candidate.merge(evaluate([candidate.setting], on: rest, from: { _ in fits })[0])
        }
        // The tagger learns from the held-out intents of the setting on words alone, so that
        // training with an encoder gives it the tagger training without one gives: its features
        // condition on the predicted intent, and one more or fewer held-out intent right moves
        // its L-BFGS path and the iteration early stopping keeps by more than the encoder's few
        // intents are worth to it (docs/design.md). The setting is the one the search held
        // before the encoder joined it, finished as a search without an encoder finishes it;
        // with the encoder's factor fixed (no setting without it searched), the chosen setting
        // without the encoder's features.
        var wordsOnly: Candidate?
        if best.setting.encoderScale != nil {
            var words: Candidate
            if let searched = searchedWords {
                words = searched
                for balanced in grid.balancesIntents.dropFirst() where comparesWeighting {
                    let weighted = challenger(of: words) { $0.balancesIntents = balanced }
                    if Self.isPreferred(weighted, over: words, phrasings: phrasings, classes: originalClasses) { words = weighted }
                }
                atUsualTolerance(&words)
            } else {
                var setting = best.setting
                setting.encoderScale = nil
                setting.neighbourScale = nil
                words = evaluate([setting], on: compared)[0]
            }
            onEveryFold(&words)
            detail(String(format: "intent classifier: the tagger learns from the held-out intents of %@ (%.2f%% right)", words.setting.description,
                       100 * Double(words.correct) / Double(max(1, words.heldOutCount))))
            wordsOnly = words
        }
        // Folds not compared, and the final classifier, start from the mean of the folds' weights.
        onEveryFold(&best)
        // The final classifier, on every original with the chosen setting.
        let inputs = intentInputs(best.setting.characterNGrams)
        let noiseClasses = outOfScopeClass.map { [Int](repeating: $0, count: noiseCount) } ?? []
        let held = best.heldOut.indices.filter { !best.heldOut[$0].isEmpty }
        let (calibration, shift) = calibrate(held.map { best.heldOut[$0] }, classes: held.map { classes[originals[$0]] },
                                             withoutOneWord: best.withoutOneWord.filter { !$0.isEmpty },
                                             outOfScopeClass: outOfScopeClass, intentNames: intentNames, generated: noiseClasses.count)
        trainer.c2 = best.setting.c2
        trainer.characterNGrams = best.setting.characterNGrams
        trainer.balancesIntents = best.setting.balancesIntents
        trainer.weighsRareFeatures = best.setting.weighsRareFeatures
        let noiseIndices = dataset.sequences.count..<(dataset.sequences.count + noiseClasses.count)
        let problem = problem(
            inputs, of: originals + noiseIndices, classes: originals.map { classes[$0] } + noiseClasses, generated: noiseClasses.count,
            minimumCount: trainer.minimumFeatureCount, encoderScale: best.setting.encoderScale, neighbourScale: best.setting.neighbourScale)
        var exemplars: EncoderExemplars?
        if problem.neighbourDimension > 0 {
            // Every in-scope original, each distinct text of an intent once (the features are
            // maxima: a twin adds nothing).
            var seen = Set<String>(), vectors = [[Float]](), exemplarClasses = [Int]()
            for index in originals where classes[index] != outOfScopeClass {
                let class_ = classes[index], text = dataset.sequences[index].tokens.text
                guard seen.insert("\(class_) \(text)").inserted else { continue }
                vectors.append(embeddings[index])
                exemplarClasses.append(class_)
            }
            exemplars = try! EncoderExemplars(normalising: vectors, classes: exemplarClasses, intents: intentNames.count)
        }
        let classifier = trainer.model(
            trainer.fit(problem, from: problem.initialParameters(from: best.foldFits)), of: problem, exemplars: exemplars)
        var offsets = [Double](repeating: 0, count: intentNames.count)
        if let outOfScopeClass { offsets[outOfScopeClass] = -shift }
        return ((wordsOnly ?? best).predicted, classifier.addingBiases(offsets).with(calibration), search)
    }

    /// Whether weighting intents alike (``IntentClassifierSetting/balancesIntents``) changes
    /// the fit enough to be worth a round of folds: only when the largest intent has more than
    /// 1.5 times the utterances of the smallest. Below that, both weightings give nearly the
    /// same objective.
    static func intentsDifferInSize(_ sizes: [Int]) -> Bool {
        (sizes.max() ?? 0) * 2 > (sizes.min() ?? 0) * 3
    }

    /// One setting's held-out results.
    struct Candidate {
        let setting: IntentClassifierSetting
        var predicted: [Int?]
        /// `[originals]` held-out log-probabilities, for the calibration (empty for the
        /// originals of folds not evaluated).
        var heldOut: [[Float]]
        /// `[originals]` whether the held-out prediction is the gold class.
        var right: [Bool]
        /// `[in-scope originals with a word to leave out]` held-out log-probabilities of each
        /// without one of its words (empty for folds not evaluated).
        var withoutOneWord: [[Float]] = []
        var foldCorrect: [Int]
        var logLikelihood = 0.0
        /// The weights of each fold's fit, by fold (only the chosen setting's are kept).
        var fits = [Int: IntentClassifierFit]()
        /// The fits in the order of their folds (their mean does not depend on a dictionary's order).
        var foldFits: [IntentClassifierFit] { fits.sorted { $0.key < $1.key }.map(\.value) }
        /// Where a fit on a fold starts: this setting's fit on the same fold.
        var start: (Int) -> [IntentClassifierFit] { { [fits] in fits[$0].map { [$0] } ?? [] } }
        /// The folds evaluated, and the originals they hold.
        var folds = [Int]()
        var heldOutCount = 0
        var correct: Int { foldCorrect.reduce(0, +) }

        /// Adds the results of `other`, the same setting on other folds.
        mutating func merge(_ other: Candidate) {
            for (index, intent) in other.predicted.enumerated() where intent != nil { predicted[index] = intent }
            for (position, scores) in other.heldOut.enumerated() where !scores.isEmpty {
                heldOut[position] = scores
                right[position] = other.right[position]
            }
            for (variant, scores) in other.withoutOneWord.enumerated() where !scores.isEmpty { withoutOneWord[variant] = scores }
            for k in other.folds { foldCorrect[k] = other.foldCorrect[k] }
            fits.merge(other.fits) { _, new in new }
            folds += other.folds
            heldOutCount += other.heldOutCount
            logLikelihood += other.logLikelihood
        }
    }

    /// Of the candidates at `indices` (not empty), the one with the most held-out utterances
    /// right, then the likeliest.
    static func best(of candidates: [Candidate], among indices: some Sequence<Int>) -> Int {
        indices.max { c, d in (candidates[c].correct, candidates[c].logLikelihood) < (candidates[d].correct, candidates[d].logLikelihood) }!
    }

    /// The setting a coordinate of several values keeps: of the `challengers` preferred over
    /// `incumbent` (``isPreferred(_:over:phrasings:classes:)``), the best (``best(of:among:)``);
    /// `incumbent` when none is. Offered one by one instead, the first challenger to beat the
    /// incumbent would stay unless a later one beat it in turn, and the order of the grid, not the
    /// folds, would choose between two that both beat it. Testing only the best, a challenger
    /// that beats the incumbent significantly would be lost to one right on an utterance more
    /// that does not.
    static func choice(of candidates: [Candidate], challengers: Range<Int>, incumbent: Int, phrasings: [UInt64], classes: [Int]) -> Int {
        let preferred = challengers.filter { isPreferred(candidates[$0], over: candidates[incumbent], phrasings: phrasings, classes: classes) }
        return preferred.isEmpty ? incumbent : best(of: candidates, among: preferred)
    }

    /// Whether `challenger` should replace `incumbent`: when it is right on significantly more
    /// held-out utterances (``isSignificantlyBetter(_:than:phrasings:)``), or when neither is
    /// and it gives the held-out utterances' intents a significantly higher likelihood
    /// (``isSignificantlyLikelier(_:than:phrasings:classes:)``).
    ///
    /// Accuracy counts a prediction right or wrong; the held-out log-likelihood, a proper
    /// scoring rule, also weighs how sure the classifier is, which is what the out-of-scope
    /// class, the minimum confidence and the tagger's joint decoding read. On a corpus whose
    /// held-out phrasings are nearly all right whatever the setting, flips are too few to tell
    /// settings apart, while the likelihood still tells a classifier that is right by a hair
    /// from one that is right with a margin.
    static func isPreferred(_ challenger: Candidate, over incumbent: Candidate, phrasings: [UInt64], classes: [Int]) -> Bool {
        if isSignificantlyBetter(challenger, than: incumbent, phrasings: phrasings) { return true }
        if isSignificantlyBetter(incumbent, than: challenger, phrasings: phrasings) { return false }
        return isSignificantlyLikelier(challenger, than: incumbent, phrasings: phrasings, classes: classes)
    }

    /// Whether `challenger` gives the held-out utterances' intents (`classes`, one per
    /// original) a higher log-likelihood than `incumbent` at two standard deviations, the
    /// phrasing the unit, as in ``isSignificantlyBetter(_:than:phrasings:)``: each phrasing g
    /// contributes d_g, the sum over its utterances of the difference of the gold intent's
    /// log-probabilities, and the test asks Σ d_g > 2 √(Σ d_g²).
    static func isSignificantlyLikelier(_ challenger: Candidate, than incumbent: Candidate, phrasings: [UInt64], classes: [Int]) -> Bool {
        var net = [UInt64: Double]()
        for (position, (new, old)) in zip(challenger.heldOut, incumbent.heldOut).enumerated() where !new.isEmpty && !old.isEmpty {
            net[phrasings[position], default: 0] += Double(new[classes[position]]) - Double(old[classes[position]])
        }
        let gain = net.values.reduce(0, +)
        let variance = net.values.reduce(0) { $0 + $1 * $1 }
        return gain > 2 * variance.squareRoot()
    }

    /// Whether `challenger` is right on significantly more held-out utterances than
    /// `incumbent`, at two standard deviations (about 2.5 % one-sided): McNemar's test, with the
    /// phrasing (`phrasings`, one key per original) as the unit that varies independently.
    ///
    /// A phrasing's utterances share a fold and differ only in slot values, so one model
    /// reads them alike and they flip together; counted one by one, twenty twins that flip
    /// would pass for twenty independent wins. Each phrasing g contributes its net gain
    /// d_g = gains − losses, and the test asks Σ d_g > 2 √(Σ d_g²) (a clustered sign test;
    /// with one utterance per phrasing it is McNemar's, d_g² = 1 for each disagreement). On a
    /// corpus of ten thousand utterances a few dozen flips either way are noise, and a setting
    /// that wins by noise makes the tagger, which learns from the predicted intents, no better.
    static func isSignificantlyBetter(_ challenger: Candidate, than incumbent: Candidate, phrasings: [UInt64]) -> Bool {
        var net = [UInt64: Int]()
        for (position, (new, old)) in zip(challenger.right, incumbent.right).enumerated() where new != old {
            net[phrasings[position], default: 0] += new ? 1 : -1
        }
        let gain = net.values.reduce(0, +)
        let variance = net.values.reduce(0) { $0 + $1 * $1 }
        return Double(gain) > 2 * Double(variance).squareRoot()
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

    /// Whether a corpus of requests of `phrasings` (``phrasingKey(of:labels:)``, one per
    /// request) was written from templates: fewer than a tenth of its requests have a phrasing
    /// no other has. The held-out folds hold out phrasings, but one writer's templates share
    /// most of their words, and a request phrased anew brings words none of them has, so the
    /// folds reject far fewer in-scope requests than new phrasings will bring. Crowd-sourced
    /// corpora phrase most requests once, and their folds are as new as their test.
    static func isTemplated(phrasings: [UInt64]) -> Bool {
        !phrasings.isEmpty && shareOfUniquePhrasings(phrasings) < 0.1
    }

    /// The share of requests of `phrasings` (one per request) that no other request shares.
    static func shareOfUniquePhrasings(_ phrasings: [UInt64]) -> Double {
        var counts = [UInt64: Int]()
        for phrasing in phrasings { counts[phrasing, default: 0] += 1 }
        return Double(counts.values.filter { $0 == 1 }.count) / Double(max(1, phrasings.count))
    }

    /// `sequence` with one of its words outside slots left out, the word chosen by `seed`: a
    /// request as a new phrasing brings it, where a word the classifier knows from the other
    /// phrasings of its intent gives no evidence. `nil` for a sequence of one token or with no
    /// word outside its slots.
    static func withoutOneWord(_ sequence: TaggedSequence, labels: LabelSet, tokenizer: Tokenizer, seed: UInt64) -> TokenizedText? {
        let tokens = sequence.tokens
        let words = tokens.tokens.indices.filter { labels.tag(sequence.labels[$0]) == .outside && tokens.tokens[$0].kind == .word }
        guard tokens.count > 1, !words.isEmpty else { return nil }
        let left = tokens.tokens[words[Int(splitMix(seed) % UInt64(words.count))]].utf8Range
        let utf8 = Array(tokens.text.utf8)
        return tokenizer.tokenize(String(decoding: utf8[..<left.lowerBound] + utf8[left.upperBound...], as: UTF8.self))
    }

    /// The temperature and minimum confidence fitted to held-out predictions
    /// (``ConfidenceCalibration``), logged with the held-out out-of-scope recall they give.
    ///
    /// The out-of-scope class's score is lowered first, when it alone rejects more than
    /// ``TrainingOptions/falseRejectionRate`` of the held-out in-scope requests
    /// (``ConfidenceCalibration/outOfScopeShift(margins:rate:)``); the returned shift is what to
    /// take off the class's bias.
    func calibrate(
        _ heldOut: [[Float]], classes: [Int], withoutOneWord: [[Float]] = [], outOfScopeClass: Int?, intentNames: [String], generated: Int
    ) -> (calibration: OutOfScopeCalibration, shift: Double) {
        var logProbabilities = heldOut, wordLeftOut = withoutOneWord, shift = 0.0, shiftOfFoldsAlone = 0.0
        if let outOfScopeClass, options.falseRejectionRate > 0 {
            func margin(_ scores: [Float]) -> Double {
                Double(scores[outOfScopeClass]) - Double(scores.enumerated().filter { $0.offset != outOfScopeClass }.map(\.element).max() ?? -.infinity)
            }
            let margins = zip(heldOut, classes).filter { $0.1 != outOfScopeClass }.map { margin($0.0) }
            // A request phrased anew brings words no training phrasing has: on a corpus written
            // from templates (``isTemplated(phrasings:)``) the rate holds for the held-out
            // requests as written and with a word left out (`withoutOneWord`), together.
            shift = ConfidenceCalibration.outOfScopeShift(margins: margins + withoutOneWord.map(margin), rate: options.falseRejectionRate)
            if !withoutOneWord.isEmpty {
                shiftOfFoldsAlone = ConfidenceCalibration.outOfScopeShift(margins: margins, rate: options.falseRejectionRate)
            }
            if shift > 0 {
                for index in logProbabilities.indices { logProbabilities[index][outOfScopeClass] -= Float(shift) }
                for index in wordLeftOut.indices { wordLeftOut[index][outOfScopeClass] -= Float(shift) }
            }
        }
        let temperature = ConfidenceCalibration.temperature(logProbabilities: logProbabilities, classes: classes)
        // Each utterance's calibrated confidence as the parse will measure it
        // (``OutOfScopeCalibration/confidenceMeasure``: its two likeliest in-scope intents'
        // probabilities summed, or its likeliest's; a combination of intents' least certain
        // part's), and whether the out-of-scope class wins.
        let composites = CompositeIntents(intents: intentNames)
        let measure: ConfidenceMeasure = composites == nil ? options.confidenceMeasure : .likeliestIntent
        func judged(_ rows: [[Float]], classes: [Int]) -> (inScope: [Double], rejectedByClass: Int, outOfScope: [(confidence: Double, byClass: Bool)]) {
            var inScope = [Double](), rejectedByClass = 0
            var outOfScope = [(confidence: Double, byClass: Bool)]()
            for (scores, gold) in zip(rows, classes) {
                var best = -1, maximum = -Float.infinity, sum = 0.0
                for (c, score) in scores.enumerated() where score > maximum { best = c; maximum = score }
                var bestInScope = -Double.infinity, likeliestInScope = -1
                for (c, score) in scores.enumerated() {
                    let scaled = Double(score - maximum) / temperature
                    sum += exp(scaled)
                    if c != outOfScopeClass && scaled > bestInScope { bestInScope = scaled; likeliestInScope = c }
                }
                var confidence = exp(bestInScope) / sum
                if let composites, likeliestInScope >= 0 {
                    let probabilities = scores.map { Float(exp(Double($0 - maximum) / temperature) / sum) }
                    confidence = composites.confidence(of: likeliestInScope, probabilities: probabilities)
                } else if measure == .twoLikeliestIntents {
                    let probabilities = scores.map { exp(Double($0 - maximum) / temperature) / sum }
                    confidence = ConfidenceMeasure.twoLikeliestProbability(of: probabilities, outOfScopeClass: outOfScopeClass)
                }
                if gold == outOfScopeClass {
                    outOfScope.append((confidence, best == outOfScopeClass))
                } else if best == outOfScopeClass {
                    rejectedByClass += 1
                } else {
                    inScope.append(confidence)
                }
            }
            return (inScope, rejectedByClass, outOfScope)
        }
        let (inScope, rejectedByClass, outOfScope) = judged(logProbabilities, classes: classes)
        let rate = options.falseRejectionRate
        // The minimum keeps the budget on the requests as written and with a word left out, together;
        // the share it reports is of the requests as written.
        let variants = judged(wordLeftOut, classes: [Int](repeating: -1, count: wordLeftOut.count))
        let threshold = rate > 0
            ? ConfidenceCalibration.minimumConfidence(
                confidences: inScope + variants.inScope, rejectedOtherwise: rejectedByClass + variants.rejectedByClass, rate: rate).threshold
            : nil
        let rejected = Double(rejectedByClass + inScope.filter { $0 < (threshold ?? 0) }.count) / Double(max(1, inScope.count + rejectedByClass))
        var line = "out of scope: " + (threshold.map {
            String(format: "minimum confidence %.3f (%@)", $0, measure == .twoLikeliestIntents ? "two likeliest intents" : "likeliest intent")
        } ?? "no minimum confidence")
        line += String(format: ", %.2f%% of held-out in-scope requests rejected", 100 * rejected)
        if !outOfScope.isEmpty {
            let caught = outOfScope.filter { $0.byClass || $0.confidence < (threshold ?? 0) }.count
            line += String(format: ", %.2f%% of the %d held-out out-of-scope ones caught", 100 * Double(caught) / Double(outOfScope.count), outOfScope.count)
        }
        var details = String(format: "temperature %.3f", temperature)
        if let outOfScopeClass {
            details += "; class '\(intentNames[outOfScopeClass])', \(generated) generated utterances"
            if shift > 0 { details += String(format: ", its score lowered by %.3f", shift) }
            if !withoutOneWord.isEmpty {
                details += String(format: " (%.3f without the %d held-out requests with a word left out)", shiftOfFoldsAlone, withoutOneWord.count)
            }
        }
        log(TrainingMessage(.step, line, details: details))
        return (OutOfScopeCalibration(
            intent: outOfScopeClass.map { intentNames[$0] }, temperature: temperature, minimumConfidence: threshold,
            confidenceMeasure: measure, falseRejectionRate: rejected),
                shift)
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
        var features = [[UInt64]](), embeddings = [[Float]?](), classes = [Int]()
        var matches = [Gazetteer.Match]()
        for utterance in dev.utterances {
            guard let gold = intentIndex[utterance.intent] else { continue }
            let tokens = tokenizer.tokenize(utterance.text)
            features.append(Self.intentFeatures(of: tokens, gazetteer: gazetteer, extractor: extractor, scratch: &matches))
            embeddings.append(classifier.embedding(of: tokens.text))
            classes.append(gold)
        }
        guard !features.isEmpty else { return classifier }
        let offsets = IntentBiasCalibration.offsets(for: classifier, features: features, embeddings: embeddings, classes: classes)
        step("intent classifier: bias offsets fitted on \(features.count) dev utterances: " + zip(classifier.intents, offsets).map { "\($0) \(String(format: "%+.2f", $1))" }.joined(separator: ", "))
        return classifier.addingBiases(offsets)
    }
}
