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
    /// Splits the text into tokens.
    let tokenizer = Tokenizer()
    /// Runs the sentence encoder, for a model with encoder clusters.
    private let encoder: UtteranceEncoder
    /// Predicts the intent; `nil` for a model without a classifier.
    private let classifier: IntentClassifier?
    /// The classifier's class for "no intent", if it has one.
    private let outOfScopeClass: Int?
    /// The classifier's intents read as combinations (`a#b`), when any is one: then
    /// ``minimumConfidence`` applies to the least certain part of a combination.
    private let compositeIntents: CompositeIntents?
    /// Extracts the tagger's features, scores and decodes them, and reranks.
    private let decoder: JointDecoder
    /// Resolves slot text to values.
    public let resolver: EntityResolver
    /// `[classifier intents]` slot name → the entity its values belong to.
    private let entities: [[String: EntityReference]]
    /// Slot name → entity, for a model without a classifier or an intent the schema lacks.
    private let defaultEntities: [String: EntityReference]

    /// Whether the slot tagger gets a say in the intent (``rerankingThreshold``); on by default.
    ///
    /// The classifier alone reads the request's wording; the tagger knows which slots each intent
    /// has. When the classifier's runner-up has at least ``rerankingThreshold``, the two are
    /// ranked by `P(intent | x) · P(every label within the intent's slots | x, intent)`, the
    /// second factor from the tagger conditioned on that intent (log Z over the intent's labels
    /// minus log Z over all). It corrects intents whose words alone are ambiguous but whose slots
    /// are not, at the cost of a second scoring for the utterances where a runner-up is that likely.
    public var intentReranking = true
    /// Whether a clear intent (no runner-up to rerank) has only its own labels scored; off, every
    /// label is scored and the intent's columns decoded, which gives the same parse (for tests).
    var scoresIntentLabelsAlone = true
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
    /// What ``minimumConfidence`` is compared with (the model's).
    private let confidenceMeasure: ConfidenceMeasure
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
    public private(set) var shortcuts = UserShortcuts()
    /// How similar (the cosine of the sentence encoder's vectors, up to 1) an utterance must be
    /// to one of the user's shortcut phrases to parse as that shortcut said another way, with the
    /// similarity as its confidence; `nil` (the default): only the phrase itself matches. Needs
    /// a model trained with the encoder and shortcuts ``UserShortcuts/encoded(by:)`` it.
    public var shortcutSimilarity: Double?
    /// Whether ``shortcuts`` have vectors from this model's encoder.
    private var shortcutsEncoded = false
    /// The user's interactions as priors (``using(_:)-(UserHistory)``).
    public private(set) var history = UserHistory()
    /// Per class of the classifier, `1 + historyWeight × share` of the user's history; empty without one.
    private var historyFactors: [Float] = []
    /// How much a user's history may raise an intent's odds: its probability is multiplied by at
    /// most `1 + historyWeight` before normalising (``UserHistory``). The default was chosen on
    /// the default corpus's dev file (`scripts/experiments/donations --dev`).
    public var historyWeight: Double = 2 {
        didSet { historyFactors = Self.factors(of: history, weight: historyWeight, intents: classifier?.model.intents ?? [], outOfScope: outOfScopeClass) }
    }
    /// A parse whose likeliest intent is at least this probable is left as the classifier says,
    /// whatever the user's history.
    public var historyCeiling: Float = 0.9
    /// Maps vocabulary matches to the model's vocabulary features.
    let vocabularyFeatures: VocabularyFeatures
    /// The sentence encoder the model's classifier weighs, if it was trained with one.
    var sentenceEncoder: SentenceEncoder? { classifier?.model.encoderFeatures?.encoder }

    /// A parser for `model`.
    public init(model: NLUModel) {
        self.model = model
        encoder = UtteranceEncoder(model: model)
        classifier = model.intentClassifier.map { IntentClassifier(model: $0, gazetteer: model.gazetteer) }
        outOfScopeClass = model.intentClassifier?.outOfScopeClass
        compositeIntents = model.intentClassifier.flatMap { CompositeIntents(intents: $0.intents) }
        minimumConfidence = model.intentClassifier?.outOfScope.minimumConfidence
        confidenceMeasure = model.intentClassifier?.outOfScope.confidenceMeasure ?? .likeliestIntent
        decoder = JointDecoder(model: model)
        resolver = EntityResolver(schema: model.schema)
        vocabularyFeatures = VocabularyFeatures(gazetteer: model.gazetteer, ownFeatures: model.features.templates.contains(.userVocabulary))
        let intents = model.intentClassifier?.intents ?? []
        var defaults = [String: EntityReference]()
        for entity in model.schema.entities { defaults[entity.name] = .custom(entity.name) }
        defaultEntities = defaults
        entities = intents.map { name in
            var entities = defaults
            for parameter in model.schema.intent(named: name)?.parameters ?? [] { entities[parameter.name] = parameter.entity }
            return entities
        }
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
        parser.shortcuts = shortcuts
        parser.shortcutsEncoded = shortcuts.isEncoded(by: self)
        return parser
    }

    /// This parser with a user's history as priors for intents and values (``UserHistory``); a
    /// cheap copy sharing the model.
    public func using(_ history: UserHistory) -> IntentParser {
        var parser = self
        parser.history = history
        parser.historyFactors = Self.factors(of: history, weight: historyWeight, intents: classifier?.model.intents ?? [], outOfScope: outOfScopeClass)
        return parser
    }

    private static func factors(of history: UserHistory, weight: Double, intents: [String], outOfScope: Int?) -> [Float] {
        guard !history.isEmpty, weight > 0 else { return [] }
        return intents.enumerated().map { index, name in
            index == outOfScope ? 1 : Float(1 + weight * (history.intentShares[name] ?? 0))
        }
    }

    /// This parser reading its user vocabulary from `store` at every parse.
    public func using(_ store: VocabularyStore) -> IntentParser {
        var parser = self
        parser.vocabularyStore = store
        return parser
    }

    /// Whether terms of `entity` become features of the tagger and the classifier: the model
    /// learned vocabulary features for that entity type.
    public func knowsVocabulary(of entity: String) -> Bool { vocabularyFeatures.knows(entity) }

    /// One caller's reusable buffers, one part per stage of a parse.
    public struct Workspace: Sendable {
        /// 1. The utterance's tokens.
        var tokens = TokenizedText()
        /// 2. The vocabulary matches in them: the model's, then the user's.
        var matches: [Gazetteer.Match] = []
        /// The utterance's keys for user-vocabulary matching.
        var vocabularyKeys = UtteranceKeys()
        /// 3. The sentence encoder's vector and token clusters.
        var encoding = UtteranceEncoder.Output()
        /// 4. The intent classifier's features and probabilities.
        var classification = IntentClassifier.Workspace()
        /// 5. The tagger's features, state scores and decoders.
        var tagging: JointDecoder.Workspace
        /// The intents' probabilities: the classifier's, the two it hesitated between reranked.
        var probabilities: [Float] = []
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

    /// Parses `text`.
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
        var result = parseFrame(text, workspace: &workspace, alternatives: alternatives, vocabulary: vocabulary, reference: reference, calendar: calendar)
        if result.shortcut != nil {
            if resolving { result.parameters = shortcutParameters(of: result, reference: reference, calendar: calendar) }
            return result
        }
        if let minimumConfidence, let intent = result.intent, confidence(of: intent, in: result, workspace: workspace) < minimumConfidence {
            // Too unsure to be any intent's request: the candidates stay, as alternatives.
            result.alternatives.insert(IntentCandidate(intent: intent, confidence: result.confidence), at: 0)
            result.intent = nil
            result.slots = []
            result.isOutOfScope = true
            return result
        }
        if resolving {
            result.parameters = resolveParameters(of: result, vocabulary: vocabulary, workspace: workspace, reference: reference, calendar: calendar)
        }
        return result
    }

    /// The confidence ``minimumConfidence`` judged `parse` by, read from the `workspace` that
    /// has just parsed it (when it is out of scope, as its likeliest intent's request). For a
    /// report to plot what the minimum was compared with, which is not ``IntentParse/confidence``
    /// for a model that sums the two likeliest intents' (``ConfidenceMeasure/twoLikeliestIntents``),
    /// or for a combination of intents (its least certain part's).
    package func judgedConfidence(of parse: IntentParse, workspace: Workspace) -> Double {
        guard let intent = parse.intent ?? parse.alternatives.first?.intent else { return parse.confidence }
        return confidence(of: intent, in: parse, workspace: workspace)
    }

    /// How sure the parse is of being a request for the model, for ``minimumConfidence``: for a
    /// combination of intents its least certain part's probability (``CompositeIntents``);
    /// otherwise as ``confidenceMeasure`` says, the intent's probability or the two likeliest
    /// intents' summed (the out-of-scope class is none of them).
    private func confidence(of intent: String, in parse: IntentParse, workspace: Workspace) -> Double {
        if let compositeIntents, let index = classifier?.model.intents.firstIndex(of: intent) {
            return compositeIntents.confidence(of: index, probabilities: workspace.probabilities)
        }
        guard confidenceMeasure == .twoLikeliestIntents, classifier != nil else { return parse.confidence }
        return Double(ConfidenceMeasure.twoLikeliestProbability(of: workspace.probabilities, outOfScopeClass: outOfScopeClass))
    }

    /// The classifier's choice re-weighted by the user's history (``UserHistory``), unless it is
    /// sure of it or places the utterance out of scope.
    private func leaning(_ predicted: Int?, probabilities: inout [Float]) -> Int? {
        guard let predicted, predicted != outOfScopeClass, probabilities.count == historyFactors.count,
              probabilities[predicted] < historyCeiling else { return predicted }
        var total: Float = 0
        for index in probabilities.indices {
            probabilities[index] *= historyFactors[index]
            total += probabilities[index]
        }
        var best = predicted
        for index in probabilities.indices {
            probabilities[index] /= total
            if probabilities[index] > probabilities[best] { best = index }
        }
        return best
    }

    /// The intent and slots of `text`, each slot's value resolved: the stages of a parse, in
    /// order, each a value that owns its buffers and hands its result to the next.
    private func parseFrame(
        _ text: String, workspace: inout Workspace, alternatives: Int, vocabulary: UserVocabulary, reference: Date, calendar: Calendar
    ) -> IntentParse {
        // 1. Tokenize.
        tokenizer.tokenize(text, into: &workspace.tokens)
        // Nothing said is no request for any intent.
        guard workspace.tokens.count > 0 else {
            return IntentParse(text: text, intent: nil, confidence: 0, alternatives: [], slots: [], isOutOfScope: true)
        }
        // An utterance that is one of the user's shortcut phrases is that shortcut's request.
        if let shortcut = shortcuts.match(workspace.tokens) {
            return IntentParse(text: text, intent: shortcut.intent, confidence: 1, alternatives: [], slots: [], shortcut: shortcut.identifier)
        }
        // 2. Match the model's vocabulary, then the user's.
        workspace.matches.removeAll(keepingCapacity: true)
        model.gazetteer.matches(in: workspace.tokens, into: &workspace.matches)
        if !vocabulary.isEmpty {
            vocabularyFeatures.appendMatches(of: vocabulary, in: workspace.tokens, keys: &workspace.vocabularyKeys, into: &workspace.matches)
        }
        // 3. Encode, for a model with encoder clusters.
        encoder.encode(workspace.tokens, into: &workspace.encoding)
        // 3b. An utterance near one of the user's shortcut phrases is that shortcut's request.
        if let shortcutSimilarity, shortcutsEncoded, let vector = workspace.encoding.sentence ?? sentenceEncoder?.encode(text) {
            workspace.encoding.sentence = vector  // the classifier's too: the encoder runs once
            if let (shortcut, similarity) = shortcuts.nearest(to: vector), similarity >= shortcutSimilarity {
                return IntentParse(text: text, intent: shortcut.intent, confidence: min(similarity, 1), alternatives: [], slots: [],
                                   shortcut: shortcut.identifier)
            }
        }
        // 4. Classify the intent.
        var predicted = classifier?.classify(workspace.tokens, matches: workspace.matches, sentenceVector: workspace.encoding.sentence,
                                             workspace: &workspace.classification)
        workspace.probabilities.removeAll(keepingCapacity: true)
        workspace.probabilities.append(contentsOf: workspace.classification.probabilities)
        // 4b. Lean an unsure classifier towards the intents the user uses.
        if !historyFactors.isEmpty { predicted = leaning(predicted, probabilities: &workspace.probabilities) }
        // An utterance of which the classifier knows nothing (no word, word pair, n-gram or
        // vocabulary match it has a weight for, and no encoder's vector) gives it no evidence:
        // its probabilities are the intents' priors, its likeliest intent the most frequent one.
        // Like an empty utterance, it is no request for any intent, whatever the out-of-scope
        // class and the minimum confidence would say of the priors.
        if !workspace.classification.hasEvidence, let intentNames = classifier?.model.intents {
            return outOfScope(text, probabilities: workspace.probabilities, intentNames: intentNames, alternatives: alternatives)
        }
        // 5. Extract the tagger's features, score the labels and decode within the intent's, the
        // tagger reranking a hesitant classifier's two likeliest intents.
        let decoded = decoder.decode(
            workspace.tokens, matches: workspace.matches, clusters: workspace.encoding.clusters, intent: predicted,
            probabilities: workspace.probabilities, workspace: &workspace.tagging,
            reranking: JointDecoder.Reranking(enabled: intentReranking, threshold: rerankingThreshold, scoresIntentLabelsAlone: scoresIntentLabelsAlone))
        if let reranked = decoded.reranked {
            workspace.probabilities[reranked.top] = reranked.topProbability
            workspace.probabilities[reranked.second] = reranked.secondProbability
        }
        var result = IntentParse(text: text, intent: nil, confidence: 0, alternatives: [], slots: [])
        // The intents' names alone, not the classifier: binding a struct copies (retains) all it holds.
        if let intent = decoded.intent, let intentNames = classifier?.model.intents {
            let probabilities = workspace.probabilities
            if intent == outOfScopeClass {
                return outOfScope(text, probabilities: probabilities, intentNames: intentNames, alternatives: alternatives)
            }
            result.intent = intentNames[intent]
            result.confidence = Double(probabilities[intent])
            result.alternatives = Self.runnersUp(probabilities, excluding: intent, also: outOfScopeClass ?? intent, count: alternatives).map {
                IntentCandidate(intent: intentNames[$0], confidence: Double(probabilities[$0]))
            }
        }
        guard !decoded.slots.isEmpty else { return result }
        // 6. Resolve each slot's value against the vocabularies and the built-in grammars.
        let tokens = workspace.tokens
        let entityOf = decoded.intent.flatMap { $0 < entities.count ? entities[$0] : nil } ?? defaultEntities
        let keys = workspace.vocabularyKeys
        let slotRanges = decoded.slots.lazy.map(\.range)  // no array: most parses never read it
        result.slots = decoded.slots.map { slot in
            let utf8 = tokens.tokens[slot.tokens.lowerBound].utf8Range.lowerBound..<tokens.tokens[slot.tokens.upperBound - 1].utf8Range.upperBound
            let start = text.utf8.index(text.utf8.startIndex, offsetBy: utf8.lowerBound)
            let end = text.utf8.index(start, offsetBy: utf8.count)
            let value = entityOf[slot.name].flatMap {
                resolveValue(tokens, tokens: slot.tokens, entity: $0, vocabulary: vocabulary.isEmpty || !keys.mayMatch(slot.tokens) ? nil : vocabulary,
                             reference: reference, calendar: calendar, slotRanges: slotRanges)
            }
            return ParsedSlot(name: slot.name, text: String(text[start..<end]), range: slot.range, confidence: slot.confidence,
                              value: value, tokens: slot.tokens)
        }
        return result
    }

    /// The answer for a request for no intent: no intent and no slots; the likeliest intents (the
    /// best and `alternatives` more, the out-of-scope class left out) stay, as alternatives, the
    /// best one's confidence the parse's.
    private func outOfScope(_ text: String, probabilities: [Float], intentNames: [String], alternatives: Int) -> IntentParse {
        let none = outOfScopeClass ?? -1
        let candidates = Self.runnersUp(probabilities, excluding: none, also: none, count: alternatives + 1).map {
            IntentCandidate(intent: intentNames[$0], confidence: Double(probabilities[$0]))
        }
        return IntentParse(text: text, intent: nil, confidence: candidates.first?.confidence ?? 0, alternatives: candidates, slots: [],
                           isOutOfScope: true)
    }

    /// The indices of the `count` largest probabilities other than `excluded` and `also`,
    /// largest first. (Selection, not a sort: `count` is a few, and it runs on every parse; ties
    /// go to the lower index, as a stable sort would have it.)
    private static func runnersUp(_ probabilities: [Float], excluding excluded: Int, also: Int, count: Int) -> [Int] {
        var chosen = [Int]()
        chosen.reserveCapacity(min(count, probabilities.count))
        while chosen.count < count {
            var best = -1
            for k in probabilities.indices where k != excluded && k != also && !chosen.contains(k) {
                if best < 0 || probabilities[k] > probabilities[best] { best = k }
            }
            guard best >= 0 else { break }
            chosen.append(best)
        }
        return chosen
    }
}
