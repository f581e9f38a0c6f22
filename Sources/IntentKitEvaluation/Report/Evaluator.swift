/// Scores predicted frames against gold ones: intents, slots, whole sentences, confidence
/// calibration and the most frequent mistakes. Deterministic: the same comparisons give the
/// same report, whatever their order of arrival within an utterance.
public struct Evaluator: Sendable {
    /// Equal-width confidence bins for the reliability diagram.
    public var calibrationBins = 10
    /// How many frequent mistakes to report, and examples per mistake.
    public var frequentErrorCount = 10
    public var examplesPerError = 3
    /// The minimum confidence the parser answered with, for the report's out-of-scope histograms
    /// (``evaluate(_:on:resolving:)`` sets the parser's).
    public var minimumConfidence: Double?
    /// The confidence from which a wrong intent counts as a confident error
    /// (``EvaluationReport/Calibration/confidentErrorRate``).
    public static let confidentErrorThreshold = 0.9

    public init() {}

    public func evaluate(_ comparisons: [FrameComparison]) -> EvaluationReport {
        var tally = SlotTally()
        for comparison in comparisons { tally.add(comparison) }
        return EvaluationReport(
            utterances: comparisons.count,
            intents: intents(comparisons),
            slots: .init(
                perSlot: tally.scores.perSlot.mapValues(EvaluationReport.Scores.init),
                micro: .init(tally.scores.micro),
                macro: averages(tally.scores.perSlot),
                errors: tally.errors,
                resolution: tally.resolution),
            sentenceAccuracy: percent(comparisons.filter(\.isExactFrame).count, of: comparisons.count),
            calibration: calibration(comparisons),
            outOfScope: outOfScope(comparisons),
            frequentErrors: frequentErrors(tally.mistakes))
    }

    /// Intents as classes: a prediction counts for the predicted class, support for the gold.
    private func intents(_ comparisons: [FrameComparison]) -> EvaluationReport.Intents {
        var intentCounts = [String: SlotScores.Counts]()
        var correctIntents = 0
        for comparison in comparisons {
            intentCounts[comparison.goldIntent, default: .init()].gold += 1
            if let predicted = comparison.predictedIntent {
                intentCounts[predicted, default: .init()].predicted += 1
                if predicted == comparison.goldIntent {
                    intentCounts[predicted, default: .init()].correct += 1
                    correctIntents += 1
                }
            }
        }
        let intentLabels = intentCounts.keys.sorted()
        let hasUnpredicted = comparisons.contains { $0.predictedIntent == nil }
        var confusion = [[Int]](repeating: [Int](repeating: 0, count: intentLabels.count + (hasUnpredicted ? 1 : 0)), count: intentLabels.count)
        let intentIndex = Dictionary(uniqueKeysWithValues: intentLabels.enumerated().map { ($1, $0) })
        for comparison in comparisons {
            let column = comparison.predictedIntent.map { intentIndex[$0]! } ?? intentLabels.count
            confusion[intentIndex[comparison.goldIntent]!][column] += 1
        }
        return .init(
            accuracy: percent(correctIntents, of: comparisons.count),
            perIntent: intentCounts.mapValues(EvaluationReport.Scores.init),
            micro: .init(intentCounts.values.reduce(into: SlotScores.Counts()) { total, counts in
                total.correct += counts.correct
                total.predicted += counts.predicted
                total.gold += counts.gold
            }),
            macro: averages(intentCounts),
            confusion: .init(labels: intentLabels + (hasUnpredicted ? ["(none)"] : []), counts: confusion))
    }

    /// Slot scores, their errors by kind, resolution, and every mistake with its utterances, in
    /// the order of the comparisons.
    private struct SlotTally {
        var scores = SlotScores()
        var errors = EvaluationReport.SlotErrors()
        var resolution = EvaluationReport.Resolution()
        var mistakes = [MistakeKey: [String]]()

        mutating func note(_ kind: String, gold: String, predicted: String, _ text: String) {
            mistakes[MistakeKey(kind: kind, gold: gold, predicted: predicted), default: []].append(text)
        }

