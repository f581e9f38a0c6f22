/// The choices of an intent classifier that cross-validation makes: its L2 coefficient, whether
/// words' character n-grams are features, whether rare features are regularised less, whether
/// intents weigh the same, and how much a sentence encoder's vector weighs, if at all.
public struct IntentClassifierSetting: Sendable, Hashable, CustomStringConvertible {
    /// The L2 coefficient of ``IntentClassifierObjective`` (whose utterance weights average 1).
    public var c2: Double
    /// Character n-gram lengths within words (``IntentFeatureExtractor``), or `nil` for none.
    public var characterNGrams: ClosedRange<Int>?
    /// Whether each intent weighs the same in training whatever its number of utterances
    /// (``IntentClassifierObjective``): balanced, a rare intent is not drowned out;
    /// unbalanced, a corpus skewed as its traffic is keeps its prior.
    public var balancesIntents: Bool
    /// The factor on the sentence encoder's vector as dense features (``EncoderFeatures``), or
    /// `nil` for none. The vector has unit length while an utterance has a few dozen sparse
    /// features of value 1, and both share one L2 coefficient: the factor s weighs the two
    /// kinds against each other, as regularising the dense weights by c2 / s² would.
    public var encoderScale: Double?
    /// Whether each feature's L2 penalty is scaled by its rarity in the training utterances, as
    /// TF-IDF feature values would (``IntentClassifierObjective``): a word or pair seen in few
    /// utterances is regularised less, one in many more. Parsing is the same either way.
    public var weighsRareFeatures: Bool
    /// The factor on the nearest-exemplar features (``EncoderExemplars``: for each intent, the
    /// cosine similarity of the utterance's vector to the most similar training utterance of
    /// that intent), or `nil` for none. They come with the encoder's vector, never without it.
    public var neighbourScale: Double?

    public init(
        c2: Double, characterNGrams: ClosedRange<Int>? = nil, balancesIntents: Bool = true, encoderScale: Double? = nil, weighsRareFeatures: Bool = false,
        neighbourScale: Double? = nil
    ) {
        self.c2 = c2
        self.characterNGrams = characterNGrams
        self.balancesIntents = balancesIntents
        self.encoderScale = encoderScale
        self.weighsRareFeatures = weighsRareFeatures
        self.neighbourScale = encoderScale == nil ? nil : neighbourScale
    }

    /// The encoder factor without a search.
    public static let untunedEncoderScale = 4.0

    /// The setting without a search: weak regularisation, words and bigrams.
    public static let untuned = IntentClassifierSetting(c2: 0.02)

    /// The features in words, for logs and `inspect`.
    public var featureDescription: String {
        "words + bigrams" + (characterNGrams.map { " + character \($0.lowerBound)-\($0.upperBound)-grams" } ?? "")
            + (encoderScale.map { " + sentence encoder ×\(String(format: "%g", $0))" } ?? "")
            + (neighbourScale.map { " + nearest exemplars ×\(String(format: "%g", $0))" } ?? "")
            + (weighsRareFeatures ? ", IDF-scaled penalty" : "")
    }

    /// The intents' weighting in words.
    public var weightingDescription: String { balancesIntents ? "balanced" : "unbalanced" }

    public var description: String { "L2 \(c2), \(featureDescription), \(weightingDescription)" }
}
