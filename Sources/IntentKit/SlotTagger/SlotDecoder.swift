import Foundation

/// The decoding stage of a parse: from every token's label scores to slots — the best label
/// sequence (Viterbi over the CRF's transitions), its spans, and each span's confidence from the
/// label marginals (forward-backward).
struct SlotDecoder: Sendable {
    let labels: LabelSet
    let viterbi: ViterbiDecoder
    /// `[L][L]` exp(transitions), for marginals.
    let expTransitions: [Float]
    private let transitions: [Float]

    init(model: NLUModel) {
        labels = model.labels
        viterbi = ViterbiDecoder(labels: model.labels, transitions: model.transitions)
        expTransitions = model.transitions.map { expf($0) }
        transitions = model.transitions
    }

    /// One caller's buffers.
    struct Buffers: Sendable {
        var path: [Int] = []
        var viterbi: ViterbiDecoder
        var forwardBackward: ForwardBackward
        var nBest: NBestDecoder
    }

    func makeBuffers() -> Buffers {
        Buffers(viterbi: viterbi, forwardBackward: ForwardBackward(labelCount: labels.count),
                nBest: NBestDecoder(labels: labels, transitions: transitions))
    }

    /// The best label sequence for the state `scores` (`[T][L]`) of `count` tokens, within `mask`
    /// (0 or −∞ per label; `nil` allows every label).
    func decode(scores: [Float], tokenCount count: Int, mask: [Float]? = nil, buffers: inout Buffers) -> [Int] {
        scores.withUnsafeBufferPointer { scores in
            buffers.viterbi.decode(scores: scores, tokenCount: count, mask: mask, into: &buffers.path)
        }
        return buffers.path
    }

    /// log Z of the state `scores` over all labels (a forward pass).
    func logPartition(scores: [Float], tokenCount count: Int, buffers: inout Buffers) -> Double {
        scores.withUnsafeBufferPointer { scores in
            expTransitions.withUnsafeBufferPointer { expTransitions in
                buffers.forwardBackward.logPartition(scores: scores, tokenCount: count, expTransitions: expTransitions.baseAddress!)
            }
        }
    }

    /// The slots of `path` over `tokens`, with confidences from a forward-backward pass over the
    /// state `scores`.
    func slotsWithConfidences(of path: [Int], scores: [Float], tokens: TokenizedText, buffers: inout Buffers) -> [TaggedSlot] {
        runForwardBackward(scores: scores, tokenCount: path.count, buffers: &buffers)
        let forwardBackward = buffers.forwardBackward
        return slots(of: path, tokens: tokens) { forwardBackward.marginal(token: $0, label: $1) }
    }

    /// Runs forward-backward over the state `scores` into `buffers.forwardBackward`; log Z.
    @discardableResult
    func runForwardBackward(scores: [Float], tokenCount count: Int, buffers: inout Buffers) -> Double {
        scores.withUnsafeBufferPointer { scores in
            expTransitions.withUnsafeBufferPointer { expTransitions in
                buffers.forwardBackward.run(scores: UnsafeBufferPointer(rebasing: scores[0..<(count * labels.count)]), tokenCount: count,
                                            expTransitions: expTransitions.baseAddress!)
            }
        }
    }

    /// The slots of the label sequence `path` over `tokens`, with confidences from `marginal`
    /// (token, label) → P(y_token = label).
    ///
    /// A span does not start or end on a punctuation mark the tokenizer split off a word: in
    /// "the work: nikki" a span over `: nikki` is the slot `nikki`, and one over `work:` stays
    /// whole (its colon ends the word). A span of nothing but such marks is no slot.
    func slots(of path: [Int], tokens: TokenizedText, marginal: (Int, Int) -> Float) -> [TaggedSlot] {
        let spans = labels.spans(of: path)
        var slots = [TaggedSlot]()
        slots.reserveCapacity(spans.count)
        tokens.tokens.withUnsafeBufferPointer { tokens in
            for span in spans {
                var lower = span.tokens.lowerBound, upper = span.tokens.upperBound
                // A mark glued to the word before it (no space between) does not start a slot…
                while lower < upper, tokens[lower].kind == .punctuation, lower > 0,
                      tokens[lower - 1].range.upperBound == tokens[lower].range.lowerBound { lower += 1 }
                // …nor does one glued to the word after it end one.
                while upper > lower, tokens[upper - 1].kind == .punctuation, upper < tokens.count,
                      tokens[upper - 1].range.upperBound == tokens[upper].range.lowerBound { upper -= 1 }
                guard lower < upper else { continue }
                var confidence = Float.infinity
                for token in lower..<upper { confidence = min(confidence, marginal(token, path[token])) }
                slots.append(TaggedSlot(name: span.slot, range: tokens[lower].range.lowerBound..<tokens[upper - 1].range.upperBound,
                                        tokens: lower..<upper, confidence: Double(confidence)))
            }
        }
        return slots
    }
}