        mutating func add(_ comparison: FrameComparison) {
            scores.add(goldSpans: comparison.goldSlots.map { ($0.name, $0.start..<$0.end) },
                       predictedSpans: comparison.predictedSlots.map { ($0.name, $0.start..<$0.end) })
            if let predicted = comparison.predictedIntent, predicted != comparison.goldIntent {
                note("intent", gold: comparison.goldIntent, predicted: predicted, comparison.text)
            }
            addResolution(comparison)
            let predictedSet = Set(comparison.predictedSlots)
            for gold in comparison.goldSlots.sorted() where !predictedSet.contains(gold) {
                let overlapping = comparison.predictedSlots.filter { $0.overlaps(gold) }.sorted()
                if let sameRange = overlapping.first(where: { $0.start == gold.start && $0.end == gold.end }) {
                    errors.wrongType += 1
                    note("wrongType", gold: gold.name, predicted: sameRange.name, comparison.text)
                } else if overlapping.contains(where: { $0.name == gold.name }) {
                    errors.wrongBoundary += 1
                    note("wrongBoundary", gold: gold.name, predicted: gold.name, comparison.text)
                } else if let other = overlapping.first {
                    errors.wrongBoundaryAndType += 1
                    note("wrongBoundaryAndType", gold: gold.name, predicted: other.name, comparison.text)
                } else {
                    errors.missed += 1
                    note("missed", gold: gold.name, predicted: "-", comparison.text)
                }
            }
            for predicted in comparison.predictedSlots.sorted() where !comparison.goldSlots.contains(where: { $0.overlaps(predicted) }) {
                errors.spurious += 1
                note("spurious", gold: "-", predicted: predicted.name, comparison.text)
            }
        }

        /// The gold slots found whose value the corpus annotates: resolved right, and by outcome.
        private mutating func addResolution(_ comparison: FrameComparison) {
            for (gold, value) in zip(comparison.goldSlots, comparison.goldValues) {
                guard let value, let found = comparison.predictedSlots.firstIndex(of: gold) else { continue }
                resolution.checked += 1
                let right = comparison.predictedValues[found].contains(value)
                if right {
                    resolution.correct += 1
                } else {
                    note("resolution", gold: gold.name, predicted: value, comparison.text)
                }
                if let outcome = comparison.predictedOutcomes[found] {
                    let inCandidates = outcome.candidates.contains { $0.contains(value) }
                    resolution.outcomes[outcome.name, default: .init()].count += 1
                    if right || inCandidates { resolution.outcomes[outcome.name, default: .init()].right += 1 }
                }
            }
        }
    }

    /// The most frequent mistakes, each with a few of its utterances.
    private func frequentErrors(_ mistakes: [MistakeKey: [String]]) -> [EvaluationReport.FrequentError] {
        mistakes.sorted { lhs, rhs in
            lhs.value.count != rhs.value.count ? lhs.value.count > rhs.value.count : lhs.key < rhs.key
        }.prefix(frequentErrorCount).map { key, texts in
            EvaluationReport.FrequentError(kind: key.kind, gold: key.gold, predicted: key.predicted, count: texts.count,
                                           examples: Array(texts.prefix(examplesPerError)))
        }
    }

