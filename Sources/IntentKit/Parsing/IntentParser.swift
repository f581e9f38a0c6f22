import Foundation

/// Turns an utterance into an intent with resolved parameters, from one model file: the
/// embeddable entry point of IntentKit.
///
/// Parsing is joint: the intent classifier's prediction conditions the slot tagger's features
/// and restricts its labels to the slots that intent has (``NLUModel/intentSlots``), and
/// the tagger decides close calls between the two likeliest intents (``intentReranking``); each
/// slot is then resolved against the model's vocabulary or a built-in grammar.
///
/// A parser is a `Sendable` value: share one across threads and give each its own
/// ``Workspace``; once a workspace's buffers have grown, parsing allocates only its result.
///
/// ```swift
/// let parser = try IntentParser(contentsOf: modelURL)
/// let parse = parser.parse("send Buttercup 85 bucks on Unicorn Pay")
/// print(parse.intent, parse.slots.map { ($0.name, $0.value) })
/// ```
public struct IntentParser: Sendable {
    /// The model.
    public let model: NLUModel
    // The stages of a parse, in order, each with its part of the model (``parse(_:workspace:alternatives:resolving:reference:calendar:)``).
    /// 1. Splits the text into tokens.
    let tokenizer = Tokenizer()
    /// 2. Finds the model's vocabulary and the user's terms.
    private let matcher: VocabularyMatcher
    /// 3. Runs the sentence encoder, for a model trained with one.
    private let encoder: UtteranceEncoder
    /// 4. Matches the user's shortcut phrases (``using(_:)-(UserShortcuts)``).
    private var shortcutMatcher = ShortcutMatcher()
    /// 5. Predicts the intent; `nil` for a model without a classifier.
    private let classifier: IntentClassifier?
    /// 6. Leans an unsure classification towards the user's intents (``using(_:)-(UserHistory)``).
    private var priors = HistoryPriors()
    /// 7. Tags the slots of the intent, and reranks a close call.
    private let decoder: JointDecoder
    /// 8. Decides whether the request is for any intent.
    private let scope: ScopeDecision
    /// 9. Resolves the slots' values and the intent's parameters.
    let slotResolver: SlotResolver
    /// Resolves slot text to values.
    public var resolver: EntityResolver { slotResolver.resolver }

    /// Whether the slot tagger gets a say in the intent (``rerankingThreshold``); on by default.
    ///
    /// The classifier alone reads the request's wording; the tagger knows which slots each intent
    /// has. When the classifier's runner-up has at least ``rerankingThreshold``, the two are
    /// ranked by `P(intent | x) · P(every label within the intent's slots | x, intent)`, the
    /// second factor from the tagger conditioned on that intent (log Z over the intent's labels
    /// minus log Z over all). It corrects intents whose words alone are ambiguous but whose slots
    /// are not, at the cost of a second scoring for the utterances where a runner-up is that likely.
    public var intentReranking = true
    /// The smallest classifier probability of an intent the tagger reconsiders.
    public var rerankingThreshold: Float = 0.01
    /// Below this confidence a parse is out of scope (``IntentParse/isOutOfScope``): no intent
    /// and no slots, the likeliest intents listed as alternatives. The confidence is measured as
    /// the model's calibration says (``OutOfScopeCalibration/confidenceMeasure``): the
    /// probability of the likeliest intent (the default, and every model of format 1.9 and
    /// before), or that the request is for one of its two likeliest intents. An intent that combines others
    /// (`a#b`) is judged by its least certain part (``CompositeIntents``). By default the
    /// model's (``OutOfScopeCalibration/minimumConfidence``), calibrated in training to reject a
    /// stated share of in-scope requests; `nil` answers every utterance the classifier does not
    /// place in its out-of-scope class with an intent.
    public var minimumConfidence: Double?
    /// Below this cosine similarity of the request's sentence vector to the nearest training
    /// utterance of an in-scope intent, a parse is out of scope (``IntentParse/isOutOfScope``),
    /// as below ``minimumConfidence``: a boundary around what the corpus teaches, which needs no
    /// example of what it does not. By default the model's
    /// (``OutOfScopeCalibration/minimumSimilarity``), chosen in training within the same
    /// false-rejection budget; `nil` for a model without a sentence encoder.
    public var minimumSimilarity: Double?
    /// Below this slot confidence, a resolved value asks for confirmation
    /// (``ParameterResolution/confirmationRequired(_:)``).
    public var confirmationThreshold: Double = 0.5
    /// How sure of its intent each part of a split utterance must be
    /// (``parseRequests(_:workspace:alternatives:resolving:reference:calendar:)``); choose it on a
    /// dev file, where single requests should stay whole.
    public var splitConfidence: Double = 0.5

