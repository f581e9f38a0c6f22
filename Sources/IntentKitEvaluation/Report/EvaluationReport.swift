/// Everything ``Evaluator`` measures on a corpus, `Codable` as the `--json` report that CI
/// gates compare against (``Gate``). Percentages are in [0, 100].
public struct EvaluationReport: Hashable, Sendable, Codable {
    /// Precision, recall and F1 (percent) of one class or slot, with the counts behind them.
    public struct Scores: Hashable, Sendable, Codable {
        public var precision: Double
        public var recall: Double
        public var f1: Double
        /// Gold occurrences.
        public var support: Int
        public var predicted: Int
        public var correct: Int

        public init(_ counts: SlotScores.Counts) {
            precision = 100 * counts.precision
            recall = 100 * counts.recall
            f1 = 100 * counts.f1
            support = counts.gold
            predicted = counts.predicted
            correct = counts.correct
        }
    }

    /// Unweighted means over classes (or slots), percent.
    public struct Averages: Hashable, Sendable, Codable {
        public var precision: Double
        public var recall: Double
        public var f1: Double
    }

    public struct Intents: Hashable, Sendable, Codable {
        /// Utterances whose predicted intent is the gold one, percent.
        public var accuracy: Double
        public var perIntent: [String: Scores]
        /// Pooled over intents (equal to accuracy when every utterance gets a prediction).
        public var micro: Scores
        public var macro: Averages
        /// Row = gold intent, column = predicted, both in `labels` order; a final column
        /// "(none)" counts utterances without a prediction when there are any.
        public var confusion: ConfusionMatrix
    }

    public struct ConfusionMatrix: Hashable, Sendable, Codable {
        public var labels: [String]
        public var counts: [[Int]]
    }

    /// Gold spans missed or mislabelled, and predicted spans with no gold span under them.
    public struct SlotErrors: Hashable, Sendable, Codable {
        /// A predicted span of the same slot overlaps it, with other bounds.
        public var wrongBoundary = 0
        /// A predicted span covers exactly it, under another slot name.
        public var wrongType = 0
        /// Only predicted spans of other slots with other bounds overlap it.
        public var wrongBoundaryAndType = 0
        /// No predicted span overlaps it.
        public var missed = 0
        /// Predicted spans overlapping no gold span.
        public var spurious = 0
    }

    public struct Slots: Hashable, Sendable, Codable {
        /// Exact span and name, counted as conlleval counts chunks.
        public var perSlot: [String: Scores]
        public var micro: Scores
        public var macro: Averages
        public var errors: SlotErrors
        public var resolution: Resolution

        public init(perSlot: [String: Scores], micro: Scores, macro: Averages, errors: SlotErrors, resolution: Resolution) {
            self.perSlot = perSlot
            self.micro = micro
            self.macro = macro
            self.errors = errors
            self.resolution = resolution
        }

        private enum CodingKeys: String, CodingKey { case perSlot, micro, macro, errors, resolution }

