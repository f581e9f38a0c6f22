/// The intent classifier settings that `train` compares by cross-validation on the training
/// corpus (the held-out phrasing folds of ``ModelTrainer``), one coordinate at a time: every L2
/// coefficient with the first feature set and weighting, then each other feature set with the
/// coefficient that won (character n-grams multiply the features about fivefold, and with them
/// the cost of a fit), then each other weighting with the winner. A challenger replaces the
/// setting chosen so far only when it is significantly more accurate on the held-out folds (or,
/// as accurate, significantly likelier). With a sentence encoder, after the feature sets, every
/// factor of its vector is fitted and, of those that beat the setting without it, the best is
/// kept; then the same with the nearest-exemplar factors. A grid of one setting is no search.
///
/// The regularisation that suits a corpus depends on its size, its number of intents and how
/// varied its phrasings are, which is why linear baselines tune C per corpus (scikit-learn's
/// `LogisticRegressionCV`); character n-grams within words help with inflections and typos on
/// some corpora and only add weakly informative features on others.
public struct IntentClassifierGrid: Sendable, Hashable {
    /// L2 coefficients, compared from the largest down: each fit starts from the previous one's
    /// weights (a regularisation path), so a smaller coefficient costs a few iterations.
    public var c2: [Double]
    /// Character n-gram lengths, `nil` for none.
    public var characterNGrams: [ClosedRange<Int>?]
    /// Whether intents weigh the same (``IntentClassifierSetting/balancesIntents``).
    public var balancesIntents: [Bool]
    /// Factors on the sentence encoder's vector (``IntentClassifierSetting/encoderScale``),
    /// `nil` for none; compared only when training has an encoder (``TrainingOptions/encoder``),
    /// which, when this lists none but `nil`, uses ``IntentClassifierSetting/untunedEncoderScale``.
    public var encoderScales: [Double?]
    /// Whether rare features are regularised less (``IntentClassifierSetting/weighsRareFeatures``).
    public var weighsRareFeatures: [Bool]
    /// Factors on the nearest-exemplar features (``IntentClassifierSetting/neighbourScale``),
    /// `nil` for none; compared once the encoder's vector is in.
    public var neighbourScales: [Double?]

    public init(
        c2: [Double], characterNGrams: [ClosedRange<Int>?], balancesIntents: [Bool] = [true], encoderScales: [Double?] = [nil],
        weighsRareFeatures: [Bool] = [false], neighbourScales: [Double?] = [nil]
    ) {
        self.c2 = c2
        self.characterNGrams = characterNGrams
        self.balancesIntents = balancesIntents
        self.encoderScales = encoderScales
        self.weighsRareFeatures = weighsRareFeatures
        self.neighbourScales = neighbourScales
    }

    /// The encoder factors a search compares: none first, so the encoder must earn its place on
    /// the held-out folds, then factors a factor of 4 apart.
    public static let standardEncoderScales: [Double?] = [nil, 1, 4, 16]

    /// The nearest-exemplar factors a search compares, with the encoder's vector chosen: none
    /// first, then factors a factor of 4 apart.
    public static let standardNeighbourScales: [Double?] = [nil, 1, 4, 16]

    /// The default search: five coefficients a factor of 4 apart around the untuned 0.02, then
    /// character 2-5-grams (scikit-learn's `char_wb` range in the usual TF-IDF baselines) or
    /// none, then penalties scaled by the features' rarity or not, then, with a sentence
    /// encoder, its factors, then balanced intents or not. Held-out accuracy is flat over the
    /// coefficients on large crowd-sourced corpora; the character n-grams pay most on templated
    /// corpora with new phrasings held out (docs/design.md).
    public static let standard = IntentClassifierGrid(
        c2: [1.28, 0.32, 0.08, 0.02, 0.005], characterNGrams: [nil, 2...5], balancesIntents: [true, false], encoderScales: standardEncoderScales,
        weighsRareFeatures: [false, true], neighbourScales: standardNeighbourScales)

    /// No search: ``IntentClassifierSetting/untuned``.
    public static let untuned = IntentClassifierGrid(c2: [IntentClassifierSetting.untuned.c2], characterNGrams: [nil])
}
