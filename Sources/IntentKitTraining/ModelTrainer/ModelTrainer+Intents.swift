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
        gazetteerOf: @escaping (Int) -> Gazetteer, noise: [TokenizedText] = [], noiseGazetteer: Gazetteer = Gazetteer(), outOfScopeClass: Int? = nil,
        tokenizer: Tokenizer = Tokenizer()
    ) -> (predicted: [Int?], classifier: IntentClassifierModel, search: IntentClassifierSearch) {
        let started = Date()
        let folds = IntentFolds(
            dataset, intentNames: intentNames, intentIndex: intentIndex, source: source, gazetteerOf: gazetteerOf, noise: noise,
            noiseGazetteer: noiseGazetteer, outOfScopeClass: outOfScopeClass, tokenizer: tokenizer, options: options, log: log)
        var search = IntentSettingSearch(folds)
        search.run(log: log)
        let record = report(search, started: started)
        // The tagger learns from the held-out intents of the setting on words alone, so that
        // training with an encoder gives it the tagger training without one gives: its features
        // condition on the predicted intent, and one more or fewer held-out intent right moves
        // its L-BFGS path and the iteration early stopping keeps by more than the encoder's few
        // intents are worth to it (docs/design.md).
        var wordsOnly: Candidate?
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
    private func report(_ search: IntentSettingSearch, started: Date) -> IntentClassifierSearch {
        let candidates = search.candidates, best = search.best, folds = search.folds
        for candidate in candidates {
            let perFold = candidate.folds.map { String(format: "%.2f", 100 * Double(candidate.foldCorrect[$0]) / Double(max(1, folds.foldSizes[$0]))) }
            detail(String(format: "intent classifier: %@: %.2f%% held-out accuracy (folds %@), log-likelihood %.1f%@", candidate.setting.description,
                          100 * Double(candidate.correct) / Double(max(1, candidate.heldOutCount)), perFold.joined(separator: " "),
                          candidate.logLikelihood, candidates.count > 1 && candidate.setting == best.setting ? ", chosen" : ""))
        }
        let accuracy = Double(best.correct) / Double(max(1, best.heldOutCount))
        if candidates.count > 1 {
            step(String(format: "intent classifier: search of %d settings on %@ in %.1f s chose %@ (%.2f%% held-out accuracy)", candidates.count,
                        search.compared.count == folds.folds ? "\(folds.folds) folds" : "\(search.compared.count) of \(folds.folds) folds",
                        Date().timeIntervalSince(started), best.setting.description, 100 * accuracy))
        } else {
            step(String(format: "intent classifier: %@ (%.2f%% held-out accuracy)", best.setting.description, 100 * accuracy))
        }
        return IntentClassifierSearch(
            chosen: best.setting, folds: folds.folds, comparedFolds: search.compared.count, settings: candidates.count, heldOutAccuracy: accuracy,
            encoder: options.encoder?.identity)
    }

    /// The classifier for parse time: `best`'s setting fitted on every original, starting from
    /// the mean of its folds' weights, and calibrated on its held-out predictions.
    private func finalClassifier(_ best: Candidate, folds: IntentFolds) -> IntentClassifierModel {
        let inputs = folds.intentInputs(best.setting.characterNGrams)
        let originals = folds.originals, classes = folds.classes, noiseClasses = folds.noiseClasses
        let held = best.heldOut.indices.filter { !best.heldOut[$0].isEmpty }
        let (calibration, shift) = calibrate(held.map { best.heldOut[$0] }, classes: held.map { classes[originals[$0]] },
                                             withoutOneWord: best.withoutOneWord.filter { !$0.isEmpty },
                                             outOfScopeClass: folds.outOfScopeClass, intentNames: folds.intentNames, generated: noiseClasses.count)
        var trainer = folds.trainer
        trainer.c2 = best.setting.c2
        trainer.characterNGrams = best.setting.characterNGrams
        trainer.balancesIntents = best.setting.balancesIntents
        trainer.weighsRareFeatures = best.setting.weighsRareFeatures
        let problem = folds.problem(
            inputs, of: originals + folds.noiseIndices, classes: originals.map { classes[$0] } + noiseClasses, generated: noiseClasses.count,
            minimumCount: trainer.minimumFeatureCount, encoderScale: best.setting.encoderScale, neighbourScale: best.setting.neighbourScale)
        let exemplars = problem.neighbourDimension > 0 ? folds.exemplars() : nil
        let classifier = trainer.model(
            trainer.fit(problem, from: problem.initialParameters(from: best.foldFits)), of: problem, exemplars: exemplars)
        var offsets = [Double](repeating: 0, count: folds.intentNames.count)
        if let outOfScopeClass = folds.outOfScopeClass { offsets[outOfScopeClass] = -shift }
        return classifier.addingBiases(offsets).with(calibration)
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
        var logProbabilities = heldOut, wordLeftOut = withoutOneWord
        let (shift, shiftOfFoldsAlone) = outOfScopeShifts(heldOut, classes: classes, withoutOneWord: withoutOneWord, outOfScopeClass: outOfScopeClass)
        if let outOfScopeClass, shift > 0 {
            for index in logProbabilities.indices { logProbabilities[index][outOfScopeClass] -= Float(shift) }
            for index in wordLeftOut.indices { wordLeftOut[index][outOfScopeClass] -= Float(shift) }
        }
        let temperature = ConfidenceCalibration.temperature(logProbabilities: logProbabilities, classes: classes)
        let composites = CompositeIntents(intents: intentNames)
        let measure: ConfidenceMeasure = composites == nil ? options.confidenceMeasure : .likeliestIntent
        let judge = { (rows: [[Float]], classes: [Int]) in
            Self.judged(rows, classes: classes, temperature: temperature, outOfScopeClass: outOfScopeClass, composites: composites, measure: measure)
        }
        let (inScope, rejectedByClass, outOfScope) = judge(logProbabilities, classes)
        let rate = options.falseRejectionRate
        // The minimum keeps the budget on the requests as written and with a word left out, together;
        // the share it reports is of the requests as written.
        let variants = judge(wordLeftOut, [Int](repeating: -1, count: wordLeftOut.count))
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

    /// How much the out-of-scope class's score must be lowered for it alone to reject at most
    /// ``TrainingOptions/falseRejectionRate`` of the held-out in-scope requests
    /// (``ConfidenceCalibration/outOfScopeShift(margins:rate:)``), and the same without the
    /// requests with a word left out. A request phrased anew brings words no training phrasing
    /// has: on a corpus written from templates (``isTemplated(phrasings:)``) the rate holds for
    /// the held-out requests as written and with a word left out (`withoutOneWord`), together.
    private func outOfScopeShifts(
        _ heldOut: [[Float]], classes: [Int], withoutOneWord: [[Float]], outOfScopeClass: Int?
    ) -> (shift: Double, ofFoldsAlone: Double) {
        guard let outOfScopeClass, options.falseRejectionRate > 0 else { return (0, 0) }
        func margin(_ scores: [Float]) -> Double {
            Double(scores[outOfScopeClass]) - Double(scores.enumerated().filter { $0.offset != outOfScopeClass }.map(\.element).max() ?? -.infinity)
        }
        let margins = zip(heldOut, classes).filter { $0.1 != outOfScopeClass }.map { margin($0.0) }
        let shift = ConfidenceCalibration.outOfScopeShift(margins: margins + withoutOneWord.map(margin), rate: options.falseRejectionRate)
        let ofFoldsAlone = withoutOneWord.isEmpty ? 0 : ConfidenceCalibration.outOfScopeShift(margins: margins, rate: options.falseRejectionRate)
        return (shift, ofFoldsAlone)
    }

    /// Each row's calibrated confidence as the parse will measure it
    /// (``OutOfScopeCalibration/confidenceMeasure``: its two likeliest in-scope intents'
    /// probabilities summed, or its likeliest's; a combination of intents' least certain
    /// part's), and whether the out-of-scope class wins: the in-scope rows' confidences, how many
    /// in-scope rows the class takes, and the out-of-scope rows.
    private static func judged(
        _ rows: [[Float]], classes: [Int], temperature: Double, outOfScopeClass: Int?, composites: CompositeIntents?, measure: ConfidenceMeasure
    ) -> (inScope: [Double], rejectedByClass: Int, outOfScope: [(confidence: Double, byClass: Bool)]) {
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
