/// One utterance's gold frame beside the predicted one: the input of ``Evaluator``.
public struct FrameComparison: Hashable, Sendable {
    /// A slot span in Unicode scalar offsets, end exclusive.
    public struct Span: Hashable, Sendable, Codable, Comparable {
        public var name: String
        public var start: Int
        public var end: Int

        public init(name: String, start: Int, end: Int) {
            self.name = name
            self.start = start
            self.end = end
        }

        /// Whether the two share at least one scalar.
        public func overlaps(_ other: Span) -> Bool { start < other.end && other.start < end }

        public static func < (lhs: Span, rhs: Span) -> Bool {
            (lhs.start, lhs.end, lhs.name) < (rhs.start, rhs.end, rhs.name)
        }
    }

    /// The intent name both sides use for "out of scope": a gold utterance of an out-of-scope
    /// intent and a parse that is out of scope (``IntentParse/isOutOfScope``) both carry it, so
    /// that it is scored as one more class.
    public static let outOfScopeLabel = "(out of scope)"

    public var text: String
    public var goldIntent: String
    /// `nil` when the model predicted no intent (it has no classifier).
    public var predictedIntent: String?
    /// The model's probability of its predicted intent, from 0 to 1 (out of scope: of its
    /// likeliest intent).
    public var confidence: Double
    /// The confidence the parser's minimum confidence judged the parse by, as the model
    /// measures it (``IntentKit/ConfidenceMeasure``): ``confidence``, or its two likeliest
    /// intents' probabilities summed; for a combination of intents (`a#b`) that of its least
    /// certain part. The out-of-scope
    /// histograms plot it, beside the minimum.
    public var judgedConfidence: Double
    public var goldSlots: [Span]
    public var predictedSlots: [Span]
    /// `[goldSlots]` the canonical value the corpus gives each gold slot, if any.
    public var goldValues: [String?]
    /// `[predictedSlots]` the names the resolved value goes by (an entity value's identifier and
    /// phrase), empty when unresolved.
    public var predictedValues: [[String]]
    /// `[predictedSlots]` how each slot's parameter was resolved, when the parse resolved them.
    public var predictedOutcomes: [Outcome?]

    /// A parameter's resolution, as far as scoring it against a gold value needs.
    public struct Outcome: Hashable, Sendable {
        /// `success`, `confirmationRequired`, `disambiguation`, `unsupported`, …
        public var name: String
        /// For a disambiguation, the names each candidate goes by (identifier and phrase).
        public var candidates: [[String]]

        public init(name: String, candidates: [[String]] = []) {
            self.name = name
            self.candidates = candidates
        }
    }

    public init(
        text: String, goldIntent: String, predictedIntent: String?, confidence: Double, goldSlots: [Span], predictedSlots: [Span],
        goldValues: [String?]? = nil, predictedValues: [[String]]? = nil, predictedOutcomes: [Outcome?]? = nil,
        judgedConfidence: Double? = nil
    ) {
        self.text = text
        self.goldIntent = goldIntent
        self.predictedIntent = predictedIntent
        self.confidence = confidence
        self.judgedConfidence = judgedConfidence ?? confidence
        self.goldSlots = goldSlots
        self.predictedSlots = predictedSlots
        self.goldValues = goldValues ?? Array(repeating: nil, count: goldSlots.count)
        self.predictedValues = predictedValues ?? Array(repeating: [], count: predictedSlots.count)
        self.predictedOutcomes = predictedOutcomes ?? Array(repeating: nil, count: predictedSlots.count)
    }

    /// Intent right and exactly the gold slots (names and ranges).
    public var isExactFrame: Bool {
        predictedIntent == goldIntent && Set(goldSlots) == Set(predictedSlots)
    }
}
