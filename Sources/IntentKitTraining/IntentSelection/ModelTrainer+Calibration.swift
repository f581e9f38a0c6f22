import Foundation
import IntentKit
import IntentKitCorpus

extension ModelTrainer {
    /// The temperature and minimum confidence fitted to held-out predictions
    /// (``ConfidenceCalibration``), logged with the held-out out-of-scope recall they give.
    ///
    /// The out-of-scope class's score is lowered first, when it alone rejects more than
    /// ``TrainingOptions/falseRejectionRate`` of the held-out in-scope requests
    /// (``ConfidenceCalibration/outOfScopeShift(margins:rate:)``); the returned shift is what to
    /// take off the class's bias.
    ///
    /// With the encoder and no out-of-scope examples in the corpus, the minimum similarity
    /// (``OutOfScopeCalibration/minimumSimilarity``) keeps the budget on its own: the held-out in-scope requests the class, the minimum
    /// confidence and it turn away together are at most twice the budget, and training reports
    /// their share.
    /// - Parameters:
    ///   - similarities: with the encoder, each held-out request's similarity to the nearest
    ///     training utterance of its fold's classifier (``IntentFolds/heldOutSimilarities(untaught:)``);
    ///     `variantSimilarities`, those of `withoutOneWord`'s requests.
    ///   - untaught: requests for intents the classifier was not taught, and their similarities
    ///     (``IntentFolds/unknownIntentScores(of:)``), for the share of them the scope turns away.
    func calibrate(
        _ heldOut: [[Float]], classes: [Int], withoutOneWord: [[Float]] = [], outOfScopeClass: Int?, intentNames: [String], generated: Int,
        similarities: [Double] = [], variantSimilarities: [Double] = [], untaught: (logProbabilities: [[Float]], similarities: [Double]) = ([], [])
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
        let row = { (scores: [Float]) in
            Self.judgedRow(scores, temperature: temperature, outOfScopeClass: outOfScopeClass, composites: composites, measure: measure)
        }
        // Whether the class or the minimum confidence turns a request away, and the similarity then.
        let turnedAway = { (scores: [Float]) in row(scores).byClass || row(scores).confidence < (threshold ?? 0) }
        var rejectedCount = rejectedByClass + inScope.filter { $0 < (threshold ?? 0) }.count
        var minimumSimilarity: Double?
        // Only a corpus without out-of-scope examples: with them, the class has learnt what to turn away.
        let hasOutOfScopeExamples = outOfScopeClass.map(classes.contains) ?? false
        if rate > 0, !hasOutOfScopeExamples, similarities.count == logProbabilities.count {
            // A budget of its own, on the requests as written and with a word left out together
            // (as the minimum confidence's): the class and the minimum confidence read the
            // classifier, the similarity the encoder's geometry, and they turn away different requests.
            let inScopeSimilarities = logProbabilities.indices.filter { classes[$0] != outOfScopeClass }.map { similarities[$0] }
            let variants = variantSimilarities.count == wordLeftOut.count ? variantSimilarities : []
            minimumSimilarity = ConfidenceCalibration.minimumSimilarity(inScopeSimilarities + variants, rejectedOtherwise: 0, rate: rate)
            rejectedCount += logProbabilities.indices.filter {
                classes[$0] != outOfScopeClass && !turnedAway(logProbabilities[$0]) && similarities[$0] < (minimumSimilarity ?? -.infinity)
            }.count
        }
        let unlike = { (index: Int, similarities: [Double]) in index < similarities.count && similarities[index] < (minimumSimilarity ?? -.infinity) }
        let rejected = Double(rejectedCount) / Double(max(1, inScope.count + rejectedByClass))
        var line = "out of scope: " + (threshold.map {
            String(format: "minimum confidence %.3f (%@)", $0, measure == .twoLikeliestIntents ? "two likeliest intents" : "likeliest intent")
        } ?? "no minimum confidence")
        if let minimumSimilarity { line += String(format: ", minimum similarity %.3f", minimumSimilarity) }
        line += String(format: ", %.2f%% of held-out in-scope requests rejected", 100 * rejected)
        if !outOfScope.isEmpty {
            let caught = logProbabilities.indices.filter {
                classes[$0] == outOfScopeClass && (turnedAway(logProbabilities[$0]) || unlike($0, similarities))
            }.count
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
        if !untaught.logProbabilities.isEmpty {
            // The class and the minimums as calibrated, on requests for intents left out of training.
            var rows = untaught.logProbabilities
            if let outOfScopeClass, shift > 0 { for index in rows.indices { rows[index][outOfScopeClass] -= Float(shift) } }
            let caught = rows.indices.filter { turnedAway(rows[$0]) || unlike($0, untaught.similarities) }.count
            log(TrainingMessage(.step, String(
                format: "requests for intents this corpus does not teach: about %.0f%% turned away at %.2f%% false rejection",
                100 * Double(caught) / Double(rows.count), 100 * rejected),
                details: "each of \(min(IntentFolds.untaughtGroups, intentNames.count - (outOfScopeClass == nil ? 0 : 1))) groups of intents left out of training in turn, \(rows.count) requests"))
        }
        return (OutOfScopeCalibration(
            intent: outOfScopeClass.map { intentNames[$0] }, temperature: temperature, minimumConfidence: threshold,
            confidenceMeasure: measure, falseRejectionRate: rejected, minimumSimilarity: minimumSimilarity),
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
            let (byClass, confidence) = judgedRow(scores, temperature: temperature, outOfScopeClass: outOfScopeClass, composites: composites, measure: measure)
            if gold == outOfScopeClass {
                outOfScope.append((confidence, byClass))
            } else if byClass {
                rejectedByClass += 1
            } else {
                inScope.append(confidence)
            }
        }
        return (inScope, rejectedByClass, outOfScope)
    }

    /// One row of ``judged(_:classes:temperature:outOfScopeClass:composites:measure:)``: whether
    /// the out-of-scope class wins, and the calibrated confidence as the parse will measure it.
    private static func judgedRow(
        _ scores: [Float], temperature: Double, outOfScopeClass: Int?, composites: CompositeIntents?, measure: ConfidenceMeasure
    ) -> (byClass: Bool, confidence: Double) {
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
        return (best == outOfScopeClass, confidence)
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