        /// Reports written before resolution was measured still load (as baselines).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            perSlot = try container.decode([String: Scores].self, forKey: .perSlot)
            micro = try container.decode(Scores.self, forKey: .micro)
            macro = try container.decode(Averages.self, forKey: .macro)
            errors = try container.decode(SlotErrors.self, forKey: .errors)
            resolution = try container.decodeIfPresent(Resolution.self, forKey: .resolution) ?? Resolution()
        }
    }

    /// Of the slots found exactly whose gold annotation gives a canonical value, how many
    /// resolved to it; and, when the parses resolved their parameters, how: per outcome
    /// (`success`, `confirmationRequired`, `disambiguation`, `unsupported`), how many and how
    /// many of those were right (the value is the gold one; for a disambiguation, the gold value
    /// is among the candidates).
    public struct Resolution: Hashable, Sendable, Codable {
        public var checked = 0
        public var correct = 0
        public var outcomes: [String: OutcomeCount] = [:]
        /// Percent; 0 when nothing could be checked.
        public var accuracy: Double { checked == 0 ? 0 : 100 * Double(correct) / Double(checked) }

        public struct OutcomeCount: Hashable, Sendable, Codable {
            public var count = 0
            public var right = 0
            public init(count: Int = 0, right: Int = 0) {
                self.count = count
                self.right = right
            }
        }

        public init(checked: Int = 0, correct: Int = 0, outcomes: [String: OutcomeCount] = [:]) {
            self.checked = checked
            self.correct = correct
            self.outcomes = outcomes
        }

        private enum CodingKeys: String, CodingKey { case checked, correct, accuracy, outcomes }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            checked = try container.decode(Int.self, forKey: .checked)
            correct = try container.decode(Int.self, forKey: .correct)
            // Reports written before outcomes were measured still load.
            outcomes = try container.decodeIfPresent([String: OutcomeCount].self, forKey: .outcomes) ?? [:]
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(checked, forKey: .checked)
            try container.encode(correct, forKey: .correct)
            try container.encode(accuracy, forKey: .accuracy)
            if !outcomes.isEmpty { try container.encode(outcomes, forKey: .outcomes) }
        }
    }

    /// Reliability of the intent confidence: equal-width bins over [0, 1].
    public struct Calibration: Hashable, Sendable, Codable {
        public struct Bin: Hashable, Sendable, Codable {
            public var lower: Double
            public var upper: Double
            public var count: Int
            /// Mean confidence of the bin's predictions (0 to 1).
            public var confidence: Double
            /// Fraction of them that are right (0 to 1).
            public var accuracy: Double
        }

        /// An utterance answered with a wrong intent at a confidence of at least
        /// ``Evaluator/confidentErrorThreshold``: the mistake an app cannot catch by asking
        /// again when unsure.
        public struct ConfidentError: Hashable, Sendable, Codable {
            public var text: String
            public var gold: String
            public var predicted: String
            public var confidence: Double
        }

        /// Expected calibration error, percent: Σ_b (n_b / N) · |accuracy_b − confidence_b|
        /// (Guo et al. 2017, eq. 3).
        public var expectedCalibrationError: Double
        public var bins: [Bin]
        /// The confidence from which a wrong answer counts as a confident error.
        public var confidentErrorThreshold: Double
        /// Utterances answered with a wrong intent at ``confidentErrorThreshold`` or more,
        /// percent of all utterances (an out-of-scope request answered as an intent included).
        public var confidentErrorRate: Double
        /// Those utterances, most confident first.
        public var confidentErrors: [ConfidentError]

        public init(expectedCalibrationError: Double, bins: [Bin], confidentErrorThreshold: Double, confidentErrorRate: Double, confidentErrors: [ConfidentError]) {
            self.expectedCalibrationError = expectedCalibrationError
            self.bins = bins
            self.confidentErrorThreshold = confidentErrorThreshold
            self.confidentErrorRate = confidentErrorRate
            self.confidentErrors = confidentErrors
        }

        // Reports written before confident errors were counted still read (as baselines).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            expectedCalibrationError = try container.decode(Double.self, forKey: .expectedCalibrationError)
            bins = try container.decode([Bin].self, forKey: .bins)
            confidentErrorThreshold = try container.decodeIfPresent(Double.self, forKey: .confidentErrorThreshold) ?? Evaluator.confidentErrorThreshold
            confidentErrorRate = try container.decodeIfPresent(Double.self, forKey: .confidentErrorRate) ?? 0
            confidentErrors = try container.decodeIfPresent([ConfidentError].self, forKey: .confidentErrors) ?? []
        }
    }

    /// Out-of-scope detection, percent.
    public struct OutOfScope: Hashable, Sendable, Codable {
        /// In-scope utterances given their gold intent (a rejection counts as wrong).
        public var inScopeAccuracy: Double
        /// In-scope utterances answered out of scope.
        public var falseRejectionRate: Double
        /// Out-of-scope utterances answered out of scope; `nil` without any.
        public var recall: Double?
        /// Answers out of scope that were; `nil` without any.
        public var precision: Double?
        public var inScopeUtterances: Int
        public var outOfScopeUtterances: Int
        /// Utterances answered out of scope.
        public var rejected: Int
        /// The parser's minimum confidence, when it had one.
        public var minimumConfidence: Double?
        /// `[bins]` in-scope and out-of-scope utterances by the confidence of their likeliest
        /// intent as the minimum confidence judges it (for `a#b`, its least certain part:
        /// ``FrameComparison/judgedConfidence``), in equal bins from 0 to 1
        /// (``Evaluator/calibrationBins`` × 2).
        public var inScopeHistogram: [Int]
        public var outOfScopeHistogram: [Int]
    }

    /// A kind of mistake, how often it happens and some utterances that show it.
    public struct FrequentError: Hashable, Sendable, Codable {
        /// "intent", "wrongBoundary", "wrongType", "wrongBoundaryAndType", "missed", "spurious".
        public var kind: String
        public var gold: String
        public var predicted: String
        public var count: Int
        public var examples: [String]
    }

    public var utterances: Int
    public var intents: Intents
    public var slots: Slots
    /// Utterances with the right intent and exactly the right slots, percent.
    public var sentenceAccuracy: Double
    public var calibration: Calibration
    /// How well requests for no intent were told apart (``FrameComparison/outOfScopeLabel``);
    /// `nil` when no utterance was out of scope, gold or predicted.
    public var outOfScope: OutOfScope?
    /// The most frequent mistakes, most frequent first.
    public var frequentErrors: [FrequentError]
}
