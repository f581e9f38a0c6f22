import Foundation

/// The tag stage of a parse, after the intent classifier and the priors: extracts the tagger's
/// features, scores the labels (``StateScorer``) and decodes the slots (``SlotDecoder``) within
/// the labels of the classifier's intent; when the classifier hesitates between two intents, the
/// tagger's reading of each weighs in on which it is (intent reranking), and the stage's
/// distribution over the intents is the one it was given with those two intents' probabilities
/// anew.
///
/// Restricting the labels to the intent's slots (``NLUModel/intentSlots``) keeps a tagger from
/// filling a slot the intent cannot have; decoding over the intent's L' labels alone does that
/// at (L'/L)² of the cost (``LabelSubsetDecoder``). When the intent is clear, only its labels
/// are scored too (``IntentLabelWeights``).
struct JointDecoder: Sendable {
    private let scorer: StateScorer
    private let slotDecoder: SlotDecoder
    /// `[classifier intents]` a decoder over each intent's labels, `nil` for no restriction.
    private let subsetDecoders: [LabelSubsetDecoder?]
    /// `[classifier intents]` whether the intent has a decoder of its own: asking
    /// `subsetDecoders[k] != nil` would copy the decoder, retaining every buffer it holds.
    private let hasSubsetDecoder: [Bool]
    /// The state weights of each intent's labels, to score those alone when the intent is clear;
    /// `nil` when the tagger cannot (its intent features conjoin all the others).
    private let intentLabelWeights: IntentLabelWeights?
    /// The classifier's class of no intent, which reranking leaves alone: the tagger has no
    /// reading of "no intent" to weigh against an intent's (its labels, O alone, are a path
    /// every intent has too, so the intent would always win).
    private let outOfScopeClass: Int?

    /// How the tagger weighs in on the intent; see ``IntentParser/intentReranking``.
    struct Reranking {
        var enabled: Bool
        /// The smallest classifier probability of an intent the tagger reconsiders.
        var threshold: Float
    }

    init(model: NLUModel) {
        let scorer = StateScorer(model: model), slotDecoder = SlotDecoder(model: model)
        self.scorer = scorer
        self.slotDecoder = slotDecoder
        let intents = model.intentClassifier?.intents ?? []
        let labelSubsets = intents.map { intent in
            model.intentSlots[intent].map { slots in
                (0..<model.labels.count).filter { id in model.labels.tag(id).slot.map(slots.contains) ?? true }
            }
        }
        subsetDecoders = labelSubsets.map { labels in
            labels.map { LabelSubsetDecoder(labels: $0, decoder: slotDecoder.viterbi, expTransitions: slotDecoder.expTransitions) }
        }
        hasSubsetDecoder = labelSubsets.map { $0 != nil }
        outOfScopeClass = model.intentClassifier?.outOfScopeClass
        intentLabelWeights = FastPaths.enabled && scorer.scoresIntentLabelsAlone && labelSubsets.contains { $0 != nil }
            ? IntentLabelWeights(model: model, labelSubsets: labelSubsets) : nil
    }

    /// One caller's buffers.
    struct Workspace: Sendable {
        /// The intents' probabilities after tagging: the stage's output beside the slots.
        var probabilities: [Float] = []
        /// The features and state scores.
        var scoring = StateScorer.Buffers()
        /// The decoder's over all labels.
        var decoding: SlotDecoder.Buffers
        var subsetDecoders: [LabelSubsetDecoder?]
        /// The top intent's state scores while the runner-up's are computed.
        var savedScores: [Float] = []
        /// The intent whose subset decoder already ran on this utterance's final scores.
        var decodedIntent: Int?
    }

    func makeWorkspace() -> Workspace { Workspace(decoding: slotDecoder.makeBuffers(), subsetDecoders: subsetDecoders) }

    /// What decoding found.
    struct Decoded {
        /// The classifier's intent, or its runner-up when reranking preferred it; `nil` without
        /// a classifier.
        var intent: Int?
        var slots: [TaggedSlot]
        /// The two intents reranking weighed, with their probabilities anew (as in
        /// ``Workspace/probabilities``); `nil` when the classifier did not hesitate.
        var reranked: RerankedIntents?
    }

    /// Two intents and their probabilities after reranking: together the mass the classifier
    /// gave them, shared in proportion to their joint scores.
    struct RerankedIntents {
        var top: Int
        var topProbability: Float
        var second: Int
        var secondProbability: Float
    }