    /// The user's vocabulary this parser matches and resolves against (see ``using(_:)-(UserVocabulary)``).
    public private(set) var vocabulary = UserVocabulary()
    /// A shared vocabulary read at the start of every parse, in place of ``vocabulary``.
    public private(set) var vocabularyStore: VocabularyStore?
    /// The user's shortcut phrases (``using(_:)-(UserShortcuts)``).
    public var shortcuts: UserShortcuts { shortcutMatcher.shortcuts }
    /// How similar (the cosine of the sentence encoder's vectors, up to 1) an utterance must be
    /// to one of the user's shortcut phrases to parse as that shortcut said another way, with the
    /// similarity as its confidence; `nil` (the default): only the phrase itself matches. Needs
    /// a model trained with the encoder and shortcuts ``UserShortcuts/encoded(by:)`` it.
    public var shortcutSimilarity: Double?
    /// The user's interactions as priors (``using(_:)-(UserHistory)``).
    public private(set) var history = UserHistory()
    /// The user's reservations, which a parameter of the entity ``Reservation/entityName``
    /// resolves to (``using(_:)-(UserReservations)``).
    public private(set) var reservations = UserReservations()
    /// How much a user's history may raise an intent's odds: its probability is multiplied by at
    /// most `1 + historyWeight` before normalising (``UserHistory``). The default was chosen on
    /// the default corpus's dev file (`scripts/experiments/donations --dev`).
    public var historyWeight: Double = 2 {
        didSet { priors = makePriors() }
    }
    /// A parse whose likeliest intent is at least this probable is left as the classifier says,
    /// whatever the user's history.
    public var historyCeiling: Float = 0.9
    /// The sentence encoder the model's classifier weighs, if it was trained with one.
    var sentenceEncoder: SentenceEncoder? { classifier?.model.encoderFeatures?.encoder }

    /// A parser for `model`.
    public init(model: NLUModel) {
        self.model = model
        matcher = VocabularyMatcher(model: model)
        encoder = UtteranceEncoder(model: model)
        classifier = model.intentClassifier.map { IntentClassifier(model: $0, gazetteer: model.gazetteer) }
        decoder = JointDecoder(model: model)
        scope = ScopeDecision(model: model)
        slotResolver = SlotResolver(model: model)
        minimumConfidence = model.intentClassifier?.outOfScope.minimumConfidence
        minimumSimilarity = model.intentClassifier?.outOfScope.minimumSimilarity
    }

    /// Loads the model at `url`, with `encoder` if it was trained with one (see
    /// ``NLUModel/init(contentsOf:encoder:)``).
    public init(contentsOf url: URL, encoder: SentenceEncoder? = nil) throws(ModelError) {
        self.init(model: try NLUModel(contentsOf: url, encoder: encoder))
    }

    /// This parser with the user vocabulary `vocabulary`: a cheap copy sharing the model.
    ///
    /// Terms of entity types the model has vocabulary features for (``knowsVocabulary(of:)``)
    /// help find slots; every term helps resolve them.
    public func using(_ vocabulary: UserVocabulary) -> IntentParser {
        var parser = self
        parser.vocabulary = vocabulary
        parser.vocabularyStore = nil
        return parser
    }

