/// Viterbi and forward-backward over a subset of a tagger's labels: one intent's slots.
///
/// Giving the other labels a state score of −∞ and decoding over all L labels yields the same
/// best path and the same marginals, since no path through a −∞ label carries weight; decoding
/// over the L' labels of the subset does that work at (L'/L)² of the cost (SNIPS: 79 labels,
/// an intent has 5 to 29).
struct LabelSubsetDecoder: Sendable {
    /// The full model's ids of the subset's labels, ascending (`O`, id 0, first), so that ties
    /// break as in the full decoder.
    let labels: [Int]
    private var viterbi: ViterbiDecoder
    private var forwardBackward: ForwardBackward
    /// `[L'][L']` exp(transitions) among the subset.
    private let expTransitions: SmallSquareMatrix
    /// `[T][L']` the subset's columns of the state scores.
    private var scores: [Float] = []
    /// The tokens of the scores in `scores`.
    private var gatheredCount = 0
    private var subsetPath: [Int] = []
    /// The best label sequence (full-model ids) from the last decode.
    private(set) var path: [Int] = []
    /// log Z over the subset's labels, from the last decode.
    private(set) var lastLogPartition = 0.0

    /// A decoder over `labels` (full-model ids, ascending) of a tagger with `decoder` and the
    /// `[L][L]` `expTransitions`.
    init(labels: [Int], decoder: ViterbiDecoder, expTransitions full: [Float]) {
        precondition(labels.first == LabelSet.outside && zip(labels, labels.dropFirst()).allSatisfy { $0 < $1 })
        self.labels = labels
        viterbi = ViterbiDecoder(restricting: decoder, to: labels)
        forwardBackward = ForwardBackward(labelCount: labels.count)
        let L = decoder.labelCount
        expTransitions = SmallSquareMatrix(labels.flatMap { from in labels.map { to in full[from * L + to] } }, size: labels.count)
    }

    /// Decodes as ``decode(scores:tokenCount:labelCount:)`` and copies the path to `path`.
    mutating func decode(scores full: UnsafeBufferPointer<Float>, tokenCount: Int, labelCount L: Int, into path: inout [Int]) {
        decode(scores: full, tokenCount: tokenCount, labelCount: L)
        path = self.path
    }

    /// The best label sequence (full-model ids, into ``path``) for the full `[T][L]` state scores,
    /// restricted to the subset; then the forward-backward pass behind ``marginal(token:label:)``.
    mutating func decode(scores full: UnsafeBufferPointer<Float>, tokenCount: Int, labelCount L: Int) {
        _ = logPartition(scores: full, tokenCount: tokenCount, labelCount: L)
        finishDecoding()
    }

    /// log Z over the subset's labels for the full `[T][L]` state scores (a forward pass, also
    /// kept in ``lastLogPartition``). ``finishDecoding()`` completes it into a ``decode(scores:tokenCount:labelCount:)``
    /// of the same scores; until then ``path`` and the marginals describe no scores.
    mutating func logPartition(scores full: UnsafeBufferPointer<Float>, tokenCount: Int, labelCount L: Int) -> Double {
        let subsetCount = labels.count
        if scores.count < tokenCount * subsetCount { scores = [Float](repeating: 0, count: tokenCount * subsetCount) }
        scores.withUnsafeMutableBufferPointer { scores in
            labels.withUnsafeBufferPointer { labels in
                for t in 0..<tokenCount {
                    for (j, label) in labels.enumerated() { scores[t * subsetCount + j] = full[t * L + label] }
                }
            }
        }
        gatheredCount = tokenCount
        let gathered = scores  // shares the buffer: the forward pass writes other properties
        lastLogPartition = gathered.withUnsafeBufferPointer { scores in
            forwardBackward.runForward(scores: scores, tokenCount: tokenCount, expTransitions: expTransitions)
        }
        return lastLogPartition
    }

    /// Viterbi and the backward pass over the scores of the last ``logPartition(scores:tokenCount:labelCount:)``.
    mutating func finishDecoding() {
        let gathered = scores
        gathered.withUnsafeBufferPointer { scores in
            viterbi.decode(scores: scores, tokenCount: gatheredCount, mask: nil, into: &subsetPath)
        }
        forwardBackward.runBackward(expTransitions: expTransitions)
        path.removeAll(keepingCapacity: true)
        for label in subsetPath { path.append(labels[label]) }
    }

    /// Decodes as ``decode(scores:tokenCount:labelCount:)`` from the subset's own `[T][L']`
    /// state scores (``StateScorer/scoreStates(_:of:weights:buffers:)``).
    mutating func decode(subsetScores scores: UnsafeBufferPointer<Float>, tokenCount: Int) {
        viterbi.decode(scores: scores, tokenCount: tokenCount, mask: nil, into: &subsetPath)
        lastLogPartition = forwardBackward.run(scores: scores, tokenCount: tokenCount, expTransitions: expTransitions)
        path.removeAll(keepingCapacity: true)
        for label in subsetPath { path.append(labels[label]) }
    }

    /// P(y_t = the subset's `index`-th label) from the last ``decode(scores:tokenCount:labelCount:into:)``.
    func marginal(token t: Int, subsetIndex index: Int) -> Float {
        forwardBackward.marginal(token: t, label: index)
    }

    /// P(y_t = `label`) (a full-model id in the subset) from the last decode.
    func marginal(token t: Int, label: Int) -> Float {
        var low = 0, high = labels.count - 1
        while low < high {
            let middle = (low + high) / 2
            if labels[middle] < label { low = middle + 1 } else { high = middle }
        }
        return labels[low] == label ? forwardBackward.marginal(token: t, label: low) : 0
    }
}
