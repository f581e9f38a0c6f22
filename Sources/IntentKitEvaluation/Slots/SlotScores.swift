import IntentKit

/// Precision, recall and F1 of slot spans, counted the way conlleval counts them: a predicted
/// span is correct when its slot name and its exact token range match a gold span.
///
/// ```swift
/// var scores = SlotScores()
/// scores.add(gold: ["B-payee", "O"], predicted: ["B-payee", "O"])
/// scores.micro.f1  // 1.0
/// ```
public struct SlotScores: Hashable, Sendable {
    /// Span counts for one slot name (or all of them).
    public struct Counts: Hashable, Sendable {
        /// Predicted spans that match a gold span exactly.
        public var correct = 0
        /// Spans predicted.
        public var predicted = 0
        /// Spans in the gold data.
        public var gold = 0

        public init(correct: Int = 0, predicted: Int = 0, gold: Int = 0) {
            self.correct = correct
            self.predicted = predicted
            self.gold = gold
        }

        /// `correct / predicted`, 0 when nothing was predicted (as conlleval reports it).
        public var precision: Double { predicted == 0 ? 0 : Double(correct) / Double(predicted) }
        /// `correct / gold`, 0 when there is no gold span.
        public var recall: Double { gold == 0 ? 0 : Double(correct) / Double(gold) }
        /// The harmonic mean of precision and recall, 0 when both are 0.
        public var f1: Double {
            let sum = precision + recall
            return sum == 0 ? 0 : 2 * precision * recall / sum
        }
    }

    /// Counts per slot name.
    public private(set) var perSlot: [String: Counts] = [:]

    /// Creates empty scores.
    public init() {}

    /// Adds one sentence, given as BIO tag sequences of equal length.
    public mutating func add(gold: [BIOTag], predicted: [BIOTag]) {
        precondition(gold.count == predicted.count, "gold and predicted tags must have the same length")
        add(goldSpans: BIOTag.spans(gold).map { ($0.slot, $0.tokens) }, predictedSpans: BIOTag.spans(predicted).map { ($0.slot, $0.tokens) })
    }

    /// Adds one sentence given as spans (slot name, range in any unit, the same for both): a
    /// predicted span is correct when a gold span has its name and range.
    public mutating func add(goldSpans: [(slot: String, range: Range<Int>)], predictedSpans: [(slot: String, range: Range<Int>)]) {
        var goldSet = Set<SpanKey>()
        for span in goldSpans {
            perSlot[span.slot, default: Counts()].gold += 1
            goldSet.insert(SpanKey(slot: span.slot, start: span.range.lowerBound, end: span.range.upperBound))
        }
        for span in predictedSpans {
            perSlot[span.slot, default: Counts()].predicted += 1
            if goldSet.contains(SpanKey(slot: span.slot, start: span.range.lowerBound, end: span.range.upperBound)) {
                perSlot[span.slot, default: Counts()].correct += 1
            }
        }
    }

    /// Adds one sentence given as tag strings (`O`, `B-x`, `I-x`); anything else counts as `O`.
    public mutating func add(gold: [String], predicted: [String]) {
        add(gold: gold.map { BIOTag($0) ?? .outside }, predicted: predicted.map { BIOTag($0) ?? .outside })
    }

    /// Counts summed over every slot: the micro average.
    public var micro: Counts {
        perSlot.values.reduce(into: Counts()) {
            $0.correct += $1.correct
            $0.predicted += $1.predicted
            $0.gold += $1.gold
        }
    }

    /// The unweighted mean of per-slot F1 over slots that occur in gold or predictions.
    public var macroF1: Double {
        perSlot.isEmpty ? 0 : perSlot.values.map(\.f1).reduce(0, +) / Double(perSlot.count)
    }

    private struct SpanKey: Hashable {
        var slot: String
        var start: Int
        var end: Int
    }
}