    /// Extracts the features of `tokens`, scores and decodes them; leaves the intents'
    /// probabilities after tagging in `workspace.probabilities`.
    ///
    /// A request the classifier knew nothing of (`hasEvidence` false) or placed in its
    /// out-of-scope class is no intent's: it has no slots, and is not tagged.
    ///
    /// - Parameters:
    ///   - matches: the vocabulary matches in `tokens`.
    ///   - clusters: their encoder clusters (``UtteranceEncoder``).
    ///   - top: the likeliest intent, `nil` without a classifier.
    ///   - probabilities: the intents' (the classifier's, with the user's priors).
    func decode(
        _ tokens: TokenizedText, matches: [Gazetteer.Match], clusters: TokenClusterIDs, intent top: Int?, hasEvidence: Bool,
        probabilities: [Float], workspace: inout Workspace, reranking: Reranking
    ) -> Decoded {
        workspace.probabilities.removeAll(keepingCapacity: true)
        workspace.probabilities.append(contentsOf: probabilities)
        guard hasEvidence, top == nil || top != outOfScopeClass else { return Decoded(intent: top, slots: []) }
        workspace.decodedIntent = nil
        scorer.extractFeatures(tokens, matches: matches, clusters: clusters, intent: top, buffers: &workspace.scoring)
        let count = tokens.count
        var decoded = Decoded(intent: top, slots: [])
        let second = top.flatMap { runnerUp(of: $0, probabilities: probabilities, reranking: reranking) }
        if let top, second == nil, let intentLabelWeights, let weights = intentLabelWeights.intents[top], count > 0 {
            // A clear intent: only its labels are scored and decoded.
            scorer.scoreStates(tokens, of: top, weights: weights, buffers: &workspace.scoring)
            workspace.scoring.subsetScores.withUnsafeBufferPointer { scores in
                workspace.subsetDecoders[top]!.decode(subsetScores: scores, tokenCount: count)
            }
            workspace.decodedIntent = top
        } else {
            scorer.scoreStates(tokens, intent: top, buffers: &workspace.scoring)
            if let top, let second {
                let reranked = rerank(top, second, tokens: tokens, matches: matches, clusters: clusters, probabilities: probabilities,
                                      workspace: &workspace)
                workspace.probabilities[reranked.top] = reranked.topProbability
                workspace.probabilities[reranked.second] = reranked.secondProbability
                decoded.reranked = reranked
                decoded.intent = workspace.decodedIntent
            }
        }
        guard count > 0 else { return decoded }
        let L = slotDecoder.labels.count
        // The intent's slots restrict both Viterbi and the marginals behind the confidences.
        if let intent = decoded.intent, intent < hasSubsetDecoder.count, hasSubsetDecoder[intent] {
            if workspace.decodedIntent != intent {
                workspace.scoring.scores.withUnsafeBufferPointer { scores in
                    workspace.subsetDecoders[intent]!.decode(scores: scores, tokenCount: count, labelCount: L)
                }
            }
            decoded.slots = slots(decodedBy: &workspace.subsetDecoders[intent]!, tokens: tokens)
            return decoded
        }
        let path = slotDecoder.decode(scores: workspace.scoring.scores, tokenCount: count, buffers: &workspace.decoding)
        guard path.contains(where: { $0 != LabelSet.outside }) else { return decoded }
        decoded.slots = slotDecoder.slotsWithConfidences(of: path, scores: workspace.scoring.scores, tokens: tokens, buffers: &workspace.decoding)
        return decoded
    }

    /// Extracts the features of `tokens` and scores every label, conditioned on `intent`, into
    /// `workspace.scoring.scores` (`[T][L]`): the tagger's reading without the intent's restriction.
    func scoreEveryLabel(_ tokens: TokenizedText, matches: [Gazetteer.Match], clusters: TokenClusterIDs, intent: Int?, workspace: inout Workspace) {
        scorer.extractFeatures(tokens, matches: matches, clusters: clusters, intent: intent, buffers: &workspace.scoring)
        scorer.scoreStates(tokens, intent: intent, buffers: &workspace.scoring)
    }

