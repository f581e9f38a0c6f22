/// The encode stage of a parse, the only caller of the sentence encoder on the parse's path:
/// one pass over the utterance gives the sentence vector (for the intent classifier and for near
/// shortcut phrases) and each token's encoder clusters (for the slot tagger), as much of it as
/// the model uses.
struct UtteranceEncoder: Sendable {
    /// The token clusters, for a model whose tagger has them.
    private let clusters: TokenClusters?
    /// The encoder, for a model that weighs its vectors anywhere; `nil` for one read without it.
    private let encoder: SentenceEncoder?
    /// Whether the intent classifier weighs the sentence vector.
    private let classifierNeedsVector: Bool

    init(model: NLUModel) {
        clusters = model.tokenClusters
        let classifierEncoder = model.intentClassifier?.encoderFeatures?.encoder
        encoder = model.tokenClusters?.encoder ?? classifierEncoder
        classifierNeedsVector = classifierEncoder != nil
    }

    /// Whether the model has an encoder to give a sentence vector with.
    var hasEncoder: Bool { encoder != nil }

    /// What one pass gives, kept from utterance to utterance.
    struct Output: Sendable {
        /// The sentence vector, `nil` when nothing needs it or the model was read without its encoder.
        var sentence: [Float]?
        /// The tokens' ``TokenClusters`` ids; none without the features or the encoder.
        var clusters = TokenClusterIDs()
    }

    /// Encodes `tokens` into `output`.
    /// - Parameter sentenceVectorNeeded: whether a stage besides the model's needs the sentence
    ///   vector (near shortcut phrases).
    func encode(_ tokens: TokenizedText, sentenceVectorNeeded: Bool = false, into output: inout Output) {
        guard let encoder else {
            output.sentence = nil
            output.clusters.ids.removeAll(keepingCapacity: true)
            return
        }
        if let clusters {
            let encoding = encoder.encodeWithTokens([SentenceEncoder.TokenizedInput(text: tokens.text, tokens: tokens.tokens.map(\.range))])[0]
            clusters.assign(encoding.tokens, tokenCount: tokens.count, into: &output.clusters)
            output.sentence = encoding.sentence
            return
        }
        output.clusters.ids.removeAll(keepingCapacity: true)
        output.sentence = classifierNeedsVector || sentenceVectorNeeded ? encoder.encode(tokens.text) : nil
    }
}
