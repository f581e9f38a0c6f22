/// Predicts the intent of a tokenized utterance from its words and vocabulary matches: the
/// classify stage of a parse.
///
/// A multinomial logistic regression over ``IntentFeatureExtractor``'s sparse features and, in a
/// model trained with a sentence encoder, the encoder's vector of the text (``EncoderFeatures``).
struct IntentClassifier: Sendable {
    let model: IntentClassifierModel
    private let extractor: IntentFeatureExtractor
    /// Whether the model has a weight for ``IntentFeatureExtractor/biasFeature``, which every
    /// utterance has.
    private let knowsBias: Bool

    /// A classifier for `model`, whose vocabulary entities are numbered as `gazetteer`'s.
    init(model: IntentClassifierModel, gazetteer: Gazetteer) {
        self.model = model
        extractor = IntentFeatureExtractor(characterNGrams: model.characterNGrams, gazetteer: gazetteer)
        knowsBias = model.attributes.id(of: IntentFeatureExtractor.biasFeature) != nil
    }

    /// One caller's buffers: the features, and the probabilities the last classification left.
    struct Workspace: Sendable {
        var features: [UInt64] = []
        /// `[intents]` P(intent | utterance) of the last ``IntentClassifier/classify(_:matches:workspace:)``.
        var probabilities: [Float] = []
        /// Whether the last classified utterance told the model anything: a word, word pair,
        /// character n-gram or vocabulary match it has a weight for, or (in a model trained with
        /// a sentence encoder) the encoder's vector. Without any, its probabilities are the
        /// intents' priors alone.
        var hasEvidence = true
    }

    /// The most probable intent of `tokens` (an index into ``IntentClassifierModel/intents``);
    /// every intent's probability is left in `workspace.probabilities`.
    /// - Parameter sentenceVector: the sentence encoder's vector of the text
    ///   (``UtteranceEncoder``); `nil` when the model has no encoder features or was read
    ///   without its encoder, and the dense features count as zero.
    func classify(_ tokens: TokenizedText, matches: [Gazetteer.Match], sentenceVector: [Float]?, workspace: inout Workspace) -> Int {
        extractor.extract(tokens, matches: matches, into: &workspace.features)
        // (An encoder kept for the scope decision alone weighs nothing here.)
        let embedding = model.encoderFeatures?.weighsVector == true ? sentenceVector : nil
        let known = model.probabilities(features: workspace.features, embedding: embedding, into: &workspace.probabilities)
        workspace.hasEvidence = known > (knowsBias ? 1 : 0) || embedding != nil
        return IntentClassifierModel.likeliest(workspace.probabilities)
    }
}