    /// This parser with a user's shortcut phrases: an utterance that is one of them parses to
    /// its shortcut's frame (``IntentParse/shortcut``); a cheap copy sharing the model.
    public func using(_ shortcuts: UserShortcuts) -> IntentParser {
        var parser = self
        parser.shortcutMatcher = ShortcutMatcher(shortcuts: shortcuts, encoded: shortcuts.isEncoded(by: self))
        return parser
    }

    /// This parser with a user's history as priors for intents and values (``UserHistory``); a
    /// cheap copy sharing the model.
    public func using(_ history: UserHistory) -> IntentParser {
        var parser = self
        parser.history = history
        parser.priors = parser.makePriors()
        return parser
    }

    /// This parser with a user's reservations: a parameter of the entity
    /// ``Reservation/entityName`` resolves to the one a request points at (``UserReservations``);
    /// a cheap copy sharing the model.
    public func using(_ reservations: UserReservations) -> IntentParser {
        var parser = self
        parser.reservations = reservations
        return parser
    }

    private func makePriors() -> HistoryPriors {
        HistoryPriors(history: history, weight: historyWeight, intents: classifier?.model.intents ?? [], outOfScopeClass: scope.outOfScopeClass)
    }

    /// This parser reading its user vocabulary from `store` at every parse.
    public func using(_ store: VocabularyStore) -> IntentParser {
        var parser = self
        parser.vocabularyStore = store
        return parser
    }

    /// Whether terms of `entity` become features of the tagger and the classifier: the model
    /// learned vocabulary features for that entity type.
    public func knowsVocabulary(of entity: String) -> Bool { matcher.vocabularyFeatures.knows(entity) }

    /// One caller's reusable buffers: each stage's scratch space, which holds its output until
    /// the next parse.
    public struct Workspace: Sendable {
        /// 1. The utterance's tokens.
        var tokens = TokenizedText()
        /// 2. The vocabulary matches in them, and the keys for the user's terms.
        var matching = VocabularyMatcher.Scratch()
        /// 3. The sentence encoder's vector and token clusters.
        var encoding = UtteranceEncoder.Output()
        /// 5. The intent classifier's features and probabilities.
        var classification = IntentClassifier.Workspace()
        /// 6. The probabilities leaned towards the user's intents.
        var leaned: [Float] = []
        /// 7. The tagger's features, state scores and decoders, and the probabilities after tagging.
        var tagging: JointDecoder.Workspace
        /// 8. The request's similarity to each intent's training utterances.
        var scope: [Float] = []
    }

    /// Buffers for one caller.
    public func makeWorkspace() -> Workspace { Workspace(tagging: decoder.makeWorkspace()) }

    /// Parses `text` with a fresh workspace (convenient; reuse a workspace on a hot path).
    public func parse(
        _ text: String, alternatives: Int = 2, resolving: Bool = false, reference: Date = Date(), calendar: Calendar = .current
    ) -> IntentParse {
        var workspace = makeWorkspace()
        return parse(text, workspace: &workspace, alternatives: alternatives, resolving: resolving, reference: reference, calendar: calendar)
    }

