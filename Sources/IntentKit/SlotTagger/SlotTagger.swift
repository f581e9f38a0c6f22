import Foundation

/// Finds the slots of an utterance with a trained ``NLUModel``.
///
/// A tagger is immutable and `Sendable`: share one across threads, and give each caller its own
/// ``Workspace`` (the buffers that grow to the longest utterance seen).
///
/// Tagging runs the stages of a parse (``IntentParser``) up to the slots: tokenize, match the
/// model's vocabulary, classify the intent, extract features, score every label, decode.
///
/// ```swift
/// let tagger = try SlotTagger(contentsOf: modelURL)
/// var workspace = tagger.makeWorkspace()
/// for slot in tagger.tag("send Buttercup 85 bucks", workspace: &workspace) {
///     print(slot.name, slot.range, slot.confidence)
/// }
/// ```
public struct SlotTagger: Sendable {
    /// The model.
    public let model: NLUModel
    /// The tokenizer the model was trained with.
    public let tokenizer = Tokenizer()
    private let extractor: FeatureExtractor
    /// The model's intent classifier, for the tagger's own API (a parser runs its own).
    let classifier: IntentClassifier?
    let decoder: ViterbiDecoder
    /// `[L][L]` exp(transitions), for marginals.
    let expTransitions: [Float]

    /// Creates a tagger for `model`.
    public init(model: NLUModel) {
        self.model = model
        extractor = FeatureExtractor(configuration: model.features, vocabularyEntities: model.gazetteer.entityNames.count)
        decoder = ViterbiDecoder(labels: model.labels, transitions: model.transitions)
        expTransitions = model.transitions.map { expf($0) }
        classifier = model.intentClassifier.map { IntentClassifier(model: $0, gazetteer: model.gazetteer) }
    }

    /// Loads the model at `url`, with `encoder` if it was trained with one (see
    /// ``NLUModel/init(contentsOf:encoder:)``).
    public init(contentsOf url: URL, encoder: SentenceEncoder? = nil) throws(ModelError) {
        self.init(model: try NLUModel(contentsOf: url, encoder: encoder))
    }

    /// One caller's reusable buffers.
    public struct Workspace: Sendable {
        /// The tokens of the last utterance tagged.
        public internal(set) var tokens = TokenizedText()
        var matches: [Gazetteer.Match] = []
        var classification = IntentClassifier.Workspace()
        /// The intent predicted for the last utterance, when the model has a classifier.
        public internal(set) var intent: Int?
        /// The tagger's own stages' buffers.
        var buffers: Buffers
    }