    private func outOfScope(_ comparisons: [FrameComparison]) -> EvaluationReport.OutOfScope? {
        let label = FrameComparison.outOfScopeLabel
        var inScope = 0, inScopeRight = 0, falseRejections = 0, outOfScope = 0, caught = 0, rejected = 0
        let bins = 2 * max(1, calibrationBins)
        var inScopeHistogram = [Int](repeating: 0, count: bins), outOfScopeHistogram = inScopeHistogram
        for comparison in comparisons {
            // What the minimum confidence was compared with, so that the histograms and the
            // minimum drawn across them are on one scale (for `a#b`, its least certain part).
            let bin = min(bins - 1, max(0, Int(comparison.judgedConfidence * Double(bins))))
            if comparison.goldIntent == label { outOfScopeHistogram[bin] += 1 } else { inScopeHistogram[bin] += 1 }
            let answeredOutOfScope = comparison.predictedIntent == label
            if answeredOutOfScope { rejected += 1 }
            if comparison.goldIntent == label {
                outOfScope += 1
                if answeredOutOfScope { caught += 1 }
            } else {
                inScope += 1
                if comparison.predictedIntent == comparison.goldIntent { inScopeRight += 1 }
                if answeredOutOfScope { falseRejections += 1 }
            }
        }
        guard outOfScope > 0 || rejected > 0 else { return nil }
        return .init(
            inScopeAccuracy: percent(inScopeRight, of: inScope), falseRejectionRate: percent(falseRejections, of: inScope),
            recall: outOfScope > 0 ? percent(caught, of: outOfScope) : nil, precision: rejected > 0 ? percent(caught, of: rejected) : nil,
            inScopeUtterances: inScope, outOfScopeUtterances: outOfScope, rejected: rejected, minimumConfidence: minimumConfidence,
            inScopeHistogram: inScopeHistogram, outOfScopeHistogram: outOfScopeHistogram)
    }

    private func calibration(_ comparisons: [FrameComparison]) -> EvaluationReport.Calibration {
        let count = max(1, calibrationBins)
        var bins = (0..<count).map { index in
            EvaluationReport.Calibration.Bin(lower: Double(index) / Double(count), upper: Double(index + 1) / Double(count),
                                             count: 0, confidence: 0, accuracy: 0)
        }
        // Answers with an intent: an out-of-scope answer's confidence is its best intent's, which
        // it did not choose.
        let predicted = comparisons.filter { $0.predictedIntent != nil && $0.predictedIntent != FrameComparison.outOfScopeLabel }
        for comparison in predicted {
            let confidence = min(1, max(0, comparison.confidence))
            let index = min(count - 1, Int(confidence * Double(count)))
            bins[index].count += 1
            bins[index].confidence += confidence
            if comparison.predictedIntent == comparison.goldIntent { bins[index].accuracy += 1 }
        }
        var error = 0.0
        for index in bins.indices where bins[index].count > 0 {
            bins[index].confidence /= Double(bins[index].count)
            bins[index].accuracy /= Double(bins[index].count)
            error += Double(bins[index].count) / Double(predicted.count) * abs(bins[index].accuracy - bins[index].confidence)
        }
        let confident = predicted.filter { $0.confidence >= Self.confidentErrorThreshold && $0.predictedIntent != $0.goldIntent }
            .sorted { ($0.confidence, $1.text) > ($1.confidence, $0.text) }
            .map { EvaluationReport.Calibration.ConfidentError(text: $0.text, gold: $0.goldIntent, predicted: $0.predictedIntent!, confidence: $0.confidence) }
        return .init(expectedCalibrationError: 100 * error, bins: bins, confidentErrorThreshold: Self.confidentErrorThreshold,
                     confidentErrorRate: percent(confident.count, of: comparisons.count), confidentErrors: confident)
    }

    /// Macro averages, summed in the order of the names: a dictionary's order changes from one
    /// process to the next, and floating-point sums with it.
    private func averages(_ countsByName: [String: SlotScores.Counts]) -> EvaluationReport.Averages {
        let counts = countsByName.sorted { $0.key < $1.key }.map(\.value)
        guard !counts.isEmpty else { return .init(precision: 0, recall: 0, f1: 0) }
        let n = Double(counts.count)
        return .init(precision: 100 * counts.map(\.precision).reduce(0, +) / n,
                     recall: 100 * counts.map(\.recall).reduce(0, +) / n,
                     f1: 100 * counts.map(\.f1).reduce(0, +) / n)
    }

    private func percent(_ part: Int, of whole: Int) -> Double { whole == 0 ? 0 : 100 * Double(part) / Double(whole) }

    private struct MistakeKey: Hashable, Comparable {
        var kind: String
        var gold: String
        var predicted: String

        static func < (lhs: MistakeKey, rhs: MistakeKey) -> Bool {
            (lhs.kind, lhs.gold, lhs.predicted) < (rhs.kind, rhs.gold, rhs.predicted)
        }
    }
}
