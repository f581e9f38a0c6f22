import Foundation

/// Finds the slots of an utterance with a trained ``NLUModel``.
///
/// A tagger is immutable and `Sendable`: share one across threads, and give each caller its own
/// ``Workspace`` (the buffers that grow to the longest utterance seen).
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
    private let intentExtractor: IntentFeatureExtractor
    let decoder: ViterbiDecoder
    /// `[L][L]` exp(transitions), for marginals.
    let expTransitions: [Float]

    /// Creates a tagger for `model`.
    public init(model: NLUModel) {
        self.model = model
        extractor = FeatureExtractor(configuration: model.features, vocabularyEntities: model.gazetteer.entityNames.count)
        decoder = ViterbiDecoder(labels: model.labels, transitions: model.transitions)
        expTransitions = model.transitions.map { expf($0) }
        intentExtractor = IntentFeatureExtractor(characterNGrams: model.intentClassifier?.characterNGrams, gazetteer: model.gazetteer)
    }

    /// Loads the model at `url` (see ``NLUModel/init(contentsOf:)``).
    public init(contentsOf url: URL) throws(ModelError) {
        self.init(model: try NLUModel(contentsOf: url))
    }

    /// One caller's reusable buffers.
    public struct Workspace: Sendable {
        public internal(set) var tokens = TokenizedText()
        var features = TokenFeatures()
        var matches: [Gazetteer.Match] = []
        var scores: [Float] = []
        var path: [Int] = []
        var decoder: ViterbiDecoder
        var forwardBackward: ForwardBackward
        var nBestDecoder: NBestDecoder
        var intentFeatures: [UInt64] = []
        /// The intent-dependent tagger features of the intent being scored.
        var intentTokenFeatures = TokenFeatures()
        /// `[T][L]` the state scores of the features that do not depend on the intent.
        var baseScores: [Float] = []
        /// `[T][K]` the state scores of one intent's K labels
        /// (``scoreExtractedStates(of:weights:workspace:)``).
        var subsetScores: [Float] = []
        var intentProbabilities: [Float] = []
        /// The intent predicted for the last utterance, when the model has a classifier.
        public internal(set) var intent: Int?
    }

    /// Buffers for one caller.
    public func makeWorkspace() -> Workspace {
        Workspace(decoder: decoder, forwardBackward: ForwardBackward(labelCount: model.labels.count),
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
    /// - Parameter mask: from ``mask(allowing:)``; `nil` allows every slot.
    @discardableResult
    public func labels(of text: String, workspace: inout Workspace, mask: [Float]? = nil) -> [Int] {
        scoreStates(of: text, workspace: &workspace)
        return decodeScoredStates(workspace: &workspace, mask: mask)
    }

    /// Tokenizes `text` into the workspace, predicts its intent and writes every token's label
    /// scores to `workspace.scores` (`[T][L]`): everything decoding needs.
    /// - Parameter addingMatches: adds vocabulary matches beyond the model's own (a user's
    ///   vocabulary) before the classifier and the tagger read them.
    func scoreStates(
        of text: String, workspace: inout Workspace,
        addingMatches: (TokenizedText, inout [Gazetteer.Match]) -> Void = { _, _ in }
    ) {
        extractFeatures(of: text, workspace: &workspace, addingMatches: addingMatches)
        scoreExtractedStates(workspace: &workspace)
    }

    /// Tokenizes `text` into the workspace, predicts its intent and extracts the tagger's
    /// features: what ``scoreExtractedStates(workspace:)`` or
    /// ``scoreExtractedStates(of:weights:workspace:)`` then score.
    func extractFeatures(
        of text: String, workspace: inout Workspace,
        addingMatches: (TokenizedText, inout [Gazetteer.Match]) -> Void = { _, _ in }
    ) {
        tokenizer.tokenize(text, into: &workspace.tokens)
        workspace.intent = nil
        workspace.matches.removeAll(keepingCapacity: true)
        model.gazetteer.matches(in: workspace.tokens, into: &workspace.matches)
        addingMatches(workspace.tokens, &workspace.matches)
        if let classifier = model.intentClassifier {
            intentExtractor.extract(workspace.tokens, matches: workspace.matches, into: &workspace.intentFeatures)
            workspace.intent = classifier.predict(features: workspace.intentFeatures, scratch: &workspace.intentProbabilities)
        }
        // With separate intent features, those the intents share are extracted here and each
        // intent's own when it is scored.
        let intent = extractor.separatesIntentFeatures ? nil : workspace.intent
        extractor.extract(workspace.tokens, gazetteer: model.gazetteer, intent: intent, into: &workspace.features,
                          scratch: &workspace.matches, matchesReady: true)
    }

    /// Writes every token's label scores for the extracted features to `workspace.scores` (`[T][L]`).
    func scoreExtractedStates(workspace: inout Workspace) {
        let count = workspace.tokens.count
        let L = model.labels.count
        if workspace.scores.count < count * L { workspace.scores = [Float](repeating: 0, count: count * L) }
        guard extractor.separatesIntentFeatures, let intent = workspace.intent else {
            workspace.scores.withUnsafeMutableBufferPointer { scores in
                model.stateScores(workspace.features, into: UnsafeMutableBufferPointer(rebasing: scores[0..<(count * L)]))
            }
            return
        }
        // The scores of the features every intent shares are kept, so that scoring another
        // intent (``rescoreStates(forIntent:workspace:)``) only adds that intent's own.
        if workspace.baseScores.count < count * L { workspace.baseScores = [Float](repeating: 0, count: count * L) }
        workspace.baseScores.withUnsafeMutableBufferPointer { scores in
            model.stateScores(workspace.features, into: UnsafeMutableBufferPointer(rebasing: scores[0..<(count * L)]))
        }
        addIntentScores(intent, workspace: &workspace)
    }

    /// Whether ``scoreExtractedStates(of:weights:workspace:)`` can score one intent's
    /// labels alone: the intent-dependent features are separate.
    var scoresIntentLabelsAlone: Bool { extractor.separatesIntentFeatures }

    /// Writes the label scores of `intent`'s labels alone, for the extracted features and that
    /// intent's, to `workspace.subsetScores` (`[T][K]`, K = the intent's labels): the columns of
    /// ``scoreExtractedStates(workspace:)``'s scores for those labels, at a fraction of the work.
    /// Requires ``scoresIntentLabelsAlone``.
    func scoreExtractedStates(of intent: Int, weights: IntentLabelWeights.Intent, workspace: inout Workspace) {
        let count = workspace.tokens.count, width = weights.width
        if workspace.subsetScores.count < count * width { workspace.subsetScores = [Float](repeating: 0, count: count * width) }
        extractor.extractIntentFeatures(workspace.tokens, intent: intent, into: &workspace.intentTokenFeatures)
        workspace.subsetScores.withUnsafeMutableBufferPointer { scores in
            let scores = UnsafeMutableBufferPointer(rebasing: scores[0..<(count * width)])
            scores.update(repeating: 0)
            model.addStateScores(workspace.features, of: weights, into: scores)
            model.addStateScores(workspace.intentTokenFeatures, of: weights, into: scores)
            // Drop the spare and padding columns: rows move down in place to `[T][K]`.
            let labels = weights.labelCount
            for t in 1..<max(count, 1) {
                (scores.baseAddress! + t * labels).update(from: scores.baseAddress! + t * width, count: labels)
            }
        }
    }

    /// `workspace.scores` = the shared scores plus those of `intent`'s own features.
    private func addIntentScores(_ intent: Int, workspace: inout Workspace) {
        let count = workspace.tokens.count, L = model.labels.count
        extractor.extractIntentFeatures(workspace.tokens, intent: intent, into: &workspace.intentTokenFeatures)
        workspace.scores.withUnsafeMutableBufferPointer { scores in
            let scores = UnsafeMutableBufferPointer(rebasing: scores[0..<(count * L)])
            workspace.baseScores.withUnsafeBufferPointer { base in _ = scores.update(fromContentsOf: base[0..<(count * L)]) }
            model.addStateScores(workspace.intentTokenFeatures, into: scores)
        }
    }

    /// Recomputes the state scores of the utterance in `workspace` as if its intent were `intent`.
    func rescoreStates(forIntent intent: Int, workspace: inout Workspace) {
        guard extractor.separatesIntentFeatures, workspace.intent != nil else {
            let count = workspace.tokens.count, L = model.labels.count
            extractor.extract(workspace.tokens, gazetteer: model.gazetteer, intent: intent, into: &workspace.features,
                              scratch: &workspace.matches, matchesReady: true)
            workspace.scores.withUnsafeMutableBufferPointer { scores in
                model.stateScores(workspace.features, into: UnsafeMutableBufferPointer(rebasing: scores[0..<(count * L)]))
            }
            return
        }
        addIntentScores(intent, workspace: &workspace)
    }

    /// log Z of the state scores in `workspace` over all labels (a forward pass).
    func logPartition(workspace: inout Workspace) -> Double {
        let count = workspace.tokens.count
        return workspace.scores.withUnsafeBufferPointer { scores in
            expTransitions.withUnsafeBufferPointer { expTransitions in
                workspace.forwardBackward.logPartition(scores: scores, tokenCount: count, expTransitions: expTransitions.baseAddress!)
            }
        }
    }

    /// The slots of `text`, each with a confidence: the smallest marginal probability of its
    /// tokens' labels (a lower bound on the span's probability).
    public func tag(_ text: String, workspace: inout Workspace, allowedSlots: Set<String>? = nil) -> [TaggedSlot] {
        let path = labels(of: text, workspace: &workspace, mask: allowedSlots.map(mask(allowing:)))
        guard !path.isEmpty, path.contains(where: { $0 != LabelSet.outside }) else { return [] }
        return slotsWithConfidences(of: path, workspace: &workspace)
    }

    /// Viterbi over the state scores ``scoreStates(of:workspace:)`` left in `workspace`.
    func decodeScoredStates(workspace: inout Workspace, mask: [Float]? = nil) -> [Int] {
        let count = workspace.tokens.count
        workspace.scores.withUnsafeBufferPointer { scores in
            workspace.decoder.decode(scores: scores, tokenCount: count, mask: mask, into: &workspace.path)
        }
        return workspace.path
    }

    /// The slots of `path`, with confidences from a forward-backward pass over the state scores
    /// in `workspace`.
    func slotsWithConfidences(of path: [Int], workspace: inout Workspace) -> [TaggedSlot] {
        workspace.scores.withUnsafeBufferPointer { scores in
            expTransitions.withUnsafeBufferPointer { expTransitions in
                _ = workspace.forwardBackward.run(scores: scores, tokenCount: path.count, expTransitions: expTransitions.baseAddress!)
            }
        }
        return slots(of: path, workspace: workspace)
    }

    /// The slots of the label sequence `path`, with confidences from the marginals of the last
    /// forward-backward run in `workspace`.
    func slots(of path: [Int], workspace: Workspace) -> [TaggedSlot] {
        slots(of: path, tokens: workspace.tokens) { workspace.forwardBackward.marginal(token: $0, label: $1) }
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
