import Foundation

/// Finds the slots of an utterance with a trained ``NLUModel``, without resolving them.
///
/// A tagger is immutable and `Sendable`: share one across threads, and give each caller its own
/// ``Workspace`` (the buffers that grow to the longest utterance seen).
///
/// Tagging is a parse (``IntentParser``) run up to its tag stage: tokenize, match the model's
/// vocabulary, encode (for a model with an encoder), classify the intent, score every label,
/// decode. Unlike a parse, it decodes over every label (or those a mask allows), not only the
/// intent's.
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
    public var model: NLUModel { parser.model }
    /// The tokenizer the model was trained with.
    public var tokenizer: Tokenizer { parser.tokenizer }
    /// The parse whose stages run up to the tagger's scores.
    private let parser: IntentParser
    let decoder: SlotDecoder

    /// Creates a tagger for `model`.
    public init(model: NLUModel) {
        parser = IntentParser(model: model)
        decoder = SlotDecoder(model: model)
    }

    /// Loads the model at `url`, with `encoder` if it was trained with one (see
    /// ``NLUModel/init(contentsOf:encoder:)``).
    public init(contentsOf url: URL, encoder: SentenceEncoder? = nil) throws(ModelError) {
        self.init(model: try NLUModel(contentsOf: url, encoder: encoder))
    }

    /// One caller's reusable buffers: the parse's, and the decoder's over every label.
    public struct Workspace: Sendable {
        var parsing: IntentParser.Workspace
        var decoding: SlotDecoder.Buffers
        /// The tokens of the last utterance tagged.
        public var tokens: TokenizedText { parsing.tokens }
        /// The intent predicted for the last utterance, when the model has a classifier.
        public internal(set) var intent: Int?
        /// The state scores of the last utterance, `[T][L]`.
        var scores: [Float] { parsing.tagging.scoring.scores }
    }

    /// Buffers for one caller.
    public func makeWorkspace() -> Workspace { Workspace(parsing: parser.makeWorkspace(), decoding: decoder.makeBuffers()) }

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
        return decoder.decode(scores: workspace.scores, tokenCount: workspace.tokens.count, mask: mask, buffers: &workspace.decoding)
    }

    /// The slots of `text`, each with a confidence: the smallest marginal probability of its
    /// tokens' labels (a lower bound on the span's probability).
    public func tag(_ text: String, workspace: inout Workspace, allowedSlots: Set<String>? = nil) -> [TaggedSlot] {
        let path = labels(of: text, workspace: &workspace, mask: allowedSlots.map(mask(allowing:)))
        guard !path.isEmpty, path.contains(where: { $0 != LabelSet.outside }) else { return [] }
        return decoder.slotsWithConfidences(of: path, scores: workspace.scores, tokens: workspace.tokens, buffers: &workspace.decoding)
    }

    /// The parse's stages up to the tagger's scores, with no user vocabulary or shortcuts: read
    /// `text` (tokenize, match, encode, classify), then score every label conditioned on the
    /// intent (``Workspace/scores``).
    func scoreStates(of text: String, workspace: inout Workspace) {
        workspace.intent = nil
        guard case .classified(let intent, _) = parser.read(text, vocabulary: UserVocabulary(), workspace: &workspace.parsing) else { return }
        workspace.intent = intent
        parser.scoreEveryLabel(intent: intent, workspace: &workspace.parsing)
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
