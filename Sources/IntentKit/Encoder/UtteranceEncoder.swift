/// The sentence encoder's stage of a parse, for a model with ``FeatureTemplate/encoderClusters``
/// features: one pass of the encoder over an utterance's tokens gives both the sentence vector
/// the intent classifier reads and the tokens' cluster ids the tagger's features read (the
/// classifier would otherwise run the encoder a second time).
struct UtteranceEncoder: Sendable {
    private let clusters: TokenClusters?

    init(model: NLUModel) {
        clusters = model.tokenClusters
    }

    /// What one pass gives, kept from utterance to utterance.
    struct Output: Sendable {
        /// The sentence vector, `nil` for a model without the features or read without its encoder.
        var sentence: [Float]?
        /// The tokens' ``TokenClusters`` ids; none without the features or the encoder.
        var clusters = TokenClusterIDs()
    }

    /// Encodes `tokens` into `output`.
    func encode(_ tokens: TokenizedText, into output: inout Output) {
        guard let clusters, let encoder = clusters.encoder else {
            output.sentence = nil
            output.clusters.ids.removeAll(keepingCapacity: true)
            return
        }
        let encoding = encoder.encodeWithTokens([SentenceEncoder.TokenizedInput(text: tokens.text, tokens: tokens.tokens.map(\.range))])[0]
        clusters.assign(encoding.tokens, tokenCount: tokens.count, into: &output.clusters)
        output.sentence = encoding.sentence
    }
}
