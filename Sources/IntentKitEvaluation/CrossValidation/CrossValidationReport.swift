import Foundation

/// What `intentkit cross-validate` measures: each fold's report, the mean and spread of every
/// metric over the folds, the report of all folds' predictions pooled, and a learning curve.
public struct CrossValidationReport: Hashable, Sendable, Codable {
    /// Mean and sample standard deviation over the folds.
    public struct Spread: Hashable, Sendable, Codable {
        public var mean: Double
        public var standardDeviation: Double

        public init(_ values: [Double]) {
            let n = Double(values.count)
            let mean = values.isEmpty ? 0 : values.reduce(0, +) / n
            self.mean = mean
            let squares = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +)
            standardDeviation = values.count > 1 ? (squares / (n - 1)).squareRoot() : 0
        }
    }

    public struct Summary: Hashable, Sendable, Codable {
        public var intentAccuracy: Spread
        public var slotF1: Spread
        public var sentenceAccuracy: Spread
        public var expectedCalibrationError: Spread
        /// F1 per intent over the folds that hold it.
        public var intentF1: [String: Spread]
        /// F1 per slot over the folds whose gold data has it.
        public var slotF1PerSlot: [String: Spread]

        public init(_ folds: [EvaluationReport]) {
            intentAccuracy = Spread(folds.map(\.intents.accuracy))
            slotF1 = Spread(folds.map(\.slots.micro.f1))
            sentenceAccuracy = Spread(folds.map(\.sentenceAccuracy))
            expectedCalibrationError = Spread(folds.map(\.calibration.expectedCalibrationError))
            var intents = [String: [Double]](), slots = [String: [Double]]()
            for fold in folds {
                for (name, scores) in fold.intents.perIntent where scores.support > 0 { intents[name, default: []].append(scores.f1) }
                for (name, scores) in fold.slots.perSlot where scores.support > 0 { slots[name, default: []].append(scores.f1) }
            }
            intentF1 = intents.mapValues(Spread.init)
            slotF1PerSlot = slots.mapValues(Spread.init)
        }
    }

    public var folds: [EvaluationReport]
    public var summary: Summary
    /// One report over every utterance, each predicted by the model that did not train on it.
    public var pooled: EvaluationReport
    public var learningCurve: [HTMLReport.LearningPoint]

    public init(folds: [EvaluationReport], pooled: EvaluationReport, learningCurve: [HTMLReport.LearningPoint] = []) {
        self.folds = folds
        summary = Summary(folds)
        self.pooled = pooled
        self.learningCurve = learningCurve
    }

    /// The summary for the terminal.
    public var text: String {
        var lines = ["\(folds.count) folds, \(pooled.utterances) utterances (mean ± standard deviation over the folds):"]
        for (name, spread) in [("intent accuracy", summary.intentAccuracy), ("slot F1", summary.slotF1),
                               ("sentence accuracy", summary.sentenceAccuracy), ("calibration error", summary.expectedCalibrationError)] {
            lines.append("  " + name.padding(toLength: 20, withPad: " ", startingAt: 0) + String(format: "%6.2f ± %.2f", spread.mean, spread.standardDeviation))
        }
        let width = max(20, (summary.intentF1.keys.map(\.count) + summary.slotF1PerSlot.keys.map(\.count)).max() ?? 0)
        for (title, rows) in [("intent F1", summary.intentF1), ("slot F1", summary.slotF1PerSlot)] {
            lines.append("")
            lines.append(title)
            for (name, spread) in rows.sorted(by: { $0.key < $1.key }) {
                lines.append("  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + String(format: "%6.2f ± %.2f", spread.mean, spread.standardDeviation))
            }
        }
        if !learningCurve.isEmpty {
            lines.append("")
            lines.append("learning curve (mean over the folds):")
            lines.append("  examples per intent   intent accuracy   slot F1")
            for point in learningCurve {
                lines.append(String(format: "  %19d   %15.2f   %7.2f", point.examplesPerIntent, point.intentAccuracy, point.slotF1))
            }
        }
        return lines.joined(separator: "\n")
    }
}
