/// What ``IntentParser`` understood of one utterance.
public struct IntentParse: Hashable, Sendable {
    /// The utterance.
    public var text: String
    /// The most probable intent; `nil` when the utterance is out of scope (``isOutOfScope``) or
    /// the model has no intent classifier.
    public var intent: String?
    /// The classifier's probability of ``intent``, from 0 to 1; out of scope, that of the
    /// likeliest intent (0 for an utterance without a word or without anything the model knows,
    /// whose probabilities would be the intents' priors).
    public var confidence: Double
    /// The next most probable intents, best first (as many as asked for).
    public var alternatives: [IntentCandidate]
    /// The intent's parameters found in the utterance, in text order.
    public var slots: [ParsedSlot]
    /// Every parameter of the intent with its resolution, in the schema's order (empty unless
    /// the parse was asked to resolve).
    public var parameters: [ResolvedParameter] = []
    /// Whether the utterance belongs to none of the model's intents: then ``intent`` is `nil`,
    /// there are no slots, and ``alternatives`` lists the likeliest intents with their
    /// probabilities. An utterance without a word (empty, or only white space) is out of scope,
    /// and so are one without a word, word pair or vocabulary term the model knows (in a model
    /// without a sentence encoder: the classifier would have only its priors to go on), one the
    /// classifier places in its out-of-scope class
    /// (``OutOfScopeCalibration/intent``), or one the classifier is less sure of being a request
    /// for one of its intents than the parser's ``IntentParser/minimumConfidence`` (by default:
    /// its likeliest intent's probability; ``ConfidenceMeasure``).
    public var isOutOfScope = false
    /// The identifier of the user's shortcut the utterance is the phrase of (``UserShortcuts``):
    /// then the intent and the parameters are the shortcut's, the confidence 1, and there are
    /// no slots. `nil` for every other parse.
    public var shortcut: String?
}

/// An intent and its probability.
public struct IntentCandidate: Hashable, Sendable, Codable {
    public var intent: String
    public var confidence: Double
}

/// A parameter found in an utterance.
public struct ParsedSlot: Hashable, Sendable {
    /// The parameter (slot) name.
    public var name: String
    /// The words of the utterance that fill it, as written.
    public var text: String
    /// Unicode scalar offsets of ``text`` in the utterance, end exclusive.
    public var range: Range<Int>
    /// The smallest marginal probability of the slot's token labels, from 0 to 1.
    public var confidence: Double
    /// The resolved value, or `nil` when the words do not resolve (a name the vocabulary lacks,
    /// an expression the built-in grammar does not know, or a slot without an entity).
    public var value: SlotValue?
    /// The tokens of the utterance that fill it.
    var tokens: Range<Int> = 0..<0
}
