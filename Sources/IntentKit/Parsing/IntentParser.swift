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
    public var model: NLUModel { tagger.model }
    let tagger: SlotTagger
    /// Resolves slot text to values.
    public let resolver: EntityResolver
    /// `[classifier intents]` a decoder over each intent's labels, `nil` for no restriction.
    private let subsetDecoders: [LabelSubsetDecoder?]
    /// The state weights of each intent's labels, to score those alone when the intent is clear;
    /// `nil` when the tagger cannot (its intent features conjoin all the others).
    private let intentLabelWeights: IntentLabelWeights?
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
    /// Below this slot confidence, a resolved value asks for confirmation
    /// (``ParameterResolution/confirmationRequired(_:)``).
    public var confirmationThreshold: Double = 0.5

    /// The user's vocabulary this parser matches and resolves against (see ``using(_:)-(UserVocabulary)``).
    public private(set) var vocabulary = UserVocabulary()
    /// A shared vocabulary read at the start of every parse, in place of ``vocabulary``.
    public private(set) var vocabularyStore: VocabularyStore?
    /// Maps vocabulary matches to the model's vocabulary features.
    let vocabularyFeatures: VocabularyFeatures

    /// A parser for `model`.
    public init(model: NLUModel) {
        tagger = SlotTagger(model: model)
        resolver = EntityResolver(schema: model.schema)
        vocabularyFeatures = VocabularyFeatures(gazetteer: model.gazetteer, ownFeatures: model.features.templates.contains(.userVocabulary))
        let intents = model.intentClassifier?.intents ?? []
        let tagger = self.tagger
        let labelSubsets = intents.map { intent in
            model.intentSlots[intent].map { slots in
                (0..<model.labels.count).filter { id in model.labels.tag(id).slot.map(slots.contains) ?? true }
            }
        }
        subsetDecoders = labelSubsets.map { labels in
            labels.map { LabelSubsetDecoder(labels: $0, decoder: tagger.decoder, expTransitions: tagger.expTransitions) }
        }
        intentLabelWeights = tagger.scoresIntentLabelsAlone && labelSubsets.contains { $0 != nil }
            ? IntentLabelWeights(model: model, labelSubsets: labelSubsets) : nil
        var defaults = [String: EntityReference]()
        for entity in model.schema.entities { defaults[entity.name] = .custom(entity.name) }
        defaultEntities = defaults
        entities = intents.map { name in
            var entities = defaults
            for parameter in model.schema.intent(named: name)?.parameters ?? [] { entities[parameter.name] = parameter.entity }
            return entities
        }
    }

    /// Loads the model at `url` (see ``NLUModel/init(contentsOf:)``).
    public init(contentsOf url: URL) throws(ModelError) {
        self.init(model: try NLUModel(contentsOf: url))
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

    /// This parser reading its user vocabulary from `store` at every parse.
    public func using(_ store: VocabularyStore) -> IntentParser {
        var parser = self
        parser.vocabularyStore = store
        return parser
    }

    /// Whether terms of `entity` become features of the tagger and the classifier: the model
    /// learned vocabulary features for that entity type.
    public func knowsVocabulary(of entity: String) -> Bool { vocabularyFeatures.knows(entity) }

    /// One caller's reusable buffers.
    public struct Workspace: Sendable {
        var tagger: SlotTagger.Workspace
        var subsetDecoders: [LabelSubsetDecoder?]
        /// The top intent's state scores while the runner-up's are computed.
        var savedScores: [Float] = []
        /// The intent whose subset decoder reranking already ran on this utterance's final scores.
        var decodedIntent: Int?
        /// The utterance's keys for user-vocabulary matching.
        var vocabularyKeys = UtteranceKeys()
    }

    /// Buffers for one caller.
    public func makeWorkspace() -> Workspace { Workspace(tagger: tagger.makeWorkspace(), subsetDecoders: subsetDecoders) }

    /// Parses `text` with a fresh workspace (convenient; reuse a workspace on a hot path).
    public func parse(
        _ text: String, alternatives: Int = 2, resolving: Bool = false, reference: Date = Date(), calendar: Calendar = .current
    ) -> IntentParse {
        var workspace = makeWorkspace()
        return parse(text, workspace: &workspace, alternatives: alternatives, resolving: resolving, reference: reference, calendar: calendar)
    }

    /// Parses `text`.
    /// - Parameters:
    ///   - alternatives: how many runner-up intents to return.
    ///   - resolving: also resolve every parameter of the intent (``IntentParse/parameters``).
    ///   - reference: the moment relative dates ("tomorrow at 7") resolve against.
    public func parse(
        _ text: String, workspace: inout Workspace, alternatives: Int = 2, resolving: Bool = false,
        reference: Date = Date(), calendar: Calendar = .current
    ) -> IntentParse {
        // One snapshot for the whole parse: a concurrent update applies from the next one.
        let vocabulary = vocabularyStore?.vocabulary ?? self.vocabulary
        var result = parseFrame(text, workspace: &workspace, alternatives: alternatives, vocabulary: vocabulary, reference: reference, calendar: calendar)
        if resolving { result.parameters = resolveParameters(of: result, vocabulary: vocabulary, workspace: workspace) }
        return result
    }

    /// The intent and slots of `text`, each slot's value resolved.
    private func parseFrame(
        _ text: String, workspace: inout Workspace, alternatives: Int, vocabulary: UserVocabulary, reference: Date, calendar: Calendar
    ) -> IntentParse {
        if vocabulary.isEmpty {
            tagger.extractFeatures(of: text, workspace: &workspace.tagger)
        } else {
            // The keys' buffers leave the workspace while its tagger part is in use.
            // The closure captures the features alone, not a copy of the whole parser.
            var keys = workspace.vocabularyKeys
            workspace.vocabularyKeys = UtteranceKeys()
            let features = vocabularyFeatures
            tagger.extractFeatures(of: text, workspace: &workspace.tagger) { tokens, matches in
                features.appendMatches(of: vocabulary, in: tokens, keys: &keys, into: &matches)
            }
            workspace.vocabularyKeys = keys
        }
        workspace.decodedIntent = nil
        let top = workspace.tagger.intent
        let second = top.flatMap { runnerUp(of: $0, probabilities: workspace.tagger.intentProbabilities, decoders: workspace.subsetDecoders) }
        if let top, second == nil, scoresIntentLabelsAlone, let intentLabelWeights, let weights = intentLabelWeights.intents[top],
           workspace.tagger.tokens.count > 0 {
            // A clear intent: only its labels are scored and decoded.
            tagger.scoreExtractedStates(of: top, weights: weights, workspace: &workspace.tagger)
            let count = workspace.tagger.tokens.count
            workspace.tagger.subsetScores.withUnsafeBufferPointer { scores in
                workspace.subsetDecoders[top]!.decode(subsetScores: scores, tokenCount: count)
            }
            workspace.decodedIntent = top
        } else {
            tagger.scoreExtractedStates(workspace: &workspace.tagger)
            if let top, let second { rerank(top, second, workspace: &workspace) }
        }
        let intent = workspace.tagger.intent
        let probabilities = workspace.tagger.intentProbabilities
        var result = IntentParse(text: text, intent: nil, confidence: 0, alternatives: [], slots: [])
        if let intent, let classifier = model.intentClassifier {
            result.intent = classifier.intents[intent]
            result.confidence = Double(probabilities[intent])
            result.alternatives = Self.runnersUp(probabilities, excluding: intent, count: alternatives).map {
                IntentCandidate(intent: classifier.intents[$0], confidence: Double(probabilities[$0]))
            }
        }
        let count = workspace.tagger.tokens.count
        guard count > 0 else { return result }
        let L = model.labels.count
        // The intent's slots restrict both Viterbi and the marginals behind the confidences.
        let slots: [TaggedSlot]
        if let intent, intent < workspace.subsetDecoders.count, workspace.subsetDecoders[intent] != nil {
            if workspace.decodedIntent != intent {
                workspace.tagger.scores.withUnsafeBufferPointer { scores in
                    workspace.subsetDecoders[intent]!.decode(scores: scores, tokenCount: count, labelCount: L)
                }
            }
            let path = workspace.subsetDecoders[intent]!.path
            guard path.contains(where: { $0 != LabelSet.outside }) else { return result }
            slots = workspace.subsetDecoders[intent].map { decoder in
                tagger.slots(of: path, tokens: workspace.tagger.tokens) { decoder.marginal(token: $0, label: $1) }
            } ?? []
        } else {
            let path = tagger.decodeScoredStates(workspace: &workspace.tagger)
            guard path.contains(where: { $0 != LabelSet.outside }) else { return result }
            slots = tagger.slotsWithConfidences(of: path, workspace: &workspace.tagger)
        }
        let tokens = workspace.tagger.tokens
        let entityOf = intent.flatMap { $0 < entities.count ? entities[$0] : nil } ?? defaultEntities
        let keys = workspace.vocabularyKeys
        result.slots = slots.map { slot in
            let utf8 = tokens.tokens[slot.tokens.lowerBound].utf8Range.lowerBound..<tokens.tokens[slot.tokens.upperBound - 1].utf8Range.upperBound
            let start = text.utf8.index(text.utf8.startIndex, offsetBy: utf8.lowerBound)
            let end = text.utf8.index(start, offsetBy: utf8.count)
            let value = entityOf[slot.name].flatMap {
                resolveValue(tokens, tokens: slot.tokens, entity: $0, vocabulary: vocabulary.isEmpty || !keys.mayMatch(slot.tokens) ? nil : vocabulary,
                             reference: reference, calendar: calendar)
            }
            return ParsedSlot(name: slot.name, text: String(text[start..<end]), range: slot.range, confidence: slot.confidence,
                              value: value, tokens: slot.tokens)
        }
        return result
    }

    /// Lets the tagger choose between the classifier's likeliest intent `top` and its runner-up
    /// `second` (``intentReranking``): leaves the chosen intent, its state scores and both
    /// intents' rescaled probabilities in `workspace`.
    private func rerank(_ top: Int, _ second: Int, workspace: inout Workspace) {
        let topProbability = workspace.tagger.intentProbabilities[top], secondProbability = workspace.tagger.intentProbabilities[second]
        let count = workspace.tagger.tokens.count, L = model.labels.count
        guard count > 0 else { return }
        /// log P(k | x) + log P(labels within k's slots | x, k), for the scores in the workspace.
        /// Two forward passes; the winner alone is then decoded.
        func joint(_ k: Int, _ probability: Float) -> Double {
            let all = tagger.logPartition(workspace: &workspace.tagger)
            let within = workspace.tagger.scores.withUnsafeBufferPointer { scores in
                workspace.subsetDecoders[k]!.logPartition(scores: scores, tokenCount: count, labelCount: L)
            }
            return Double(logf(probability)) + within - all
        }
        let topScore = joint(top, topProbability)
        // The runner-up's scores replace the top intent's; keep those in case it stays on top.
        if workspace.savedScores.count < count * L { workspace.savedScores = [Float](repeating: 0, count: count * L) }
        workspace.savedScores.withUnsafeMutableBufferPointer { saved in
            workspace.tagger.scores.withUnsafeBufferPointer { scores in
                _ = saved.update(fromContentsOf: scores[0..<(count * L)])
            }
        }
        tagger.rescoreStates(forIntent: second, workspace: &workspace.tagger)
        let secondScore = joint(second, secondProbability)
        // The two share their probability mass in proportion to their joint scores.
        let mass = topProbability + secondProbability
        let secondShare = Float(1 / (1 + exp(topScore - secondScore)))
        workspace.tagger.intentProbabilities[top] = mass * (1 - secondShare)
        workspace.tagger.intentProbabilities[second] = mass * secondShare
        // The winner's decoder holds its forward pass: Viterbi and the backward pass finish it,
        // and parsing need not decode again.
        let winner = secondScore > topScore ? second : top
        workspace.subsetDecoders[winner]!.finishDecoding()
        workspace.decodedIntent = winner
        if secondScore > topScore {
            workspace.tagger.intent = second
        } else {
            workspace.tagger.scores.withUnsafeMutableBufferPointer { scores in
                workspace.savedScores.withUnsafeBufferPointer { saved in
                    _ = scores.update(fromContentsOf: saved[0..<(count * L)])
                }
            }
        }
    }

    /// The intent the tagger weighs against `top` (``intentReranking``): the likeliest other
    /// intent with at least ``rerankingThreshold``, when both have label subsets.
    private func runnerUp(of top: Int, probabilities: [Float], decoders: [LabelSubsetDecoder?]) -> Int? {
        guard intentReranking else { return nil }
        var second = -1
        for k in probabilities.indices where k != top && probabilities[k] >= rerankingThreshold {
            if second < 0 || probabilities[k] > probabilities[second] { second = k }
        }
        guard second >= 0, decoders.indices.contains(top), decoders[top] != nil, decoders[second] != nil else { return nil }
        return second
    }

    /// The indices of the `count` largest probabilities other than `excluded`, largest first.
    /// (Selection, not a sort: `count` is a few, and it runs on every parse; ties go to the lower
    /// index, as a stable sort would have it.)
    private static func runnersUp(_ probabilities: [Float], excluding excluded: Int, count: Int) -> [Int] {
        var chosen = [Int]()
        chosen.reserveCapacity(min(count, probabilities.count))
        while chosen.count < count {
            var best = -1
            for k in probabilities.indices where k != excluded && !chosen.contains(k) {
                if best < 0 || probabilities[k] > probabilities[best] { best = k }
            }
            guard best >= 0 else { break }
            chosen.append(best)
        }
        return chosen
    }
}