    /// The slots of `decoder`'s last path, with its marginals as confidences. `inout` though it
    /// changes nothing: the decoder is reached where the workspace holds it, where reading the
    /// array's element would copy it, retaining every buffer it holds.
    private func slots(decodedBy decoder: inout LabelSubsetDecoder, tokens: TokenizedText) -> [TaggedSlot] {
        guard decoder.path.contains(where: { $0 != LabelSet.outside }) else { return [] }
        return slotDecoder.slots(of: decoder.path, tokens: tokens) { decoder.marginal(token: $0, label: $1) }
    }

    /// Lets the tagger choose between the classifier's likeliest intent `top` and its runner-up
    /// `second`, ranked by `P(intent | x) · P(every label within the intent's slots | x, intent)`:
    /// the second factor is log Z over the intent's labels minus log Z over all, from the tagger
    /// conditioned on that intent. The two intents share their probability mass in proportion
    /// to these joint scores. Leaves the chosen intent's state scores in `workspace.scoring`, its
    /// decoder's pass done, and the chosen intent in `workspace.decodedIntent`.
    private func rerank(
        _ top: Int, _ second: Int, tokens: TokenizedText, matches: [Gazetteer.Match], clusters: TokenClusterIDs, probabilities: [Float],
        workspace: inout Workspace
    ) -> RerankedIntents {
        let topProbability = probabilities[top], secondProbability = probabilities[second]
        let count = tokens.count, L = slotDecoder.labels.count
        /// log P(k | x) + log P(labels within k's slots | x, k), for the scores in the workspace.
        /// Two forward passes; the winner alone is then decoded.
        func joint(_ k: Int, _ probability: Float) -> Double {
            let all = slotDecoder.logPartition(scores: workspace.scoring.scores, tokenCount: count, buffers: &workspace.decoding)
            let within = workspace.scoring.scores.withUnsafeBufferPointer { scores in
                workspace.subsetDecoders[k]!.logPartition(scores: scores, tokenCount: count, labelCount: L)
            }
            return Double(logf(probability)) + within - all
        }
        guard count > 0 else {
            workspace.decodedIntent = top
            return RerankedIntents(top: top, topProbability: topProbability, second: second, secondProbability: secondProbability)
        }
        let topScore = joint(top, topProbability)
        // The runner-up's scores replace the top intent's; keep those in case it stays on top.
        if workspace.savedScores.count < count * L { workspace.savedScores = [Float](repeating: 0, count: count * L) }
        workspace.savedScores.withUnsafeMutableBufferPointer { saved in
            workspace.scoring.scores.withUnsafeBufferPointer { scores in
                _ = saved.update(fromContentsOf: scores[0..<(count * L)])
            }
        }
        scorer.rescoreStates(tokens, matches: matches, clusters: clusters, forIntent: second, buffers: &workspace.scoring)
        let secondScore = joint(second, secondProbability)
        let mass = topProbability + secondProbability
        let secondShare = Float(1 / (1 + exp(topScore - secondScore)))
        // The winner's decoder holds its forward pass: Viterbi and the backward pass finish it,
        // and ``decode(_:matches:clusters:intent:hasEvidence:probabilities:workspace:reranking:)`` need not decode again.
        let winner = secondScore > topScore ? second : top
        workspace.subsetDecoders[winner]!.finishDecoding()
        workspace.decodedIntent = winner
        if winner == top {
            workspace.scoring.scores.withUnsafeMutableBufferPointer { scores in
                workspace.savedScores.withUnsafeBufferPointer { saved in
                    _ = scores.update(fromContentsOf: saved[0..<(count * L)])
                }
            }
        }
        return RerankedIntents(top: top, topProbability: mass * (1 - secondShare), second: second, secondProbability: mass * secondShare)
    }

    /// The intent the tagger weighs against `top`: the likeliest other intent with at least the
    /// reranking threshold, when both have label subsets and neither is the out-of-scope class.
    private func runnerUp(of top: Int, probabilities: [Float], reranking: Reranking) -> Int? {
        guard reranking.enabled, top != outOfScopeClass else { return nil }
        var second = -1
        for k in probabilities.indices where k != top && k != outOfScopeClass && probabilities[k] >= reranking.threshold {
            if second < 0 || probabilities[k] > probabilities[second] { second = k }
        }
        guard second >= 0, hasSubsetDecoder.indices.contains(top), hasSubsetDecoder[top], hasSubsetDecoder[second] else { return nil }
        return second
    }
}