    /// The buffers of the tagger's stages (features, state scores, decoders), which a parser
    /// keeps beside those of the stages before (tokens, matches, classification).
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
        var path: [Int] = []
        /// The tokens' ``TokenClusters`` ids, for the ``FeatureTemplate/encoderClusters`` features.
        var clusters = TokenClusterIDs()
        var decoder: ViterbiDecoder
        var forwardBackward: ForwardBackward
        var nBestDecoder: NBestDecoder
    }

    /// Buffers for one caller.
    public func makeWorkspace() -> Workspace { Workspace(buffers: makeBuffers()) }

    /// The tagger's stages' buffers for one caller.
    func makeBuffers() -> Buffers {
        Buffers(decoder: decoder, forwardBackward: ForwardBackward(labelCount: model.labels.count),
                nBestDecoder: NBestDecoder(labels: model.labels, transitions: model.transitions))
    }

    /// A label mask allowing only `slots` (and `O`), for ``labels(of:workspace:mask:)``.
    public func mask(allowing slots: Set<String>) -> [Float] {
        (0..<model.labels.count).map { id in
            guard let slot = model.labels.tag(id).slot else { return 0 }
            return slots.contains(slot) ? 0 : -.infinity
        }
    }

    /// Tokenizes `text` into the workspace and returns the best label id per token.
    /// - Parameters:
    ///   - text: the utterance.
    ///   - workspace: this caller's buffers (``makeWorkspace()``).
    ///   - mask: from ``mask(allowing:)``; `nil` allows every slot.
    @discardableResult
    public func labels(of text: String, workspace: inout Workspace, mask: [Float]? = nil) -> [Int] {
        scoreStates(of: text, workspace: &workspace)
        return decodeScoredStates(tokenCount: workspace.tokens.count, buffers: &workspace.buffers, mask: mask)
    }

    /// The tagger's own API, every stage but decoding: tokenizes `text`, matches the model's
    /// vocabulary, predicts the intent, extracts the features and scores every label
    /// (`workspace.buffers.scores`, `[T][L]`).
    func scoreStates(of text: String, workspace: inout Workspace) {
        tokenizer.tokenize(text, into: &workspace.tokens)
        workspace.matches.removeAll(keepingCapacity: true)
        model.gazetteer.matches(in: workspace.tokens, into: &workspace.matches)
        let sentenceVector = encode(workspace.tokens, buffers: &workspace.buffers)
        workspace.intent = classifier?.classify(workspace.tokens, matches: workspace.matches, sentenceVector: sentenceVector,
                                                workspace: &workspace.classification)
        extractFeatures(workspace.tokens, matches: workspace.matches, intent: workspace.intent, buffers: &workspace.buffers)
        scoreStates(workspace.tokens, intent: workspace.intent, buffers: &workspace.buffers)
    }

    // MARK: - Stages

    /// For a model with ``FeatureTemplate/encoderClusters`` features: one pass of the sentence
    /// encoder over `tokens`, their cluster ids left in `buffers.clusters`, and the sentence
    /// vector returned for the intent classifier (which would otherwise run the encoder again).
    /// `nil`, and no ids, for a model without them or read without its encoder.
    func encode(_ tokens: TokenizedText, buffers: inout Buffers) -> [Float]? {
        guard let clusters = model.tokenClusters, let encoder = clusters.encoder else {
            buffers.clusters.ids.removeAll(keepingCapacity: true)
            return nil
        }
        let encoding = encoder.encodeWithTokens([SentenceEncoder.TokenizedInput(text: tokens.text, tokens: tokens.tokens.map(\.range))])[0]
        clusters.assign(encoding.tokens, tokenCount: tokens.count, into: &buffers.clusters)
        return encoding.sentence
    }

    /// Extracts the features of `tokens`, given their vocabulary `matches` and predicted
    /// `intent`, into `buffers.features`. With separate intent features (the default), those the
    /// intents share are extracted here and each intent's own when it is scored.
    func extractFeatures(_ tokens: TokenizedText, matches: [Gazetteer.Match], intent: Int?, buffers: inout Buffers) {
        extractor.extract(tokens, intent: extractor.separatesIntentFeatures ? nil : intent, matches: matches, clusters: buffers.clusters,
                          into: &buffers.features)
    }

    /// Writes every token's label scores for the extracted features (and `intent`'s, when
    /// separate) to `buffers.scores` (`[T][L]`).
    func scoreStates(_ tokens: TokenizedText, intent: Int?, buffers: inout Buffers) {
        let count = tokens.count
        let L = model.labels.count
        if buffers.scores.count < count * L { buffers.scores = [Float](repeating: 0, count: count * L) }
        guard extractor.separatesIntentFeatures, let intent else {
            buffers.scores.withUnsafeMutableBufferPointer { scores in
                model.stateScores(buffers.features, into: UnsafeMutableBufferPointer(rebasing: scores[0..<(count * L)]))
            }
            return
        }
        // The scores of the features every intent shares are kept, so that scoring another
        // intent (``rescoreStates(_:matches:forIntent:buffers:)``) only adds that intent's own.
        if buffers.baseScores.count < count * L { buffers.baseScores = [Float](repeating: 0, count: count * L) }
        buffers.baseScores.withUnsafeMutableBufferPointer { scores in
            model.stateScores(buffers.features, into: UnsafeMutableBufferPointer(rebasing: scores[0..<(count * L)]))
        }
        addIntentScores(tokens, intent: intent, buffers: &buffers)
    }

    /// Whether ``scoreStates(_:of:weights:buffers:)`` can score one intent's labels alone: the
    /// intent-dependent features are separate.
    var scoresIntentLabelsAlone: Bool { extractor.separatesIntentFeatures }

    /// Writes the label scores of `intent`'s labels alone, for the extracted features and that
    /// intent's, to `buffers.subsetScores` (`[T][K]`, K = the intent's labels): the columns of
    /// ``scoreStates(_:intent:buffers:)``'s scores for those labels, at a fraction of the work.
    /// Requires ``scoresIntentLabelsAlone``.
    func scoreStates(_ tokens: TokenizedText, of intent: Int, weights: IntentLabelWeights.Intent, buffers: inout Buffers) {
        let count = tokens.count, width = weights.width
        if buffers.subsetScores.count < count * width { buffers.subsetScores = [Float](repeating: 0, count: count * width) }
        extractor.extractIntentFeatures(tokens, intent: intent, into: &buffers.intentTokenFeatures)
        buffers.subsetScores.withUnsafeMutableBufferPointer { scores in
            let scores = UnsafeMutableBufferPointer(rebasing: scores[0..<(count * width)])
            scores.update(repeating: 0)
            model.addStateScores(buffers.features, of: weights, into: scores)
            model.addStateScores(buffers.intentTokenFeatures, of: weights, into: scores)
            // Drop the spare and padding columns: rows move down in place to `[T][K]`.
            let labels = weights.labelCount
            for t in 1..<max(count, 1) {
                (scores.baseAddress! + t * labels).update(from: scores.baseAddress! + t * width, count: labels)
            }
        }
    }

    /// `buffers.scores` = the shared scores plus those of `intent`'s own features.
    private func addIntentScores(_ tokens: TokenizedText, intent: Int, buffers: inout Buffers) {
        let count = tokens.count, L = model.labels.count
        extractor.extractIntentFeatures(tokens, intent: intent, into: &buffers.intentTokenFeatures)
        buffers.scores.withUnsafeMutableBufferPointer { scores in
            let scores = UnsafeMutableBufferPointer(rebasing: scores[0..<(count * L)])
            buffers.baseScores.withUnsafeBufferPointer { base in _ = scores.update(fromContentsOf: base[0..<(count * L)]) }
            model.addStateScores(buffers.intentTokenFeatures, into: scores)
        }
    }

    /// Recomputes the state scores of `tokens` (scored before with an intent) as if their
    /// intent were `intent`.
    func rescoreStates(_ tokens: TokenizedText, matches: [Gazetteer.Match], forIntent intent: Int, buffers: inout Buffers) {
        guard extractor.separatesIntentFeatures else {
            let count = tokens.count, L = model.labels.count
            extractor.extract(tokens, intent: intent, matches: matches, clusters: buffers.clusters, into: &buffers.features)
            buffers.scores.withUnsafeMutableBufferPointer { scores in
                model.stateScores(buffers.features, into: UnsafeMutableBufferPointer(rebasing: scores[0..<(count * L)]))
            }
            return
        }
        addIntentScores(tokens, intent: intent, buffers: &buffers)
    }

    /// log Z of the state scores in `buffers` over all labels (a forward pass).
    func logPartition(tokenCount count: Int, buffers: inout Buffers) -> Double {
        buffers.scores.withUnsafeBufferPointer { scores in
            expTransitions.withUnsafeBufferPointer { expTransitions in
                buffers.forwardBackward.logPartition(scores: scores, tokenCount: count, expTransitions: expTransitions.baseAddress!)
            }
        }
    }

    /// The slots of `text`, each with a confidence: the smallest marginal probability of its
    /// tokens' labels (a lower bound on the span's probability).
    public func tag(_ text: String, workspace: inout Workspace, allowedSlots: Set<String>? = nil) -> [TaggedSlot] {
        let path = labels(of: text, workspace: &workspace, mask: allowedSlots.map(mask(allowing:)))
        guard !path.isEmpty, path.contains(where: { $0 != LabelSet.outside }) else { return [] }
        return slotsWithConfidences(of: path, tokens: workspace.tokens, buffers: &workspace.buffers)
    }

    /// Viterbi over the state scores in `buffers` (``scoreStates(_:intent:buffers:)``).
    func decodeScoredStates(tokenCount count: Int, buffers: inout Buffers, mask: [Float]? = nil) -> [Int] {
        buffers.scores.withUnsafeBufferPointer { scores in
            buffers.decoder.decode(scores: scores, tokenCount: count, mask: mask, into: &buffers.path)
        }
        return buffers.path
    }

    /// The slots of `path` over `tokens`, with confidences from a forward-backward pass over
    /// the state scores in `buffers`.
    func slotsWithConfidences(of path: [Int], tokens: TokenizedText, buffers: inout Buffers) -> [TaggedSlot] {
        buffers.scores.withUnsafeBufferPointer { scores in
            expTransitions.withUnsafeBufferPointer { expTransitions in
                _ = buffers.forwardBackward.run(scores: scores, tokenCount: path.count, expTransitions: expTransitions.baseAddress!)
            }
        }
        let forwardBackward = buffers.forwardBackward
        return slots(of: path, tokens: tokens) { forwardBackward.marginal(token: $0, label: $1) }
    }

    /// The slots of the label sequence `path` over `tokens`, with confidences from `marginal`
    /// (token, label) → P(y_token = label).
    ///
    /// A span does not start or end on a punctuation mark the tokenizer split off a word: in
    /// "the work: nikki" a span over `: nikki` is the slot `nikki`, and one over `work:` stays
    /// whole (its colon ends the word). A span of nothing but such marks is no slot.
    func slots(of path: [Int], tokens: TokenizedText, marginal: (Int, Int) -> Float) -> [TaggedSlot] {
        let spans = model.labels.spans(of: path)
        var slots = [TaggedSlot]()
        slots.reserveCapacity(spans.count)
        tokens.tokens.withUnsafeBufferPointer { tokens in
            for span in spans {
                var lower = span.tokens.lowerBound, upper = span.tokens.upperBound
                // A mark glued to the word before it (no space between) does not start a slot…
                while lower < upper, tokens[lower].kind == .punctuation, lower > 0,
                      tokens[lower - 1].range.upperBound == tokens[lower].range.lowerBound { lower += 1 }
                // …nor does one glued to the word after it end one.
                while upper > lower, tokens[upper - 1].kind == .punctuation, upper < tokens.count,
                      tokens[upper - 1].range.upperBound == tokens[upper].range.lowerBound { upper -= 1 }
                guard lower < upper else { continue }
                var confidence = Float.infinity
                for token in lower..<upper { confidence = min(confidence, marginal(token, path[token])) }
                slots.append(TaggedSlot(name: span.slot, range: tokens[lower].range.lowerBound..<tokens[upper - 1].range.upperBound,
                                        tokens: lower..<upper, confidence: Double(confidence)))
            }
        }
        return slots
    }
}

/// A slot found in an utterance.
public struct TaggedSlot: Hashable, Sendable {
    /// The slot (parameter) name.
    public var name: String
    /// Unicode scalar offsets into the utterance, end exclusive.
    public var range: Range<Int>
    /// Token indices, end exclusive.
    public var tokens: Range<Int>
    /// From 0 to 1; see ``SlotTagger/tag(_:workspace:allowedSlots:)``.
    public var confidence: Double
}
