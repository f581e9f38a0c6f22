import Foundation

/// The scoring and decoding stages of a parse: decodes an utterance's slots within the labels
/// of its intent and, when the classifier hesitates between two intents, lets the tagger choose
/// (intent reranking).
///
/// Restricting the labels to the intent's slots (``NLUModel/intentSlots``) keeps a tagger from
/// filling a slot the intent cannot have; decoding over the intent's L' labels alone does that
/// at (L'/L)² of the cost (``LabelSubsetDecoder``). When the intent is clear, only its labels
/// are scored too (``IntentLabelWeights``).
struct JointDecoder: Sendable {
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
        /// Whether a clear intent has only its own labels scored.
        var scoresIntentLabelsAlone: Bool
    }

    init(model: NLUModel, tagger: SlotTagger) {
        let intents = model.intentClassifier?.intents ?? []
        let labelSubsets = intents.map { intent in
            model.intentSlots[intent].map { slots in
                (0..<model.labels.count).filter { id in model.labels.tag(id).slot.map(slots.contains) ?? true }
            }
        }
        subsetDecoders = labelSubsets.map { labels in
            labels.map { LabelSubsetDecoder(labels: $0, decoder: tagger.decoder, expTransitions: tagger.expTransitions) }
        }
        hasSubsetDecoder = labelSubsets.map { $0 != nil }
        outOfScopeClass = model.intentClassifier?.outOfScopeClass
        intentLabelWeights = tagger.scoresIntentLabelsAlone && labelSubsets.contains { $0 != nil }
            ? IntentLabelWeights(model: model, labelSubsets: labelSubsets) : nil
    }

    /// One caller's buffers.
    struct Workspace: Sendable {
        var subsetDecoders: [LabelSubsetDecoder?]
        /// The top intent's state scores while the runner-up's are computed.
        var savedScores: [Float] = []
        /// The intent whose subset decoder already ran on this utterance's final scores.
        var decodedIntent: Int?
    }

    func makeWorkspace() -> Workspace { Workspace(subsetDecoders: subsetDecoders) }

    /// Scores and decodes `tokens`, whose features are in `buffers`
    /// (``SlotTagger/extractFeatures(_:matches:intent:buffers:)``).
    ///
    /// - Parameters:
    ///   - top: the classifier's intent, `nil` without a classifier.
    ///   - probabilities: the classifier's; reranking shares the two intents' mass anew.
    /// - Returns: the intent (the classifier's, or its runner-up when reranking preferred it)
    ///   and its slots.
    func decode(
        _ tokens: TokenizedText, matches: [Gazetteer.Match], intent top: Int?, probabilities: inout [Float],
        tagger: SlotTagger, buffers: inout SlotTagger.Buffers, workspace: inout Workspace, reranking: Reranking
    ) -> (intent: Int?, slots: [TaggedSlot]) {
        workspace.decodedIntent = nil
        let count = tokens.count
        var intent = top
        let second = top.flatMap { runnerUp(of: $0, probabilities: probabilities, reranking: reranking) }
        if let top, second == nil, reranking.scoresIntentLabelsAlone, let intentLabelWeights, let weights = intentLabelWeights.intents[top], count > 0 {
            // A clear intent: only its labels are scored and decoded.
            tagger.scoreStates(tokens, of: top, weights: weights, buffers: &buffers)
            buffers.subsetScores.withUnsafeBufferPointer { scores in
                workspace.subsetDecoders[top]!.decode(subsetScores: scores, tokenCount: count)
            }
            workspace.decodedIntent = top
        } else {
            tagger.scoreStates(tokens, intent: top, buffers: &buffers)
            if let top, let second {
                intent = rerank(top, second, tokens: tokens, matches: matches, probabilities: &probabilities, tagger: tagger, buffers: &buffers, workspace: &workspace)
            }
        }
        guard count > 0 else { return (intent, []) }
        let L = tagger.model.labels.count
        // The intent's slots restrict both Viterbi and the marginals behind the confidences.
        if let intent, intent < hasSubsetDecoder.count, hasSubsetDecoder[intent] {
            if workspace.decodedIntent != intent {
                buffers.scores.withUnsafeBufferPointer { scores in
                    workspace.subsetDecoders[intent]!.decode(scores: scores, tokenCount: count, labelCount: L)
                }
            }
            return (intent, Self.slots(decodedBy: &workspace.subsetDecoders[intent]!, tagger: tagger, tokens: tokens))
        }
        let path = tagger.decodeScoredStates(tokenCount: count, buffers: &buffers)
        guard path.contains(where: { $0 != LabelSet.outside }) else { return (intent, []) }
        return (intent, tagger.slotsWithConfidences(of: path, tokens: tokens, buffers: &buffers))
    }

    /// The slots of `decoder`'s last path, with its marginals as confidences. `inout` though it
    /// changes nothing: the decoder is reached where the workspace holds it, where reading the
    /// array's element would copy it, retaining every buffer it holds.
    private static func slots(decodedBy decoder: inout LabelSubsetDecoder, tagger: SlotTagger, tokens: TokenizedText) -> [TaggedSlot] {
        guard decoder.path.contains(where: { $0 != LabelSet.outside }) else { return [] }
        return tagger.slots(of: decoder.path, tokens: tokens) { decoder.marginal(token: $0, label: $1) }
    }

    /// Lets the tagger choose between the classifier's likeliest intent `top` and its runner-up
    /// `second`, ranked by `P(intent | x) · P(every label within the intent's slots | x, intent)`:
    /// the second factor is log Z over the intent's labels minus log Z over all, from the tagger
    /// conditioned on that intent. The two intents share their probability mass in proportion
    /// to these joint scores. Leaves the chosen intent's state scores in `buffers`.
    /// - Returns: the chosen intent.
    private func rerank(
        _ top: Int, _ second: Int, tokens: TokenizedText, matches: [Gazetteer.Match], probabilities: inout [Float],
        tagger: SlotTagger, buffers: inout SlotTagger.Buffers, workspace: inout Workspace
    ) -> Int {
        let topProbability = probabilities[top], secondProbability = probabilities[second]
        let count = tokens.count, L = tagger.model.labels.count
        guard count > 0 else { return top }
        /// log P(k | x) + log P(labels within k's slots | x, k), for the scores in `buffers`.
        /// Two forward passes; the winner alone is then decoded.
        func joint(_ k: Int, _ probability: Float) -> Double {
            let all = tagger.logPartition(tokenCount: count, buffers: &buffers)
            let within = buffers.scores.withUnsafeBufferPointer { scores in
                workspace.subsetDecoders[k]!.logPartition(scores: scores, tokenCount: count, labelCount: L)
            }
            return Double(logf(probability)) + within - all
        }
        let topScore = joint(top, topProbability)
        // The runner-up's scores replace the top intent's; keep those in case it stays on top.
        if workspace.savedScores.count < count * L { workspace.savedScores = [Float](repeating: 0, count: count * L) }
        workspace.savedScores.withUnsafeMutableBufferPointer { saved in
            buffers.scores.withUnsafeBufferPointer { scores in
                _ = saved.update(fromContentsOf: scores[0..<(count * L)])
            }
        }
        tagger.rescoreStates(tokens, matches: matches, forIntent: second, buffers: &buffers)
        let secondScore = joint(second, secondProbability)
        let mass = topProbability + secondProbability
        let secondShare = Float(1 / (1 + exp(topScore - secondScore)))
        probabilities[top] = mass * (1 - secondShare)
        probabilities[second] = mass * secondShare
        // The winner's decoder holds its forward pass: Viterbi and the backward pass finish it,
        // and ``decode(_:matches:intent:probabilities:tagger:buffers:workspace:reranking:)`` need not decode again.
        let winner = secondScore > topScore ? second : top
        workspace.subsetDecoders[winner]!.finishDecoding()
        workspace.decodedIntent = winner
        if winner == top {
            buffers.scores.withUnsafeMutableBufferPointer { scores in
                workspace.savedScores.withUnsafeBufferPointer { saved in
                    _ = scores.update(fromContentsOf: saved[0..<(count * L)])
                }
            }
        }
        return winner
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
