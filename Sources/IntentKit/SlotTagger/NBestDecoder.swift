/// The `k` best label sequences of a linear-chain CRF under the BIO constraint: the parallel
/// list-Viterbi algorithm (Seshadri & Sundberg 1994), which keeps, for every position and label,
/// the `k` best partial paths ending there instead of one.
///
/// It costs about `k` times a Viterbi pass and is off the hot path (``SlotTagger`` calls it only
/// when asked for alternatives), so it is plain scalar code. Buffers grow and are reused.
struct NBestDecoder: Sendable {
    /// A decoded label sequence and its unnormalised score (state plus transition weights).
    struct Hypothesis: Hashable, Sendable {
        var labels: [Int]
        var score: Float
    }

    let labelCount: Int
    /// `[L][L]` transition weights, −∞ where BIO forbids the move.
    private let transitions: [Float]
    private let allowsStart: [Bool]
    private let allowsEnd: [Bool]
    /// `[T][L][k]` scores of the partial paths, best first; −∞ past the last one.
    private var scores: [Float] = []
    /// `[T][L][k]` the previous label and that label's rank for each partial path.
    private var backLabels: [Int32] = []
    private var backRanks: [Int32] = []
    private var candidates: [(score: Float, label: Int32, rank: Int32)] = []

    init(labels: LabelSet, transitions weights: [Float]) {
        let L = labels.count
        labelCount = L
        var matrix = [Float](repeating: -.infinity, count: L * L)
        for from in 0..<L {
            for to in 0..<L where labels.allowsTransition(from: from, to: to) { matrix[from * L + to] = weights[from * L + to] }
        }
        transitions = matrix
        allowsStart = (0..<L).map(labels.allowsStart)
        allowsEnd = (0..<L).map(labels.allowsEnd)
    }

    /// Up to `count` distinct label sequences for `stateScores` (`[T][L]`), best first.
    /// - Parameter mask: `[L]` additive label mask (0 allowed, −∞ forbidden), or `nil` for all.
    mutating func decode(stateScores: UnsafeBufferPointer<Float>, tokenCount T: Int, count k: Int, mask: [Float]?) -> [Hypothesis] {
        guard T > 0, k > 0 else { return [] }
        let L = labelCount
        let size = T * L * k
        if scores.count < size {
            scores = [Float](repeating: -.infinity, count: size)
            backLabels = [Int32](repeating: 0, count: size)
            backRanks = backLabels
        }
        func at(_ t: Int, _ j: Int, _ r: Int) -> Int { (t * L + j) * k + r }
        for j in 0..<L {
            scores[at(0, j, 0)] = allowsStart[j] ? stateScores[j] + (mask?[j] ?? 0) : -.infinity
            for r in 1..<k { scores[at(0, j, r)] = -.infinity }
        }
        for t in 1..<T {
            for j in 0..<L {
                candidates.removeAll(keepingCapacity: true)
                let local = stateScores[t * L + j] + (mask?[j] ?? 0)
                if local > -.infinity {
                    for i in 0..<L where transitions[i * L + j] > -.infinity {
                        for r in 0..<k {
                            let previous = scores[at(t - 1, i, r)]
                            if previous == -.infinity { break }  // ranks are sorted
                            candidates.append((previous + transitions[i * L + j] + local, Int32(i), Int32(r)))
                        }
                    }
                }
                keepBest(k)
                for r in 0..<k {
                    let index = at(t, j, r)
                    if r < candidates.count {
                        (scores[index], backLabels[index], backRanks[index]) = candidates[r]
                    } else {
                        scores[index] = -.infinity
                    }
                }
            }
        }
        candidates.removeAll(keepingCapacity: true)
        for j in 0..<L where allowsEnd[j] {
            for r in 0..<k where scores[at(T - 1, j, r)] > -.infinity { candidates.append((scores[at(T - 1, j, r)], Int32(j), Int32(r))) }
        }
        keepBest(k)
        return candidates.map { final in
            var labels = [Int](repeating: 0, count: T)
            var label = Int(final.label), rank = Int(final.rank)
            for t in stride(from: T - 1, through: 0, by: -1) {
                labels[t] = label
                let index = at(t, label, rank)
                (label, rank) = (Int(backLabels[index]), Int(backRanks[index]))
            }
            return Hypothesis(labels: labels, score: final.score)
        }
    }

    /// Sorts `candidates` best first and keeps `k` (ties broken by label then rank, deterministic).
    private mutating func keepBest(_ k: Int) {
        candidates.sort { a, b in
            a.score != b.score ? a.score > b.score : (a.label != b.label ? a.label < b.label : a.rank < b.rank)
        }
        if candidates.count > k { candidates.removeLast(candidates.count - k) }
    }
}
