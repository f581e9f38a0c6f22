import Foundation

/// One reading of an utterance: its slots and the model's probability of that labelling.
public struct SlotHypothesis: Hashable, Sendable {
    /// The slots, in utterance order; confidences are this hypothesis's span probabilities.
    public var slots: [TaggedSlot]
    /// The label of each token, as ids into the model's ``LabelSet``.
    public var labels: [Int]
    /// P(labels | utterance) under the CRF, from 0 to 1.
    public var probability: Double
}

extension SlotTagger {
    /// The `count` most probable slot readings of `text`, best first (list Viterbi): for a
    /// dialogue manager that wants to ask "did you mean…" or rescore with its own knowledge.
    ///
    /// The first hypothesis is the one ``tag(_:workspace:allowedSlots:)`` returns. Each
    /// slot's confidence is the smallest marginal probability of its tokens' labels.
    public func nBest(_ text: String, count: Int, workspace: inout Workspace, allowedSlots: Set<String>? = nil) -> [SlotHypothesis] {
        let mask = allowedSlots.map(mask(allowing:))
        scoreStates(of: text, workspace: &workspace)
        let tokenCount = workspace.tokens.count
        guard tokenCount > 0, count > 0 else { return count > 0 ? [SlotHypothesis(slots: [], labels: [], probability: 1)] : [] }
        let L = model.labels.count
        let hypotheses = workspace.scores.withUnsafeBufferPointer { scores in
            workspace.decoding.nBest.decode(stateScores: UnsafeBufferPointer(rebasing: scores[0..<(tokenCount * L)]), tokenCount: tokenCount,
                                            count: count, mask: mask)
        }
        let logZ = decoder.runForwardBackward(scores: workspace.scores, tokenCount: tokenCount, buffers: &workspace.decoding)
        let forwardBackward = workspace.decoding.forwardBackward
        return hypotheses.map { hypothesis in
            SlotHypothesis(slots: decoder.slots(of: hypothesis.labels, tokens: workspace.tokens) { forwardBackward.marginal(token: $0, label: $1) },
                           labels: hypothesis.labels, probability: exp(Double(hypothesis.score) - logZ))
        }
    }
}
