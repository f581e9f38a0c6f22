import Foundation

/// Accuracy requirements a report must meet, for failing a CI run on regression: absolute
/// minimums, per-intent and per-slot minimum F1, and a largest allowed drop against a baseline
/// report. All figures are percentages (points).
public struct Gate: Hashable, Sendable {
    /// One requirement a report missed.
    public struct Failure: Hashable, Sendable, CustomStringConvertible {
        /// What was measured, as it reads in a sentence ("slot F1", "F1 of intent PlayMusic").
        public var metric: String
        public var value: Double
        /// The minimum it had to reach.
        public var required: Double
        /// The baseline's value, for a drop.
        public var baseline: Double?
        /// The intent or slot the metric belongs to, `nil` for the overall figures.
        public var intent: String?
        public var slot: String?

        public var description: String {
            if let baseline {
                return metric + String(format: " fell from %.2f to %.2f (%.2f points; the most allowed is %.2f)",
                                       baseline, value, baseline - value, baseline - required)
            }
            return metric + String(format: " is %.2f, below the minimum %.2f", value, required)
        }
    }

    public var minimumIntentAccuracy: Double?
    public var minimumSlotF1: Double?
    public var minimumSentenceAccuracy: Double?
    /// The least share of out-of-scope utterances answered out of scope
    /// (``EvaluationReport/OutOfScope/recall``); a report without out-of-scope utterances fails it.
    public var minimumOutOfScopeRecall: Double?
    /// Intent name → minimum F1.
    public var minimumIntentF1: [String: Double] = [:]
    /// Slot name → minimum F1.
    public var minimumSlotF1PerSlot: [String: Double] = [:]
    /// A previous report and how many points intent accuracy, slot F1 and sentence accuracy
    /// may fall below it.
    public var baseline: (report: EvaluationReport, maximumDrop: Double)? {
        get { baselineStorage.map { ($0.report, $0.maximumDrop) } }
        set { baselineStorage = newValue.map { Baseline(report: $0.report, maximumDrop: $0.maximumDrop) } }
    }
    /// With a baseline, how many points each intent's and slot's F1 (that both reports measure)
    /// may fall; `nil` leaves them out: on a few dozen examples one utterance moves a label's F1
    /// by points, so a tight per-label limit fails on noise.
    public var maximumLabelDrop: Double?
    private var baselineStorage: Baseline?

    private struct Baseline: Hashable, Sendable {
        var report: EvaluationReport
        var maximumDrop: Double
    }

    public init() {}

    /// Whether the gate asks for anything at all.
    public var isEmpty: Bool {
        minimumIntentAccuracy == nil && minimumSlotF1 == nil && minimumSentenceAccuracy == nil && minimumOutOfScopeRecall == nil
            && minimumIntentF1.isEmpty && minimumSlotF1PerSlot.isEmpty && baselineStorage == nil
    }

    /// The requirements `report` misses, in a fixed order (headline metrics, then intents, then
    /// slots, by name); empty when it passes.
    public func failures(of report: EvaluationReport) -> [Failure] {
        var failures = [Failure]()
        func require(_ metric: String, _ value: Double, atLeast minimum: Double?, intent: String? = nil, slot: String? = nil) {
            if let minimum, value < minimum {
                failures.append(Failure(metric: metric, value: value, required: minimum, intent: intent, slot: slot))
            }
        }
        require("intent accuracy", report.intents.accuracy, atLeast: minimumIntentAccuracy)
        require("slot F1", report.slots.micro.f1, atLeast: minimumSlotF1)
        require("sentence accuracy", report.sentenceAccuracy, atLeast: minimumSentenceAccuracy)
        require("out-of-scope recall", report.outOfScope?.recall ?? 0, atLeast: minimumOutOfScopeRecall)
        for (intent, minimum) in minimumIntentF1.sorted(by: { $0.key < $1.key }) {
            require("F1 of intent \(intent)", report.intents.perIntent[intent].map(\.f1) ?? 0, atLeast: minimum, intent: intent)
        }
        for (slot, minimum) in minimumSlotF1PerSlot.sorted(by: { $0.key < $1.key }) {
            require("F1 of slot \(slot)", report.slots.perSlot[slot].map(\.f1) ?? 0, atLeast: minimum, slot: slot)
        }
        if let baseline = baselineStorage {
            func compare(_ metric: String, _ value: Double, _ old: Double, intent: String? = nil, slot: String? = nil) {
                let drop = intent == nil && slot == nil ? baseline.maximumDrop : maximumLabelDrop ?? .infinity
                if value < old - drop {
                    failures.append(Failure(metric: metric, value: value, required: old - drop, baseline: old, intent: intent, slot: slot))
                }
            }
            let old = baseline.report
            compare("intent accuracy", report.intents.accuracy, old.intents.accuracy)
            compare("slot F1", report.slots.micro.f1, old.slots.micro.f1)
            compare("sentence accuracy", report.sentenceAccuracy, old.sentenceAccuracy)
            for (intent, scores) in report.intents.perIntent.sorted(by: { $0.key < $1.key }) where scores.support > 0 && maximumLabelDrop != nil {
                if let before = old.intents.perIntent[intent], before.support > 0 { compare("F1 of intent \(intent)", scores.f1, before.f1, intent: intent) }
            }
            for (slot, scores) in report.slots.perSlot.sorted(by: { $0.key < $1.key }) where scores.support > 0 && maximumLabelDrop != nil {
                if let before = old.slots.perSlot[slot], before.support > 0 { compare("F1 of slot \(slot)", scores.f1, before.f1, slot: slot) }
            }
        }
        return failures
    }
}
