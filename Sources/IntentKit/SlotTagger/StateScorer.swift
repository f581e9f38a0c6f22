/// The scoring stage of a parse: the tagger's features of an utterance (from its tokens, their
/// vocabulary matches and encoder clusters, and its intent) and every label's state score for
/// them, summed from the model's ``StateWeights``.
///
/// With separate intent features (the default), the features the intents share are extracted
/// and scored once; each intent's own are added when that intent is scored, so that scoring a
/// second intent for reranking adds only its own.
struct StateScorer: Sendable {
    private let weights: StateWeights
    private let extractor: FeatureExtractor
    /// The number of labels, the width of a row of ``Buffers/scores``.
    let labelCount: Int

    init(model: NLUModel) {
        weights = model.stateWeights
        extractor = FeatureExtractor(configuration: model.features, vocabularyEntities: model.gazetteer.entityNames.count, language: model.schema.language)
        labelCount = model.labels.count
    }

    /// One caller's buffers, grown to the longest utterance seen.
    struct Buffers: Sendable {
        var features = TokenFeatures()
        /// The intent-dependent features of the intent being scored.
        var intentTokenFeatures = TokenFeatures()
        /// `[T][L]` every label's state score.
        var scores: [Float] = []
        /// `[T][L]` the state scores of the features that do not depend on the intent.
        var baseScores: [Float] = []
        /// `[T][K]` the state scores of one intent's K labels
        /// (``scoreStates(_:of:weights:buffers:)``).
        var subsetScores: [Float] = []
    }

    /// Whether ``scoreStates(_:of:weights:buffers:)`` can score one intent's labels alone: the
    /// intent-dependent features are separate.
    var scoresIntentLabelsAlone: Bool { extractor.separatesIntentFeatures }

    /// Extracts the features of `tokens`, given their vocabulary `matches`, encoder `clusters` and
    /// predicted `intent`, into `buffers.features`: with separate intent features, those the
    /// intents share (each intent's own are extracted when it is scored).
    func extractFeatures(
        _ tokens: TokenizedText, matches: [Gazetteer.Match], clusters: TokenClusterIDs, intent: Int?, buffers: inout Buffers
    ) {
        extractor.extract(tokens, intent: extractor.separatesIntentFeatures ? nil : intent, matches: matches, clusters: clusters,
                          into: &buffers.features)
    }

    /// Writes every token's label scores for the extracted features (and `intent`'s, when
    /// separate) to `buffers.scores` (`[T][L]`).
    func scoreStates(_ tokens: TokenizedText, intent: Int?, buffers: inout Buffers) {
        let count = tokens.count, L = labelCount
        if buffers.scores.count < count * L { buffers.scores = [Float](repeating: 0, count: count * L) }
        guard extractor.separatesIntentFeatures, let intent else {
            buffers.scores.withUnsafeMutableBufferPointer { scores in
                weights.stateScores(buffers.features, into: UnsafeMutableBufferPointer(rebasing: scores[0..<(count * L)]))
            }
            return
        }
        // The scores of the features every intent shares are kept, so that scoring another
        // intent (``rescoreStates(_:matches:clusters:forIntent:buffers:)``) only adds that intent's own.
        if buffers.baseScores.count < count * L { buffers.baseScores = [Float](repeating: 0, count: count * L) }
        buffers.baseScores.withUnsafeMutableBufferPointer { scores in
            weights.stateScores(buffers.features, into: UnsafeMutableBufferPointer(rebasing: scores[0..<(count * L)]))
        }
        addIntentScores(tokens, intent: intent, buffers: &buffers)
    }

    /// Writes the label scores of `intent`'s labels alone, for the extracted features and that
    /// intent's, to `buffers.subsetScores` (`[T][K]`, K = the intent's labels): the columns of
    /// ``scoreStates(_:intent:buffers:)``'s scores for those labels, at a fraction of the work.
    /// Requires ``scoresIntentLabelsAlone``.
    func scoreStates(_ tokens: TokenizedText, of intent: Int, weights intentWeights: IntentLabelWeights.Intent, buffers: inout Buffers) {
        let count = tokens.count, width = intentWeights.width
        if buffers.subsetScores.count < count * width { buffers.subsetScores = [Float](repeating: 0, count: count * width) }
        extractor.extractIntentFeatures(tokens, intent: intent, into: &buffers.intentTokenFeatures)
        buffers.subsetScores.withUnsafeMutableBufferPointer { scores in
            let scores = UnsafeMutableBufferPointer(rebasing: scores[0..<(count * width)])
            scores.update(repeating: 0)
            weights.addStateScores(buffers.features, of: intentWeights, into: scores)
            weights.addStateScores(buffers.intentTokenFeatures, of: intentWeights, into: scores)
            // Drop the spare and padding columns: rows move down in place to `[T][K]`.
            let labels = intentWeights.labelCount
            for t in 1..<max(count, 1) {
                (scores.baseAddress! + t * labels).update(from: scores.baseAddress! + t * width, count: labels)
            }
        }
    }

    /// Recomputes the state scores of `tokens` (scored before with an intent) as if their
    /// intent were `intent`.
    func rescoreStates(
        _ tokens: TokenizedText, matches: [Gazetteer.Match], clusters: TokenClusterIDs, forIntent intent: Int, buffers: inout Buffers
    ) {
        guard extractor.separatesIntentFeatures else {
            let count = tokens.count, L = labelCount
            extractor.extract(tokens, intent: intent, matches: matches, clusters: clusters, into: &buffers.features)
            buffers.scores.withUnsafeMutableBufferPointer { scores in
                weights.stateScores(buffers.features, into: UnsafeMutableBufferPointer(rebasing: scores[0..<(count * L)]))
            }
            return
        }
        addIntentScores(tokens, intent: intent, buffers: &buffers)
    }

    /// `buffers.scores` = the shared scores plus those of `intent`'s own features.
    private func addIntentScores(_ tokens: TokenizedText, intent: Int, buffers: inout Buffers) {
        let count = tokens.count, L = labelCount
        extractor.extractIntentFeatures(tokens, intent: intent, into: &buffers.intentTokenFeatures)
        buffers.scores.withUnsafeMutableBufferPointer { scores in
            let scores = UnsafeMutableBufferPointer(rebasing: scores[0..<(count * L)])
            buffers.baseScores.withUnsafeBufferPointer { base in _ = scores.update(fromContentsOf: base[0..<(count * L)]) }
            weights.addStateScores(buffers.intentTokenFeatures, into: scores)
        }
    }
}