    /// Parses `text`: the stages in order, each handing its output to the next.
    /// - Parameters:
    ///   - text: the utterance.
    ///   - workspace: this caller's buffers (``makeWorkspace()``), reused from parse to parse.
    ///   - alternatives: how many runner-up intents to return.
    ///   - resolving: also resolve every parameter of the intent (``IntentParse/parameters``).
    ///   - reference: the moment relative dates ("tomorrow at 7") resolve against.
    ///   - calendar: the calendar and time zone they resolve in.
    public func parse(
        _ text: String, workspace: inout Workspace, alternatives: Int = 2, resolving: Bool = false,
        reference: Date = Date(), calendar: Calendar = .current
    ) -> IntentParse {
        // One snapshot for the whole parse: a concurrent update applies from the next one.
        let vocabulary = vocabularyStore?.vocabulary ?? self.vocabulary
        // 1-5. Tokenize, match, encode, answer a shortcut, classify.
        let reading = read(text, vocabulary: vocabulary, workspace: &workspace)
        guard case .classified(var intent, let hasEvidence) = reading else {
            guard case .shortcut(let shortcut, let confidence) = reading else {
                // Nothing said is no request for any intent.
                return IntentParse(text: text, intent: nil, confidence: 0, alternatives: [], slots: [], isOutOfScope: true)
            }
            return IntentParse(text: text, intent: shortcut.intent, confidence: confidence, alternatives: [], slots: [],
                               parameters: resolving ? slotResolver.parameters(of: shortcut, reference: reference, calendar: calendar) : [],
                               shortcut: shortcut.identifier)
        }
        // 6. Lean an unsure classifier towards the intents the user uses.
        if let predicted = intent, !priors.isEmpty {
            intent = priors.lean(predicted, probabilities: workspace.classification.probabilities, ceiling: historyCeiling, into: &workspace.leaned)
        }
        // 7. Tag the slots within the intent's, the tagger reranking a hesitant classifier's two likeliest intents.
        let tagged = decoder.decode(
            workspace.tokens, matches: workspace.matching.matches, clusters: workspace.encoding.clusters, intent: intent, hasEvidence: hasEvidence,
            probabilities: priors.isEmpty || intent == nil ? workspace.classification.probabilities : workspace.leaned,
            workspace: &workspace.tagging, reranking: reranking)
        // 8. Decide whether the request is for an intent at all.
        let verdict = scope.decide(
            intent: tagged.intent, hasEvidence: hasEvidence, probabilities: workspace.tagging.probabilities, sentenceVector: workspace.encoding.sentence,
            minimumConfidence: minimumConfidence, minimumSimilarity: minimumSimilarity, scratch: &workspace.scope)
        guard case .inScope(let inScope) = verdict else {
            return outOfScope(text, verdict: verdict, probabilities: workspace.tagging.probabilities, alternatives: alternatives)
        }
        var result = IntentParse(text: text, intent: nil, confidence: 0, alternatives: [], slots: [])
        if let inScope, let intentNames = classifier?.model.intents {
            result.intent = intentNames[inScope]
            result.confidence = Double(workspace.tagging.probabilities[inScope])
            result.alternatives = scope.runnersUp(workspace.tagging.probabilities, excluding: inScope, count: alternatives).map {
                IntentCandidate(intent: intentNames[$0], confidence: Double(workspace.tagging.probabilities[$0]))
            }
        }
        guard !tagged.slots.isEmpty || (resolving && result.intent != nil) else { return result }
        // 9. Resolve each slot's value and, when asked, each parameter of the intent.
        let request = resolving ? result.intent.map {
            SlotResolver.ParameterRequest(
                intent: $0, habitualValues: history.habitualValues[$0], confirmationThreshold: confirmationThreshold, reservations: reservations,
                dateTimeTokens: workspace.tagging.scoring.features.readBuiltinEntities ? workspace.tagging.scoring.features.dateTimeTokens : nil)
        } : nil
        (result.slots, result.parameters) = slotResolver.resolve(
            tagged.slots, intent: inScope, tokens: workspace.tokens, vocabulary: vocabulary, keys: workspace.matching.keys,
            reference: reference, calendar: calendar, parameters: request)
        return result
    }

    /// What the stages before the priors made of an utterance.
    enum Reading {
        /// No word: no request.
        case nothingSaid
        /// The request of one of the user's shortcuts, with the confidence of the match.
        case shortcut(UserShortcut, confidence: Double)
        /// The classifier's likeliest intent (`nil` without a classifier; its probabilities in
        /// the workspace), and whether it knew anything in the utterance.
        case classified(intent: Int?, hasEvidence: Bool)
    }

