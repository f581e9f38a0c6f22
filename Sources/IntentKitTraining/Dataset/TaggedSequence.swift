import IntentKit

/// One training example for the slot tagger: an utterance's tokens and a label id per token.
public struct TaggedSequence: Sendable {
    /// The tokens, with their normalised forms.
    public var tokens: TokenizedText
    /// `[tokens.count]` label ids from the dataset's ``LabelSet``.
    public var labels: [Int]
    /// The utterance's intent.
    public var intent: String

    /// Creates a sequence; `labels` must have one id per token.
    public init(tokens: TokenizedText, labels: [Int], intent: String) {
        precondition(labels.count == tokens.count, "one label per token")
        self.tokens = tokens
        self.labels = labels
        self.intent = intent
    }
}
