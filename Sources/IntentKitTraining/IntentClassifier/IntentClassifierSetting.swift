/// The choices of an intent classifier that cross-validation makes: its L2 coefficient, whether
/// words' character n-grams are features, and whether intents weigh the same.
public struct IntentClassifierSetting: Sendable, Hashable, CustomStringConvertible {
    /// The L2 coefficient of ``IntentClassifierObjective`` (whose utterance weights average 1).
    public var c2: Double
    /// Character n-gram lengths within words (``IntentFeatureExtractor``), or `nil` for none.
    public var characterNGrams: ClosedRange<Int>?
    /// Whether each intent weighs the same in training whatever its number of utterances
    /// (``IntentClassifierObjective``): balanced, a rare intent is not drowned out;
    /// unbalanced, a corpus skewed as its traffic is keeps its prior.
    public var balancesIntents: Bool

    public init(c2: Double, characterNGrams: ClosedRange<Int>? = nil, balancesIntents: Bool = true) {
        self.c2 = c2
        self.characterNGrams = characterNGrams
        self.balancesIntents = balancesIntents
    }

    /// The setting without a search: weak regularisation, words and bigrams.
    public static let untuned = IntentClassifierSetting(c2: 0.02)

    /// The features in words, for logs and `inspect`.
    public var featureDescription: String {
        "words + bigrams" + (characterNGrams.map { " + character \($0.lowerBound)-\($0.upperBound)-grams" } ?? "")
    }

    /// The intents' weighting in words.
    public var weightingDescription: String { balancesIntents ? "balanced" : "unbalanced" }

    public var description: String { "c2 \(c2), \(featureDescription), \(weightingDescription)" }
}
