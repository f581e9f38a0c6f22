import Foundation

/// Finds the slots of an utterance with a trained ``NLUModel``, without resolving them.
///
/// A tagger is immutable and `Sendable`: share one across threads, and give each caller its own
/// ``Workspace`` (the buffers that grow to the longest utterance seen).
///
/// Tagging runs the stages of a parse (``IntentParser``) up to the slots, each a value that
/// owns its buffers and hands its result to the next: tokenize, match the model's vocabulary,
/// encode (for a model with an encoder), classify the intent, score every label, decode. Unlike
/// a parse, it decodes over every label (or those a mask allows), not only the intent's.
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
    private let encoder: UtteranceEncoder
    private let classifier: IntentClassifier?
    private let scorer: StateScorer
    let decoder: SlotDecoder

    /// Creates a tagger for `model`.
    public init(model: NLUModel) {
        self.model = model
        encoder = UtteranceEncoder(model: model)
        classifier = model.intentClassifier.map { IntentClassifier(model: $0, gazetteer: model.gazetteer) }
        scorer = StateScorer(model: model)
        decoder = SlotDecoder(model: model)
    }

    /// Loads the model at `url`, with `encoder` if it was trained with one (see
    /// ``NLUModel/init(contentsOf:encoder:)``).
    public init(contentsOf url: URL, encoder: SentenceEncoder? = nil) throws(ModelError) {
        self.init(model: try NLUModel(contentsOf: url, encoder: encoder))
    }

    /// One caller's reusable buffers, one part per stage.
    public struct Workspace: Sendable {
        /// The tokens of the last utterance tagged.
        public internal(set) var tokens = TokenizedText()
        var matches: [Gazetteer.Match] = []
        var encoding = UtteranceEncoder.Output()
        var classification = IntentClassifier.Workspace()
        /// The intent predicted for the last utterance, when the model has a classifier.
        public internal(set) var intent: Int?
        var scoring = StateScorer.Buffers()
        var decoding: SlotDecoder.Buffers
    }

    /// Buffers for one caller.
    public func makeWorkspace() -> Workspace { Workspace(decoding: decoder.makeBuffers()) }

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
        return decoder.decode(scores: workspace.scoring.scores, tokenCount: workspace.tokens.count, mask: mask, buffers: &workspace.decoding)
    }

    /// The slots of `text`, each with a confidence: the smallest marginal probability of its
    /// tokens' labels (a lower bound on the span's probability).
    public func tag(_ text: String, workspace: inout Workspace, allowedSlots: Set<String>? = nil) -> [TaggedSlot] {
        let path = labels(of: text, workspace: &workspace, mask: allowedSlots.map(mask(allowing:)))
        guard !path.isEmpty, path.contains(where: { $0 != LabelSet.outside }) else { return [] }
        return decoder.slotsWithConfidences(of: path, scores: workspace.scoring.scores, tokens: workspace.tokens, buffers: &workspace.decoding)
    }

    /// The stages before decoding, in order: tokenize `text`, match the model's vocabulary,
    /// encode, predict the intent, extract the features and score every label
    /// (`workspace.scoring.scores`, `[T][L]`).
    func scoreStates(of text: String, workspace: inout Workspace) {
        tokenizer.tokenize(text, into: &workspace.tokens)
        workspace.matches.removeAll(keepingCapacity: true)
        model.gazetteer.matches(in: workspace.tokens, into: &workspace.matches)
        encoder.encode(workspace.tokens, into: &workspace.encoding)
        workspace.intent = classifier?.classify(workspace.tokens, matches: workspace.matches, sentenceVector: workspace.encoding.sentence,
                                                workspace: &workspace.classification)
        scorer.extractFeatures(workspace.tokens, matches: workspace.matches, clusters: workspace.encoding.clusters, intent: workspace.intent,
                               buffers: &workspace.scoring)
        scorer.scoreStates(workspace.tokens, intent: workspace.intent, buffers: &workspace.scoring)
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