    /// The first stages of a parse, which ``SlotTagger`` runs too: tokenize `text`, match the
    /// model's vocabulary and `vocabulary`, encode, answer a shortcut, classify the intent.
    func read(_ text: String, vocabulary: UserVocabulary, workspace: inout Workspace) -> Reading {
        // 1. Tokenize.
        tokenizer.tokenize(text, into: &workspace.tokens)
        guard workspace.tokens.count > 0 else { return .nothingSaid }
        // 2. Match the model's vocabulary, then the user's.
        matcher.match(workspace.tokens, vocabulary: vocabulary, scratch: &workspace.matching)
        // 3. Encode, for a model with the encoder or shortcuts matched by their vectors.
        encoder.encode(workspace.tokens, sentenceVectorNeeded: shortcutMatcher.needsSentenceVector(similarity: shortcutSimilarity),
                       into: &workspace.encoding)
        // 4. An utterance that is one of the user's shortcut phrases, or near one, is that shortcut's request.
        if let (shortcut, confidence) = shortcutMatcher.match(workspace.tokens, sentenceVector: workspace.encoding.sentence,
                                                              similarity: shortcutSimilarity) {
            return .shortcut(shortcut, confidence: confidence)
        }
        // 5. Classify the intent.
        let intent = classifier?.classify(workspace.tokens, matches: workspace.matching.matches, sentenceVector: workspace.encoding.sentence,
                                          workspace: &workspace.classification)
        return .classified(intent: intent, hasEvidence: classifier == nil || workspace.classification.hasEvidence)
    }

    /// Extracts the tagger's features of the utterance `workspace` has just read (``read(_:vocabulary:workspace:)``)
    /// and scores every label, conditioned on `intent` (for ``SlotTagger``).
    func scoreEveryLabel(intent: Int?, workspace: inout Workspace) {
        decoder.scoreEveryLabel(workspace.tokens, matches: workspace.matching.matches, clusters: workspace.encoding.clusters, intent: intent,
                                workspace: &workspace.tagging)
    }

    /// How the tagger weighs in on the intent.
    private var reranking: JointDecoder.Reranking {
        JointDecoder.Reranking(enabled: intentReranking, threshold: rerankingThreshold)
    }

    /// The answer for a request for no intent: no intent and no slots; the likeliest intents (the
    /// best and `alternatives` more, the out-of-scope class left out; the one a minimum turned
    /// away first) stay, as alternatives, the best one's confidence the parse's — 0 for a
    /// request the classifier knew nothing of, whose probabilities are the intents' priors.
    private func outOfScope(_ text: String, verdict: ScopeDecision.Verdict, probabilities: [Float], alternatives: Int) -> IntentParse {
        guard let intentNames = classifier?.model.intents, verdict != .inScope(nil) else {
            return IntentParse(text: text, intent: nil, confidence: 0, alternatives: [], slots: [], isOutOfScope: true)
        }
        let likeliest: Int? = if case .outOfScope(let likeliest) = verdict { likeliest } else { nil }
        // Without evidence the probabilities are priors: the intents are listed, sure of none.
        let confidence = { (intent: Int) in verdict == .noEvidence ? 0 : Double(probabilities[intent]) }
        let candidates = (likeliest.map { [$0] + scope.runnersUp(probabilities, excluding: $0, count: alternatives) }
            ?? scope.runnersUp(probabilities, excluding: nil, count: alternatives + 1)).map {
            IntentCandidate(intent: intentNames[$0], confidence: confidence($0))
        }
        return IntentParse(text: text, intent: nil, confidence: candidates.first?.confidence ?? 0, alternatives: candidates, slots: [],
                           isOutOfScope: true)
    }

    /// The confidence ``minimumConfidence`` judged `parse` by, read from the `workspace` that
    /// has just parsed it (when it is out of scope, as its likeliest intent's request). For a
    /// report to plot what the minimum was compared with, which is not ``IntentParse/confidence``
    /// for a model that sums the two likeliest intents' (``ConfidenceMeasure/twoLikeliestIntents``),
    /// or for a combination of intents (its least certain part's).
    package func judgedConfidence(of parse: IntentParse, workspace: Workspace) -> Double {
        // A shortcut's, and one of no evidence (out of scope at 0), were judged by no minimum.
        guard parse.shortcut == nil, !(parse.isOutOfScope && parse.confidence == 0), let intent = parse.intent ?? parse.alternatives.first?.intent,
              let index = classifier?.model.intents.firstIndex(of: intent) else { return parse.confidence }
        return scope.confidence(of: index, probabilities: workspace.tagging.probabilities)
    }
}
